/**
 * `astro:config:setup`: loads the docs folder and checks it with the same checks as
 * `astro-docs-json check`. A site with errors stops here, before anything is written, with
 * every problem named. Then it sets Astro up to build the site: the renderers its pages
 * need, the sitemap and the steps after the build, Astro's settings and the Vite plugins
 * that hand the site to the routes, and the routes themselves.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegrationLogger, HookParameters } from 'astro';
import { AstroError } from 'astro/errors';
import { mcpConnection } from '../../core/contextual/mcp-connection.ts';
import { MCP_SERVER_CARD_PATH, pageResponseHeaders } from '../../core/discovery/content-negotiation.ts';
import { openFileCache } from '../../core/file-cache.ts';
import { remoteSpecCacheDir } from '../../core/openapi/remote.ts';
import type { FileAnalysis } from '../../core/pages/file-analysis.ts';
import type { DiagramProblem } from '../../core/markdown/diagrams.ts';
import { NO_CUSTOM_CODE, scanCustomCode } from '../../core/pages/custom-code.ts';
import { formatDiagnostic, summarize } from '../../core/report/format.ts';
import { loadSite, type LoadOptions, type Site } from '../../core/site/load-site.ts';
import type { DocsJsonOptions } from '../../options.ts';
import { CORE_CODE, digestOfCode } from '../build/code-digest.ts';
import { outputAsLeft } from '../build/kept-output.ts';
import { PLAYGROUND_PROXY_ROUTE } from '../../core/paths/docs-routes.ts';
import { compileSiteUtilities, report, vitePluginDocsJson } from '../vite/virtual-modules.ts';
import { afterBuildIntegration, type IncrementalOutput } from './after-build.ts';
import { sitemapOfIndexablePages } from '../build/sitemap.ts';
import { astroSettings } from './astro-settings.ts';
import { limitNextServer } from '../server/connection-limits.ts';
import { injectRoutes } from './inject-routes.ts';
import { addRenderers } from './renderers.ts';
import { partToBuild } from './site-part.ts';
import { docsMarkdown } from '../../core/html/index.ts';
import { addDocsMarkdown } from '../mdx/docs-markdown.ts';
import { routesToBuild, type IntegrationState } from './state.ts';
import { renderWorkerCount } from '../workers/render-workers.ts';

export async function setUpConfig(state: IntegrationState, params: HookParameters<'astro:config:setup'>): Promise<void> {
  const { config, command, updateConfig, logger } = params;
  const { options } = state;
  // `astro preview` starts its server after the hooks, out of their reach: the next one that listens is bounded.
  if (command === 'preview') limitNextServer(options.connectionLimits);
  // The output folder is checked while the docs folder loads.
  const keptOutput = options.incremental && command === 'build' ? incrementalOutput(config) : undefined;
  keptOutput?.catch(() => undefined);
  const { site, loadOptions, fileCacheDir } = await loadDocs(state, config, command === 'dev');
  const incremental = await keptOutput;
  state.incrementalBuild = incremental !== undefined;
  if (command === 'build' && !config.adapter) refuseServerOptions(options);
  // With a server, the playground sends through the site, which browsers' CORS rules do not stop.
  const playgroundProxy = Boolean(config.adapter) && site.api.proxy;
  stopOnErrors(state, site, logger);
  state.part = command === 'build' ? partToBuild(options, site, config, logger) : undefined;
  state.renderWorkers = renderWorkerCount(options.renderWorkers, routesToBuild(state, site).length);

  const customCode = options.customCode ? await scanCustomCode(site, loadOptions.exclude) : NO_CUSTOM_CODE;
  const utilities = await compileSiteUtilities(site, logger, fileCacheDir);
  state.assetOptions = { exclude: loadOptions.exclude, configFiles: site.configFiles, extra: new Set([...customCode.styles, ...customCode.scripts]) };
  const base = config.base.replace(/\/$/, '');
  const mcp = mcpConnection(site.config!.name, config.site, base, options.mcp?.route);
  // The MCP discovery route is there only with a connection (`inject-routes.ts`).
  state.pageHeaders = pageResponseHeaders(base, (file) => file !== MCP_SERVER_CARD_PATH || mcp?.transport === 'http');
  const { jsxFramework, reactRenders } = await addRenderers(state, site, params);
  const markdown = docsMarkdown(site.config);
  addDocsMarkdown(config, state.docsDir, markdown, logger);
  if (!config.site) {
    logger.warn('Astro `site` is not set: llms.txt links are root-relative, and there is no sitemap and no canonical URL. Set `site` in astro.config.');
  }
  const virtualModules = vitePluginDocsJson(site, {
    docsDir: state.docsDir,
    loadOptions,
    base,
    root: state.root,
    logger,
    agentJobs: options.agentJobs && { ...options.agentJobs, trustedProxies: options.trustedProxies },
    search: options.search,
    plainMdx: state.ownMdx,
    mdxFromSource: () => state.mdxFromSource,
    codeHighlighting: () => state.codeHighlighting,
    ...(playgroundProxy ? { playgroundProxy: `${base}${PLAYGROUND_PROXY_ROUTE}` } : {}),
    customCode,
    connectionLimits: options.connectionLimits,
    playgroundProxyLimits: options.playgroundProxy,
    utilities,
    // Analytics count the team's own visits in `astro dev` only when asked.
    integrations: command !== 'dev' || options.analyticsInDev,
    ...(mcp ? { mcp } : {}),
    ...(options.mcp ? { mcpServer: { perClient: options.mcp.perClient, maxInFlight: options.mcp.maxInFlight, trustedProxies: options.trustedProxies } } : {}),
    socialImages: options.socialImages && command === 'build',
    reloaded: (next) => {
      state.site = next;
    },
    ...(command === 'build' && !config.adapter ? { dataDir: fileCacheDir } : {}),
  });
  const hasSitemap = config.integrations.some((integration) => integration.name === '@astrojs/sitemap');
  updateConfig({
    integrations: [
      ...(config.site && !hasSitemap ? [sitemapOfIndexablePages(virtualModules.api.model, site.config?.seo, base, config.site)] : []),
      afterBuildIntegration(state, { site, model: virtualModules.api.model, siteUrl: config.site, base, adapter: Boolean(config.adapter), fileCacheDir, ...(incremental ? { incremental } : {}) }),
    ],
  });
  updateConfig(astroSettings(state, site, params, { incremental: incremental !== undefined, keepOutput: incremental?.kept !== undefined, virtualModules, jsxFramework, reactRenders, shikiTransformers: markdown.shikiTransformers }));
  injectRoutes(site, params, { mcp, playgroundProxy, options });
  logger.info(`${site.routes.length} pages from ${path.relative(state.root, state.docsDir) || '.'}/docs.json`);
}

/** Mermaid's readings kept between builds: a site's diagrams, of every version, and a few thousand edits more. */
const MAX_KEPT_DIAGRAMS = 20_000;

