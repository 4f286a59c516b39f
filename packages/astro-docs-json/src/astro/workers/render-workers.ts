/**
 * Pages rendered on every core. Astro renders a site's pages on one thread; the prerenderer
 * it lets integrations wrap (`setPrerenderer`) is where that can change. Ours starts worker
 * threads (`render-worker.ts`), each of which imports the same prerender bundle Astro built
 * and renders pages as this thread would, and sends the pages of the two routes that are
 * nearly all of a docs site (each page, and its Markdown copy) to whichever has room. Astro
 * still asks for every page, in its order, and writes every file: only the rendering moves.
 * A worker takes up to `IN_FLIGHT` pages at a time; what the workers cannot take at once is
 * rendered here, so the main thread, which also writes the files and feeds the search
 * index, renders what is left of its time. A worker that stops leaves its pages to this thread.
 *
 * Only where a worker renders as this thread does: the site's Markdown processor has no
 * plugins but this package's, and its settings cross to a thread (`aheadWorkerData`).
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import type { AstroConfig, AstroIntegrationLogger, AstroPrerenderer } from 'astro';
import type { Plugin } from 'vite';
import type { Variables } from '../../core/markdown/variables.ts';
import type { DocsJson } from '../../core/schema/docs-json.ts';
import { readAsWritten, type PageContent } from '../../core/markdown/page-content.ts';
import { aheadWorkerData, type CompileWorkerData } from '../mdx/mdx-compile-ahead.ts';
import { rendererSettings, type RendererSettings } from '../mdx/markdown-pages.ts';
import { mdxCacheDir, mdxSettings, settingsKeyOf } from '../mdx/mdx-pages.ts';
import { MODULE_EXTENSION } from '../build/code-digest.ts';
import { locatedMermaid, type MermaidBuild } from '../build/mermaid-files.ts';
import { adoptWorkerFailures, type WorkerFailures } from '../build/render-failures.ts';

/** The routes whose pages the workers render: each page, and its Markdown copy (`inject-routes.ts`). */
const WORKER_ROUTES = new Set(['/[...slug]', '/[...slug].md']);
/**
 * Pages a worker holds at once: one rendering, the next ones already there when it is done,
 * however long the main thread takes to answer (it renders pages of its own meanwhile, and
 * answers only between them). With four, a worker of a 1,000-page build waited 3.5 s for
 * pages; with eight, 1.1 s.
 */
const IN_FLIGHT = 8;
/** Pages and Markdown copies a rebuild asks for before its workers start: one that renders fewer is done before they would be ready. */
const REBUILD_START = 64;

/** Pages Astro renders at once: a few on the main thread, and each worker's. */
export const renderConcurrency = (workers: number) => 4 + workers * IN_FLIGHT;

/** What of Astro's prerender app (`BuildApp`) a worker and this module use. */
export interface BuildApp {
  manifest: { routes: Array<{ routeData: { route: string } }>; entryModules: Record<string, string> };
  render(request: Request, options: { routeData: unknown }): Promise<Response>;
  setInternals(internals: unknown): void;
  setOptions(options: unknown): void;
  getOptions(): {
    allPages: Record<string, { key: string; styles: unknown[] }>;
    settings: { scripts: unknown[] };
    logger: { options: { destination: { write(event: unknown): boolean } } };
  };
}

/** What the site gives every worker, known once Astro's config is final. */
export interface SiteRendering {
  docsDir: string;
  compile: CompileWorkerData;
  /** Astro's settings for its Markdown renderer, but Shiki's, which the worker rebuilds with its transformers. */
  renderer: Omit<RendererSettings, 'shikiConfig'>;
  variables: Variables | undefined;
  /** When each page's file last changed (`build-context.ts`). */
  lastModified: Array<[string, string]>;
  mermaid: MermaidBuild | undefined;
  /** Where MDX pages rendered from their source are compiled to, and the key of the main thread's settings; none when they are modules of the bundle. */
  mdx: { cacheDir: string; settingsKey: string } | undefined;
  /** What loading the site found in each MDX file it read as written: a worker compiling one then only parses it (`mdxModuleInput`). */
  contents: Array<[string, PageContent]>;
}

