/**
 * The indexing policy that search, the sitemap, llms.txt and the MCP index share: which
 * pages are indexable, which search lists, and how much search favours each.
 */
import type { Route } from '../navigation/routes.ts';
import type { Site } from './load-site.ts';

/**
 * The indexing policy that search, the sitemap and llms.txt share: pages in the navigation
 * are indexable, but for those under a hidden tab or group, unless it says `searchable:
 * true` (the nearest hidden element decides); pages outside it only with `seo.indexing:
 * "all"`; a page with `hidden` or `noindex` in its frontmatter never is, nor a link to
 * elsewhere (frontmatter `url`), whose content is not the site's.
 */
export function isIndexable(route: Route, indexing: 'navigable' | 'all' = 'navigable'): boolean {
  if (route.frontmatter.hidden === true || route.frontmatter.noindex === true || route.link !== undefined) return false;
  if (indexing === 'all') return true;
  if (route.hidden) return false;
  const hiddenAbove = route.chain.findLast((node) => node.hidden);
  return !hiddenAbove || hiddenAbove.searchable === true;
}

/** Search (the site's, and the MCP server's) lists the indexable pages but those whose frontmatter says `searchable: false`. */
export function isSearchable(route: Route, indexing: 'navigable' | 'all' = 'navigable'): boolean {
  return route.frontmatter.searchable !== false && isIndexable(route, indexing);
}

/** The site's pages that search lists (`isSearchable`). */
export function searchableRoutes(site: Pick<Site, 'routes' | 'config'>): Route[] {
  return site.routes.filter((route) => isSearchable(route, site.config?.seo?.indexing));
}

/**
 * How much search favours a page (Mintlify's `boost`): its frontmatter's, else the nearest
 * navigation element's above it; none for 1, which changes nothing.
 */
export function searchBoost(route: Route): number | undefined {
  const boost = route.frontmatter.boost ?? route.chain.findLast((node) => node.boost !== undefined)?.boost;
  return boost === 1 ? undefined : boost;
}

/** The site's pages that are indexable (`isIndexable`), by its own `seo.indexing`. */
export function indexableRoutes(site: Pick<Site, 'routes' | 'config'>): Route[] {
  return site.routes.filter((route) => isIndexable(route, site.config?.seo?.indexing));
}
