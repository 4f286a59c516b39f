/**
 * Icons for a page read from disk. The site draws icons from one sprite file
 * (`<use href="/_docs/icons-….svg#i6">`), which browsers refuse to read across `file://`
 * URLs: each page gets the symbols it uses inside itself instead.
 */

/** A sprite's symbols by their ids. */
export function spriteSymbols(sprite: string): Map<string, string> {
  return new Map([...sprite.matchAll(/<symbol\b[^>]*\bid="([^"]+)"[^>]*>[\s\S]*?<\/symbol>/g)].map((match) => [match[1]!, match[0]]));
}

const PREFIX = 'docs-icon-';

/** The page with the symbols its `<use>`s name from `spriteFile` (as the page names it) inside it, hidden, and its `<use>`s pointing at them. */
export function withInlineIcons(html: string, spriteFile: string, symbols: ReadonlyMap<string, string>): string {
  const used = new Set<string>();
  const escaped = spriteFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pointed = html.replace(new RegExp(`(<use\\b[^>]*\\shref=")(?:[^"]*/)?${escaped}#([^"]+)"`, 'g'), (whole, start: string, id: string) => {
    if (!symbols.has(id)) return whole;
    used.add(id);
    return `${start}#${PREFIX}${id}"`;
  });
  if (used.size === 0) return html;
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" style="position:absolute">${[...used].map((id) => symbols.get(id)!.replace(`id="${id}"`, `id="${PREFIX}${id}"`)).join('')}</svg>`;
  return pointed.replace(/<body\b[^>]*>/, (body) => `${body}${sprite}`);
}
