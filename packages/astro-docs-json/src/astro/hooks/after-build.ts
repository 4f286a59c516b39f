/**
 * What comes after Astro has written the pages, as an integration of its own appended after
 * every other (so that it sees the sitemap they write), at `astro:build:done`: the docs
 * folder's assets and Mermaid's files copied beside the pages, llms-full.txt, the MCP
 * index, the search index, the score, a static host's `_headers` and `_redirects`, and
 * last, the summary of what the site was built without. A failure here is one message
 * naming its step (`build/end-steps.ts`), and leaves the pages rendered in place.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger, AstroPrerenderer, HookParameters } from 'astro';
import { planSiteSearch } from '../../core/discovery/search-shards.ts';
import { openFileCache, type DiskFileCache } from '../../core/file-cache.ts';
import { scanAssetFiles } from '../../core/pages/assets.ts';
import { mcpSourceOf } from '../../core/mcp/docs-index.ts';
import { llmsFullAddress, partManifest, partOfSearchPlan, PART_MANIFEST_PATH, type PartSelection } from '../../core/parts/site-parts.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { seoSiteUrl, seoUrl } from '../../core/seo/seo-urls.ts';
import { socialImagePath } from '../../core/seo/social-image.ts';
import { formatDiagnostic } from '../../core/report/format.ts';
import { formatSummary, summarizeSite } from '../../core/report/summary.ts';
import type { PageLint } from '../../core/score/content-checks.ts';
import { lintPages, REDIRECTS_FILE, scoreSite, summarizeScore } from '../../core/score/score.ts';
import type { Site } from '../../core/site/load-site.ts';
import type { SiteModel } from '../../core/site/site-model.ts';
import { indexablePagesInOrder } from '../../core/site/reading-order.ts';
import { CLIENT_MARKER } from '../../mcp/site-files.ts';
import { copyAssets, copyMermaid, copyOwnLlmsFull, mirrorFolderPages, writeHeadersFile, writeLlmsFull, writePartManifest, writeRedirectsFile, KEPT_WORDS_CODE } from '../build/output-files.ts';
import { writeMcpIndexBeside, type McpIndexJob } from '../build/mcp-index-thread.ts';
import { LLMS_FULL_CODE } from '../build/markdown-copies.ts';
import { CORE_CODE, digestOfCode } from '../build/code-digest.ts';
import { fileSizes, recordOutput, removeStaleOutput, type OutputRecord } from '../build/kept-output.ts';
import { resetProgress } from '../build/build-progress.ts';
import { handingOverPages } from '../build/rendered-pages.ts';
import { keptByKey, recordPageKeys, type PageKeys } from '../build/page-keys.ts';
import { mermaidPath, publishedMermaid, type MermaidBuild } from '../build/mermaid-files.ts';
import { renderingOnWorkers } from '../workers/render-workers.ts';
import { searchIndexer, type SearchIndexer } from '../build/search-index.ts';
import { endOfBuildError, endStep } from '../build/end-steps.ts';
import { startSocialImages, type SocialImageRun } from '../build/social-images.ts';
import { routesToBuild, type IntegrationState } from './state.ts';

type SetPrerenderer = HookParameters<'astro:build:start'>['setPrerenderer'];

export interface AfterBuildContext {
  site: Site;
  /** The site model the pages were rendered from (the virtual modules'). */
  model(): SiteModel;
  /** Astro's `site` and `base`. */
  siteUrl: string | undefined;
  base: string;
  /** The site has an adapter, which may render its pages with a prerenderer of its own. */
  adapter: boolean;
  /** The integration's folder in Astro's cache. */
  fileCacheDir: string;
  /** A build that reuses what the build before left (the `incremental` option). */
  incremental?: IncrementalOutput;
}

export interface IncrementalOutput {
  /** Astro's output folder, and the record of what a complete build left in it. */
  outDir: string;
  record: string;
  /** The output of the build before, when it is as that build left it and stays in place (`kept-output.ts`). */
  kept: OutputRecord | undefined;
  /** Each search index, kept by what it indexes: a rebuild indexes again only those whose pages changed. */
  searchCacheDir: string;
  /** The record of the pages' keys for Astro's incremental build (`page-keys.ts`). */
  pageKeys: string;
}

