/**
 * The view of a site that its pages are rendered from. A site is cut into sections: the
 * tab, anchor, dropdown, product or menu item a page belongs to, within its version and
 * language. Each section's sidebar and switchers are computed here once; each page only
 * adds what is its own (its section, the groups to open, breadcrumbs, previous and next).
 * Pure, JSON-serialisable data: it crosses into Astro through a virtual module.
 */
import { playgroundMode, type ApiSettings, type PlaygroundMode } from '../openapi/api-settings.ts';
import { fieldsForm, type PlaygroundForm } from '../openapi/playground-form.ts';
import { LANGUAGES, type LanguageCode } from '../schema/languages.ts';
import type { DivisionNode, GlobalLinkNode, GroupNode, NavNode } from '../navigation/tree.ts';
import type { OperationTarget } from '../paths/page-path.ts';
import { agentInstructions } from '../markdown/agent-instructions.ts';
import type { Route } from '../navigation/routes.ts';
import type { Directory, DivisionKind, Icon, LanguageSettings } from '../schema/docs-json.ts';
import { META_KEY, type Frontmatter } from '../schema/frontmatter.ts';
import type { Site } from './load-site.ts';
import { drawingsOf, type Drawings } from './drawings.ts';
import { buildSections, type Placement, type SiteSections } from './sections.ts';
import { pagesToRead, sidebarPages } from './reading-order.ts';


export interface SidebarPage {
  type: 'page';
  url: string;
  title: string;
  icon?: Icon;
  tag?: string;
  /** OpenAPI pages: the method badge (`GET`, or `WEBHOOK`). */
  method?: string;
  /** A page with frontmatter `url`: the entry leads there (`url`), not to a page of the site's. */
  link?: true;
  /** It leads out of the site: it opens in a new tab, marked as a link out. */
  external?: true;
}

export interface SidebarGroup {
  type: 'group';
  id: string;
  title: string;
  icon?: Icon;
  tag?: string;
  /** The group's root page, opened by its title. */
  url?: string;
  /** Where choosing the group leads when `interaction.drilldown` is on. */
  firstUrl?: string;
  /** Nested groups collapse; top-level groups are always open. */
  collapsible: boolean;
  expanded: boolean;
  items: SidebarItem[];
}

export type SidebarItem = SidebarPage | SidebarGroup;

export interface SwitcherItem {
  name: string;
  /** The first page of the division, or its `href`. */
  url: string;
  external: boolean;
  current: boolean;
  icon?: Icon;
  tag?: string;
  description?: string;
}

/** The siblings of one division above (or at) a section, to switch between. */
export interface Switcher {
  kind: Exclude<DivisionKind, 'version' | 'language'>;
  items: SwitcherItem[];
}

/** A global link as pages show it: what docs.json gives, leading to `url`. */
export type GlobalNavLink = Omit<GlobalLinkNode, 'href' | 'hidden' | 'jsonPath'> & { url: string; external: boolean };

export interface Section {
  id: string;
  version: string | null;
  language: LanguageCode | null;
  /** The division the section is, outermost switchers first. */
  switchers: Switcher[];
  globalLinks: GlobalNavLink[];
  sidebar: SidebarItem[];
  firstUrl?: string;
  /**
   * The settings of the language element the section is in (an index into
   * `SiteModel.languageSettings`): each element has its own, wherever it is nested, even
   * when the same language appears in another version without them.
   */
  settings?: number;
}

export interface Crumb {
  name: string;
  url?: string;
}

export interface DirectoryEntry {
  title: string;
  url: string;
  description?: string;
  icon?: Icon;
}

/** A group's child pages, listed below its root page. */
export interface DirectoryListing {
  layout: Exclude<Directory, 'none'>;
  /** Accordion: one section for the group's own pages, then one per nested group. */
  sections: Array<{ title?: string; entries: DirectoryEntry[] }>;
}

