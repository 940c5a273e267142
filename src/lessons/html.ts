/** Escaping for the HTML the lesson pipeline writes (no DOM, no dependency). */

/** Escape text for HTML content and quoted attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