export function afterBuildIntegration(state: IntegrationState, context: AfterBuildContext): AstroIntegration {
  return {
    name: 'astro-docs-json:after-build',
    hooks: {
      'astro:build:start': ({ logger, setPrerenderer }) => {
        startRendering(state, context, logger, setPrerenderer);
        startDrawing(state, context);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        try {
          await afterBuild(state, context, outDir, logger);
        } catch (error) {
          // The pages are rendered and written: they stay, and the message says what the site lacks.
          state.output.disarm();
          await state.searchIndexer?.abort();
          await state.socialImages?.abort();
          throw endOfBuildError(error, outDir, state.root);
        }
        state.output.disarm();
      },
    },
  };
}

/** Copies the assets, indexes the pages, scores them, and ends with the summary. */
async function afterBuild(state: IntegrationState, context: AfterBuildContext, outDir: string, logger: AstroIntegrationLogger): Promise<void> {
  const { site, incremental } = context;
  // The pages' text is linted for the score while Pagefind writes the indexes (this thread
  // waits for it), rather than after.
  const lintCache = state.part ? undefined : lintedPages(context);
  // Awaited by the score; should the build fail before it, that failure is the one reported.
  lintCache?.catch(() => undefined);
  // A rebuild first removes what the build before wrote and this one did not, so that what
  // comes next writes into a folder that holds only this build's pages. Pagefind may be
  // writing meanwhile: the search indexes' folders are this build's, and what is removed is
  // only files the build before left, looked at one by one. A clean build has nothing to remove.
  if (incremental?.kept) {
    await endStep('removing what the build before wrote and this one did not', removeStaleOutput(incremental.outDir, incremental.kept, keptOutputFiles(routesToBuild(state, site), path.relative(incremental.outDir, outDir), { socialImages: state.options.socialImages, mermaid: publishedMermaid(site), llmsFull: !state.part }), state.searchIndexer?.folders));
    // The folder tidied, Pagefind writes the indexes of the pages that changed while what
    // follows goes on (awaited below, as a clean build's): it is the end's longest wait.
    state.searchIndexer?.finish().catch(() => undefined);
  }
  // On a thread of its own, while this one goes on; what fails below waits for it, since it writes into the output.
  const mcpIndex = state.part ? undefined : endStep('writing the MCP index', writeMcpIndexBeside(mcpIndexJob(context, outDir)));
  let images: SocialImageRun | undefined;
  try {
    images = await writeBesidePages(state, context, outDir, logger, lintCache);
  } finally {
    await mcpIndex?.catch(() => undefined);
  }
  await mcpIndex;
  // Last, so that what the site was built without is what a reader sees at the end.
  // With what failed while the pages were rendered: pages and components shown as a notice.
  const diagnostics = [...site.diagnostics, ...state.renderWarnings, ...(images?.warnings ?? [])];
  logger.info(`Built from ${path.relative(state.root, state.docsDir) || '.'}/docs.json: ${formatSummary(summarizeSite({ ...site, diagnostics }))}`);
  if (incremental) await Promise.all([recordOutput(incremental.outDir, incremental.record), recordPageKeys(incremental.pageKeys, pageKeysByUrl(state, site))]);
}