export interface PageView extends Drawings {
  url: string;
  file: string;
  title: string;
  /** Its heading is its content's own: the title is not shown (`Route.untitled`). */
  untitled?: true;
  description?: string;
  version: string | null;
  language: LanguageCode | null;
  /** Not listed in the navigation. */
  hidden: boolean;
  noindex: boolean;
  /** Whether search, the sitemap and llms.txt list the page (`isIndexable`). */
  indexable: boolean;
  /** Whether search lists it (`isSearchable`), and how much it favours it (`boost`), and for which words besides its own (frontmatter `keywords`). */
  searchable: boolean;
  searchBoost?: number;
  keywords?: string[];
  /** The section whose sidebar the page shows. */
  section: string;
  /** The groups above the page in the sidebar, to show open. */
  openGroups: string[];
  breadcrumbs: Crumb[];
  eyebrow?: string;
  prev?: { title: string; url: string };
  next?: { title: string; url: string };
  directory?: DirectoryListing;
  /** The page path without its version and language folders: the same page in another scope has the same key. */
  key: string;
  /** The OpenAPI operation the page renders: the whole page when `file` is a spec, else below the content. */
  operation?: OperationTarget;
  /** Its file is plain Markdown (`PageContent.plain`). */
  plain: boolean;
  /** Frontmatter `mode`: which of the sidebar, table of contents and page chrome it shows. */
  mode?: PageMode;
  /** Meta tags of its own: frontmatter `og:*`, `twitter:*`, `keywords` and `robots`. */
  meta?: Record<string, string>;
  /** Frontmatter `canonical`, in place of the page's own URL. */
  canonical?: string;
  /** Frontmatter `rss: true`: the page's `<Update>` entries have a feed (`feedUrl`). */
  rss?: boolean;
  /** Frontmatter `playground`, over docs.json `api.playground.display`. */
  playground?: PlaygroundMode;
  /** The playground of a page that documents an API in MDX (`api:` frontmatter and `<ParamField>`s). */
  apiForm?: PlaygroundForm;
  /** Frontmatter `url`: the page is a link to this address, where its own URL leads (`Route.link`). */
  link?: string;
  /** When the page last changed (`core/pages/last-modified.ts`), as an ISO timestamp: for its date, `dateModified` and the sitemap's `lastmod`. */
  lastModified?: string;
  /** The page shows `lastModified`: docs.json `metadata.timestamp`, or its frontmatter `timestamp` over it. */
  timestamp?: true;
}

export type PageMode = NonNullable<Frontmatter['mode']>;

/** Where a changelog page's feed is: `<page>/rss.xml`. */
export const feedUrl = (url: string) => (url === '/' ? '/rss.xml' : `${url}/rss.xml`);

/** A page with `api: "POST /x"` frontmatter gets a playground built from its `<ParamField>`s. */
function apiPageForm(route: Route, api: ApiSettings): Pick<PageView, 'apiForm'> {
  if (!route.frontmatter.api || route.operation) return {};
  const servers = api.mdx.servers.length ? api.mdx.servers : (api.baseUrl ?? []);
  const form = fieldsForm(route.frontmatter.api, route.content.params ?? [], { servers, ...(api.mdx.auth ? { auth: api.mdx.auth } : {}) });
  return form ? { apiForm: form } : {};
}

const withMeta = (meta: Record<string, string> | undefined) => (meta ? { meta } : {});

