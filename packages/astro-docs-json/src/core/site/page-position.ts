/**
 * Where a page stands in its section: the trail above it (breadcrumbs, eyebrow), the pages
 * before and after it in reading order, and, for a group's root page, the directory of the
 * group's pages it shows.
 */
import type { Route } from '../navigation/routes.ts';
import type { DivisionNode, GroupNode, NavNode } from '../navigation/tree.ts';
import type { Icon } from '../schema/docs-json.ts';
import { pagesToRead, sidebarPages } from './reading-order.ts';
import type { Placement } from './sections.ts';
import type { Crumb, DirectoryEntry, DirectoryListing, PageView, Section, SidebarGroup, SidebarItem, SidebarPage } from './site-model.ts';

const isScopeDivision = (node: DivisionNode | GroupNode) =>
  node.type === 'division' && (node.kind === 'version' || node.kind === 'language');

/**
 * The navigation path above a page (its divisions and groups, without its version and
 * language), for `styling.eyebrows: "breadcrumbs"`. A group whose root is the page, and
 * a name that repeats the one before it, add nothing to the trail.
 */
export function breadcrumbs(route: Route, firstUrl: (node: NavNode) => string | undefined): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const node of route.chain) {
    if (isScopeDivision(node) || (node.type === 'group' && node.root === route.node)) continue;
    if (crumbs.at(-1)?.name === node.name) continue;
    const url = node.type === 'group' ? node.root?.url : firstUrl(node);
    crumbs.push(url && url !== route.url ? { name: node.name, url } : { name: node.name });
  }
  return crumbs;
}

/** In `section` mode the eyebrow is the page's group, else its division. */
export function eyebrow(route: Route): { eyebrow?: string } {
  const owner = [...route.chain].reverse().find((node) => !isScopeDivision(node));
  return owner ? { eyebrow: owner.name } : {};
}

/** A section's pages in reading order, each once, by URL. */
export function pageOrder(section: Section): { pages: SidebarPage[]; indexByUrl: Map<string, number> } {
  const pages: SidebarPage[] = [];
  const indexByUrl = new Map<string, number>();
  for (const page of pagesToRead(section.sidebar)) {
    if (indexByUrl.has(page.url)) continue;
    indexByUrl.set(page.url, pages.length);
    pages.push(page);
  }
  return { pages, indexByUrl };
}

export function neighbours(order: ReturnType<typeof pageOrder>, url: string): Pick<PageView, 'prev' | 'next'> {
  const index = order.indexByUrl.get(url);
  if (index === undefined) return {};
  const link = (item: SidebarPage | undefined) => (item ? { title: item.title, url: item.url } : undefined);
  const prev = link(order.pages[index - 1]);
  const next = link(order.pages[index + 1]);
  return { ...(prev ? { prev } : {}), ...(next ? { next } : {}) };
}

/** Spec 3.2 rule 2: the root page of a group whose effective `directory` is set lists the group's pages. */
export function directoryOf(route: Route, placement: Placement, routesByUrl: ReadonlyMap<string, Route>): { directory?: DirectoryListing } {
  const group = route.chain.at(-1);
  if (group?.type !== 'group' || group.root !== route.node || group.directory === 'none') return {};
  const sidebarGroup = placement.groups.at(-1);
  if (!sidebarGroup) return {};

  const entry = (title: string, url: string, icon?: Icon): DirectoryEntry => {
    const description = routesByUrl.get(url)?.description;
    return { title, url, ...(description ? { description } : {}), ...(icon !== undefined ? { icon } : {}) };
  };
  const pagesOf = (items: readonly SidebarItem[]): DirectoryEntry[] => sidebarPages(items).map((page) => entry(page.title, page.url, page.icon));

  if (group.directory === 'card') {
    const entries = sidebarGroup.items.flatMap((item) => {
      if (item.type === 'page') return [entry(item.title, item.url, item.icon)];
      const url = item.url ?? item.firstUrl;
      return url ? [entry(item.title, url, item.icon)] : [];
    });
    return entries.length ? { directory: { layout: 'card', sections: [{ entries }] } } : {};
  }
  const own = sidebarGroup.items.filter((item): item is SidebarPage => item.type === 'page').map((item) => entry(item.title, item.url, item.icon));
  const nested = sidebarGroup.items
    .filter((item): item is SidebarGroup => item.type === 'group')
    .map((item) => ({ title: item.title, entries: pagesOf([item]) }));
  const sections = [...(own.length ? [{ entries: own }] : []), ...nested.filter((section) => section.entries.length)];
  return sections.length ? { directory: { layout: 'accordion', sections } } : {};
}