/** What the build writes beside the pages, search and the social images included, and the score or a part's manifest. */
async function writeBesidePages(state: IntegrationState, context: AfterBuildContext, outDir: string, logger: AstroIntegrationLogger, lintCache: Promise<DiskFileCache<PageLint>> | undefined): Promise<SocialImageRun | undefined> {
  const { site } = context;
  // The MCP endpoint finds the built site from the server build by this file.
  if (state.options.mcp && state.serverDir) await writeFile(path.join(state.serverDir, CLIENT_MARKER), path.relative(state.serverDir, outDir));
  // The server answers the redirects, which have no file in the output: `score` reads them here.
  if (state.serverDir && site.redirects.length) await writeFile(path.join(state.serverDir, REDIRECTS_FILE), JSON.stringify(site.redirects));
  // The docs folder's files and Mermaid's, copied while llms-full.txt is written and Pagefind
  // goes on (neither reads nor writes them), and before what follows: the social images are
  // placed over a file of the docs folder at their path, and the score and a part's manifest read the output.
  const copied = copyBeside(state, site, outDir, logger);
  // Side by side: Pagefind works in a process of its own, on indexes of bounded size.
  state.searchIndexer ??= siteSearchIndexer(state, context, outDir, logger);
  // A part of the site leaves llms-full.txt and the MCP index to the merge, but for the docs
  // folder's own llms-full.txt, which is the whole site's.
  const machines = endStep('writing llms-full.txt', state.part ? copyOwnLlmsFull(state.docsDir, outDir) : writeLlmsFullOf(context, state.docsDir, outDir).then(() => false));
  // Pagefind writes the indexes while this thread goes on: what follows reads and writes
  // none of the files search reads (the pages' `.html`) or writes (`pagefind/`). Awaited
  // below; should what comes before fail first, that failure is the one reported.
  const searched = state.searchIndexer && endStep('writing the search index', state.searchIndexer.finish());
  searched?.catch(() => undefined);
  // The social images beside them, drawn on threads of their own since the build started.
  const images = copied.then(() => state.socialImages && endStep('drawing the social images', state.socialImages.finish(outDir, foundIn(context.incremental, outDir))));
  const [ownLlmsFull, drawn] = await Promise.all([machines, images]);
  if (drawn) logSocialImages(state, drawn, logger);
  // Each folder page's `index.html`. The merge of the parts does it again for every page: a
  // page's folder may hold pages of other parts.
  await endStep("writing the folder pages' index.html", mirrorFolderPages(outDir, routesToBuild(state, site).map((page) => page.url), site.config?.seo?.trailingSlash === true));
  // A static site's hosts send the pages' headers from `_headers`; a server sends them itself (`server/`).
  if (!context.adapter) {
    await endStep('writing _headers', writeHeadersFile(state.docsDir, outDir, state.pageHeaders));
    await endStep('writing _redirects', writeRedirectsFile(state.docsDir, outDir, site.redirectRules, context.base));
  }
  // On the folder as it is served: the same score as `astro-docs-json score` gives it. A
  // part records instead what it wrote (the search indexes too) and what the merge needs,
  // which then scores the site.
  if (state.part) {
    await searched;
    await endStep("writing the part's manifest", endPart(context, state.part, { outDir, ownLlmsFull, logger }));
  } else {
    logger.info(summarizeScore(await endStep('scoring the site', async () => scoreOutput(context, outDir, await lintCache!))));
    await searched;
  }
  return drawn;
}

/** The docs folder's images and files, and Mermaid's on a site with diagrams, copied into the output. */
async function copyBeside(state: IntegrationState, site: Site, outDir: string, logger: AstroIntegrationLogger): Promise<void> {
  const mermaid = publishedMermaid(site);
  const [copied] = await Promise.all([
    endStep("copying the docs folder's images and files", async () => copyAssets(state.docsDir, outDir, await scanAssetFiles(state.docsDir, state.assetOptions))),
    mermaid && endStep("copying Mermaid's files", copyMermaid(mermaid, outDir)),
  ]);
  if (copied) logger.info(`${copied} files copied from the docs folder`);
}

/**
 * The search index is built from `astro:build:start`, each page handed over as it is
 * rendered (`rendered-pages.ts`), which counts them for the build's progress too; the
 * pages are rendered on workers too where they can be. A site with an adapter keeps the
 * adapter's way of rendering (Cloudflare's renders in its own runtime; with a prerenderer
 * of ours, Astro would expect the adapter's own prerender entry), and its pages are read
 * from the output at the end.
 */
function startRendering(state: IntegrationState, context: AfterBuildContext, logger: AstroIntegrationLogger, setPrerenderer: SetPrerenderer): void {
  resetProgress();
  state.searchIndexer = context.adapter ? undefined : siteSearchIndexer(state, context, state.outDir, logger);
  const indexer = state.searchIndexer;
  if (!context.adapter) setPrerenderer((prerenderer) => handingOverPages(withWorkers(state, context, prerenderer, logger), context.base, indexer && ((url, html) => indexer.add(url, html)), indexer && (() => indexer.renderingStarts())));
}

