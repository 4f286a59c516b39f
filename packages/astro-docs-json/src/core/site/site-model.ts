/**
 * The view of a site that its pages are rendered from. A site is cut into sections: the
 * tab, anchor, dropdown, product or menu item a page belongs to, within its version and
 * language. Each section's sidebar and switchers are computed here once; each page only
 * adds what is its own (its section, the groups to open, breadcrumbs, previous and next).
 * Pure, JSON-serialisable data: it crosses into Astro through a virtual module.
 */
import { playgroundMode, type ApiSettings, type PlaygroundMode } from '../openapi/api-settings.ts';
import { fieldsForm, type PlaygroundForm } from '../openapi/playground-form.ts';
import type { LanguageCode } from '../schema/languages.ts';
import type { GlobalLinkNode } from '../navigation/tree.ts';
import type { ChannelTarget, GraphqlTarget, OperationTarget } from '../paths/page-path.ts';
import type { SdkReference } from '../pages/page-files.ts';
import { agentInstructions } from '../markdown/agent-instructions.ts';
import type { Route } from '../navigation/routes.ts';
import type { Directory, DivisionKind, Icon, LanguageSettings } from '../schema/docs-json.ts';
import { META_KEY, type Frontmatter } from '../schema/frontmatter.ts';
import type { Site } from './load-site.ts';
import { drawingsOf, type Drawings } from './drawings.ts';
import { buildSections, type Placement, type SiteSections } from './sections.ts';
import { sidebarPages } from './reading-order.ts';
import { isIndexable, isSearchable, searchBoost } from './indexing.ts';
import type { RelatedLink } from './related-pages.ts';
import { breadcrumbs, directoryOf, eyebrow, neighbours, pageOrder } from './page-position.ts';
import { collectLanguages, collectScopes, collectVersions, scopeFolderStripper, type LanguageInfo, type Scope, type VersionInfo } from './scopes.ts';

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
  /** The AsyncAPI channel the page renders: the whole page when `file` is a document, else below the content. */
  channel?: ChannelTarget;
  /** The GraphQL operation or type a generated page shows. */
  graphql?: GraphqlTarget;
  /** The SDK reference the page shows: the whole page when generated, else below the content. */
  sdk?: SdkReference;
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
  /** Its "Related topics" (`related-pages.ts`). */
  related?: RelatedLink[];
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
  /** The AsyncAPI documents channel pages are made from, by their path in the docs folder (served at that path). */
  asyncSpecs: string[];
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
    asyncSpecs: [...site.asyncSpecs.keys()],
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
    const related = site.related.get(route.url);
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
      ...(route.channel ? { channel: route.channel } : {}),
      ...(route.graphql ? { graphql: route.graphql } : {}),
      ...(route.sdk ? { sdk: route.sdk } : {}),
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
      ...(related ? { related } : {}),
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

