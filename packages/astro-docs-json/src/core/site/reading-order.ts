/**
 * The one order pages are read in. In a section, its sidebar from top to bottom, each group's
 * root page in the group's place: previous and next, directory listings, llms.txt's lists and
 * the links out of the site all follow it. Across the site, the order of its routes:
 * llms-full.txt, built whole, in parts or in `astro dev`, holds its pages in that order.
 */
import type { PageView, SidebarItem, SidebarPage, SiteModel } from './site-model.ts';

/** A sidebar's entries in reading order: its pages and links, and each group's root page (with the group's title and icon) before the group's entries. */
export function sidebarPages(items: readonly SidebarItem[]): SidebarPage[] {
  return items.flatMap((item): SidebarPage[] => {
    if (item.type === 'page') return [item];
    const root: SidebarPage[] = item.url ? [{ type: 'page', url: item.url, title: item.title, ...(item.icon !== undefined ? { icon: item.icon } : {}) }] : [];
    return [...root, ...sidebarPages(item.items)];
  });
}

/** The pages a reader goes through, in order: a link is none, even one to a page of the site. */
export function pagesToRead(items: readonly SidebarItem[]): SidebarPage[] {
  return sidebarPages(items).filter((page) => !page.link);
}

/** llms-full.txt's pages: every indexable page, in the site's order. */
export function llmsFullPages(model: Pick<SiteModel, 'pages'>): PageView[] {
  return model.pages.filter((page) => page.indexable);
}
