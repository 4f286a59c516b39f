/**
 * Hands the loaded site to the injected routes through virtual modules, so the site is
 * loaded and its sidebars rendered once per build, not once per page. In `astro dev` it
 * watches the docs folder: a change to docs.json or a page reloads the site, and the
 * browser, without restarting the server.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import type { EnvironmentModuleNode, Plugin, ViteDevServer } from 'vite';
import { formatDiagnostic, summarize } from '../../core/report/format.ts';
import { loadSite, type LoadOptions, type Site } from '../../core/site/load-site.ts';
import type { ChannelTarget, OperationTarget } from '../../core/paths/page-path.ts';
import { channelLabel } from '../../core/asyncapi/expand.ts';
import { channelView, findChannel } from '../../core/asyncapi/view.ts';
import type { Route } from '../../core/navigation/routes.ts';
import type { SiteModel } from '../../core/site/site-model.ts';
import { targetLabel } from '../../core/openapi/expand.ts';
import { declaredServers } from '../../core/openapi/declared-servers.ts';
import { declaredSocketServers } from '../../core/asyncapi/socket-targets.ts';
import { SOCKET_PROXY_ROUTE } from '../../core/paths/docs-routes.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { textDigest } from '../../core/text-digest.ts';
import type { CustomCode } from '../../core/pages/custom-code.ts';
import type { McpConnection } from '../../core/contextual/mcp-connection.ts';
import { findOperation, operationView } from '../../core/openapi/view.ts';
import { redirectFor } from '../../core/navigation/redirects.ts';
import { diagnosticsToLog } from '../../core/report/summary.ts';
import { MAX_UTILITY_CLASSES, utilityInput } from '../../core/theme/tailwind.ts';
import { cachedUtilities } from '../build/utilities-cache.ts';
import { mdxRenderedFromSource } from '../../core/pages/render-path.ts';
import { MINTIGNORE } from '../../core/pages/mintignore.ts';
import type { AgentJobsOptions, DocsJsonOptions } from '../../options.ts';
import type { ConnectionLimits } from '../server/connection-limits.ts';
import type { McpLimits } from '../../mcp/limits.ts';
import { prepareRenderData } from '../render/render-data.ts';
import type { BrowserHighlighting } from '../react/highlight-settings.ts';
import { DocsFolderWatcher } from './docs-watcher.ts';

/** What the MCP route reads from the `mcp-server` module. */
export interface McpServerSettings extends McpLimits {
  trustedProxies: string[];
}

const DATA = 'virtual:astro-docs-json/data';
const PAGES = 'virtual:astro-docs-json/pages';
const ICONS = 'virtual:astro-docs-json/icons';
/** One module per OpenAPI operation, loaded by the pages that show it. */
const OPERATION = 'virtual:astro-docs-json/operation/';
const CHANNEL = 'virtual:astro-docs-json/channel/';
/** One module per generated GraphQL page, holding its view. */
const GRAPHQL = 'virtual:astro-docs-json/graphql/';
/** One module per SDK reference (its Markdown), loaded by the pages that show it. */
const SDK_REFERENCE = 'virtual:astro-docs-json/sdk-reference/';
const AGENT_JOBS = 'virtual:astro-docs-json/agent-jobs';
const REDIRECTS = 'virtual:astro-docs-json/redirects';
const PLAYGROUND_PROXY = 'virtual:astro-docs-json/playground-proxy';
const SOCKET_PROXY = 'virtual:astro-docs-json/socket-proxy';
const CONNECTION_LIMITS = 'virtual:astro-docs-json/connection-limits';
const PAGE_URLS = 'virtual:astro-docs-json/page-urls';
const UTILITIES = 'virtual:astro-docs-json/utilities';
const CODE_HIGHLIGHTING = 'virtual:astro-docs-json/code-highlighting';
const MCP_SERVER = 'virtual:astro-docs-json/mcp-server';

