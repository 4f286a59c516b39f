/**
 * Resolves the validated `navigation` into a tree in which every element knows its
 * effective settings (spec 3.2): the `directory` layout and `openapi` specs it inherits,
 * whether it is expanded, and which version and language are the defaults.
 * Pure: no files, no Astro.
 */
import type { ConfigIssue, JsonPath } from '../diagnostics.ts';
import type { LanguageCode } from '../schema/languages.ts';
import { normalizePagePath, pageUrl, parseOperationRef, type ChannelTarget, type OperationRef, type OperationTarget } from '../paths/page-path.ts';
import {
  DIVISION_LISTS,
  DIVISION_NAME_KEYS,
  languageSettingsOf,
  type Directory,
  type Division,
  type DivisionKind,
  type DocsJson,
  type GlobalNavigation,
  type Group,
  type Icon,
  type Language,
  type LanguageSettings,
  type OpenApi,
  type PageEntry,
  type PageLink,
} from '../schema/docs-json.ts';

/** One OpenAPI spec in effect on an element: its file, and the URL folder of its pages. */
export interface OpenApiSource {
  source: string;
  directory?: string;
}

interface NodeBase {
  /** Where the element stands in docs.json. */
  jsonPath: JsonPath;
  /** Hidden with `searchable: true`: its pages stay in search, the sitemap and llms.txt. */
  searchable?: boolean;
  /** docs.json `boost`: the search ranking of the pages below, unless one nearer sets its own. */
  boost?: number;
  /** Effective: the nearest ancestor's value wins; `none` at the top. */
  directory: Directory;
  /** Effective: the specs of the nearest element that sets `openapi`. */
  openapi: OpenApiSource[];
  /** The element sets `openapi` itself: it owns the pages generated from it. */
  ownsOpenApi: boolean;
}

export interface DivisionNode extends NodeBase {
  type: 'division';
  kind: DivisionKind;
  name: string;
  icon?: Icon;
  description?: string;
  /** A division with `href` is a link, not a section. */
  href?: string;
  hidden: boolean;
  /** Versions: the badge in the selector. */
  tag?: string;
  /** Versions and languages: the default among its siblings (spec 3.2 rule 4). */
  isDefault: boolean;
  /** Languages: the code. */
  language?: LanguageCode;
  /** Languages: their own banner, footer and navbar, when they set any. */
  settings?: LanguageSettings;
  /** Links this division shows on all of its pages. */
  global: GlobalLinkNode[];
  /** Tabs and products: the items of their menu, each a section of its own. */
  menu: DivisionNode[];
  children: NavNode[];
}

export interface GroupNode extends NodeBase {
  type: 'group';
  name: string;
  icon?: Icon;
  tag?: string;
  /** The group's main page, opened by its title. */
  root?: PageNode;
  /** Top-level groups are always expanded; nested ones only with `expanded: true`. */
  expanded: boolean;
  /** Whether the group sits inside another group, and so can collapse. */
  nested: boolean;
  hidden: boolean;
  children: NavNode[];
}

export interface PageNode extends NodeBase {
  type: 'page';
  /** The page path, normalized: `guides/intro`. */
  page: string;
  url: string;
  /** Pages of OpenAPI operations: which one. */
  operation?: OperationTarget;
  /** Pages of AsyncAPI channels: which one. */
  channel?: ChannelTarget;
}

export interface OperationNode extends NodeBase {
  type: 'operation';
  operation: OperationRef;
}

/** A link object among `pages` (`PageLink`): a sidebar entry that leads to its `href`, no page of the site. */
export interface LinkNode {
  type: 'link';
  name: string;
  href: string;
  icon?: Icon;
  jsonPath: JsonPath;
}

export type NavNode = DivisionNode | GroupNode | PageNode | OperationNode | LinkNode;

export interface GlobalLinkNode {
  kind: DivisionKind;
  name: string;
  href: string;
  icon?: Icon;
  description?: string;
  hidden: boolean;
  jsonPath: JsonPath;
}

export interface ResolvedNavigation {
  children: NavNode[];
  global: GlobalLinkNode[];
  /** The default version's name, or null when the site has no versions. */
  defaultVersion: string | null;
  defaultLanguage: LanguageCode | null;
  /** Warnings about elements that hold nothing. */
  issues: ConfigIssue[];
}

interface Inherited {
  directory: Directory;
  openapi: OpenApiSource[];
  ownsOpenApi: boolean;
}

