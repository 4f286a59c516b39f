/**
 * The Astro integration: `integrations: [docsJson()]` turns the docs.json folder into
 * the site. It validates the docs with the same checks as `astro-docs-json check`,
 * stops the build before anything is written when they fail, and injects the routes
 * that render every page of the route table.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import type { AstroConfig, AstroIntegration, AstroIntegrationLogger } from 'astro';
import { passthroughImageService } from 'astro/config';
import { AstroError } from 'astro/errors';
import { formatDiagnostic, summarize } from './core/report/format.ts';
import { formatSummary, summarizeSite } from './core/report/summary.ts';
import { takeRenderFailures } from './astro/render-failures.ts';
import { outputGuard } from './astro/output-guard.ts';
import { loadSite, type LoadOptions, type Site } from './core/site/load-site.ts';
import { scoreSite, summarizeScore } from './core/score/score.ts';
import { copyAssets, mirrorFolderPages, writeLlmsFull, writeMcpIndex } from './astro/after-build.ts';
import { mcpConnection } from './core/contextual/mcp-connection.ts';
import { CLIENT_MARKER } from './mcp/site-files.ts';
import { codeTitles } from './astro/code-titles.ts';
import { PAGE_LIST_ROUTE, PLAYGROUND_PROXY_ROUTE, SPRITE_ROUTE } from './astro/render-data.ts';
import { escapeImageUrlsInDocs, provideMarkdownRenderer } from './astro/markdown-pages.ts';
import { codeHash, createMdxCompiler } from './astro/mdx-pages.ts';
import { mdxCompiler, provideBuildContext } from './astro/build-context.ts';
import { pageCacheKeys } from './core/pages/cache-keys.ts';
import { isSatteriProcessor } from '@astrojs/markdown-satteri';
import { plainTextAliases } from './core/markdown/code-languages.ts';
import { buildSearchIndex } from './astro/search-index.ts';
import { planSiteSearch } from './core/discovery/search-shards.ts';
import { openFileCache } from './core/file-cache.ts';
import type { FileAnalysis } from './core/pages/page-files.ts';
import type { PageContent } from './core/markdown/page-content.ts';
import type { PageLint } from './core/score/content-checks.ts';
import { digestOfCode, moduleFile } from './astro/code-digest.ts';
import { outputAsLeft, recordOutput, removeStaleOutput, type OutputRecord } from './astro/kept-output.ts';
import { compileSiteUtilities, report, vitePluginDocsJson } from './astro/vite-plugin.ts';
import { vitePluginDocsSources } from './astro/vite-plugin-sources.ts';
import { vitePluginPackageFiles } from './astro/vite-plugin-package-files.ts';
import { isAssetPath, scanAssetFiles, type AssetOptions } from './core/pages/assets.ts';
import { NO_CUSTOM_CODE, scanCustomCode } from './core/pages/custom-code.ts';
import { fileStatus } from './core/pages/references.ts';
import { hrefFor } from './core/paths/href.ts';
import { indexableRoutes } from './core/site/site-model.ts';
import { optionsSchema, type DocsJsonUserOptions } from './options.ts';

export type { DocsJsonUserOptions } from './options.ts';

const route = (name: string) => `astro-docs-json/routes/${moduleFile(name)}`;

/** Integrations that render `.jsx` components themselves. */
const JSX_FRAMEWORKS = ['@astrojs/react', '@astrojs/preact', '@astrojs/solid-js'];
/** The code that analyses and checks files (`digestOfCode`): caches of its results are by its digest. */
const CORE_CODE = ['../core/', '../../package.json'];

