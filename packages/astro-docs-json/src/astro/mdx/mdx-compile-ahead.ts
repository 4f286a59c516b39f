/**
 * MDX compiled ahead of the rendering, on a thread of its own: while the main thread renders
 * a page, the worker compiles the next ones in the order Astro renders them, so that the
 * pages' compiling (a tenth of a large site's build) leaves the main thread. Only where the
 * worker can compile as the main thread would: the site's Markdown processor has no plugins
 * and Shiki no transformers but this package's, and its settings cross to a thread.
 */
import type { PageContent } from '../../core/markdown/page-content.ts';
import type { DocsJson } from '../../core/schema/docs-json.ts';
import { OffThread } from '../../core/off-thread.ts';
import { MODULE_EXTENSION } from '../build/code-digest.ts';
import { isDocsPlugin } from './docs-markdown.ts';
import { runsOnlyOurTransformers, type CacheEntry, type MdxSettings } from './mdx-compile.ts';
import { docsMarkdown } from '../../core/html/index.ts';
import { docsPluginFactories } from './docs-markdown.ts';

export interface AheadJob {
  file: string;
  text: string;
  key: string;
  content: PageContent | undefined;
}

export interface CompileWorkerData {
  docsDir: string;
  /** The settings without the plugins and Shiki's transformers, which are functions. */
  settings: Omit<MdxSettings, 'mdastPlugins' | 'hastPlugins'>;
  /** What of docs.json the Markdown depends on. */
  docsConfig: Pick<DocsJson, 'styling'>;
  /** The languages the site's code blocks name (`MdxCompilation`). */
  languages: string[];
}

/**
 * The settings of the site's Markdown processor rebuilt on a worker from what can cross to a
 * thread (`aheadWorkerData`): the plugins are this package's own, as the main thread's are.
 */
export function settingsOnThread({ docsDir, settings, docsConfig }: CompileWorkerData): MdxSettings {
  const markdown = docsMarkdown(docsConfig as DocsJson);
  const factories = docsPluginFactories(docsDir, markdown);
  return { ...settings, mdastPlugins: [factories.mdast], hastPlugins: [factories.hast], shikiConfig: { ...settings.shikiConfig, transformers: markdown.shikiTransformers } };
}

/** The worker's data, or none where the worker would not compile as the main thread does. */
export function aheadWorkerData(docsDir: string, settings: MdxSettings, docsConfig: DocsJson | undefined, languages: readonly string[]): CompileWorkerData | undefined {
  const { mdastPlugins, hastPlugins, shikiConfig, ...rest } = settings;
  if (![...mdastPlugins, ...hastPlugins].every(isDocsPlugin)) return undefined;
  if (!runsOnlyOurTransformers(shikiConfig)) return undefined;
  try {
    const data: CompileWorkerData = {
      docsDir,
      settings: { ...rest, shikiConfig: { ...shikiConfig, transformers: [] } },
      docsConfig: { ...(docsConfig?.styling ? { styling: docsConfig.styling } : {}) },
      languages: [...languages],
    };
    return structuredClone(data);
  } catch {
    return undefined; // a setting that is a function (a theme or language given as code)
  }
}

/**
 * The worker's heap, bounded: it holds a few pages at a time, and without a bound V8 lets
 * its garbage grow (150 MB more at the peak of a build of 3,000 pages, for no time saved).
 * A worker that runs out stops, and leaves its files to the main thread.
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 };

/**
 * The worker, sent a file at a time; `undefined` for a file it could not compile, or once it
 * has stopped: the main thread then compiles the file, and reports what fails.
 */
export class CompileAhead {
  private readonly thread: OffThread<AheadJob, CacheEntry | undefined>;

  constructor(data: CompileWorkerData) {
    this.thread = new OffThread<AheadJob, CacheEntry | undefined>(new URL(`./mdx-compile-worker${MODULE_EXTENSION}`, import.meta.url), () => undefined, { workerData: data, resourceLimits: WORKER_HEAP });
  }

  compile(job: AheadJob): Promise<CacheEntry | undefined> {
    return this.thread.ask(job);
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