/** Astro's prerenderer, with rendering workers beside it where they render as it does (`render-workers.ts`). */
function withWorkers(state: IntegrationState, context: AfterBuildContext, prerenderer: AstroPrerenderer, logger: AstroIntegrationLogger): AstroPrerenderer {
  const rendering = state.renderWorkers > 0 ? state.siteRendering : undefined;
  // A rebuild that kept the output renders the pages that changed, often a handful: it does not wait for the workers.
  const rebuild = context.incremental?.kept !== undefined;
  return rendering ? renderingOnWorkers(prerenderer, state.renderWorkers, rendering, () => state.prerenderEntry, logger, !rebuild) : prerenderer;
}

function siteSearchIndexer(state: IntegrationState, context: AfterBuildContext, outDir: string, logger: AstroIntegrationLogger): SearchIndexer | undefined {
  const { search } = state.options;
  if (!search) return undefined;
  // A part of the site indexes its own pages, in the indexes the whole site's plan gives them.
  const plan = planSiteSearch(context.site, search.pagesPerIndex);
  const routes = new Map(context.site.routes.map((route) => [route.url, route]));
  const part = state.part;
  const { incremental } = context;
  // A rebuild that keeps the output feeds the index the pages Astro is expected to leave in place while it renders the others.
  const leftInPlace = incremental?.kept && keptByKey(incremental.pageKeys, pageKeysByUrl(state, context.site));
  return searchIndexer(outDir, part ? partOfSearchPlan(plan, (url) => part.has(routes.get(url)!)) : plan, context.base, logger, { cacheDir: incremental?.searchCacheDir, leftInPlace, found: foundIn(incremental, outDir) });
}

/**
 * The output as the build found it, by paths in `outDir`, the pages' folder: where that is
 * Astro's output folder itself, as on a static site (with an adapter, the pages are in its
 * `client` folder, and what reads them looks at the disk).
 */
const foundIn = (incremental: IncrementalOutput | undefined, outDir: string) => (incremental?.outDir === outDir ? incremental.kept : undefined);

/** The keys this build gives its pages for Astro's incremental build, by URL. */
function pageKeysByUrl(state: IntegrationState, site: Site): PageKeys {
  return new Map(routesToBuild(state, site).map((route) => [route.url, state.pageCacheKeys?.get(route.file)]));
}

/**
 * The pages' social images (`social-images.ts`), unless the `socialImages` option is off:
 * they need only the pages' titles and descriptions, so they are drawn while the pages render.
 */
function startDrawing(state: IntegrationState, context: AfterBuildContext): void {
  state.socialImages = state.options.socialImages
    ? startSocialImages({ config: context.site.config!, docsDir: state.docsDir, pages: context.model().pages.filter((page) => state.part?.has(page) ?? true), cacheDir: context.fileCacheDir })
    : undefined;
}

function logSocialImages(state: IntegrationState, images: SocialImageRun, logger: AstroIntegrationLogger): void {
  images.warnings.forEach((warning) => logger.warn(formatDiagnostic(warning, state.docsDir, undefined, state.root)));
  const pages = images.drawn + images.reused;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const perImage = images.drawn ? ` (${(images.drawingMs / images.drawn).toFixed(1)} ms per image)` : '';
  logger.info(
    `Social images: ${images.drawn} drawn in ${seconds(images.drawingMs)} beside the rendering${perImage}, ${images.reused} from the cache; ` +
      `the end of the build waited ${seconds(images.waitedMs)} for them (${pages ? (images.waitedMs / pages).toFixed(1) : '0'} ms per page)`,
  );
}

/** llms-full.txt, from the pages' Markdown copies. */
function writeLlmsFullOf(context: AfterBuildContext, docsDir: string, outDir: string): Promise<void> {
  const origin = context.siteUrl ? new URL(context.siteUrl).origin : '';
  // A build that keeps its output for the next keeps what the file was written from too.
  const keeping = context.incremental ? { file: path.join(context.fileCacheDir, 'llms-full.json'), version: digestOfCode(LLMS_FULL_CODE) } : undefined;
  return writeLlmsFull(docsDir, outDir, indexablePagesInOrder(context.model()).map((page) => page.url), llmsFullAddress({ origin, base: context.base }), context.model().agentInstructions, keeping);
}

