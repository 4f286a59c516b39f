/**
 * Loads a whole docs folder into the model the rest of the project works from: the
 * config, its navigation tree and its route table, with every problem found on the way.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/load-config.ts';
import { asStrict, hasErrors, locateIssue, sortDiagnostics, type Diagnostic, type Locate } from '../diagnostics.ts';
import type { LanguageCode } from '../schema/languages.ts';
import { normalizeOpenApi, resolveNavigation, type ResolvedNavigation } from '../navigation/tree.ts';
import { contextualSettings, type ContextualSettings } from '../contextual/page-menu.ts';
import { apiSettings, type ApiSettings } from '../openapi/api-settings.ts';
import { expandOpenApi } from '../openapi/expand.ts';
import { expandGraphql, type GraphqlReference } from '../graphql/expand.ts';
import { SpecLibrary } from '../openapi/library.ts';
import { expandAsyncApi } from '../asyncapi/expand.ts';
import { AsyncSpecLibrary } from '../asyncapi/library.ts';
import type { AsyncSpec } from '../asyncapi/model.ts';
import { expandSdk } from '../sdk/expand.ts';
import type { RemoteSpecOptions } from '../openapi/remote.ts';
import type { LoadedSpec } from '../openapi/specs.ts';
import type { PageContent } from '../markdown/page-content.ts';
import { integrationSettings, type IntegrationSettings } from '../integrations/settings.ts';
import { codeImportDiagnostics, contentDiagnostics } from '../pages/content-diagnostics.ts';
import { unusableVariables } from '../markdown/variables.ts';
import { unsupportedSettings } from '../config/unsupported-settings.ts';
import { missingConfigFiles } from '../config/config-files.ts';
import { importCycles } from '../pages/import-cycles.ts';
import { reactModuleTest } from '../pages/react-modules.ts';
import { importedFiles } from '../pages/references.ts';
import { scanPageFiles, type PageFile, type ScanOptions, type SnippetFile } from '../pages/page-files.ts';
import { ignoredPageFile, readDocsIgnore } from '../pages/mintignore.ts';
import { resolveCodeTheme, type CodeTheme } from '../html/code-themes.ts';
import { lastModifiedDates, type DatedPage } from '../pages/last-modified.ts';
import { withoutRestricted, type RestrictedPages } from '../navigation/restricted.ts';
import { resolveRedirects, type Redirect } from '../navigation/redirects.ts';
import { buildRouteTable, missingPagesIn, type Route } from '../navigation/routes.ts';
import type { DocsJson } from '../schema/docs-json.ts';
import { isSearchable } from './indexing.ts';
import { relatedPages, type RelatedLink, type RelatedSettings } from './related-pages.ts';

export interface Site {
  /** Absolute path of the folder holding docs.json. */
  docsDir: string;
  config?: DocsJson;
  navigation?: ResolvedNavigation;
  routes: Route[];
  defaultVersion: string | null;
  defaultLanguage: LanguageCode | null;
  /** Errors first; the site can be built only when there are none. */
  diagnostics: Diagnostic[];
  ok: boolean;
  /** The OpenAPI specs the site uses, by their path in the docs folder. */
  specs: Map<string, LoadedSpec>;
  /** The AsyncAPI documents the site's pages show, by their path in the docs folder. */
  asyncSpecs: Map<string, AsyncSpec>;
  /** The pages generated from GraphQL schemas: their views and the endpoints docs.json names. */
  graphql?: Pick<GraphqlReference, 'views' | 'endpoints'>;
  /** The Markdown of each SDK reference a page shows, by its label (`core/sdk/`). */
  sdkReferences?: Map<string, string>;
  /** The JSON files the config is made of (docs.json and the files it `$ref`s). */
  configFiles: string[];
  /** Where a place of the config (a JSON path) is written: its file and line (`broken-links` reports docs.json's links there). */
  locate?: Locate;
  /** The snippets pages import (`snippets/`), with what they hold. */
  snippets: SnippetFile[];
  /** docs.json `redirects`, one per old URL. */
  redirects: Redirect[];
  /** The same for a static host's `_redirects`: a redirect with parameters one rule where it can be (`resolveRedirects`). */
  redirectRules: Redirect[];
  /** Pages use components written for React (`isInteractiveReact`): the site needs React's renderer. */
  react: boolean;
  /** docs.json `api`: the playground, sample languages, servers. */
  api: ApiSettings;
  /** docs.json `contextual`: the page menu for AI tools, when it asks for one. */
  contextual?: ContextualSettings;
  /** docs.json `integrations`: the providers written right, and whether analytics may load. */
  integrations?: IntegrationSettings;
  /** docs.json `styling.codeblocks`: the code themes and the site's own languages. */
  codeTheme: CodeTheme;
  /** Each page file's last change (`last-modified.ts`), as an ISO timestamp. */
  lastModified: Map<string, string>;
  /** The "Related topics" of each page that shows them (`related-pages.ts`), by URL. */
  related: Map<string, RelatedLink[]>;
}