/** The docs folder, loaded; what each file holds is kept between builds and dev servers by its text, since loading a large site is mostly reading that. */
async function loadDocs(state: IntegrationState, config: AstroConfig, reloaded: boolean): Promise<{ site: Site; loadOptions: LoadOptions; fileCacheDir: string }> {
  const { options } = state;
  const root = fileURLToPath(config.root);
  state.docsDir = path.resolve(root, options.dir);
  state.root = path.relative(root, state.docsDir).startsWith('..') ? process.cwd() : root;
  const loadOptions: LoadOptions = {
    exclude: astroFoldersInside(state.docsDir, config),
    strict: options.strict,
    allowPageImports: options.allowPageImports,
    restrictedPages: options.restrictedPages,
    ...(options.relatedPages ? { relatedPages: options.relatedPages } : {}),
    // The page menu's MCP entries need the site's address (`mcpConnection`).
    mcp: Boolean(config.site),
    // `astro dev` and the build fetch specs named by URL; a copy serves when the network does not.
    remoteSpecs: { fetch: true, cacheDir: remoteSpecCacheDir(fileURLToPath(config.cacheDir)) },
  };
  const fileCacheDir = fileCacheDirOf(config);
  const version = digestOfCode(CORE_CODE);
  const [analysisCache, identityCache, diagramCache] = await Promise.all([
    openFileCache<FileAnalysis>(path.join(fileCacheDir, 'analysis.json'), version),
    openFileCache<string>(path.join(fileCacheDir, 'identities.json'), version),
    // Asked only for the diagrams of files that changed: the others are kept.
    openFileCache<DiagramProblem | null>(path.join(fileCacheDir, 'diagrams.json'), version, { keepUnasked: MAX_KEPT_DIAGRAMS }),
  ]);
  const cached: LoadOptions = { ...loadOptions, analysisCache, identityCache, diagramCache };
  const site = await loadSite(state.docsDir, cached);
  state.site = site;
  await Promise.all([analysisCache.save(), identityCache.save(), diagramCache.save()]);
  // The dev server loads the site again at each edit with the same caches, in memory: an edit
  // analyses the files it changed. A build loads it once, and lets them go.
  return { site, loadOptions: reloaded ? cached : loadOptions, fileCacheDir };
}