function pageMeta(frontmatter: Frontmatter): Record<string, string> | undefined {
  const entries = Object.entries(frontmatter)
    .filter(([key, value]) => META_KEY.test(key) && value !== undefined && value !== null && value !== '')
    .map(([key, value]) => [key, Array.isArray(value) ? value.join(', ') : String(value)]);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export interface LanguageInfo {
  code: LanguageCode;
  /** BCP 47, for `<html lang>`. */
  tag: string;
  name: string;
  isDefault: boolean;
}


export interface VersionInfo {
  name: string;
  tag?: string;
  isDefault: boolean;
}

/** The key of a version and language pair, for maps by scope. */
export function scopeKey(version: string | null, language: string | null): string {
  return `${version ?? ''}\u0000${language ?? ''}`;
}

/** A version and language pair that has pages. */
export interface Scope {
  version: string | null;
  language: LanguageCode | null;
  firstUrl: string;
}

export interface SiteModel {
  name: string;
  description?: string;
  /** docs.json `markdown.instructions`, as the block the Markdown files end with (`agent-instructions.ts`). */
  agentInstructions?: string;
  languages: LanguageInfo[];
  languageSettings: LanguageSettings[];
  versions: VersionInfo[];
  scopes: Scope[];
  defaultVersion: string | null;
  defaultLanguage: LanguageCode | null;
  sections: Section[];
  pages: PageView[];
  /** Where `/` leads when no page is the site's index. */
  rootRedirect?: string;
  /** The OpenAPI specs, by their path in the docs folder (served at that path). */
  specs: string[];
  /** Links out of the site that the navigation holds (`href` tabs, anchors...), once each. */
  externalLinks: Array<{ name: string; url: string }>;
}

export function buildSiteModel(site: Site): SiteModel {
  const routesByUrl = new Map(site.routes.map((route) => [route.url, route]));
  const navigationNodes = site.navigation?.children ?? [];
  const siteSections = buildSections(site.navigation, routesByUrl);
  const { sections } = siteSections;
  const scopes = collectScopes(sections);
  const languages = collectLanguages(navigationNodes);
  const versions = collectVersions(navigationNodes);
  const pages = pageViews(site, siteSections, routesByUrl, scopeFolderStripper(versions, languages));

  const defaultScope =
    scopes.find((scope) => scope.version === site.defaultVersion && scope.language === site.defaultLanguage) ?? scopes[0];
  return {
    name: site.config?.name ?? '',
    ...(site.config?.description !== undefined ? { description: site.config.description } : {}),
    ...withInstructions(agentInstructions(site.config)),
    languages,
    languageSettings: siteSections.languageSettings,
    versions,
    scopes,
    defaultVersion: site.defaultVersion,
    defaultLanguage: site.defaultLanguage,
    sections,
    pages,
    ...(!routesByUrl.has('/') && defaultScope ? { rootRedirect: defaultScope.firstUrl } : {}),
    specs: [...site.specs.keys()],
    externalLinks: externalLinks(sections),
  };
}

const withInstructions = (block: string | undefined) => (block ? { agentInstructions: block } : {});

function withSearchTerms(route: Route): Pick<PageView, 'searchBoost' | 'keywords'> {
  const boost = searchBoost(route);
  const keywords = route.frontmatter.keywords?.filter((keyword) => keyword.trim() !== '');
  return { ...(boost !== undefined ? { searchBoost: boost } : {}), ...(keywords?.length ? { keywords } : {}) };
}

/** One view per route: what is its own, then, for a page the navigation places, its trail, neighbours and directory. */
function pageViews(site: Site, siteSections: SiteSections, routesByUrl: ReadonlyMap<string, Route>, stripScope: (page: string) => string): PageView[] {
  const orders = new Map(siteSections.sections.map((section) => [section, pageOrder(section)]));
  const drawings = drawingsOf(site);
  const timestamps = site.config?.metadata?.['timestamp'] === true;
  return site.routes.map((route): PageView => {
    const lastModified = site.lastModified.get(route.file);
    const placement = route.node ? siteSections.placements.get(route.node) : undefined;
    const section = placement?.section ?? fallbackSection(siteSections.sections, route);
    const base: PageView = {
      url: route.url,
      file: route.file,
      title: route.title,
      ...(route.untitled ? { untitled: route.untitled } : {}),
      ...(route.description !== undefined ? { description: route.description } : {}),
      version: route.version,
      language: route.language,
      hidden: route.hidden,
      noindex: route.frontmatter.noindex === true || route.frontmatter.hidden === true,
      indexable: isIndexable(route, site.config?.seo?.indexing),
      searchable: isSearchable(route, site.config?.seo?.indexing),
      ...withSearchTerms(route),
      section: section.id,
      openGroups: placement?.groups.map((group) => group.id) ?? [],
      breadcrumbs: [],
      key: stripScope(route.page),
      ...(route.operation ? { operation: route.operation } : {}),
      plain: route.content.plain,
      ...(route.frontmatter.mode && route.frontmatter.mode !== 'default' ? { mode: route.frontmatter.mode } : {}),
      ...withMeta(pageMeta(route.frontmatter)),
      ...(route.frontmatter.canonical ? { canonical: route.frontmatter.canonical } : {}),
      ...(route.frontmatter.playground ? { playground: playgroundMode(route.frontmatter.playground) } : {}),
      ...(route.frontmatter.rss === true && /\.mdx?$/i.test(route.file) ? { rss: true } : {}),
      ...apiPageForm(route, site.api),
      ...drawings(route),
      ...(route.link ? { link: route.link } : {}),
      ...(lastModified ? { lastModified } : {}),
      ...((route.frontmatter.timestamp ?? timestamps) ? { timestamp: true as const } : {}),
    };
    if (!placement) return base;
    return {
      ...base,
      breadcrumbs: breadcrumbs(route, (node) => siteSections.firstUrl(node)),
      ...eyebrow(route),
      ...neighbours(orders.get(section)!, route.url),
      ...directoryOf(route, placement, routesByUrl),
    };
  });
}

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
function searchBoost(route: Route): number | undefined {
  const boost = route.frontmatter.boost ?? route.chain.findLast((node) => node.boost !== undefined)?.boost;
  return boost === 1 ? undefined : boost;
}

/** The site's pages that are indexable (`isIndexable`), by its own `seo.indexing`. */
export function indexableRoutes(site: Pick<Site, 'routes' | 'config'>): Route[] {
  return site.routes.filter((route) => isIndexable(route, site.config?.seo?.indexing));
}

function externalLinks(sections: readonly Section[]): SiteModel['externalLinks'] {
  const links = new Map<string, string>();
  for (const section of sections) {
    for (const item of section.switchers.flatMap((switcher) => switcher.items)) if (item.external) links.set(item.url, item.name);
    for (const link of section.globalLinks) if (link.external) links.set(link.url, link.name);
    for (const page of sidebarPages(section.sidebar)) if (page.external) links.set(page.url, page.title);
  }
  return [...links].map(([url, name]) => ({ name, url }));
}

/** A page no navigation lists shows the sidebar of its version and language's first section. */
function fallbackSection(sections: readonly Section[], route: Route): Section {
  return (
    sections.find((section) => section.version === route.version && section.language === route.language) ??
    sections.find((section) => section.language === route.language) ??
    sections[0]!
  );
}

function collectScopes(sections: readonly Section[]): Scope[] {
  const scopes = new Map<string, Scope>();
  for (const section of sections) {
    const key = `${section.version}\u0000${section.language}`;
    if (!scopes.has(key) && section.firstUrl) {
      scopes.set(key, { version: section.version, language: section.language, firstUrl: section.firstUrl });
    }
  }
  return [...scopes.values()];
}

function walkDivisions(nodes: readonly NavNode[], fn: (division: DivisionNode) => void) {
  for (const node of nodes) {
    if (node.type !== 'division') continue;
    fn(node);
    walkDivisions(node.children, fn);
    walkDivisions(node.menu, fn);
  }
}

function collectLanguages(nodes: readonly NavNode[]): LanguageInfo[] {
  const languages = new Map<LanguageCode, LanguageInfo>();
  walkDivisions(nodes, (division) => {
    if (division.kind !== 'language' || !division.language || languages.has(division.language)) return;
    const { tag, name } = LANGUAGES[division.language];
    languages.set(division.language, {
      code: division.language,
      tag,
      name,
      isDefault: division.isDefault,
    });
  });
  return [...languages.values()];
}

/** Every version once, the default first (spec 9.2 and 9.3: the selector shows labels and tags). */
function collectVersions(nodes: readonly NavNode[]): VersionInfo[] {
  const versions = new Map<string, VersionInfo>();
  walkDivisions(nodes, (division) => {
    if (division.kind !== 'version' || versions.has(division.name)) return;
    versions.set(division.name, { name: division.name, isDefault: division.isDefault, ...(division.tag ? { tag: division.tag } : {}) });
  });
  return [...versions.values()].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/**
 * Pages carry their version and language as folders (`fr/v1/intro`); without them,
 * the same page in two scopes has the same key (`intro`).
 */
function scopeFolderStripper(versions: readonly VersionInfo[], languages: readonly LanguageInfo[]) {
  const folders = new Set([...versions.map((v) => v.name), ...languages.map((l) => l.code)].map((f) => f.toLowerCase()));
  return (page: string): string => {
    const segments = page.split('/');
    while (segments.length > 1 && folders.has(segments[0]!.toLowerCase())) segments.shift();
    if (segments.length === 1 && folders.has(segments[0]!.toLowerCase())) return 'index';
    return segments.join('/');
  };
}

const isScopeDivision = (node: DivisionNode | GroupNode) =>
  node.type === 'division' && (node.kind === 'version' || node.kind === 'language');

/**
 * The navigation path above a page (its divisions and groups, without its version and
 * language), for `styling.eyebrows: "breadcrumbs"`. A group whose root is the page, and
 * a name that repeats the one before it, add nothing to the trail.
 */
function breadcrumbs(route: Route, firstUrl: (node: NavNode) => string | undefined): Crumb[] {
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
function eyebrow(route: Route): { eyebrow?: string } {
  const owner = [...route.chain].reverse().find((node) => !isScopeDivision(node));
  return owner ? { eyebrow: owner.name } : {};
}

/** A section's pages in reading order, each once, by URL. */
function pageOrder(section: Section): { pages: SidebarPage[]; indexByUrl: Map<string, number> } {
  const pages: SidebarPage[] = [];
  const indexByUrl = new Map<string, number>();
  for (const page of pagesToRead(section.sidebar)) {
    if (indexByUrl.has(page.url)) continue;
    indexByUrl.set(page.url, pages.length);
    pages.push(page);
  }
  return { pages, indexByUrl };
}

function neighbours(order: ReturnType<typeof pageOrder>, url: string): Pick<PageView, 'prev' | 'next'> {
  const index = order.indexByUrl.get(url);
  if (index === undefined) return {};
  const link = (item: SidebarPage | undefined) => (item ? { title: item.title, url: item.url } : undefined);
  const prev = link(order.pages[index - 1]);
  const next = link(order.pages[index + 1]);
  return { ...(prev ? { prev } : {}), ...(next ? { next } : {}) };
}

/** Spec 3.2 rule 2: the root page of a group whose effective `directory` is set lists the group's pages. */
function directoryOf(route: Route, placement: Placement, routesByUrl: ReadonlyMap<string, Route>): { directory?: DirectoryListing } {
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