export interface PluginContext {
  docsDir: string;
  loadOptions: LoadOptions;
  base: string;
  root: string;
  logger: AstroIntegrationLogger;
  /** With the site's trusted proxies, by which the endpoint tells its clients apart. */
  agentJobs: (AgentJobsOptions & { trustedProxies: string[] }) | undefined;
  search: DocsJsonOptions['search'];
  /** Whether plain `.mdx` pages may be rendered as Markdown: MDX has no options of the site's own. */
  plainMdx: boolean;
  /**
   * Whether MDX pages may be rendered from their source (`mdx-pages.ts`): MDX has no options
   * of the site's own, and the site's Markdown processor is Sätteri, whose settings we apply.
   * Known once Astro's config is final.
   */
  mdxFromSource(): boolean;
  /** The playground proxy's URL, when the site has a server to run it (an adapter). */
  playgroundProxy?: string;
  /** The docs folder's own styles and scripts (`custom-code.ts`). */
  customCode?: CustomCode;
  /** The `connectionLimits` option, for the node adapter's standalone server (`server/node-upgrade.ts`). */
  connectionLimits?: ConnectionLimits;
  /** The `playgroundProxy` option: the proxy's deadline and body caps. */
  playgroundProxyLimits?: DocsJsonOptions['playgroundProxy'];
  /** The compiled Tailwind classes of the site as first loaded (`compileSiteUtilities`). */
  utilities: string;
  /** How assistants connect to the site's MCP server. */
  mcp?: McpConnection;
  /** The MCP endpoint's limits, and the proxies whose headers name its clients (`mcp-server` module). */
  mcpServer?: McpServerSettings;
  /** Whether pages load docs.json `integrations` (not in `astro dev`, unless `analyticsInDev`). */
  integrations?: boolean;
  /** The build draws the pages' social images, which they link. */
  socialImages?: boolean;
  /** Told of the site `astro dev` loaded again, for what reads it as it is now (docs.json `variables`). */
  reloaded?(site: Site): void;
  /** The highlighter settings the browser highlights code a React component changes with: known once Astro's config is final. */
  codeHighlighting(): BrowserHighlighting | undefined;
  /** In a build whose pages are rendered in this process (no adapter), the folder of the file the prerender bundle reads the site's data from (`dataFromFile`). */
  dataDir?: string;
}

/** The plugin, and the site model its pages are rendered from, for what comes after the build. */
export function vitePluginDocsJson(initial: Site, context: PluginContext): Plugin & { api: { model(): SiteModel } } {
  const served = new ServedSite(initial, context);
  const modules = moduleSources(served, context);
  const docsWatcher = new DocsFolderWatcher(context.docsDir);
  return {
    name: 'astro-docs-json:virtual-modules',
    api: { model: () => served.prepared.data.model },
    // The dev server's watcher leaves the docs folder to ours (`docs-watcher.ts`), unless the site turned watching off.
    config(config, { command }) {
      if (command === 'serve' && config.server?.watch !== null) return { server: { watch: { ignored: [docsWatcher.covers] } } };
    },
    configResolved(config) {
      docsWatcher.leaveOut([config.cacheDir, path.resolve(config.root, config.build.outDir)]);
    },
    closeBundle() {
      docsWatcher.close();
    },
    resolveId(id) {
      if (id in modules || id.startsWith(OPERATION) || id.startsWith(CHANNEL) || id.startsWith(GRAPHQL) || id.startsWith(SDK_REFERENCE)) return `\0${id}`;
    },
    load(id) {
      if (!id.startsWith('\0')) return undefined;
      if (id === `\0${DATA}` && runsInThisProcess(this.environment)) return handedOverData(served);
      if (id === `\0${DATA}` && context.dataDir && this.environment.name === 'prerender') return dataFromFile(served, context.dataDir);
      if (id.startsWith(`\0${OPERATION}`)) return operationModule(served.site, Number(id.slice(OPERATION.length + 1)));
      if (id.startsWith(`\0${CHANNEL}`)) return channelModule(served.site, Number(id.slice(CHANNEL.length + 1)));
      if (id.startsWith(`\0${GRAPHQL}`)) return graphqlModule(served.site, Number(id.slice(GRAPHQL.length + 1)));
      if (id.startsWith(`\0${SDK_REFERENCE}`)) return sdkReferenceModule(served.site, Number(id.slice(SDK_REFERENCE.length + 1)));
      return modules[id.slice(1)]?.();
    },
    configureServer(server) {
      if (server.config.server.watch !== null) docsWatcher.start(server.watcher);
      watchDocsFolder(server, context.docsDir, () => served.reload(server));
      // Redirects are answered here, from docs.json as it is now, so that changing them needs
      // no restart (index.ts gives Astro none in dev).
      server.middlewares.use((request, response, next) => {
        const redirect = redirectFor(served.site.redirects, new URL(request.url ?? '/', 'http://localhost').pathname, context.base);
        if (!redirect) return next();
        response.writeHead(redirect.status, { ...redirect.headers, 'Cache-Control': 'no-store' }).end();
      });
    },
  };
}