/** The integration's folder in Astro's cache. */
const fileCacheDirOf = (config: AstroConfig) => fileURLToPath(new URL('astro-docs-json/', config.cacheDir));

/** What a rebuild reuses of the build before: its output folder, when it is as that build left it, and its search indexes. */
async function incrementalOutput(config: AstroConfig): Promise<IncrementalOutput> {
  const fileCacheDir = fileCacheDirOf(config);
  const outDir = fileURLToPath(config.outDir);
  const record = path.join(fileCacheDir, 'output.json');
  const kept = config.vite.build?.emptyOutDir !== false ? await outputAsLeft(outDir, record) : undefined;
  return { outDir, record, kept, searchCacheDir: path.join(fileCacheDir, 'search'), pageKeys: path.join(fileCacheDir, 'page-keys.json') };
}

/** Options that serve a server endpoint, on a site without an adapter to run it. */
function refuseServerOptions(options: DocsJsonOptions): void {
  if (options.agentJobs) throw needsAdapter('agentJobs', 'or remove `agentJobs`.');
  if (options.mcp) throw needsAdapter('mcp', 'or remove `mcp`: a static site\'s readers run its MCP server themselves, with `npx astro-docs-json mcp --url <site>`.');
}

function needsAdapter(option: string, otherwise: string): AstroError {
  const error = new AstroError(
    `The \`${option}\` option serves a server endpoint, which needs an adapter: this site has none.`,
    `Add one, like \`@astrojs/node\` (\`npx astro add node\`), or \`@astrojs/vercel\`, \`@astrojs/netlify\` or \`@astrojs/cloudflare\`; ${otherwise}`,
  );
  error.stack = ''; // a problem of the site's settings, not of our code
  return error;
}

/** A site with errors stops the build, with every error in the message and the warnings logged: one run shows every problem. */
function stopOnErrors(state: IntegrationState, site: Site, logger: AstroIntegrationLogger): void {
  const context = { docsDir: state.docsDir, root: state.root, logger };
  if (site.ok) return report(site, context);
  report({ ...site, diagnostics: site.diagnostics.filter((d) => d.severity === 'warning') }, context);
  const errors = site.diagnostics.filter((d) => d.severity === 'error');
  const error = new AstroError(
    `${path.relative(state.root, path.join(state.docsDir, 'docs.json')) || 'docs.json'} has ${summarize(site.diagnostics).text}:\n\n${errors.map((d) => formatDiagnostic(d, state.docsDir, undefined, state.root)).join('\n\n')}`,
    'Fix the errors above; `npx astro-docs-json check` lists them without building.',
  );
  // The problem is in the docs, not in our code: a stack trace would only distract.
  error.stack = '';
  throw error;
}

/** Astro's own folders, where they sit inside the docs folder, hold no pages. */
function astroFoldersInside(docsDir: string, config: AstroConfig): string[] {
  return [config.outDir, config.publicDir, config.srcDir, config.cacheDir]
    .map((url) => path.relative(docsDir, fileURLToPath(url)))
    .filter((relative) => relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative))
    .map((relative) => relative.split(path.sep).join('/'));
}
