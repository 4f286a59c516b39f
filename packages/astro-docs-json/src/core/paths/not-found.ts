/**
 * For the 404 page: the site's pages closest to a URL that is not one, and the page an
 * unknown URL goes to when one is near enough (docs.json `errors.404.redirect`): the same
 * page with a trailing slash, `.html`, other letter case, or a last segment one slip away.
 * Browser-safe: the 404 page's script runs it on the URL the reader asked for.
 */

export interface PageLink {
  url: string;
  title: string;
}

/** `/Guides/Intro/`, `/guides/intro.html` and `/guides/intro` are one path. */
export function normalizePath(path: string): string {
  let normal = path.toLowerCase().replace(/\/index(\.html)?$/, '/').replace(/\.html$/, '');
  try {
    normal = decodeURI(normal);
  } catch {
    // A malformed escape: compared as it is written.
  }
  return normal.length > 1 ? normal.replace(/\/+$/, '') : normal;
}

/** Edits (insert, delete, change a character) that turn `a` into `b`. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[b.length]!;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** How alike two paths are, from 0 to 1: the folders they share, and how alike their last segments are. */
function likeness(wanted: string[], candidate: string[]): number {
  let shared = 0;
  while (shared < wanted.length - 1 && shared < candidate.length - 1 && wanted[shared] === candidate[shared]) shared++;
  const [a = '', b = ''] = [wanted.at(-1), candidate.at(-1)];
  const last = Math.max(a.length, b.length) === 0 ? 1 : 1 - distance(a, b) / Math.max(a.length, b.length);
  const folders = Math.max(wanted.length, candidate.length) - 1;
  const depth = folders === 0 ? 1 : shared / folders;
  return last * 0.7 + depth * 0.3;
}

/** The `limit` pages most like `path`, most alike first. */
export function closestPages(path: string, pages: readonly PageLink[], limit = 5): PageLink[] {
  const wanted = segments(normalizePath(path));
  // Long paths are compared by their last 100 characters: a page of this site's is not longer.
  const tail = wanted.map((segment) => segment.slice(-100));
  return pages
    .map((page) => ({ page, score: likeness(tail, segments(normalizePath(page.url))) }))
    .filter(({ score }) => score > 0.3)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ page }) => page);
}

/**
 * Where the 404 page sends the reader: the page `path` stands for when it can only mean one
 * (the same path written another way), or, with docs.json `errors.404.redirect` (on by
 * default, as on Mintlify: `near`), the one page whose last segment is a slip away (at most
 * one edit in five characters) in the same folder, else the `home` page.
 */
export function redirectTarget(path: string, pages: readonly PageLink[], options: { near: boolean; home?: string } = { near: true }): string | undefined {
  const normal = normalizePath(path);
  const same = pages.find((page) => normalizePath(page.url) === normal);
  if (same) return same.url === path ? undefined : same.url;
  if (!options.near) return undefined;
  return nearPage(normal, pages) ?? options.home;
}

function nearPage(normal: string, pages: readonly PageLink[]): string | undefined {
  const wanted = segments(normal);
  const folder = wanted.slice(0, -1).join('/');
  const last = wanted.at(-1) ?? '';
  const near = pages.filter((page) => {
    const candidate = segments(normalizePath(page.url));
    const name = candidate.at(-1) ?? '';
    return candidate.slice(0, -1).join('/') === folder && distance(last, name) <= Math.max(1, Math.floor(Math.max(last.length, name.length) / 5));
  });
  return near.length === 1 ? near[0]!.url : undefined;
}