export function normalizeOpenApi(openapi: OpenApi | undefined): OpenApiSource[] | undefined {
  if (openapi === undefined) return undefined;
  const entries = Array.isArray(openapi) ? openapi : [openapi];
  return entries.map((entry) =>
    typeof entry === 'string' ? { source: entry } : { source: entry.source, ...(entry.directory ? { directory: entry.directory } : {}) },
  );
}

function inherit(parent: Inherited, element: { directory?: Directory; openapi?: OpenApi }): Inherited {
  return {
    directory: element.directory ?? parent.directory,
    openapi: normalizeOpenApi(element.openapi) ?? parent.openapi,
    ownsOpenApi: element.openapi !== undefined,
  };
}

export function resolveNavigation(config: DocsJson): ResolvedNavigation {
  const navigation = config.navigation;
  const top: Inherited = { directory: navigation.directory ?? 'none', openapi: normalizeOpenApi(config.api?.openapi) ?? [], ownsOpenApi: false };
  const resolver = new NavigationResolver();
  const children = resolver.childrenOf(navigation, ['navigation'], top);
  const defaults = findDefaults(children);
  return {
    children,
    global: globalLinks(navigation.global, ['navigation']),
    defaultVersion: defaults.version ?? null,
    defaultLanguage: defaults.language ?? null,
    issues: resolver.issues,
  };
}

/** Turns docs.json elements into nodes, noting the elements that hold nothing on the way. */
class NavigationResolver {
  readonly issues: ConfigIssue[] = [];

  /** The children of `navigation` or of a division, through whichever key it uses. */
  childrenOf(element: Division | DocsJson['navigation'], jsonPath: JsonPath, inherited: Inherited): NavNode[] {
    for (const [list, kind] of Object.entries(DIVISION_LISTS)) {
      const divisions = element[list as keyof typeof DIVISION_LISTS] as Division[] | undefined;
      if (divisions) return this.divisionList(divisions, kind, [...jsonPath, list], inherited);
    }
    if (element.groups) {
      return element.groups.map((child, index) => this.group(child, [...jsonPath, 'groups', index], inherited, false));
    }
    if (element.pages) return this.pageEntries(element.pages, [...jsonPath, 'pages'], inherited, false);
    return [];
  }

  private warn(at: JsonPath, code: string, message: string, hint: string) {
    this.issues.push({ severity: 'warning', code, at, message, hint });
  }

  private divisionList(divisions: readonly Division[], kind: DivisionKind, jsonPath: JsonPath, parent: Inherited): DivisionNode[] {
    const marked = divisions.findIndex((d) => 'default' in d && d.default === true);
    const defaultIndex = marked === -1 ? 0 : marked;
    return divisions.map((element, index) => this.division(element, kind, [...jsonPath, index], parent, index === defaultIndex));
  }

  private division(element: Division, kind: DivisionKind, jsonPath: JsonPath, parent: Inherited, isDefault: boolean): DivisionNode {
    const inherited = inherit(parent, element);
    const name = String((element as unknown as Record<string, unknown>)[DIVISION_NAME_KEYS[kind]]);
    const children = this.childrenOf(element, jsonPath, inherited);
    const menuItems = 'menu' in element && element.menu ? element.menu : [];
    const menu = menuItems.map((item, index) => this.division(item, 'item', [...jsonPath, 'menu', index], inherited, false));
    if (children.length === 0 && menu.length === 0 && element.href === undefined && element.openapi === undefined && element.asyncapi === undefined && element.graphql === undefined && element.sdk === undefined) {
      this.warn(jsonPath, 'empty-division', `The ${kind} ${JSON.stringify(name)} holds no pages and no link.`, 'Give it `pages`, `groups`, another kind of division, or an `href`.');
    }
    return {
      type: 'division',
      kind,
      name,
      ...(element.icon !== undefined ? { icon: element.icon } : {}),
      ...(element.description !== undefined ? { description: element.description } : {}),
      ...(element.href !== undefined ? { href: element.href } : {}),
      hidden: element.hidden ?? false,
      ...searchSettings(element),
      ...('tag' in element && element.tag !== undefined ? { tag: element.tag } : {}),
      isDefault: (kind === 'version' || kind === 'language') && isDefault,
      ...('language' in element ? languageFields(element) : {}),
      global: globalLinks(element.global, jsonPath),
      menu,
      jsonPath,
      ...inherited,
      children,
    };
  }

