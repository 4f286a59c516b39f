/**
 * A section's sidebar, rendered to HTML once per section rather than once per page.
 * Each page then only marks its own link and opens the groups above it (`markCurrent`),
 * which is a few string replacements. The markup is lean: no per-link classes, and
 * icons are empty elements that the icon style sheet draws (`iconHtml`), not inline copies.
 */
import type { Section, SidebarItem } from '../../core/site/site-model.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { escapeHtml } from './html.ts';

export interface SidebarOptions {
  /** `interaction.drilldown`: choosing a group goes to its first page. */
  drilldown: boolean;
  base: string;
  /** The markup of an icon, or '' when it has none. */
  icon: (icon: unknown) => string;
}

const tag = (text: string | undefined) => (text ? `<span class="tag">${escapeHtml(text)}</span>` : '');

function link(url: string, label: string, options: SidebarOptions, attributes = ''): string {
  return `<a href="${escapeHtml(hrefFor(url, options.base))}"${attributes}>${label}</a>`;
}

/** The arrow after a link that leaves the site (a page with frontmatter `url`), as cards have. */
const LINK_OUT_MARK =
  '<svg class="link-out" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M7 17 17 7M9 7h8v8"/></svg><span class="visually-hidden"> (opens in a new tab)</span>';

/** A link out of the site: in a new tab, marked. Its `href` is not its last attribute, so `markCurrent` never takes it for a page's. */
function linkOut(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer" data-link-out>${label}${LINK_OUT_MARK}</a>`;
}

function items(list: readonly SidebarItem[], options: SidebarOptions): string {
  return list
    .map((item) => {
      const method = item.type === 'page' && item.method ? `<span class="method" data-method="${item.method.toLowerCase()}">${item.method}</span>` : '';
      const label = `${method}${options.icon(item.icon)}${escapeHtml(item.title)}${tag(item.tag)}`;
      // `</li>` is optional in HTML: on a sidebar of thousands of pages, leaving it out saves a tenth.
      if (item.type === 'page' && item.external) return `<li>${linkOut(item.url, label)}`;
      // A link to a page of the site (a link object among `pages`, a frontmatter `url`) is not that page's own entry: the extra attribute keeps `markCurrent` from marking it.
      if (item.type === 'page') return `<li>${link(item.url, label, options, item.link ? ' data-link' : '')}`;
      // A drilldown link leads to a page listed below it, whose own link is the one to mark
      // current: the extra attribute keeps `markCurrent` from matching the group's.
      const title = item.url
        ? link(item.url, label, options)
        : options.drilldown && item.firstUrl
          ? link(item.firstUrl, label, options, ' data-drilldown')
          : `<span>${label}</span>`;
      const children = `<ul>${items(item.items, options)}</ul>`;
      // `sidebar-group` and `sidebar-group-header`: Mintlify's hooks for the docs' own CSS.
      if (!item.collapsible) return `<li class="group sidebar-group"><p class="sidebar-group-header">${title}</p>${children}</li>`;
      return `<li><details data-g="${item.id}"${item.expanded ? ' open' : ''}><summary>${title}</summary>${children}</details></li>`;
    })
    .join('');
}

export function renderSidebar(section: Section, options: SidebarOptions): string {
  const anchors = section.switchers.filter((switcher) => switcher.kind === 'anchor').flatMap((switcher) => switcher.items);
  const links = [
    ...section.globalLinks.filter((link) => link.kind === 'anchor').map((link) => ({ ...link, current: false })),
    ...anchors,
  ];
  const top = links.length
    ? `<ul class="anchors">${links
        .map(
          (anchor) =>
            `<li>${link(
              anchor.url,
              `${options.icon(anchor.icon)}${escapeHtml(anchor.name)}`,
              options,
              anchor.current ? ' aria-current="true"' : anchor.external ? ' rel="noopener"' : '',
            )}</li>`,
        )
        .join('')}</ul>`
    : '';
  return `${top}<ul class="tree">${items(section.sidebar, options)}</ul>`;
}

/** The section's sidebar as one page shows it: its link current, the groups above it open. */
export function markCurrent(sidebarHtml: string, url: string, openGroups: readonly string[], base = ''): string {
  const { links, groups } = placesIn(sidebarHtml);
  const insertions: Array<[at: number, text: string]> = [];
  const link = links.get(escapeHtml(hrefFor(url, base)));
  if (link !== undefined) insertions.push([link, ' aria-current="page"']);
  for (const id of openGroups) {
    const group = groups.get(id);
    if (group !== undefined) insertions.push([group, ' open']);
  }
  insertions.sort((a, b) => a[0] - b[0]);
  let html = '';
  let from = 0;
  for (const [at, text] of insertions) {
    html += sidebarHtml.slice(from, at) + text;
    from = at;
  }
  return html + sidebarHtml.slice(from);
}

interface Places {
  /** Where each link's opening tag ends, by its `href` as written: the first link to a URL. */
  links: Map<string, number>;
  /** Where each group's `<details>` tag ends, by its id. */
  groups: Map<string, number>;
}

/**
 * Found once per sidebar, not once per page: on a large section the sidebar is most of a
 * page, and each of its pages would otherwise search it whole.
 */
const placesBySidebar = new Map<string, Places>();

function placesIn(sidebarHtml: string): Places {
  let places = placesBySidebar.get(sidebarHtml);
  if (!places) {
    places = { links: new Map(), groups: new Map() };
    // A link whose last attribute is its href: a group's own link carries one more (see above).
    for (const match of sidebarHtml.matchAll(/href="([^"]*)">/g)) {
      if (!places.links.has(match[1]!)) places.links.set(match[1]!, match.index + match[0].length - 1);
    }
    for (const match of sidebarHtml.matchAll(/<details data-g="([^"]*)">/g)) {
      if (!places.groups.has(match[1]!)) places.groups.set(match[1]!, match.index + match[0].length - 1);
    }
    // Sidebars change as `astro dev` reloads the docs: keep those of the current ones.
    if (placesBySidebar.size > 1000) placesBySidebar.clear();
    placesBySidebar.set(sidebarHtml, places);
  }
  return places;
}
