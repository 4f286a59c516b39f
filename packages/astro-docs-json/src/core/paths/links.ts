/**
 * Links in page content are written relative to the page's file (`./setup.mdx`,
 * `../guides/intro`), as on Mintlify and GitHub. The browser would resolve them against
 * the URL instead, which differs, so they are rewritten to site URLs when rendered.
 */
import path from 'node:path';
import { hrefFor } from './href.ts';
import { pageUrl } from './page-path.ts';

const ANCHOR_HREF = /(<a\b[^>]*?\shref=")([^"]*)(")/g;

function isRelative(href: string): boolean {
  return href !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('/') && !href.startsWith('#') && !href.startsWith('?');
}

/** `../guides/intro.mdx#setup` on `writing/pages.mdx` → `/guides/intro#setup`. */
export function resolvePageLink(href: string, pageFile: string, base = ''): string {
  const match = /^([^?#]*)(.*)$/.exec(href)!;
  const target = match[1]!;
  const suffix = match[2]!;
  const isPageFile = /\.mdx?$/i.test(target);
  if (target.startsWith('/')) return `${hrefFor(isPageFile ? pageUrl(target) : target, base)}${suffix}`;
  if (!isRelative(target)) return href;
  let decoded: string;
  try {
    decoded = decodeURI(target);
  } catch {
    return href; // A malformed `%` escape: `check` names it; the link stays as written.
  }
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(pageFile), decoded));
  if (resolved.startsWith('..')) return href;
  // A link to a file that is not a page (a PDF, an image) keeps its extension.
  const url = isPageFile || !/\.[a-z0-9]+$/i.test(target) ? pageUrl(resolved) : `/${resolved}`;
  return `${hrefFor(url, base)}${suffix}`;
}

export function rewriteContentLinks(html: string, pageFile: string, base = ''): string {
  return html.replace(ANCHOR_HREF, (whole, start: string, href: string, end: string) => {
    const decoded = href.replace(/&amp;/g, '&');
    const rewritten = resolvePageLink(decoded, pageFile, base);
    return rewritten === decoded ? whole : `${start}${rewritten.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}${end}`;
  });
}
