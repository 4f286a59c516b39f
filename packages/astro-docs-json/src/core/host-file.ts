/**
 * A file of static hosts (Netlify's and Cloudflare Pages' `_headers` and `_redirects`) that
 * the site may have its own of, and the build adds its part to: the site's own texts come
 * first, as they are, once each; then the build's lines, between two marker lines, so that a
 * build that finds them (in an output folder it keeps) writes them again instead of adding more.
 */

const END = '# astro-docs-json: end';

/** The site's own texts (`undefined`: a file it does not have), without a part the build wrote into them. */
export function siteTexts(existing: ReadonlyArray<string | undefined>, begin: string): string[] {
  return [...new Set(existing.map((text) => withoutPart(text ?? '', begin).trim()).filter(Boolean))];
}

/** The file: the site's texts, then the build's lines under `begin`; empty when there is neither. */
export function withPart(own: readonly string[], begin: string, lines: readonly string[]): string {
  const part = lines.length ? [begin, ...lines, END].join('\n') : '';
  const text = [...own, part].filter(Boolean).join('\n\n');
  return text && `${text}\n`;
}

function withoutPart(text: string, begin: string): string {
  const start = text.indexOf(begin);
  if (start < 0) return text;
  const end = text.indexOf(END, start);
  return text.slice(0, start) + (end < 0 ? '' : text.slice(end + END.length));
}
