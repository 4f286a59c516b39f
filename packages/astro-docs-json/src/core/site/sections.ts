/**
 * Cuts a site's resolved navigation into the sections of its model (`site-model.ts`):
 * walks the divisions down, carrying what each level adds (switchers, global links, the
 * language settings), and builds each section's sidebar, noting where every page of the
 * navigation sits in it for the page views to use.
 */
import type { DivisionNode, GlobalLinkNode, GroupNode, LinkNode, NavNode, PageNode, ResolvedNavigation } from '../navigation/tree.ts';
import type { Route } from '../navigation/routes.ts';
import { isExternal } from '../paths/href.ts';
import type { LanguageSettings } from '../schema/docs-json.ts';
import type { GlobalNavLink, Section, SidebarGroup, SidebarItem, SidebarPage, Switcher, SwitcherItem } from './site-model.ts';

/** Where a page of the navigation sits: the section whose sidebar it shows, and the groups above it there. */
export interface Placement {
  section: Section;
  groups: SidebarGroup[];
}

/** A site's sections, with what its pages need from the walk that made them. */
export interface SiteSections {
  sections: Section[];
  languageSettings: LanguageSettings[];
  placements: Map<PageNode, Placement>;
  /** The first page a reader reaches through a division or group, in navigation order. */
  firstUrl(node: NavNode): string | undefined;
}

/** What the divisions above a level of the walk pass down to the sections below it. */
interface Context {
  version: DivisionNode | undefined;
  language: DivisionNode | undefined;
  switchers: Switcher[];
  global: GlobalLinkNode[];
}

export function buildSections(navigation: ResolvedNavigation | undefined, routesByUrl: ReadonlyMap<string, Route>): SiteSections {
  const builder = new SectionBuilder(routesByUrl);
  const rootContext: Context = { version: undefined, language: undefined, switchers: [], global: navigation?.global ?? [] };
  builder.visit(navigation?.children ?? [], rootContext);
  // A navigation of links only still needs a section for its hidden pages to sit in.
  if (builder.sections.length === 0) builder.addSection([], rootContext);
  return builder;
}

function toGlobalLink({ href, hidden: _hidden, jsonPath: _jsonPath, ...shown }: GlobalLinkNode): GlobalNavLink {
  return { ...shown, url: href, external: isExternal(href) };
}

/** A link object among `pages`: an entry as a page's with frontmatter `url` has, leading to its `href`. */
function sidebarLink(node: LinkNode): SidebarPage {
  return {
    type: 'page',
    url: node.href,
    title: node.name,
    link: true,
    ...(isExternal(node.href) ? { external: true as const } : {}),
    ...(node.icon !== undefined ? { icon: node.icon } : {}),
  };
}

class SectionBuilder implements SiteSections {
  readonly sections: Section[] = [];
  readonly languageSettings: LanguageSettings[] = [];
  readonly placements = new Map<PageNode, Placement>();
  private readonly routesByUrl: ReadonlyMap<string, Route>;
  private readonly firstUrls = new Map<NavNode, string | undefined>();
  private readonly settingsIndex = new Map<DivisionNode, number>();
  private groupCount = 0;

  constructor(routesByUrl: ReadonlyMap<string, Route>) {
    this.routesByUrl = routesByUrl;
  }

  firstUrl(node: NavNode): string | undefined {
    if (this.firstUrls.has(node)) return this.firstUrls.get(node);
    let url: string | undefined;
    if (node.type === 'page') url = this.isShownPage(node.url) ? node.url : undefined;
    else if (node.type === 'group') {
      url = node.hidden ? undefined : node.root && this.isShownPage(node.root.url) ? node.root.url : this.firstOf(node.children);
    } else if (node.type === 'division') url = node.hidden || node.href ? undefined : this.firstOf([...node.children, ...node.menu]);
    this.firstUrls.set(node, url);
    return url;
  }

  /** Walks the divisions down to the sections, carrying the switchers of each level. */
  visit(nodes: readonly NavNode[], context: Context) {
    const divisions = nodes.filter((node): node is DivisionNode => node.type === 'division');
    if (divisions.length === 0) {
      if (nodes.length > 0) this.addSection(nodes, context);
      return;
    }
    const visible = divisions.filter((division) => !division.hidden);
    for (const division of divisions) {
      if (division.href) continue;
      const inner: Context = { ...context, global: [...context.global, ...division.global] };
      if (division.kind === 'version') inner.version = division;
      else if (division.kind === 'language') inner.language = division;
      else {
        inner.switchers = [
          ...context.switchers,
          { kind: division.kind, items: visible.map((sibling) => this.switcherItem(sibling, division)) },
        ];
      }
      if (division.menu.length > 0) {
        const items = division.menu.filter((item) => !item.hidden);
        for (const item of division.menu) {
          this.visit(item.children, {
            ...inner,
            switchers: [...inner.switchers, { kind: 'item', items: items.map((sibling) => this.switcherItem(sibling, item)) }],
          });
        }
      } else {
        this.visit(division.children, inner);
      }
    }
  }