/** Files of code that pages import components from. */
export { SCRIPT_MODULE } from '../pages/react-modules.ts';

export interface LoadOptions extends ScanOptions {
  /** Every warning is an error: for teams whose CI must fail on anything Mintlify would only tolerate. */
  strict?: boolean;
  /** How specs named by URL are read; without it they are not read at all. */
  remoteSpecs?: RemoteSpecOptions;
  /** Whether pages may import code that is not the docs folder's (a warning); `false` makes it an error. */
  allowPageImports?: boolean;
  /** Whether the site has an MCP server for the page menu to connect to; unknown when undefined (`contextualSettings`). */
  mcp?: boolean;
  /** Pages for signed-in readers of some groups (`restricted.ts`): left out (the default), or published to everyone. */
  restrictedPages?: RestrictedPages;
  /** Whether pages show "Related topics", and which (`related-pages.ts`); none when absent. */
  relatedPages?: RelatedSettings;
}

/** What `loadSite` gives for a path that is no folder: nothing but the error that says so. */
function notAFolder(dir: string): Site {
  const diagnostic: Diagnostic = { severity: 'error', code: 'missing-folder', file: '.', message: `${dir} is not a folder.`, hint: 'Give the folder that holds docs.json.' };
  return {
    docsDir: dir,
    routes: [],
    defaultVersion: null,
    defaultLanguage: null,
    diagnostics: [diagnostic],
    ok: false,
    specs: new Map(),
    asyncSpecs: new Map(),
    configFiles: [],
    snippets: [],
    redirects: [],
    redirectRules: [],
    react: false,
    api: apiSettings(undefined).settings,
    lastModified: new Map(),
    related: new Map(),
    codeTheme: resolveCodeTheme(undefined, dir).theme,
  };
}

export async function loadSite(docsDir: string, options: LoadOptions = {}): Promise<Site> {
  const dir = path.resolve(docsDir);
  const isFolder = await stat(dir).then((stats) => stats.isDirectory(), () => false);
  if (!isFolder) return notAFolder(dir);
  // The pages are read with docs.json's `variables` replaced in them.
  // `.mintignore`, read again at each load, before anything reads the docs folder's files.
  const ignoreFile = readDocsIgnore(dir);
  const loaded = await loadConfig(dir);
  const variables = loaded.config?.variables;
  const scanned = await scanPageFiles(dir, { ...options, ...(variables ? { variables } : {}) });
  const code = resolveCodeTheme(loaded.config?.styling?.codeblocks, dir);
  const diagnostics: Diagnostic[] = [...ignoreFile.diagnostics, ...loaded.diagnostics, ...scanned.diagnostics, ...filesDiagnostics(dir, scanned, loaded.config, code.theme, options)];

  const navigation = loaded.config ? resolveNavigation(loaded.config) : undefined;
  const generated = await generatedPages(dir, loaded.config, navigation, scanned.pages, options);
  const { openapi, asyncapi, graphql, sdk } = generated;
  diagnostics.push(...generated.diagnostics);

  const ignoredPage = (page: string) => ignoredPageFile(dir, page);
  const table = buildRouteTable(navigation, [...scanned.pages, ...generated.pageFiles], ignoredPage);
  // Every output is made from the routes and the navigation: pages left out here are left out of all of them.
  const published = withoutRestricted(table.routes, navigation, options.restrictedPages);
  const lastModified = await lastModifiedDates(dir, published.routes.map(datedPage), { shown: showsTimestamps(loaded.config, published.routes) });
  diagnostics.push(...lastModified.diagnostics);
  const redirects = resolveRedirects(loaded.config?.redirects, published.routes.map((route) => route.url));
  // A config the schema refuses has no navigation; the pages it lists are checked as written.
  const unlisted = loaded.config ? [] : missingPagesIn(loaded.unchecked, scanned.pages, ignoredPage);
  const api = apiSettings(loaded.config);
  const contextual = contextualSettings(loaded.config, options.mcp === undefined ? {} : { mcp: options.mcp });
  const integrations = integrationSettings(loaded.config);
  const issues = [
    ...(navigation?.issues ?? []),
    ...generated.issues,
    ...table.issues,
    ...redirects.issues,
    ...unlisted,
    ...api.issues,
    ...contextual.issues,
    ...integrations.issues,
    ...unusableVariables(variables),
    ...(loaded.config ? unsupportedSettings(loaded.config) : []),
    ...(loaded.config ? missingConfigFiles(loaded.config, dir) : []),
    ...code.issues,
  ];
  for (const issue of issues) diagnostics.push(locateIssue(issue, loaded.locate));
  diagnostics.push(...table.diagnostics);
  const searchable = (route: Route) => isSearchable(route, loaded.config?.seo?.indexing);
  const related = relatedPages(published.routes, options.relatedPages, { redirects: redirects.redirects, searchable });
  diagnostics.push(...related.diagnostics);

  // Leaving out restricted pages is this build's choice, not something Mintlify tolerates: `strict` keeps them warnings.
  const sorted = sortDiagnostics([...(options.strict ? asStrict(diagnostics) : diagnostics), ...published.diagnostics]);
  return {
    docsDir: dir,
    ...(loaded.config ? { config: loaded.config } : {}),
    ...(navigation ? { navigation } : {}),
    routes: loaded.config ? published.routes : [],
    defaultVersion: navigation?.defaultVersion ?? null,
    defaultLanguage: navigation?.defaultLanguage ?? null,
    diagnostics: sorted,
    ok: loaded.config !== undefined && !hasErrors(sorted),
    specs: openapi.specs,
    asyncSpecs: asyncapi.specs,
    ...(graphql.views.size ? { graphql: { views: graphql.views, endpoints: graphql.endpoints } } : {}),
    ...(sdk.references.size ? { sdkReferences: sdk.references } : {}),
    configFiles: loaded.files,
    locate: loaded.locate,
    snippets: scanned.snippets,
    redirects: redirects.redirects,
    redirectRules: redirects.rules,
    react: usesReact(dir, [...scanned.pages, ...scanned.snippets]),
    api: api.settings,
    ...(contextual.settings ? { contextual: contextual.settings } : {}),
    ...(integrations.settings ? { integrations: integrations.settings } : {}),
    lastModified: lastModified.dates,
    related: related.byUrl,
    codeTheme: code.theme,
  };
}