export default function docsJson(userOptions: DocsJsonUserOptions = {}): AstroIntegration {
  const parsed = optionsSchema.safeParse(userOptions);
  if (!parsed.success) {
    throw new AstroError(
      `Invalid options passed to astro-docs-json: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`).join('; ')}`,
      'See the README for the options astro-docs-json takes.',
    );
  }
  const options = parsed.data;
  /** Set up in `astro:config:setup`, used after the build and by the dev server. */
  let docsDir = '';
  let root = '';
  let assetOptions: AssetOptions = {};
  /** The folder the build writes, removed when the build fails at any phase: no half-written site is left. */
  let outDir = '';
  /** Where a server build's code is written (with an adapter). */
  let serverDir: string | undefined;
  /** The site as loaded in `astro:config:setup`. */
  let loaded: Site | undefined;
  /** Whether MDX has no options of the site's own: we add the MDX integration. */
  let ownMdx = false;
  /** Whether MDX pages may be rendered from their source (`mdx-pages.ts`): set once Astro's config is final. */
  let mdxFromSource = false;
  const output = outputGuard();
  /** The output of the build before, when this one keeps it in place (`kept-output.ts`). */
  let keptOutput: OutputRecord | undefined;
  /** The pages and snippets of the site as loaded. */
  const contentFiles = () => (loaded ? [...loaded.routes, ...loaded.snippets] : []);

  return {
    name: 'astro-docs-json',
    hooks: {
      'astro:config:setup': async ({ config, command, updateConfig, injectRoute, addMiddleware, logger }) => {
        root = fileURLToPath(config.root);
        docsDir = path.resolve(root, options.dir);
        const scanOptions = { exclude: astroFoldersInside(docsDir, config) };
        const loadOptions: LoadOptions = {
          ...scanOptions,
          strict: options.strict,
          allowPageImports: options.allowPageImports,
          // The page menu's MCP entries need the site's address (`mcpConnection`).
          mcp: Boolean(config.site),
          // `astro dev` and the build fetch specs named by URL; a copy serves when the network does not.
          remoteSpecs: { fetch: true, cacheDir: fileURLToPath(new URL('astro-docs-json/openapi/', config.cacheDir)) },
        };
        // What each file holds, kept between builds and dev servers by its text: loading a large site is mostly reading that.
        const fileCacheDir = fileURLToPath(new URL('astro-docs-json/', config.cacheDir));
        const analysisCache = await openFileCache<FileAnalysis>(path.join(fileCacheDir, 'analysis.json'), digestOfCode(CORE_CODE));
        const site = await loadSite(docsDir, { ...loadOptions, analysisCache });
        loaded = site;
        await analysisCache.save();
        const incremental = options.incremental && command === 'build';
        /** Each search index, kept by what it indexes: a rebuild indexes again only those whose pages changed. */
        const searchCacheDir = incremental ? path.join(fileCacheDir, 'search') : undefined;
        const outputRecord = path.join(fileCacheDir, 'output.json');
        const configOutDir = fileURLToPath(config.outDir);
        keptOutput = incremental && config.vite.build?.emptyOutDir !== false ? await outputAsLeft(configOutDir, outputRecord) : undefined;

        if (command === 'build' && !config.adapter) {
          if (options.agentJobs) throw needsAdapter('agentJobs', 'or remove `agentJobs`.');
          if (options.mcp) throw needsAdapter('mcp', 'or remove `mcp`: a static site\'s readers run its MCP server themselves, with `npx astro-docs-json mcp --url <site>`.');
        }
        // With a server, the playground sends through the site, which browsers' CORS rules do not stop.
        const playgroundProxy = Boolean(config.adapter) && site.api.proxy;
        if (!site.ok) {
          // The warnings are logged, the errors thrown: one run shows every problem.
          report({ ...site, diagnostics: site.diagnostics.filter((d) => d.severity === 'warning') }, { docsDir, root, logger });
          const errors = site.diagnostics.filter((d) => d.severity === 'error');
          const error = new AstroError(
            `${path.relative(root, path.join(docsDir, 'docs.json')) || 'docs.json'} has ${summarize(site.diagnostics).text}:\n\n${errors.map((d) => formatDiagnostic(d, docsDir, undefined, root)).join('\n\n')}`,
            'Fix the errors above; `npx astro-docs-json check` lists them without building.',
          );
          // The problem is in the docs, not in our code: a stack trace would only distract.
          error.stack = '';
          throw error;
        }
        report(site, { docsDir, root, logger });

        const customCode = options.customCode ? await scanCustomCode(site, scanOptions.exclude) : NO_CUSTOM_CODE;
        const utilities = await compileSiteUtilities(site, logger);
        assetOptions = { ...scanOptions, configFiles: site.configFiles, extra: new Set([...customCode.styles, ...customCode.scripts]) };
        const base = config.base.replace(/\/$/, '');
        const mcp = mcpConnection(site.config!.name, config.site, base, options.mcp?.route);
        const hasIntegration = (name: string) => config.integrations.some((integration) => integration.name === name);
        // With MDX options of the site's own, MDX pages go through MDX's compiler, plain or not.
        ownMdx = !hasIntegration('@astrojs/mdx');
        escapeImageUrlsInDocs(config, docsDir);
        if (ownMdx) updateConfig({ integrations: [mdx()] });
        const jsxFramework = JSX_FRAMEWORKS.some(hasIntegration);
        // Components written for React, as on Mintlify: React renders them, and hydrates them
        // on the pages that use them. A site with a JSX framework of its own keeps it.
        if (site.react && !jsxFramework) {
          // Its renderer imports a virtual module of its own, so it is bundled, never loaded
          // from node_modules; the site lists it nowhere for Astro to find that out itself.
          const bundled = { name: 'astro-docs-json:react-renderer', configEnvironment: (name: string) => (name === 'client' ? undefined : { resolve: { noExternal: ['@astrojs/react'] } }) };
          updateConfig({ integrations: [react()], vite: { plugins: [bundled] } });
          logger.info('Pages use components written for React: React renders them, and hydrates them where they are used (@astrojs/react added).');
        }
        const reactRenders = (site.react && !jsxFramework) || hasIntegration('@astrojs/react');
        // Pages' images go through Astro's image service, whose default needs sharp, an
        // optional dependency that some installs leave out: without it, serve them as they are.
        if (config.image.service.entrypoint === SHARP_SERVICE && !canResolve('sharp', root)) {
          updateConfig({ image: { service: passthroughImageService() } });
          logger.info('sharp is not installed: images are served as they are, without optimisation.');
        }
        if (!config.site) {
          logger.warn('Astro `site` is not set: llms.txt links are root-relative, and there is no sitemap and no canonical URL. Set `site` in astro.config.');
        }
        const virtualModules = vitePluginDocsJson(site, {
          docsDir,
          loadOptions,
          base,
          root,
          logger,
          agentJobs: options.agentJobs,
          search: options.search,
          plainMdx: ownMdx,
          mdxFromSource: () => mdxFromSource,
          ...(playgroundProxy ? { playgroundProxy: `${base}${PLAYGROUND_PROXY_ROUTE}` } : {}),
          customCode,
          utilities,
          ...(mcp ? { mcp } : {}),
        });
        /** Copies the assets, indexes the pages, scores them, and ends with the summary. */
        const afterBuild = async (outDir: string, afterLogger: AstroIntegrationLogger) => {
          // First, so that what comes next writes into a folder that holds only this build's pages.
          if (keptOutput) await removeStaleOutput(configOutDir, keptOutput, pageOutputFiles(site, outDir));
          // The MCP endpoint finds the built site from the server build by this file.
          if (options.mcp && serverDir) await writeFile(path.join(serverDir, CLIENT_MARKER), path.relative(serverDir, outDir));
          const copied = await copyAssets(docsDir, outDir, await scanAssetFiles(docsDir, assetOptions));
          if (copied) afterLogger.info(`${copied} files copied from the docs folder`);
          /** llms-full.txt, then the score, which checks that it exists. */
          const writeAndScore = async () => {
            await writeLlmsFull(docsDir, outDir, indexableUrls(site));
            await writeMcpIndex(outDir, virtualModules.api.model(), { ...(config.site ? { site: config.site } : {}), base });
            const lintCache = await openFileCache<PageLint>(path.join(fileCacheDir, 'lint.json'), digestOfCode(CORE_CODE));
            const scored = await scoreSite({ outDir, site, lintCache });
            await lintCache.save();
            return scored;
          };
          // Side by side: Pagefind works in a process of its own, on indexes of bounded size.
          const [report] = await Promise.all([writeAndScore(), options.search && buildSearchIndex(outDir, planSiteSearch(site, options.search.pagesPerIndex), base, afterLogger, searchCacheDir)]);
          // After indexing, so that search does not find these copies twice.
          await mirrorFolderPages(outDir, site.routes.map((page) => page.url));
          afterLogger.info(summarizeScore(report));
          // Last, so that what the site was built without is what a reader sees at the end.
          afterLogger.info(`Built from ${path.relative(root, docsDir) || '.'}/docs.json: ${formatSummary(summarizeSite(site))}`);
          if (incremental) await recordOutput(configOutDir, outputRecord);
        };
        updateConfig({
          integrations: [
            ...(config.site && !hasIntegration('@astrojs/sitemap') ? [sitemapOfIndexablePages(site, base, config.site)] : []),
            // Appended after every other integration, so that it sees the sitemap they write.
            {
              name: 'astro-docs-json:after-build',
              hooks: {
                'astro:build:done': async ({ dir, logger: afterLogger }: { dir: URL; logger: AstroIntegrationLogger }) => {
                  try {
                    await afterBuild(fileURLToPath(dir), afterLogger);
                  } catch (error) {
                    output.removeOutput();
                    throw error;
                  }
                  output.disarm();
                },
              },
            },
          ],
        });
        updateConfig({
          // Page URLs have no trailing slash (`/guides/intro`), as on Mintlify: write
          // `guides/intro.html`, which static hosts serve at that URL.
          // Astro renders one page at a time by default, waiting on each file write; our pages
          // fetch nothing, so rendering a few at once keeps the CPU busy (about 15% off the
          // build of a large site). A site that sets another value than the default 1 keeps it.
          build: { format: 'file', ...(config.build.concurrency === 1 ? { concurrency: 4 } : {}) },
          // A page is rendered again only when its file, what it imports (its cache key, in
          // `getStaticPaths`) or the site's data and code (which Astro hashes) changed.
          ...(incremental ? { experimental: { incrementalBuild: true } } : {}),
          // On a static site, Astro writes an HTML page that redirects; a server answers with
          // the redirect's own status from our route below (Astro's would answer 301). In dev,
          // the dev server answers them from the current docs.json (vite-plugin.ts).
          ...(config.adapter || command === 'dev' ? {} : { redirects: Object.fromEntries(site.redirects.map(({ source, destination, status }) => [source, { status, destination }])) }),
          // Added to the site's own transformers: Astro merges arrays.
          markdown: { shikiConfig: { transformers: [codeTitles], langAlias: unknownLanguageAliases(site, config.markdown.shikiConfig) } },
          vite: {
            // The pages of the build before stay where they are when the folder is as it left them.
            ...(keptOutput ? { build: { emptyOutDir: false } } : {}),
            plugins: [
              virtualModules,
              // Snippets' JSX is React's on Mintlify; with a JSX framework on the site, that framework renders it.
              vitePluginDocsSources({ docsDir, astroJsx: !jsxFramework, react: reactRenders }),
              vitePluginPackageFiles(),
              output.vitePlugin,
            ],
          },
        });
        injectRoute({ pattern: '/[...slug]', entrypoint: route('page.astro'), prerender: true });
        injectRoute({ pattern: '/[...slug].md', entrypoint: route('page-markdown.ts'), prerender: true });
        injectRoute({ pattern: `${SPRITE_ROUTE}/[sprite].svg`, entrypoint: route('sprite.ts'), prerender: true });
        injectRoute({ pattern: `${SPRITE_ROUTE}/[utilities].css`, entrypoint: route('utilities.ts'), prerender: true });
        injectRoute({ pattern: '/llms.txt', entrypoint: route('llms.ts'), prerender: true });
        // The site's own 404 page, unless the docs have a page at /404. A server renders it
        // on demand, so that the middleware can first send `/page/` to `/page`.
        if (!site.routes.some((page) => page.url === '/404')) injectRoute({ pattern: '/404', entrypoint: route('not-found.astro'), prerender: !config.adapter });
        injectRoute({ pattern: PAGE_LIST_ROUTE, entrypoint: route('page-list.ts'), prerender: true });
        injectRoute({ pattern: '/[...slug]/rss.xml', entrypoint: route('rss.ts'), prerender: true });
        if (config.adapter) addMiddleware({ entrypoint: 'astro-docs-json/middleware', order: 'pre' });
        injectRoute({ pattern: '/.well-known/llms.txt', entrypoint: route('llms.ts'), prerender: true });
        // In a build, llms-full.txt is written after the pages (`writeLlmsFull`).
        if (command === 'dev') injectRoute({ pattern: '/llms-full.txt', entrypoint: route('llms-full.ts'), prerender: true });
        if (options.agentJobs) injectRoute({ pattern: options.agentJobs.route, entrypoint: route('agent-job.ts'), prerender: false });
        if (options.mcp) injectRoute({ pattern: options.mcp.route, entrypoint: route('mcp.ts'), prerender: false });
        if (mcp) for (const pattern of ['/.well-known/mcp.json', '/.well-known/mcp']) injectRoute({ pattern, entrypoint: route('mcp-discovery.ts'), prerender: true });
        if (playgroundProxy) injectRoute({ pattern: PLAYGROUND_PROXY_ROUTE, entrypoint: route('playground-proxy.ts'), prerender: false });
        if (config.adapter && command === 'build') for (const { source } of site.redirects) injectRoute({ pattern: source, entrypoint: route('redirect.ts'), prerender: false });
        // A robots.txt in Astro's public/ is copied as it is; the route would overwrite it.
        if (!existsSync(new URL('robots.txt', config.publicDir))) {
          injectRoute({ pattern: '/robots.txt', entrypoint: route('robots.ts'), prerender: true });
        }
        logger.info(`${site.routes.length} pages from ${path.relative(root, docsDir) || '.'}/docs.json`);
      },
      'astro:config:done': ({ config, buildOutput }) => {
        outDir = fileURLToPath(config.outDir);
        serverDir = buildOutput === 'server' ? fileURLToPath(config.build.server) : undefined;
        provideMarkdownRenderer(config);
        // MDX pages are rendered from their source with the Sätteri processor's settings, applied
        // as Astro's MDX integration applies them; MDX options of the site's own, another
        // processor, or images of other hosts that Astro's image pipeline optimises leave them
        // to the bundler.
        const { processor } = config.markdown;
        mdxFromSource = ownMdx && isSatteriProcessor(processor) && !config.image.domains.length && !config.image.remotePatterns.length;
        provideBuildContext({
          ...(mdxFromSource ? { compiler: createMdxCompiler(config, docsDir, contentOf(contentFiles())) } : {}),
          cacheKeys: options.incremental ? pageCacheKeys(docsDir, contentFiles(), codeHash()) : new Map(),
        });
      },
      'astro:build:start': () => {
        takeRenderFailures(); // a build before this one, in the same process, is not this one's
        output.arm(outDir);
      },
      'astro:build:done': async () => {
        const failures = takeRenderFailures();
        // The cache of compiled MDX keeps the entries of the site's MDX files as they are now.
        if (failures.length === 0 && mdxFromSource) await mdxCompiler().prune(contentFiles().flatMap(({ file, content }) => (/\.mdx$/i.test(file) && content.digest ? [{ file, digest: content.digest }] : [])));
        if (failures.length === 0) return;
        output.removeOutput();
        const error = new AstroError(
          `${failures.length} ${failures.length === 1 ? 'page' : 'pages'} could not be rendered, and nothing is written:\n\n${failures.map((d) => formatDiagnostic(d, docsDir, undefined, root)).join('\n\n')}`,
          'Fix the pages above; `astro dev` shows each one with its error in place.',
        );
        error.stack = '';
        throw error;
      },
      'astro:server:setup': ({ server }) => {
        // The docs folder's images and files, at the same paths, as the build copies them.
        server.middlewares.use(async (request, response, next) => {
          let pathname: string;
          try {
            pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname).replace(/^\/+/, '');
          } catch {
            return next(); // a malformed escape names no file
          }
          const file = path.join(docsDir, pathname);
          // By real path: a link in the docs folder that leads out is not served.
          if (!isAssetPath(docsDir, pathname, assetOptions) || fileStatus(docsDir, file) !== 'inside') return next();
          response.setHeader('Content-Type', contentType(pathname));
          response.end(readFileSync(file));
        });
      },
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  json: 'application/json',
  yaml: 'text/yaml; charset=utf-8',
  yml: 'text/yaml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

function contentType(file: string): string {
  return CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** What loading the site found in each page and snippet file. */
function contentOf(files: ReadonlyArray<{ file: string; content: PageContent }>): (file: string) => PageContent | undefined {
  const byFile = new Map(files.map(({ file, content }) => [file, content]));
  return (file) => byFile.get(file);
}

/** The files of the pages that Astro's incremental build may leave in place: each page's HTML and Markdown copy. */
function pageOutputFiles(site: Site, outDir: string): Set<string> {
  return new Set(site.routes.flatMap(({ url }) => ['.html', '.md'].map((extension) => path.join(outDir, `${url === '/' ? 'index' : url.slice(1)}${extension}`))));
}

/** The pages search, the sitemap and llms.txt list (`isIndexable`). */
function indexableUrls(site: Site): string[] {
  return indexableRoutes(site).map((route) => route.url);
}

/** @astrojs/sitemap, following the indexing policy: indexable pages only. */
function sitemapOfIndexablePages(site: Site, base: string, siteUrl: string) {
  // The sitemap may write a page's URL with a trailing slash, and the root's always has one.
  const withoutSlash = (url: string) => url.replace(/\/$/, '');
  const indexable = new Set(indexableUrls(site).map((url) => withoutSlash(new URL(hrefFor(url, base), siteUrl).href)));
  return sitemap({ filter: (url) => indexable.has(withoutSlash(url)) });
}

const SHARP_SERVICE = 'astro/assets/services/sharp';

/** An option that serves a server endpoint, on a site without an adapter to run it. */
function needsAdapter(option: string, otherwise: string): AstroError {
  const error = new AstroError(
    `The \`${option}\` option serves a server endpoint, which needs an adapter: this site has none.`,
    `Add one, like \`@astrojs/node\` (\`npx astro add node\`), or \`@astrojs/vercel\`, \`@astrojs/netlify\` or \`@astrojs/cloudflare\`; ${otherwise}`,
  );
  error.stack = ''; // a problem of the site's settings, not of our code
  return error;
}

