/**
 * The route table: one route per page file, in navigation order, each knowing its URL,
 * file, title, version, language and the navigation elements above it. Pages that no
 * navigation lists are hidden routes: built and served, but in no sidebar.
 */
import { closestMatches, listOf, type ConfigIssue, type Diagnostic, type JsonPath } from '../diagnostics.ts';
import type { LanguageCode } from '../schema/languages.ts';
import type { PageContent } from '../markdown/page-content.ts';
import type { DivisionNode, GroupNode, NavNode, PageNode, ResolvedNavigation } from './tree.ts';
import type { PageFile, SdkReference } from '../pages/page-files.ts';
import { describeRule, unignoreHint, type IgnoredFile } from '../pages/mintignore.ts';
import { normalizePagePath, pageUrl, parseOperationRef, titleFromPath, type ChannelTarget, type GraphqlTarget, type OperationTarget } from '../paths/page-path.ts';
import { showsTitle, type Frontmatter } from '../schema/frontmatter.ts';

export interface Route {
  /** `/`, `/guides/intro`: no trailing slash. */
  url: string;
  /** Relative to the docs folder: `guides/intro.mdx`. */
  file: string;
  /** The page path: `guides/intro`. */
  page: string;
  title: string;
  /**
   * Its frontmatter's title is blank (`title: " "`): the page draws its own heading, and
   * `title`, for tabs, links and search, is its sidebar title or one made from its path.
   */
  untitled?: true;
  /** The shorter title the sidebar shows, defaulting to the title. */
  sidebarTitle: string;
  description?: string;
  frontmatter: Frontmatter;
  version: string | null;
  language: LanguageCode | null;
  /** Not listed in the navigation. */
  hidden: boolean;
  /** The divisions and groups from the navigation's root down to the page. */
  chain: Array<DivisionNode | GroupNode>;
  /** Where the navigation lists the page; absent for hidden pages. */
  node?: PageNode;
  /** The OpenAPI operation the page renders, whole or below its content. */
  operation?: OperationTarget;
  /** The AsyncAPI channel the page renders, whole or below its content. */
  channel?: ChannelTarget;
  /** The GraphQL operation or type a generated page shows. */
  graphql?: GraphqlTarget;
  /** The SDK reference the page renders, whole or below its content. */
  sdk?: SdkReference;
  /** What the page's file holds (`analyzePageContent`). */
  content: PageContent;
  /**
   * Frontmatter `url`: the page is a link in the navigation to this address (another site,
   * as a rule), not a page of the site's; its own URL leads there (`linkTarget`).
   */
  link?: string;
}

/** Where a page with frontmatter `url` leads: the address, or undefined for a page of its own. */
export function linkTarget(frontmatter: Frontmatter): string | undefined {
  const url = frontmatter.url?.trim();
  return url ? url : undefined;
}

interface Listing {
  node: PageNode;
  chain: Array<DivisionNode | GroupNode>;
  version?: DivisionNode;
  language?: DivisionNode;
}

export interface RouteTable {
  routes: Route[];
  /** Problems at a place in docs.json (a page listed but missing). */
  issues: ConfigIssue[];
  /** Problems with the page files themselves (two files for one URL). */
  diagnostics: Diagnostic[];
}

/** The file of a page that `.mintignore` leaves out, and the rule that does (`ignoredPageFile`); undefined for a page with no file. */
export type IgnoredPage = (page: string) => IgnoredFile | undefined;

export function buildRouteTable(navigation: ResolvedNavigation | undefined, pageFiles: readonly PageFile[], ignoredPage?: IgnoredPage): RouteTable {
  const issues: ConfigIssue[] = [];
  const diagnostics: Diagnostic[] = [];
  const filesByUrl = indexByUrl(pageFiles, diagnostics);

  const listings = navigation ? listPages(navigation.children) : [];
  const primary = new Map<string, Listing>();
  for (const listing of listings) {
    if (!filesByUrl.has(listing.node.url)) {
      issues.push(missingPageIssue(listing, pageFiles, ignoredPage));
      continue;
    }
    const current = primary.get(listing.node.url);
    if (!current || rank(listing) < rank(current)) primary.set(listing.node.url, listing);
  }

  const routes: Route[] = [];
  for (const [url, listing] of primary) {
    routes.push(
      toRoute(filesByUrl.get(url)!, {
        hidden: false,
        chain: listing.chain,
        node: listing.node,
        version: listing.version?.name ?? null,
        language: listing.language?.language ?? null,
      }),
    );
  }

  const inferred = inferPlacement(routes, navigation);
  for (const [url, file] of filesByUrl) {
    if (primary.has(url) || file.listedOnly) continue;
    routes.push(toRoute(file, { hidden: true, chain: [], ...inferred(file.page) }));
  }
  return { routes, issues, diagnostics };
}

