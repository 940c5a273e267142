/**
 * The shell's script. `index.html` carries the first lesson's page prerendered in each
 * language (src/ui/shell/Shell.tsx), hidden, and loads this script in `<head>` as
 * `async blocking="render"`: the browser goes on parsing the page, but paints nothing
 * before the script has run. It decides, with the app's own rules (store/startView.ts),
 * whether the page opens on that lesson and in which language, and marks
 * `<html data-shell="zh|en">`: the stylesheet then shows that language's copy and hides
 * the app's root until the app removes the shell (ui/shell/release.ts).
 */
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
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }
}
