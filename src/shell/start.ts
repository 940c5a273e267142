/**
 * The shell's script: `index.html` runs it first thing in `<body>`, as a classic script.
 * It carries the first lesson's page prerendered in each language (src/ui/shell/Shell.tsx,
 * put in by the build as `virtual:shell-pages`) and decides, with the app's own rules
 * (store/startView.ts), whether the page opens on that lesson and in which language. If
 * so it writes that language's page into the document as it is parsed, and marks
 * `<html data-shell>`: the stylesheet then hides the app's root until the app removes the
 * shell (ui/shell/release.ts). Only the page shown is ever parsed: a shared link or
 * another lesson costs the browser this script's download, not a hidden page.
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
    // Into the parser's stream, here: parsed and painted before the app's scripts run.
    document.write(`<div id="shell" inert>${pages[lang]}</div>`);
  }
}
