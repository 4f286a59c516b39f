/**
 * A section's sidebar, rendered to HTML once per section rather than once per page.
 * Each page then only marks its own link and opens the groups above it (`markCurrent`),
 * which is a few string replacements. The markup is lean: no per-link classes, and
 * icons are `<use>` references to the sprite, not inline copies.
 */
import type { Section, SidebarItem } from '../../core/site-model.ts';
import { hrefFor } from '../../core/pages/href.ts';
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

function items(list: readonly SidebarItem[], options: SidebarOptions): string {
  return list
    .map((item) => {
      const method = item.type === 'page' && item.method ? `<span class="method" data-method="${item.method.toLowerCase()}">${item.method}</span>` : '';
      const label = `${method}${options.icon(item.icon)}${escapeHtml(item.title)}${tag(item.tag)}`;
      // `</li>` is optional in HTML: on a sidebar of thousands of pages, leaving it out saves a tenth.
      if (item.type === 'page') return `<li>${link(item.url, label, options)}`;
      // A drilldown link leads to a page listed below it, whose own link is the one to mark
      // current: the extra attribute keeps `markCurrent` from matching the group's.
      const title = item.url
        ? link(item.url, label, options)
        : options.drilldown && item.firstUrl
          ? link(item.firstUrl, label, options, ' data-drilldown')
          : `<span>${label}</span>`;
      const children = `<ul>${items(item.items, options)}</ul>`;
      if (!item.collapsible) return `<li class="group"><p>${title}</p>${children}</li>`;
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
  const href = `href="${escapeHtml(hrefFor(url, base))}"`;
  let html = sidebarHtml.replace(`${href}>`, `${href} aria-current="page">`);
  for (const id of openGroups) html = html.replace(`<details data-g="${id}">`, `<details data-g="${id}" open>`);
  return html;
}
