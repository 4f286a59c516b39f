/**
 * A rendering worker (`render-workers.ts`): imports the prerender bundle Astro built, as
 * Astro's own prerenderer does, and renders the pages it is sent with what the integration
 * hands the routes on the main thread, rebuilt here from what can cross to a thread: the
 * MDX compiler, the Markdown renderer, the pages' dates, where Mermaid is. What failed on a
 * page goes back with it, for the build's summary.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { satteri } from '@astrojs/markdown-satteri';
import { provideBuildContext, type MdxCompiler } from '../mdx/build-context.ts';
import { provideMarkdownRenderer, readDocsMarkdownAsLoaded } from '../mdx/markdown-pages.ts';
import { settingsOnThread } from '../mdx/mdx-compile-ahead.ts';
import { mdxCompilerWith } from '../mdx/mdx-pages.ts';
import { useMermaid } from '../build/mermaid-files.ts';
import { takeWorkerFailures } from '../build/render-failures.ts';
import type { BuildApp, RenderJob, RenderWorkerData, WorkerAnswer } from './render-workers.ts';

const data = workerData as RenderWorkerData;
const port = parentPort!;
const post = (answer: WorkerAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(answer, transfer);

function provideWhatRoutesRead(): MdxCompiler | undefined {
  const { docsDir, compile, renderer, variables, lastModified, mermaid, mdx, contents } = data;
  const settings = settingsOnThread(compile);
  const processor = satteri({ mdastPlugins: settings.mdastPlugins, hastPlugins: settings.hastPlugins, features: settings.features } as never);
  readDocsMarkdownAsLoaded(processor as never, docsDir, () => variables);
  provideMarkdownRenderer(processor as never, { ...renderer, shikiConfig: settings.shikiConfig });
  const dates = new Map(lastModified);
  const known = new Map(contents);
  const site = { contentOf: (file: string) => known.get(file), variables: () => variables, config: () => undefined, languages: () => compile.languages };
  const compiler = mdx ? mdxCompilerWith(mdx.cacheDir, docsDir, settings, mdx.settingsKey, site) : undefined;
  provideBuildContext({ ...(compiler ? { compiler } : {}), cacheKeys: new Map(), lastModified: (file) => dates.get(file) });
  if (mermaid) useMermaid(mermaid);
  return compiler;
}

/** Astro's prerender app, told what its build environment reads: each page's styles, the scripts, a logger that writes on the main thread. */
async function prerenderApp(): Promise<BuildApp> {
  const { app } = (await import(data.entry)) as { app: BuildApp };
  app.setInternals({ pagesByKeys: new Map(data.styles.map(([key, styles]) => [key, { styles }])), entrySpecifierToBundleMap: new Map(Object.entries(data.entryModules)) });
  const destination = { write: (event: unknown) => (post({ log: event }), true) };
  app.setOptions({ settings: { scripts: data.scripts }, logger: { options: { destination } } });
  return app;
}

/**
 * What Astro collects while a page renders for its incremental build, in the store it reads
 * (`installRenderScope`, on `globalThis` by Astro's own key), as its prerenderer collects it.
 */
const RENDER_SCOPE = Symbol.for('astro:render-scope');

function renderScope(): AsyncLocalStorage<unknown> {
  const host = globalThis as { [RENDER_SCOPE]?: AsyncLocalStorage<unknown> };
  if (!host[RENDER_SCOPE]) Object.defineProperty(host, RENDER_SCOPE, { value: new AsyncLocalStorage(), configurable: true, writable: false, enumerable: false });
  return host[RENDER_SCOPE]!;
}

async function render(app: BuildApp, routes: Map<string, unknown>, job: RenderJob): Promise<void> {
  const routeData = routes.get(job.route);
  if (!routeData) throw new Error(`The prerender bundle has no route ${job.route}.`);
  // The body is read inside the scope: Astro renders a page as its body is read.
  const rendered = async () => {
    const response = await app.render(new Request(job.url), { routeData });
    return { response, body: response.body === null ? null : await response.arrayBuffer() };
  };
  let metadata: unknown;
  let result: Awaited<ReturnType<typeof rendered>>;
  if (job.collectMetadata) {
    const store = { contentEntries: new Set<string>(), staticImages: [] as unknown[], referencedImages: new Set<string>() };
    result = await renderScope().run(store, rendered);
    metadata = { contentEntryKeys: [...store.contentEntries], staticImages: store.staticImages, referencedImages: [...store.referencedImages] };
  } else {
    result = await rendered();
  }
  const { response, body } = result;
  const page = { status: response.status, statusText: response.statusText, headers: [...response.headers], body, metadata };
  post({ id: job.id, page, failures: takeWorkerFailures() }, body ? [body] : []);
}

const compiler = provideWhatRoutesRead();
prerenderApp().then(
  (app) => {
    const routes = new Map(app.manifest.routes.map(({ routeData }) => [routeData.route, routeData as unknown]));
    port.on('message', (message: RenderJob | 'close') => {
      // Once what it compiled is in the cache, which the build prunes when it is done.
      if (message === 'close') return void (compiler?.written() ?? Promise.resolve()).finally(() => post({ closed: true }));
      render(app, routes, message).catch((error: unknown) => post({ id: message.id, error: errorOf(error), failures: takeWorkerFailures() }));
    });
    post({ ready: true });
  },
  (error: unknown) => post({ ready: false, error: errorOf(error) }),
);

function errorOf(error: unknown): { name: string; message: string; stack?: string } {
  return error instanceof Error ? { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) } : { name: 'Error', message: String(error) };
}