export interface RenderWorkerData extends SiteRendering {
  /** The prerender bundle's entry, as a file URL. */
  entry: string;
  /** Each page key's styles (Astro's `pagesByKeys`), and its scripts and entry modules: what its build environment reads. */
  styles: Array<[string, unknown[]]>;
  scripts: unknown[];
  entryModules: Record<string, string>;
}

export interface RenderJob {
  id: number;
  url: string;
  route: string;
  collectMetadata: boolean;
}

interface RenderedPage {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
  metadata: unknown;
}

type WorkerError = { name: string; message: string; stack?: string };

export type WorkerAnswer =
  | { ready: true }
  | { ready: false; error: WorkerError }
  | { log: unknown }
  | { closed: true }
  | { id: number; page: RenderedPage; failures: WorkerFailures }
  | { id: number; error: WorkerError; failures: WorkerFailures };

/** Names how many workers render a build's pages when the `renderWorkers` option does not: `0` for none. */
export const RENDER_WORKERS_ENV = 'DOCS_RENDER_WORKERS';
/** Below this many pages, a worker's start (a second or so: the bundle, Shiki) costs more than it saves. */
const MIN_PAGES = 500;

/**
 * How many workers render beside the main thread: the `renderWorkers` option, else
 * DOCS_RENDER_WORKERS, else one fewer than the cores for a site of `MIN_PAGES` pages or more.
 */
export function renderWorkerCount(option: number | boolean | undefined, pages: number, env = process.env[RENDER_WORKERS_ENV]): number {
  const cores = availableParallelism();
  if (option === false) return 0;
  if (typeof option === 'number') return option;
  if (option === true) return Math.max(cores - 1, 1);
  const asked = env?.trim() ? Number(env) : undefined;
  if (asked !== undefined && Number.isInteger(asked) && asked >= 0 && asked <= 16) return asked;
  return pages >= MIN_PAGES ? cores - 1 : 0;
}

/** What every worker is given of the site, or nothing where a worker would not render as this thread does. */
export function siteRendering(
  config: AstroConfig,
  docsDir: string,
  site: { config?: DocsJson; lastModified: ReadonlyMap<string, string> },
  files: ReadonlyArray<{ file: string; content: PageContent }>,
  languages: string[],
  mdxFromSource: boolean,
): SiteRendering | undefined {
  const settings = mdxSettings(config);
  const compile = aheadWorkerData(docsDir, settings, site.config, languages);
  if (!compile) return undefined;
  const { shikiConfig: _shiki, ...renderer } = rendererSettings(config);
  try {
    return structuredClone({
      docsDir,
      compile,
      renderer,
      variables: site.config?.variables,
      lastModified: [...site.lastModified],
      mermaid: locatedMermaid(),
      mdx: mdxFromSource ? { cacheDir: mdxCacheDir(config), settingsKey: settingsKeyOf(settings) } : undefined,
      contents: mdxFromSource ? files.filter(({ file, content }) => readAsWritten(file, content)).map(({ file, content }) => [file, content]) : [],
    });
  } catch {
    return undefined; // a setting that is a function (an image service's)
  }
}

/** Records where Vite writes the prerender bundle's entry, which the workers import. */
export function vitePluginPrerenderEntry(found: (file: string) => void): Plugin {
  return {
    name: 'astro-docs-json:prerender-entry',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment?.name !== 'prerender' || !options.dir) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.fileName.startsWith('prerender-entry')) found(path.join(options.dir, chunk.fileName));
      }
    },
  };
}

/**
 * Astro's prerenderer with workers beside it, started once Astro's has imported the bundle
 * (`setup`), and stopped with it. Without the bundle's entry, it renders as Astro's does.
 * With `awaitWorkers`, the first page waits for the workers to be ready (else a small site is
 * rendered before a worker has loaded the bundle); without it (a rebuild, which renders few
 * pages), the workers start only once `REBUILD_START` pages are asked for (starting them cost
 * a rebuild of 3,000 pages that renders three about half a second on this thread), pages go
 * to this thread until a worker is ready, and one still starting at the end is stopped.
 */