/** The site the virtual modules serve: as loaded when Astro's config was set up, then as `astro dev` reloads it. */
class ServedSite {
  site: Site;
  utilities: string;
  prepared: ReturnType<typeof prepare>;
  readonly context: PluginContext;

  constructor(site: Site, context: PluginContext) {
    this.context = context;
    this.site = site;
    this.utilities = context.utilities;
    this.prepared = prepare(site, context, this.utilities);
  }

  /** Loads the docs folder again; with errors, the browser shows them and the site stays as it was. */
  async reload(server: ViteDevServer): Promise<void> {
    const { context } = this;
    const next = await loadSite(context.docsDir, context.loadOptions);
    report(next, context);
    if (!next.ok) {
      const errors = next.diagnostics.filter((d) => d.severity === 'error');
      server.ws.send({
        type: 'error',
        err: {
          message: `docs.json has ${summarize(next.diagnostics).text}:\n\n${errors.map((d) => formatDiagnostic(d, context.docsDir, undefined, context.root)).join('\n\n')}`,
          stack: '',
          plugin: 'astro-docs-json',
        },
      });
      return;
    }
    this.site = next;
    context.reloaded?.(next);
    this.utilities = await compileSiteUtilities(next, context.logger);
    this.prepared = prepare(next, context, this.utilities);
    invalidateVirtualModules(server);
    server.ws.send({ type: 'full-reload' });
  }
}

/** The source of each virtual module, from the site as it is served now. */
function moduleSources(served: ServedSite, context: PluginContext): Record<string, () => string> {
  return {
    // Without the pages' last-modified dates, which every page would otherwise depend on: the page route reads its own (`pageLastModified`).
    [DATA]: () => embeddedData(JSON.stringify(served.prepared.data, withoutDates)),
    [PAGES]: () => pagesModule(served.site, context),
    // The MCP endpoint's limits and trusted proxies; `undefined` without an endpoint.
    [MCP_SERVER]: () => `export default ${JSON.stringify(context.mcpServer)};`,
    // The endpoint's settings, and the URL template the status component polls. No secret here.
    [AGENT_JOBS]: () => {
      const agentJobs = context.agentJobs && {
        ...context.agentJobs,
        endpoint: `${context.base}${context.agentJobs.route.replace('[projectId]', '{projectId}').replace('[id]', '{id}')}`,
      };
      return `export default ${JSON.stringify(agentJobs)};`;
    },
    // docs.json redirects by source, for the server's redirect route.
    [REDIRECTS]: () => `export default ${JSON.stringify(served.site.redirects)};`,
    // The servers the playground's proxy may forward to (those the docs declare), and its limits.
    [PLAYGROUND_PROXY]: () => `export default ${JSON.stringify({ ...context.playgroundProxyLimits, servers: [...declaredServers(served.site), ...(served.site.graphql?.endpoints ?? []).map((url) => ({ url, variables: [] }))] })};`,
    // The WebSocket servers the socket proxy may connect to, and its path when the site has a proxy.
    [SOCKET_PROXY]: () => {
      const path = context.playgroundProxy && served.site.api.proxy ? `${context.base}${SOCKET_PROXY_ROUTE}` : undefined;
      return `export default ${JSON.stringify({ ...(path ? { path } : {}), servers: declaredSocketServers(served.site.asyncSpecs.values()) })};`;
    },
    // The bounds on the standalone server's connections; undefined keeps the defaults.
    [CONNECTION_LIMITS]: () => `export default ${JSON.stringify(context.connectionLimits ?? null)};`,
    // Every page's address, for the server's trailing-slash redirects (middleware.ts).
    [PAGE_URLS]: () => `export default ${JSON.stringify(served.prepared.data.model.pages.map((page) => hrefFor(page.url, context.base)))};`,
    [UTILITIES]: () => `export const css = ${JSON.stringify(served.utilities)};\nexport const href = ${JSON.stringify(served.prepared.data.utilitiesHref)};`,
    [CODE_HIGHLIGHTING]: () => `export default ${JSON.stringify(context.codeHighlighting() ?? null)};`,
    [ICONS]: () => `export const css = ${JSON.stringify(served.prepared.iconStyles)};\nexport const href = ${JSON.stringify(served.prepared.data.iconsHref)};`,
  };
}

