/**
 * The shell's script: `index.html` runs it first thing in `<body>`, as a classic script.
 * It decides, with the app's own rules (store/startView.ts), whether the page opens on the
 * first lesson and in which language. If so it marks `<html data-shell>` (the stylesheet
 * then hides the app's root until the app removes the shell, ui/shell/release.ts) and
 * writes, right here in the parser's stream, the script of that language's prerendered
 * page (`virtual:shell-pages` gives their URLs; each writes its page, see
 * scripts/lib/vite-shell.ts). So a reader downloads and parses one page, and a shared
 * link or another lesson none.
 */
import pages from 'virtual:shell-pages';
import { langTag } from '../i18n/lang';
import { parseAddress } from '../store/address';
import { AUTHOR_KEY, LANG_KEY, shellLang } from '../store/startView';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

const lesson = document.currentScript?.dataset.lesson;
if (lesson) {
  const lang = shellLang(
    parseAddress(location.href),
    { lang: read(() => localStorage, LANG_KEY), author: read(() => sessionStorage, AUTHOR_KEY) },
    navigator.languages ?? [navigator.language],
    lesson,
  );
  if (lang) {
    document.documentElement.dataset.shell = lang;
    document.documentElement.lang = langTag(lang);
    // Into the parser's stream, here: run, parsed and painted before the app's scripts.
    document.write(`<script src="${pages[lang]}"></script>`);
  }
}
