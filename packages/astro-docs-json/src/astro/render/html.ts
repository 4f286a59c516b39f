/** Escaping for HTML built as strings: the sidebar, rendered once per section. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/** An `href` value: site URLs get the base path and percent-encoding; others pass as they are. */
export function hrefFor(url: string, base = ''): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('#')) return url;
  return encodeURI(`${base}${url === '/' && base ? '' : url}`);
}