  addSection(children: readonly NavNode[], context: Context) {
    const settings = this.settingsOf(context.language);
    const section: Section = {
      id: `s${this.sections.length}`,
      version: context.version?.name ?? null,
      language: context.language?.language ?? null,
      switchers: context.switchers,
      globalLinks: context.global.filter((link) => !link.hidden).map(toGlobalLink),
      sidebar: [],
      ...(settings !== undefined ? { settings } : {}),
    };
    this.sections.push(section);
    section.sidebar = this.sidebarItems(children, section, []);
    const first = this.firstOf(children);
    if (first) section.firstUrl = first;
  }

  private isShown(url: string): boolean {
    const route = this.routesByUrl.get(url);
    return route !== undefined && route.frontmatter.hidden !== true;
  }

  /** Shown, and a page of the site's: a link to elsewhere (frontmatter `url`) is no division's or group's first page. */
  private isShownPage(url: string): boolean {
    return this.isShown(url) && this.routesByUrl.get(url)!.link === undefined;
  }

  private firstOf(nodes: readonly NavNode[]): string | undefined {
    for (const node of nodes) {
      const url = this.firstUrl(node);
      if (url) return url;
    }
    return undefined;
  }

  private switcherItem(node: DivisionNode, current: DivisionNode): SwitcherItem {
    const url = node.href ?? this.firstUrl(node) ?? '/';
    return {
      name: node.name,
      url,
      external: node.href !== undefined && isExternal(node.href),
      current: node === current,
      ...(node.icon !== undefined ? { icon: node.icon } : {}),
      ...(node.tag !== undefined ? { tag: node.tag } : {}),
      ...(node.description !== undefined ? { description: node.description } : {}),
    };
  }

  /** The index of a language element's settings, the same for each of its sections; none when it has none. */
  private settingsOf(language: DivisionNode | undefined): number | undefined {
    if (!language?.settings) return undefined;
    if (!this.settingsIndex.has(language)) {
      this.settingsIndex.set(language, this.languageSettings.length);
      this.languageSettings.push(language.settings);
    }
    return this.settingsIndex.get(language);
  }

  private sidebarItems(nodes: readonly NavNode[], section: Section, groups: SidebarGroup[]): SidebarItem[] {
    const items: SidebarItem[] = [];
    for (const node of nodes) {
      if (node.type === 'page') {
        this.placements.set(node, { section, groups });
        if (this.isShown(node.url)) items.push(this.sidebarPage(node));
      } else if (node.type === 'group') {
        const group = this.sidebarGroup(node, section, groups);
        if (!node.hidden) items.push(group);
      } else if (node.type === 'link') items.push(sidebarLink(node));
    }
    return items;
  }

  /** A page's entry; a page with frontmatter `url` is a link there, marked when it leads out of the site. */
  private sidebarPage(node: PageNode): SidebarPage {
    const route = this.routesByUrl.get(node.url)!;
    return {
      type: 'page',
      url: route.link ?? node.url,
      ...(route.link ? { link: true as const, ...(isExternal(route.link) ? { external: true as const } : {}) } : {}),
      title: route.sidebarTitle,
      ...(route.frontmatter.icon !== undefined ? { icon: route.frontmatter.icon } : {}),
      ...(route.frontmatter.tag !== undefined ? { tag: route.frontmatter.tag } : {}),
      ...(route.operation ? { method: route.operation.kind === 'webhook' ? 'WEBHOOK' : route.operation.method } : {}),
      // A generated AsyncAPI channel page: its sidebar entry is badged as an operation's is.
      ...(route.channel && !route.operation && !/\.mdx?$/i.test(route.file) ? { method: 'WS' } : {}),
    };
  }

  /** A group's entry, its pages placed under it: built even when hidden, for those pages to sit in. */
  private sidebarGroup(node: GroupNode, section: Section, groups: SidebarGroup[]): SidebarGroup {
    const group: SidebarGroup = {
      type: 'group',
      id: `g${this.groupCount++}`,
      title: node.name,
      ...(node.icon !== undefined ? { icon: node.icon } : {}),
      ...(node.tag !== undefined ? { tag: node.tag } : {}),
      ...(node.root && this.isShownPage(node.root.url) ? { url: node.root.url } : {}),
      collapsible: node.nested,
      expanded: node.expanded,
      items: [],
    };
    if (node.root) this.placements.set(node.root, { section, groups: [...groups, group] });
    group.items = this.sidebarItems(node.children, section, [...groups, group]);
    const first = this.firstUrl(node);
    if (first) group.firstUrl = first;
    return group;
  }
}