function canResolve(name: string, root: string): boolean {
  try {
    createRequire(path.join(root, 'package.json')).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/** Astro's own folders, where they sit inside the docs folder, hold no pages. */
function astroFoldersInside(docsDir: string, config: AstroConfig): string[] {
  return [config.outDir, config.publicDir, config.srcDir, config.cacheDir]
    .map((url) => path.relative(docsDir, fileURLToPath(url)))
    .filter((relative) => relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative))
    .map((relative) => relative.split(path.sep).join('/'));
}

/**
 * The code-block languages of the site's pages that neither Shiki nor the site's own
 * Shiki settings know, as plain text: Shiki would warn once per block (`check` names each
 * language once).
 */
function unknownLanguageAliases(site: Site, shiki: AstroConfig['markdown']['shikiConfig']): Record<string, string> {
  const own = new Set(Object.keys(shiki.langAlias ?? {}));
  for (const language of shiki.langs ?? []) {
    if (typeof language === 'object' && language !== null && 'name' in language) [language.name, ...(language.aliases ?? [])].forEach((name) => own.add(name));
  }
  const used = [...site.routes, ...site.snippets].flatMap(({ content }) => content.languages.map((language) => language.name));
  return plainTextAliases(used.filter((name) => !own.has(name)));
}