/**
 * The site's data as a module that takes it from `globalThis`, for routes that run in this
 * process (the dev server's module runner): as a module's text, a large site's data is tens
 * of megabytes (21 MB at 25,200 pages), which the dev server would transform, map and
 * compile at each start and each edit, seconds each time. Read without the pages' dates, as
 * the module's text has it; each edit's data is handed over anew before the module is.
 */
function handedOverData(served: ServedSite): string {
  const holder = globalThis as { [SITE_DATA]?: () => unknown };
  let given: { prepared: ServedSite['prepared']; data: unknown } | undefined;
  holder[SITE_DATA] = () => {
    if (given?.prepared !== served.prepared) given = { prepared: served.prepared, data: withoutPageDates(served.prepared.data) };
    return given.data;
  };
  return `export default globalThis[Symbol.for(${JSON.stringify(SITE_DATA.description)})]();`;
}

const SITE_DATA = Symbol.for('astro-docs-json.site-data');

/**
 * The site's data as a module that reads it from a file in `dir`, for the prerender bundle of a build
 * whose pages are rendered in this process and its render workers. As the module's text, a
 * large site's data was held by each of those threads twice over and more: as the bundle's
 * source, two bytes a character once a page's text is not all Latin-1 (41 MB at 25,200
 * pages), and as the string parsed (18 MB); and the bundler went through it at each build.
 */
function dataFromFile(served: ServedSite, dir: string): string {
  const text = JSON.stringify(served.prepared.data, withoutDates);
  // Named by its digest, so that the module's text changes with the data: Astro's incremental
  // build renders a page again when a module it imports changed. The files of builds before go.
  const name = `site-data-${textDigest(text)}.json`;
  try {
    mkdirSync(dir, { recursive: true });
    for (const old of readdirSync(dir)) if (old !== name && /^site-data-[\w-]+\.json$/.test(old)) rmSync(path.join(dir, old), { force: true });
    writeFileSync(path.join(dir, name), text);
  } catch {
    return embeddedData(text); // a cache folder that cannot be written: the bundle carries the data, as before
  }
  return `import { readFileSync } from 'node:fs';\nexport default JSON.parse(readFileSync(${JSON.stringify(path.join(dir, name))}, 'utf8'));`;
}

/** A module whose value is `json`, parsed: JSON text parses faster than the same value as JavaScript. */
const embeddedData = (json: string) => `export default JSON.parse(${JSON.stringify(json)});`;