/** Where a page listed several times belongs: its default version, then default language, then the first listing. */
function rank(listing: Listing): number {
  return (listing.version && !listing.version.isDefault ? 2 : 0) + (listing.language && !listing.language.isDefault ? 1 : 0);
}

function toRoute(file: PageFile, placement: Pick<Route, 'hidden' | 'chain' | 'node' | 'version' | 'language'>): Route {
  const { frontmatter } = file;
  const untitled = frontmatter.title !== undefined && !showsTitle(frontmatter);
  const title = (untitled ? nonBlank(frontmatter.sidebarTitle) : frontmatter.title) ?? titleFromPath(file.page);
  const link = linkTarget(frontmatter);
  return {
    url: file.url,
    file: file.file,
    page: file.page,
    title,
    ...(untitled ? { untitled } : {}),
    sidebarTitle: frontmatter.sidebarTitle ?? title,
    ...(frontmatter.description !== undefined ? { description: frontmatter.description } : {}),
    frontmatter,
    content: file.content,
    ...(file.operation ? { operation: file.operation } : {}),
    ...(file.channel ? { channel: file.channel } : {}),
    ...(file.graphql ? { graphql: file.graphql } : {}),
    ...(file.sdk ? { sdk: file.sdk } : {}),
    ...(link ? { link } : {}),
    ...placement,
  };
}

const nonBlank = (text: string | undefined) => (text?.trim() ? text : undefined);

/** Every page the navigation lists, with the divisions and groups above it, in order. */
function listPages(nodes: readonly NavNode[]): Listing[] {
  const listings: Listing[] = [];
  const visit = (node: NavNode, context: Omit<Listing, 'node'>) => {
    if (node.type === 'page') listings.push({ node, ...context });
    else if (node.type === 'group') {
      const inner = { ...context, chain: [...context.chain, node] };
      if (node.root) listings.push({ node: node.root, ...inner });
      node.children.forEach((child) => visit(child, inner));
    } else if (node.type === 'division') {
      const inner = {
        chain: [...context.chain, node],
        version: node.kind === 'version' ? node : context.version,
        language: node.kind === 'language' ? node : context.language,
      };
      node.children.forEach((child) => visit(child, inner));
      for (const item of node.menu) {
        const itemContext = { ...inner, chain: [...inner.chain, item] };
        item.children.forEach((child) => visit(child, itemContext));
      }
    }
  };
  nodes.forEach((node) => visit(node, { chain: [] }));
  return listings;
}

/**
 * Files by URL. `x.md` beside `x.mdx` is one page (the `.mdx` wins, with a warning);
 * `x.mdx` beside `x/index.mdx` is a conflict, since both would be served at `/x`.
 */
function indexByUrl(pageFiles: readonly PageFile[], diagnostics: Diagnostic[]): Map<string, PageFile> {
  const byUrl = new Map<string, PageFile>();
  for (const file of pageFiles) {
    const existing = byUrl.get(file.url);
    if (!existing) {
      byUrl.set(file.url, file);
    } else if (existing.page === file.page) {
      const [kept, dropped] = existing.file.endsWith('.mdx') ? [existing, file] : [file, existing];
      byUrl.set(file.url, kept);
      diagnostics.push({
        severity: 'warning',
        code: 'duplicate-page',
        file: dropped.file,
        message: `${dropped.file} and ${kept.file} are the same page; ${kept.file} is used.`,
        hint: `Delete or rename ${dropped.file}.`,
      });
    } else {
      diagnostics.push({
        severity: 'error',
        code: 'url-conflict',
        file: file.file,
        message: `${existing.file} and ${file.file} would both be served at ${file.url}.`,
        hint: 'Rename or remove one of them.',
      });
    }
  }
  return byUrl;
}

function missingPageIssue(listing: Listing, pageFiles: readonly PageFile[], ignoredPage?: IgnoredPage): ConfigIssue {
  return missingPage(listing.node.page, listing.node.jsonPath, listing.chain.at(-1)?.name, pageFiles, ignoredPage);
}

/**
 * The pages a config that does not match the schema lists without a file, so that one run
 * reports them with the schema's errors. The config is walked as written: it has no
 * navigation tree, only objects with `pages` and groups with a `root`.
 */
