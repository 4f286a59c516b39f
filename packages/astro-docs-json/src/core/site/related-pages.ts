/**
 * The "Related topics" at the foot of a page, as Mintlify's add-on makes them: the pages a
 * page's `related` frontmatter lists (a path, an address, or `Title: link`), or, in the
 * automatic mode, the pages the site's own search finds for the page's title, in its
 * version and language. Frontmatter wins over suggestions; `related: false` shows none.
 *
 * The suggestions are worked out once per site: one inverted index over every searchable
 * page's title, description, keywords and the groups above it, then one query per page.
 */
import { closestMatches, type Diagnostic } from '../diagnostics.ts';
import type { Route } from '../navigation/routes.ts';
import { redirectFor, type Redirect } from '../navigation/redirects.ts';
import type { Icon } from '../schema/docs-json.ts';
import { words } from '../search-words.ts';

export const RELATED_MODES = ['automatic', 'manual'] as const;
export const DEFAULT_RELATED_LIMIT = 5;
export const MAX_RELATED_LIMIT = 10;

/** How the site shows related pages: none at all when absent. */
export interface RelatedSettings {
  /** `automatic`: suggestions for every page without a `related` list; `manual`: the lists alone. */
  mode: (typeof RELATED_MODES)[number];
  /** At most this many links a page. */
  limit: number;
}

export interface RelatedLink {
  title: string;
  /** A page's URL (`/guides/intro`), or an address out of the site. */
  url: string;
  external?: true;
  icon?: Icon;
}

export interface RelatedPages {
  /** By page URL: only pages that show the section. */
  byUrl: Map<string, RelatedLink[]>;
  diagnostics: Diagnostic[];
}

