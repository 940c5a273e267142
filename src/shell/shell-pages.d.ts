/** The URL of the script that writes the first lesson's prerendered page, per language (vite-shell.ts). */
declare module 'virtual:shell-pages' {
  const pages: Record<import('../i18n/lang').Lang, string>;
  export default pages;
}
