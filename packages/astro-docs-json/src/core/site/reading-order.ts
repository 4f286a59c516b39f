/**
 * The one order pages are read in. In a section, its sidebar from top to bottom, each group's
 * root page in the group's place: previous and next, directory listings, llms.txt's lists and
 * the links out of the site all follow it, and a section is named by the divisions it is in.
 * Across the site, the order of its routes: llms-full.txt (built whole, in parts or in
 * `astro dev`) and the sitemap list its indexable pages in that order.
 */
import type { PageView, Section, SidebarItem, SidebarPage, SiteModel } from './site-model.ts';

/** A sidebar's entries in reading order: its pages and links, and each group's root page (with the group's title and icon) before the group's entries. */
export function sidebarPages(items: readonly SidebarItem[]): SidebarPage[] {
  return items.flatMap((item): SidebarPage[] => {
    if (item.type === 'page') return [item];
    const root: SidebarPage[] = item.url ? [{ type: 'page', url: item.url, title: item.title, ...(item.icon !== undefined ? { icon: item.icon } : {}) }] : [];
    return [...root, ...sidebarPages(item.items)];
  });
}

/** Whether a reader goes through the entry: a link is no page to read, even one to a page of the site. */
export const isPageToRead = (page: SidebarPage) => !page.link;

/** The pages a reader goes through, in order. */
export function pagesToRead(items: readonly SidebarItem[]): SidebarPage[] {
  return sidebarPages(items).filter(isPageToRead);
}

/**
 * A section's name: the divisions it is in, outermost first, a name that repeats the one
 * before it once (`Clients - JavaScript`); empty for a section of no division. llms.txt
 * titles its lists with it, and the MCP index names its sections so.
 */
export function sectionTitle(section: Pick<Section, 'switchers'>): string {
  const names: string[] = [];
  for (const switcher of section.switchers) {
    const current = switcher.items.find((candidate) => candidate.current)?.name;
    if (current && names.at(-1) !== current) names.push(current);
  }
  return names.join(' - ');
}

/** Every indexable page, in the site's order: llms-full.txt's pages, and the sitemap's. */
export function indexablePagesInOrder(model: Pick<SiteModel, 'pages'>): PageView[] {
  return model.pages.filter((page) => page.indexable);
}
