/*
 * Watch Python Think: optional helper for a page that embeds panels. Once per page is
 * enough; each Embed snippet brings a copy, and a second copy only sets the same height
 * again, so pasting several snippets does no harm:
 *   <script src="https://<where the app is hosted>/embed-host.js" async></script>
 * Each embedded panel reports its height; this script sets the height of the iframe that
 * sent it, so the panel never shows a scroll bar. Messages from other origins are ignored.
 */
(() => {
  const script = document.currentScript;
  const origin = script?.src ? new URL(script.src).origin : null;
  addEventListener('message', (event) => {
    if (origin !== null && event.origin !== origin) return;
    const data = event.data;
    if (!data || data.type !== 'wpt:embed-height' || typeof data.height !== 'number') return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow === event.source) frame.style.height = `${Math.ceil(data.height)}px`;
    }
  });
})();