/** A module runner of the dev server that runs here, in the integration's process: not a build's bundler, nor another runtime's. */
const runsInThisProcess = (environment: unknown) => typeof environment === 'object' && environment !== null && 'runner' in environment;

function withoutPageDates<T extends { model: { pages: ReadonlyArray<{ lastModified?: string }> } }>(data: T): T {
  return { ...data, model: { ...data.model, pages: data.model.pages.map(({ lastModified: _, ...page }) => page) } };
}

/** A JSON replacer that leaves out the page views' `lastModified`. */
const withoutDates = (key: string, value: unknown) => (key === 'lastModified' ? undefined : value);

/** How each page file is rendered, and how the operations pages show are loaded. */
function pagesModule(site: Site, context: PluginContext): string {
  // Pages are rendered from their source (markdown-pages.ts, mdx-pages.ts) where they can be, not imported.
  const mdx = context.mdxFromSource() ? mdxRenderedFromSource(site.docsDir, [...site.routes, ...site.snippets]) : new Set<string>();
  const isPlainMarkdown = (route: Route) => route.content.plain && (context.plainMdx || /\.md$/i.test(route.file));
  const renderedAs = (route: Route) => (isPlainMarkdown(route) ? 'markdown' : mdx.has(route.file) ? 'mdx' : 'module');
  const files = site.routes.filter((route) => /\.mdx?$/i.test(route.file));
  const modules = files.filter((route) => renderedAs(route) === 'module');
  const entries = modules.map((route) => `  ${JSON.stringify(route.file)}: () => import(${JSON.stringify(path.join(site.docsDir, route.file))}),`);
  const fromSource = files.filter((route) => renderedAs(route) === 'mdx').map((route) => route.file);
  const operations = [...operationIndex(site).keys()].map((label, index) => `  ${JSON.stringify(label)}: () => import(${JSON.stringify(`${OPERATION}${index}`)}),`);
  const channels = [...channelIndex(site).keys()].map((label, index) => `  ${JSON.stringify(label)}: () => import(${JSON.stringify(`${CHANNEL}${index}`)}),`);
  const graphqlEntries = [...(site.graphql?.views.keys() ?? [])].map((label, index) => `  ${JSON.stringify(label)}: () => import(${JSON.stringify(`${GRAPHQL}${index}`)}),`);
  const sdkReferences = [...(site.sdkReferences?.keys() ?? [])].map((label, index) => `  ${JSON.stringify(label)}: () => import(${JSON.stringify(`${SDK_REFERENCE}${index}`)}),`);
  return [
    `export const pages = {\n${entries.join('\n')}\n};`,
    `export const mdxFromSource = new Set(${JSON.stringify(fromSource)});`,
    `export const operations = {\n${operations.join('\n')}\n};`,
    `export const channels = {\n${channels.join('\n')}\n};`,
    `export const graphql = {\n${graphqlEntries.join('\n')}\n};`,
    `export const sdkReferences = {\n${sdkReferences.join('\n')}\n};`,
  ].join('\n');
}

/** The Markdown of an SDK reference (`core/sdk/`), by its place in the site's list. */
function sdkReferenceModule(site: Site, index: number): string {
  const markdown = [...(site.sdkReferences?.values() ?? [])][index];
  return `export default ${JSON.stringify(markdown ?? '')};`;
}

/** Every operation a page shows, by its label, in a stable order. */
function operationIndex(site: Site): Map<string, OperationTarget> {
  const targets = new Map<string, OperationTarget>();
  for (const route of site.routes) if (route.operation) targets.set(targetLabel(route.operation), route.operation);
  return targets;
}

function operationModule(site: Site, index: number): string {
  const target = [...operationIndex(site).values()][index];
  const operation = target && findOperation(site.specs, target);
  if (!operation) return 'export default undefined;';
  return embeddedData(JSON.stringify(operationView(operation, site.api)));
}

