/**
 * The compiling worker (`mdx-compile-ahead.ts`): compiles the MDX files it is sent with the
 * settings of the site's Markdown processor, rebuilt here from what can cross to a thread
 * (docs.json's Markdown and the serialisable settings): the plugins are this package's own,
 * as the main thread's are when the site adds none.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { docsMarkdown } from '../../core/html/index.ts';
import type { DocsJson } from '../../core/schema/docs-json.ts';
import { docsPluginFactories } from './docs-markdown.ts';
import { MdxCompilation, type MdxSettings } from './mdx-compile.ts';
import type { AheadJob } from './mdx-compile-ahead.ts';

export interface CompileWorkerData {
  docsDir: string;
  /** The settings without the plugins and Shiki's transformers, which are functions. */
  settings: Omit<MdxSettings, 'mdastPlugins' | 'hastPlugins'>;
  /** What of docs.json the Markdown depends on. */
  docsConfig: Pick<DocsJson, 'styling'>;
  /** The languages the site's code blocks name (`MdxCompilation`). */
  languages: string[];
}

const { docsDir, settings, docsConfig, languages } = workerData as CompileWorkerData;
const markdown = docsMarkdown(docsConfig as DocsJson);
const factories = docsPluginFactories(docsDir, markdown);
const compilation = new MdxCompilation(docsDir, {
  ...settings,
  mdastPlugins: [factories.mdast],
  hastPlugins: [factories.hast],
  shikiConfig: { ...settings.shikiConfig, transformers: markdown.shikiTransformers },
}, languages);

parentPort!.on('message', ({ id, job }: { id: number; job: AheadJob }) => {
  compilation.compile(job.file, job.text, job.key, job.content).then(
    (entry) => parentPort!.postMessage({ id, entry }),
    // The main thread compiles it again, to report the failure as it always does.
    () => parentPort!.postMessage({ id }),
  );
});