export function renderingOnWorkers(prerenderer: AstroPrerenderer, count: number, site: () => SiteRendering | undefined, entry: () => string | undefined, logger: AstroIntegrationLogger, awaitWorkers = true): AstroPrerenderer {
  let workers: RenderWorkers | undefined;
  let readyIn = 0;
  /** Starts the workers, once; `undefined` when Astro's prerenderer has no bundle to hand them. */
  let start: (() => Promise<void>) | undefined;
  let asked = 0;
  /** No worker renders as this thread does (`siteRendering`): this thread renders every page, as Astro's would. */
  let unavailable = false;
  return {
    ...prerenderer,
    async setup() {
      await prerenderer.setup?.();
      const app = (prerenderer as { app?: BuildApp }).app;
      const file = entry();
      if (!app || !file) return;
      start = () => {
        start = undefined;
        // Worked out only now: a rebuild that renders a few pages starts no worker, and
        // copying what they are given took it 0.1 s at 10,000 pages.
        const rendering = site();
        if (!rendering) {
          unavailable = true;
          return Promise.resolve();
        }
        // Before the workers start, so that they are sized from what the rendering needs.
        collectGarbage();
        workers = new RenderWorkers(count, { ...rendering, ...buildEnvironment(app), entry: pathToFileURL(file).href }, app, logger);
        const begun = performance.now();
        return workers.started().then(() => {
          // Settled too by a worker stopped before it was ready (a rebuild that ended first).
          if (workers?.workers.some((worker) => worker.ready)) readyIn = (performance.now() - begun) / 1000;
        });
      };
      if (awaitWorkers) await start();
    },
    render(request, options) {
      if (!WORKER_ROUTES.has(options.routeData.route)) return prerenderer.render(request, options);
      if (++asked >= REBUILD_START) void start?.();
      return workers?.render(request.url, options.routeData.route, options.collectMetadata === true, () => prerenderer.render(request, options)) ?? prerenderer.render(request, options);
    },
    async teardown() {
      const done = await workers?.close();
      const ready = readyIn ? `ready in ${readyIn.toFixed(1)} s` : 'stopped before it was ready';
      if (done) logger.info(`Pages rendered on ${count} worker thread${count === 1 ? '' : 's'} (${ready}): ${done.onWorkers}, on the main thread: ${done.onMain}`);
      else if (asked > 0 && !awaitWorkers && !unavailable) logger.info(`Pages rendered on the main thread: ${asked} (fewer than ${REBUILD_START}: no worker thread started)`);
      await prerenderer.teardown?.();
    },
  };
}

/**
 * A full garbage collection, before the rendering: what bundling and loading left behind
 * goes, and V8 sizes the heap from what the rendering holds (at 25,200 pages, the build's
 * peak went from 2.5 GB to 2.0 GB; the collection takes about a second). Node exposes it
 * to code only behind a flag, which a new context picks up.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** What Astro's build environment reads, from the main thread's app: every page key's styles, the scripts, the entry modules. */
function buildEnvironment(app: BuildApp): Pick<RenderWorkerData, 'styles' | 'scripts' | 'entryModules'> {
  const { allPages, settings } = app.getOptions();
  return {
    styles: Object.values(allPages).map((page) => [page.key, page.styles]),
    scripts: settings.scripts.map((script) => ({ ...(script as object) })),
    entryModules: { ...app.manifest.entryModules },
  };
}

/**
 * A worker's heap, bounded: it holds the site's data and a few pages, and without a bound V8
 * lets its garbage grow with the pages it renders (600 MB more at the peak of a build of
 * 25,200 pages). The bound grows with the site, which the main thread's heap measures: the
 * worker holds a part of what it holds. A worker that runs out stops, and leaves its pages here.
 */
function workerHeap(): { maxOldGenerationSizeMb: number } {
  const mainMb = getHeapStatistics().used_heap_size / 2 ** 20;
  return { maxOldGenerationSizeMb: Math.max(256, Math.round(mainMb / 2)) };
}

type Rendered = Awaited<ReturnType<AstroPrerenderer['render']>>;

