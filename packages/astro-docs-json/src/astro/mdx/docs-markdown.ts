/**
 * Adds Mintlify's Markdown (`core/html/`) to the site's Markdown processor, for the docs
 * folder's files only: the processor's options are read by MDX pages rendered from their
 * source (`mdx-pages.ts`), by Astro's MDX integration and by plain Markdown pages, so all
 * three render alike. Astro's processors are plain objects that integrations may adjust.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import { isSatteriProcessor } from '@astrojs/markdown-satteri';
import type { PluginFactoryContext } from 'satteri';
import type { DocsMarkdown } from '../../core/html/index.ts';

const ADDED = Symbol.for('astro-docs-json.docs-markdown');

export function addDocsMarkdown(config: AstroConfig, docsDir: string, markdown: DocsMarkdown, logger: AstroIntegrationLogger): void {
  const processor = config.markdown.processor;
  const marked = processor as { [ADDED]?: true };
  if (marked[ADDED]) return;
  if (!isSatteriProcessor(processor)) {
    logger.warn(`The site's Markdown processor is \`${processor.name}\`, not Sätteri: Mintlify's diagrams, math, code block options and heading ids are not added to its pages.`);
    return;
  }
  const { options } = processor;
  // A factory that answers null leaves its plugins out of that file (satteri's plugin factories).
  const inDocs = (ctx: PluginFactoryContext) => ctx.fileURL !== undefined && fileURLToPath(ctx.fileURL).startsWith(docsDir + path.sep);
  options.mdastPlugins.push((ctx: PluginFactoryContext) => (inDocs(ctx) ? markdown.mdastPlugins : null));
  options.hastPlugins.push((ctx: PluginFactoryContext) => (inDocs(ctx) ? markdown.hastPlugins : null));
  for (const [name, value] of Object.entries(markdown.features)) {
    if (!(name in options.features)) (options.features as Record<string, unknown>)[name] = value;
  }
  marked[ADDED] = true;
}