/** What a page's `related` entry names: a link and, for `Title: link`, its title. */
interface RelatedEntry {
  link: string;
  title?: string;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

export function relatedPages(routes: readonly Route[], settings: RelatedSettings | undefined, context: { redirects: readonly Redirect[]; searchable: (route: Route) => boolean }): RelatedPages {
  const byUrl = new Map<string, RelatedLink[]>();
  const diagnostics: Diagnostic[] = [];
  if (!settings) return { byUrl, diagnostics };
  const routesByUrl = new Map(routes.map((route) => [route.url, route]));
  let suggest: ((route: Route) => RelatedLink[]) | undefined;
  for (const route of routes) {
    if (route.link) continue;
    const listed = route.frontmatter.related;
    let links: RelatedLink[];
    if (listed === false) continue;
    if (Array.isArray(listed)) {
      links = listedLinks(route, listed, routesByUrl, context.redirects, diagnostics);
      if (links.length > settings.limit) {
        diagnostics.push(related(route, `\`related\` lists ${links.length} pages; the page shows the first ${settings.limit}.`, 'The `relatedPages` option\'s `limit` (at most 10) sets how many a page shows.'));
        links = links.slice(0, settings.limit);
      }
    } else if (settings.mode === 'automatic') {
      suggest ??= suggester(routes.filter(context.searchable), settings.limit);
      links = suggest(route);
    } else continue;
    if (links.length) byUrl.set(route.url, links);
  }
  return { byUrl, diagnostics };
}

/** The links a page's `related` list names; what leads nowhere is left out, with a warning. */
function listedLinks(route: Route, listed: readonly unknown[], routesByUrl: ReadonlyMap<string, Route>, redirects: readonly Redirect[], diagnostics: Diagnostic[]): RelatedLink[] {
  const links: RelatedLink[] = [];
  listed.forEach((value, index) => {
    const entry = entryOf(value);
    if (!entry) {
      diagnostics.push(related(route, `\`related[${index}]\` is neither a link nor a \`Title: link\` pair; it is left out.`, 'Write `- /path/to/page`, `- https://example.com`, or `- Title: /path/to/page`.'));
      return;
    }
    if (EXTERNAL.test(entry.link)) {
      links.push({ title: entry.title ?? entry.link.replace(/^https?:\/\//i, '').replace(/\/$/, ''), url: entry.link, external: true });
      return;
    }
    const target = pageFor(entry.link, routesByUrl, redirects);
    if (!target) {
      const wanted = urlOf(entry.link);
      const near = closestMatches(wanted, routesByUrl.keys(), 1)[0];
      diagnostics.push(related(route, `\`related[${index}]\` names ${entry.link}, which is no page of the site; it is left out.`, near ? `Did you mean ${near}?` : 'Give the path of a page, as its URL has it (`/guides/intro`).'));
      return;
    }
    links.push(linkTo(target, entry.title));
  });
  return links;
}

function entryOf(value: unknown): RelatedEntry | undefined {
  if (typeof value === 'string' && value.trim()) return { link: value.trim() };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const pairs = Object.entries(value);
    const [title, link] = pairs[0] ?? [];
    if (pairs.length === 1 && typeof link === 'string' && link.trim()) return { title, link: link.trim() };
  }
  return undefined;
}

/** `/guides/intro/`, `guides/intro#setup` → `/guides/intro`. */
function urlOf(link: string): string {
  const path = link.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return path.startsWith('/') ? path || '/' : `/${path}`;
}

/** The page a link leads to, through the site's redirects (one hop, as a reader's browser would follow them). */
function pageFor(link: string, routesByUrl: ReadonlyMap<string, Route>, redirects: readonly Redirect[]): Route | undefined {
  const url = urlOf(link);
  const page = routesByUrl.get(url);
  if (page) return page;
  const location = redirectFor(redirects, url)?.headers['Location'];
  return location ? routesByUrl.get(urlOf(location)) : undefined;
}

const linkTo = (route: Route, title?: string): RelatedLink => ({
  title: title ?? route.title,
  url: route.url,
  ...(route.frontmatter.icon !== undefined ? { icon: route.frontmatter.icon } : {}),
});

const related = (route: Route, message: string, hint: string): Diagnostic => ({ severity: 'warning', code: 'related-page', file: route.file, message, hint });

/** Where a word is, and how much it weighs there: the title counts most, as in the site's search. */
const FIELD_WEIGHTS = { title: 8, keywords: 4, description: 2, groups: 1 } as const;
const K1 = 1.2;
const B = 0.6;

/**
 * BM25 over the pages' weighted words, queried with a page's title: the pages of the same
 * version and language, itself left out, best first (ties in the site's order).
 */
function suggester(pages: readonly Route[], limit: number): (route: Route) => RelatedLink[] {
  const postings = new Map<string, Array<{ page: number; weight: number }>>();
  const lengths = pages.map((page, id) => {
    const weights = new Map<string, number>();
    const add = (text: string | undefined, weight: number) => words(text ?? '').forEach((word) => weights.set(word, (weights.get(word) ?? 0) + weight));
    add(page.title, FIELD_WEIGHTS.title);
    add(page.frontmatter.keywords?.join(' '), FIELD_WEIGHTS.keywords);
    add(page.description, FIELD_WEIGHTS.description);
    add(page.chain.map((node) => node.name).join(' '), FIELD_WEIGHTS.groups);
    for (const [word, weight] of weights) {
      const list = postings.get(word) ?? [];
      list.push({ page: id, weight });
      postings.set(word, list);
    }
    return [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  });
  const average = lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, lengths.length);
  const norms = lengths.map((length) => 1 - B + B * (length / Math.max(1, average)));
  const scopeOf = (route: Route) => `${route.version ?? ''}\u0000${route.language ?? ''}`;
  const scopes = pages.map(scopeOf);
  return (route) => {
    const scores = new Map<number, number>();
    const scope = scopeOf(route);
    for (const word of new Set(words(route.title))) {
      const list = postings.get(word);
      if (!list) continue;
      const idf = Math.log(1 + (pages.length - list.length + 0.5) / (list.length + 0.5));
      for (const { page, weight } of list) {
        if (scopes[page] !== scope || pages[page]!.url === route.url) continue;
        scores.set(page, (scores.get(page) ?? 0) + (idf * weight * (K1 + 1)) / (weight + K1 * norms[page]!));
      }
    }
    return [...scores]
      .sort(([pageA, a], [pageB, b]) => b - a || pageA - pageB)
      .slice(0, limit)
      .map(([page]) => linkTo(pages[page]!));
  };
}