/**
 * The pages generated from the specs and artifacts docs.json and frontmatter name: OpenAPI
 * operations, AsyncAPI channels, GraphQL operations and types, SDK symbols. Each kind is
 * told the pages before it, so that a page another already makes is not made twice.
 */
async function generatedPages(dir: string, config: DocsJson | undefined, navigation: ResolvedNavigation | undefined, pages: PageFile[], options: LoadOptions) {
  // Every spec of the docs folder is known up front; each is read only when something needs it.
  const library = await SpecLibrary.open(dir, { ...(options.exclude ? { exclude: options.exclude } : {}), ...(options.remoteSpecs ? { remote: options.remoteSpecs } : {}) });
  const openapi = await expandOpenApi(navigation, normalizeOpenApi(config?.api?.openapi) ?? [], library, pages);
  const asyncapi = expandAsyncApi(config, navigation, new AsyncSpecLibrary(dir), [...pages, ...openapi.pageFiles]);
  const graphql = await expandGraphql(dir, config, navigation, [...pages, ...openapi.pageFiles, ...asyncapi.pageFiles], options.remoteSpecs);
  const sdk = await expandSdk(navigation, config, dir, pages);
  const kinds = [openapi, asyncapi, graphql, sdk];
  return {
    openapi,
    asyncapi,
    graphql,
    sdk,
    pageFiles: kinds.flatMap((kind) => kind.pageFiles),
    diagnostics: kinds.flatMap((kind) => kind.diagnostics),
    issues: kinds.flatMap((kind) => kind.issues),
  };
}

/** What the pages and snippets hold: their content, their imports (cycles, packages). */
function filesDiagnostics(dir: string, scanned: Awaited<ReturnType<typeof scanPageFiles>>, config: DocsJson | undefined, theme: CodeTheme, options: LoadOptions): Diagnostic[] {
  const files = [...scanned.pages, ...scanned.snippets];
  const content = contentDiagnostics(dir, files, {
    ...(config?.icons?.library ? { iconLibrary: config.icons.library } : {}),
    ...(options.allowPageImports !== undefined ? { allowPageImports: options.allowPageImports } : {}),
    ...(config?.styling?.latex === false ? { latex: false } : {}),
    variables: Object.keys(config?.variables ?? {}),
    customLanguages: theme.languageNames,
  });
  return [...content, ...importCycles(dir, files), ...codeImportDiagnostics(dir, files)];
}

/** A page an OpenAPI spec, AsyncAPI document, GraphQL schema or SDK artifact generates is dated by the commits of that file. */
function datedPage(route: Route): DatedPage {
  const generated = !/\.mdx?$/i.test(route.file);
  const source = generated ? (route.operation?.spec ?? route.channel?.spec ?? route.sdk?.source ?? route.graphql?.schema) : route.graphql?.schema;
  return { file: route.file, frontmatter: route.frontmatter, ...(source ? { source } : {}) };
}

/** Whether any page shows its last-modified date: docs.json `metadata.timestamp`, or a page's own `timestamp`. */
function showsTimestamps(config: DocsJson | undefined, routes: readonly Route[]): boolean {
  const site = config?.metadata?.['timestamp'] === true;
  return routes.some((route) => route.frontmatter.timestamp ?? site);
}

/** Whether pages define components written for React, or import them from `.jsx` (or `.tsx`, `.js`) files (`reactModuleTest`). */
function usesReact(docsDir: string, files: ReadonlyArray<{ file: string; content: PageContent }>): boolean {
  const isReactModule = reactModuleTest(docsDir);
  return files.some(({ file, content }) => content.react === true || importedFiles(docsDir, file, content.references).some(isReactModule));
}