/** The MCP index, from the pages' Markdown copies; a build that keeps its output for the next keeps the pages' words for it too. */
function mcpIndexJob(context: AfterBuildContext, outDir: string): McpIndexJob {
  return {
    outDir,
    source: mcpSourceOf(context.model()),
    address: { ...(context.siteUrl ? { site: context.siteUrl } : {}), base: context.base },
    ...(context.incremental ? { wordsCache: { file: path.join(context.fileCacheDir, 'mcp-words.json'), version: digestOfCode(KEPT_WORDS_CODE) } } : {}),
  };
}

/**
 * The end of a build of one part of the site: its manifest, from which the merge writes
 * what needs every page (`core/parts/`), with every file the part wrote, so that the merge
 * can tell a part that lost some on its way (an artifact upload that leaves out hidden
 * folders such as `.well-known/`).
 */
async function endPart(context: AfterBuildContext, part: PartSelection, { outDir, ownLlmsFull, logger }: { outDir: string; ownLlmsFull: boolean; logger: AstroIntegrationLogger }): Promise<void> {
  const input = { site: context.site, model: context.model(), siteUrl: context.siteUrl, base: context.base, ownLlmsFull };
  const files = await fileSizes(outDir);
  delete files[PART_MANIFEST_PATH]; // a part build's before this one, in the same folder
  await writePartManifest(outDir, partManifest(part, input, files));
  const pages = context.site.routes.filter((route) => part.has(route)).length;
  logger.info(`Part ${part.name}: ${pages} of ${context.site.routes.length} pages. \`astro-docs-json merge\` makes the parts into the site, which \`astro-docs-json score\` then scores.`);
}

/** The cache of the pages' lint, holding every page's. */
async function lintedPages(context: AfterBuildContext): Promise<DiskFileCache<PageLint>> {
  const lintCache = await openFileCache<PageLint>(path.join(context.fileCacheDir, 'lint.json'), digestOfCode(CORE_CODE));
  await lintPages(context.site, lintCache);
  return lintCache;
}

async function scoreOutput(context: AfterBuildContext, outDir: string, lintCache: DiskFileCache<PageLint>) {
  const siteUrl = context.siteUrl ? `${new URL(context.siteUrl).origin}${context.base}` : undefined;
  const scored = await scoreSite({ outDir, site: context.site, lintCache, ...(siteUrl ? { siteUrl } : {}) });
  await lintCache.save();
  return scored;
}

/**
 * The files that Astro's incremental build may leave in place, by their paths in Astro's output
 * folder (`folder`: where the pages are in it, `client` for a site with an adapter): each
 * page's HTML and Markdown copy, its social image, which the drawing replaces when it
 * changed, and Mermaid's files, which a site with diagrams publishes and `copyMermaid` then
 * leaves as they are; and llms-full.txt, which the end writes again from the one it finds
 * (`markdown-copies.ts`).
 */
function keptOutputFiles(routes: Site['routes'], folder: string, { socialImages, mermaid, llmsFull }: { socialImages: boolean; mermaid: MermaidBuild | undefined; llmsFull: boolean }): Set<string> {
  // An address in the site as a path in the output: no `path.join` for each of tens of thousands.
  const prefix = folder ? `${folder}${path.sep}` : '';
  const inOutput = (address: string) => prefix + (path.sep === '/' ? address : address.replaceAll('/', path.sep));
  const kept = new Set<string>();
  for (const { url } of routes) {
    const page = url === '/' ? 'index' : url.slice(1);
    kept.add(inOutput(`${page}.html`)).add(inOutput(`${page}.md`));
    if (socialImages) kept.add(inOutput(socialImagePath(url).slice(1)));
  }
  for (const file of mermaid?.files ?? []) kept.add(inOutput(mermaidPath(mermaid!.version, file).slice(1)));
  if (llmsFull) kept.add(inOutput('llms-full.txt'));
  return kept;
}