export function missingPagesIn(config: unknown, pageFiles: readonly PageFile[], ignoredPage?: IgnoredPage): ConfigIssue[] {
  const existing = new Set(pageFiles.map((file) => file.url));
  const issues: ConfigIssue[] = [];
  const check = (entry: unknown, at: JsonPath, group: string | undefined) => {
    if (typeof entry !== 'string' || parseOperationRef(entry)) return;
    const page = normalizePagePath(entry);
    if (!existing.has(pageUrl(page))) issues.push(missingPage(page, at, group, pageFiles, ignoredPage));
  };
  // A stack, not recursion: a config may nest deeper than the call stack goes.
  const stack: Array<{ value: unknown; at: JsonPath }> = [{ value: (config as { navigation?: unknown } | null)?.navigation, at: ['navigation'] }];
  while (stack.length > 0) {
    const { value, at } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, at: [...at, index] }));
      continue;
    }
    const record = value as Record<string, unknown>;
    const group = typeof record.group === 'string' ? record.group : undefined;
    if (group !== undefined) check(record.root, [...at, 'root'], group);
    for (const [key, child] of Object.entries(record)) {
      if (key === 'pages' && Array.isArray(child)) child.forEach((entry, index) => check(entry, [...at, key, index], group));
      if (typeof child === 'object') stack.push({ value: child, at: [...at, key] });
    }
  }
  return issues.reverse();
}

function missingPage(page: string, jsonPath: JsonPath, groupName: string | undefined, pageFiles: readonly PageFile[], ignoredPage?: IgnoredPage): ConfigIssue {
  const isRoot = jsonPath.at(-1) === 'root';
  const ignored = ignoredPage?.(page);
  if (ignored) return ignoredPageIssue(page, jsonPath, isRoot ? groupName : undefined, ignored);
  const candidates = closestMatches(page, pageFiles.map((file) => file.page), 3);
  // Mintlify leaves such an entry out and builds the rest; so do we, and say so.
  return {
    severity: 'warning',
    code: 'missing-page',
    at: jsonPath,
    omitted: page,
    message: isRoot
      ? `The root page \`${page}\` of the group ${JSON.stringify(groupName)} does not exist: there is no ${page}.mdx or ${page}.md. The group is built without it.`
      : `The page \`${page}\` is listed in the navigation, but there is no ${page}.mdx or ${page}.md: it is left out.`,
    hint: candidates.length
      ? `Page paths are relative to docs.json, without the extension. Closest existing pages: ${listOf(candidates)}.`
      : 'Page paths are relative to docs.json, without the extension.',
  };
}

/** A page the navigation lists whose file `.mintignore` leaves out: as Mintlify builds it, the page does not exist. */
function ignoredPageIssue(page: string, jsonPath: JsonPath, rootOf: string | undefined, { file, rule }: IgnoredFile): ConfigIssue {
  const listed = rootOf === undefined ? `The page \`${page}\` is listed in the navigation` : `The root page \`${page}\` of the group ${JSON.stringify(rootOf)} is listed`;
  return {
    severity: 'warning',
    code: 'ignored-page',
    at: jsonPath,
    omitted: page,
    message: `${listed}, but ${file} is ignored by ${describeRule(rule)}: it is left out${rootOf === undefined ? '' : ', and the group is built without it'}.`,
    hint: `Remove it from the navigation if it is not to be published. ${unignoreHint(file, rule)}`,
  };
}

/**
 * The version and language of a page no navigation lists, taken from the listed pages
 * in its folder: the nearest folder whose listed pages all agree wins, else the defaults
 * (so `v2/old-page` belongs with the other pages under `v2/`).
 */
function inferPlacement(listed: readonly Route[], navigation: ResolvedNavigation | undefined) {
  const byFolder = new Map<string, { versions: Set<string | null>; languages: Set<LanguageCode | null> }>();
  for (const route of listed) {
    const segments = route.page.split('/').slice(0, -1);
    for (let depth = 1; depth <= segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/');
      const entry = byFolder.get(folder) ?? { versions: new Set(), languages: new Set() };
      entry.versions.add(route.version);
      entry.languages.add(route.language);
      byFolder.set(folder, entry);
    }
  }
  const fallback = { version: navigation?.defaultVersion ?? null, language: navigation?.defaultLanguage ?? null };

  return (page: string): Pick<Route, 'version' | 'language'> => {
    const segments = page.split('/').slice(0, -1);
    let version: string | null | undefined;
    let language: LanguageCode | null | undefined;
    for (let depth = segments.length; depth >= 1 && (version === undefined || language === undefined); depth--) {
      const entry = byFolder.get(segments.slice(0, depth).join('/'));
      if (!entry) continue;
      if (version === undefined && entry.versions.size === 1) version = [...entry.versions][0];
      if (language === undefined && entry.languages.size === 1) language = [...entry.languages][0];
    }
    return {
      version: version === undefined ? fallback.version : version,
      language: language === undefined ? fallback.language : language,
    };
  };
}