/** Every AsyncAPI channel a page shows, by its label, in a stable order. */
function channelIndex(site: Site): Map<string, ChannelTarget> {
  const targets = new Map<string, ChannelTarget>();
  for (const route of site.routes) if (route.channel) targets.set(channelLabel(route.channel), route.channel);
  return targets;
}

function channelModule(site: Site, index: number): string {
  const target = [...channelIndex(site).values()][index];
  const found = target && findChannel(site.asyncSpecs, target);
  if (!found) return 'export default undefined;';
  return embeddedData(JSON.stringify(channelView(found.spec, found.channel)));
}

/** The view of the generated GraphQL page at `index` of the site's views. */
function graphqlModule(site: Site, index: number): string {
  const view = [...(site.graphql?.views.values() ?? [])][index];
  return view ? embeddedData(JSON.stringify(view)) : 'export default undefined;';
}

/** Calls `onChange` a moment after the last of a burst of changes to the docs folder's pages, configs, specs and `.mintignore`. */
function watchDocsFolder(server: ViteDevServer, docsDir: string, onChange: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  const ignoreFile = path.join(docsDir, MINTIGNORE);
  const onFileEvent = (file: string) => {
    if (file !== ignoreFile && (!file.startsWith(docsDir + path.sep) || !/\.(mdx?|json|ya?ml|graphql|gql)$/i.test(file))) return;
    clearTimeout(timer);
    timer = setTimeout(() => void onChange(), 100);
  };
  for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, onFileEvent);
}

/** The virtual modules, and the modules that import them: those hold lookups built from their data. */
function invalidateVirtualModules(server: ViteDevServer): void {
  for (const environment of Object.values(server.environments)) {
    const stale = new Set<EnvironmentModuleNode>();
    const collect = (module: EnvironmentModuleNode | undefined) => {
      if (!module || stale.has(module)) return;
      stale.add(module);
      module.importers.forEach(collect);
    };
    for (const module of environment.moduleGraph.idToModuleMap.values()) {
      if (module.id?.startsWith('\0virtual:astro-docs-json/')) collect(module);
    }
    for (const module of stale) environment.moduleGraph.invalidateModule(module);
  }
}

/** The Tailwind classes the site's pages and snippets write, compiled (`core/theme/tailwind.ts`). */
export async function compileSiteUtilities(site: Site, logger: AstroIntegrationLogger, cacheDir?: string): Promise<string> {
  const input = utilityInput(site);
  if (input.dropped) logger.warn(`Pages write more than ${MAX_UTILITY_CLASSES} distinct class names: ${input.dropped} of them have no Tailwind styles.`);
  return cachedUtilities(input, cacheDir);
}

function prepare(site: Site, context: PluginContext, utilities: string) {
  const prepared = prepareRenderData(site, { ...context, utilities });
  // Those that pages' components name are reported with their pages (`unknown-icon`).
  const inPages = new Set([...site.routes, ...site.snippets].flatMap(({ content }) => content.icons.map((icon) => (typeof icon === 'string' ? icon : icon.name))));
  const unknownIcons = prepared.unknownIcons.filter((name) => !inPages.has(name));
  if (unknownIcons.length) {
    context.logger.warn(`Unknown icons in docs.json or frontmatter, shown without an icon: ${unknownIcons.map((name) => `\`${name}\``).join(', ')}.`);
  }
  return prepared;
}

/** Warnings go to the log; errors too, where they do not stop the build (in `astro dev`). */
export function report(site: Site, context: Pick<PluginContext, 'docsDir' | 'root' | 'logger'>): void {
  const { printed, hidden } = diagnosticsToLog(site.diagnostics);
  for (const diagnostic of printed) {
    const text = formatDiagnostic(diagnostic, context.docsDir, undefined, context.root);
    if (diagnostic.severity === 'error') context.logger.error(text);
    else context.logger.warn(text);
  }
  for (const [code, count] of hidden) {
    context.logger.warn(`… and ${count} more \`${code}\` warning${count === 1 ? '' : 's'} (\`npx astro-docs-json check\` lists them all)`);
  }
}