interface Job {
  resolve(rendered: Rendered): void;
  reject(error: unknown): void;
  /** Renders it on this thread, if its worker stops. */
  here(): Promise<Rendered>;
}

/** One worker thread and the pages it holds. */
class RenderWorker {
  readonly thread: Worker;
  ready = false;
  stopped = false;
  readonly jobs = new Map<number, Job>();
  rendered = 0;
  closed: Promise<void> | undefined;
  /** Settled once it is ready, or has stopped. */
  readonly started: Promise<void>;
  private settleStart: () => void = () => undefined;

  constructor(data: RenderWorkerData, log: (event: unknown) => void, stopped: (reason: string) => void) {
    this.started = new Promise((resolve) => (this.settleStart = resolve));
    this.thread = new Worker(new URL(`./render-worker${MODULE_EXTENSION}`, import.meta.url), { workerData: data, resourceLimits: workerHeap() });
    this.thread.on('message', (answer: WorkerAnswer) => this.answered(answer, log, stopped));
    this.thread.on('error', (error) => this.stop(() => stopped(error.message)));
    this.thread.on('exit', () => this.stop());
  }

  answered(answer: WorkerAnswer, log: (event: unknown) => void, stopped: (reason: string) => void): void {
    if ('log' in answer) return log(answer.log);
    if ('ready' in answer) {
      this.ready = answer.ready;
      if (!answer.ready) this.stop(() => stopped(answer.error.message));
      return this.settleStart();
    }
    if ('closed' in answer) return void this.thread.terminate();
    const job = this.jobs.get(answer.id);
    this.jobs.delete(answer.id);
    adoptWorkerFailures(answer.failures);
    if (!job) return;
    if ('error' in answer) return job.reject(Object.assign(new Error(answer.error.message), answer.error));
    this.rendered++;
    const { status, statusText, headers, body, metadata } = answer.page;
    const response = new Response(body, { status, statusText, headers });
    job.resolve(metadata === undefined ? response : { response, metadata: metadata as never });
  }

  /** Its pages are rendered on this thread; `report` says why, when it stopped before its time. */
  stop(report?: () => void): void {
    if (this.stopped) return;
    report?.();
    this.stopped = true;
    this.ready = false;
    this.settleStart();
    for (const job of this.jobs.values()) job.here().then(job.resolve, job.reject);
    this.jobs.clear();
  }
}

class RenderWorkers {
  readonly workers: RenderWorker[];
  nextId = 0;
  onMain = 0;

  constructor(count: number, data: RenderWorkerData, app: BuildApp, logger: AstroIntegrationLogger) {
    const destination = app.getOptions().logger.options.destination;
    const stopped = (reason: string) => logger.warn(`A rendering worker stopped (${reason}): the main thread renders its pages.`);
    this.workers = Array.from({ length: count }, () => new RenderWorker(data, (event) => destination.write(event), stopped));
  }

  async started(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.started));
  }

  /** The page rendered on a worker with room for it, or `undefined`: this thread renders it. */
  render(url: string, route: string, collectMetadata: boolean, here: () => Promise<Rendered>): Promise<Rendered> | undefined {
    const worker = this.workers.find((candidate) => candidate.ready && candidate.jobs.size < IN_FLIGHT);
    if (!worker) {
      this.onMain++;
      return undefined;
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      worker.jobs.set(id, { resolve, reject, here });
      worker.thread.postMessage({ id, url, route, collectMetadata } satisfies RenderJob);
    });
  }

  /** Once every worker has written what it compiled to the cache, and stopped. */
  async close(): Promise<{ onWorkers: number; onMain: number }> {
    await Promise.all(this.workers.map((worker) => (worker.closed ??= new Promise<void>((resolve) => {
      if (worker.stopped) return resolve();
      worker.thread.once('exit', () => resolve());
      // One still starting rendered nothing, and has nothing to write.
      if (worker.ready) worker.thread.postMessage('close');
      else void worker.thread.terminate();
    }))));
    return { onWorkers: this.workers.reduce((sum, worker) => sum + worker.rendered, 0), onMain: this.onMain };
  }
}
