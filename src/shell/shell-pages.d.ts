/** The first lesson's page prerendered in each language, put in by the build (vite-shell.ts). */
declare module 'virtual:shell-pages' {
  const pages: Record<import('../i18n/lang').Lang, string>;
  export default pages;
}