  private group(element: Group, jsonPath: JsonPath, parent: Inherited, nested: boolean): GroupNode {
    const inherited = inherit(parent, element);
    const children = this.pageEntries(element.pages ?? [], [...jsonPath, 'pages'], inherited, true);
    if (children.length === 0 && element.root === undefined && element.openapi === undefined && element.sdk === undefined) {
      this.warn(jsonPath, 'empty-group', `The group ${JSON.stringify(element.group)} has no pages.`, 'Add pages to it, or remove it.');
    }
    return {
      type: 'group',
      name: element.group,
      ...(element.icon !== undefined ? { icon: element.icon } : {}),
      ...(element.tag !== undefined ? { tag: element.tag } : {}),
      ...(element.root !== undefined ? { root: page(element.root, [...jsonPath, 'root'], inherited) } : {}),
      expanded: nested ? element.expanded === true : true,
      nested,
      hidden: element.hidden ?? false,
      ...searchSettings(element),
      jsonPath,
      ...inherited,
      children,
    };
  }

  private pageEntries(entries: readonly PageEntry[], jsonPath: JsonPath, parent: Inherited, nested: boolean): NavNode[] {
    return entries.map((entry, index) => {
      const at = [...jsonPath, index];
      if (typeof entry !== 'string') return 'href' in entry ? this.link(entry, at) : this.group(entry, at, parent, nested);
      const operation = parseOperationRef(entry);
      if (operation) return { type: 'operation', operation, jsonPath: at, ...parent, ownsOpenApi: false };
      return page(entry, at, parent);
    });
  }

  private link(entry: PageLink, jsonPath: JsonPath): LinkNode {
    const name = entry.title ?? entry.label ?? entry.href;
    this.warn(
      jsonPath,
      'link-entry',
      `This \`pages\` entry is a link (an object with an \`href\`, as in mint.json), which docs.json does not define: it is shown in the sidebar as a link to ${entry.href}.`,
      'In docs.json, a link among a group\'s pages is a page whose frontmatter has `url: "https://..."`; a link beside the navigation is an anchor with an `href`, or a global anchor (`navigation.global.anchors`).',
    );
    return { type: 'link', name, href: entry.href, ...(entry.icon !== undefined ? { icon: entry.icon } : {}), jsonPath };
  }
}

function page(entry: string, jsonPath: JsonPath, inherited: Inherited): PageNode {
  const normalized = normalizePagePath(entry);
  return { type: 'page', page: normalized, url: pageUrl(normalized), jsonPath, ...inherited, ownsOpenApi: false };
}

function languageFields(element: Language): Pick<DivisionNode, 'language' | 'settings'> {
  const settings = languageSettingsOf(element);
  return { language: element.language, ...(settings ? { settings } : {}) };
}

function globalLinks(global: GlobalNavigation | undefined, jsonPath: JsonPath): GlobalLinkNode[] {
  if (!global) return [];
  return Object.entries(DIVISION_LISTS).flatMap(([list, kind]) =>
    (global[list as keyof GlobalNavigation] ?? []).map((link, index) => ({
      kind,
      name: String(link[DIVISION_NAME_KEYS[kind]]),
      href: link.href,
      ...(link.icon !== undefined ? { icon: link.icon } : {}),
      ...(link.description !== undefined ? { description: link.description } : {}),
      hidden: link.hidden ?? false,
      jsonPath: [...jsonPath, 'global', list, index],
    })),
  );
}

/** The default version and language: those of the first lists of each, in document order. */
function findDefaults(nodes: readonly NavNode[]): { version?: string; language?: LanguageCode } {
  const found: { version?: string; language?: LanguageCode } = {};
  const visit = (node: NavNode) => {
    if (node.type !== 'division') return;
    if (node.isDefault && node.kind === 'version') found.version ??= node.name;
    if (node.isDefault && node.kind === 'language') found.language ??= node.language;
    node.children.forEach(visit);
    node.menu.forEach(visit);
  };
  nodes.forEach(visit);
  return found;
}

/** An element's own `searchable` and `boost`. */
function searchSettings(element: { searchable?: boolean; boost?: number }): Pick<NodeBase, 'searchable' | 'boost'> {
  return { ...(element.searchable !== undefined ? { searchable: element.searchable } : {}), ...(element.boost !== undefined ? { boost: element.boost } : {}) };
}
