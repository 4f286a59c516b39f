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
/** Marks the plugin factories this module adds, to tell them from the site's own. */
const OURS = Symbol.for('astro-docs-json.docs-markdown.plugin');

type PluginFactory = ((ctx: PluginFactoryContext) => unknown) & { [OURS]?: true };

/** The factories that give the docs folder's files Mintlify's plugins, and no other file. */
export function docsPluginFactories(docsDir: string, markdown: DocsMarkdown): { mdast: PluginFactory; hast: PluginFactory } {
  // A factory that answers null leaves its plugins out of that file (satteri's plugin factories).
  const inDocs = (ctx: PluginFactoryContext) => ctx.fileURL !== undefined && fileURLToPath(ctx.fileURL).startsWith(docsDir + path.sep);
  const mdast: PluginFactory = Object.assign((ctx: PluginFactoryContext) => (inDocs(ctx) ? markdown.mdastPlugins : null), { [OURS]: true as const });
  const hast: PluginFactory = Object.assign((ctx: PluginFactoryContext) => (inDocs(ctx) ? markdown.hastPlugins : null), { [OURS]: true as const });
  return { mdast, hast };
}

/** A plugin (factory) of this module's, not one of the site's own. */
export const isDocsPlugin = (plugin: unknown): boolean => typeof plugin === 'function' && (plugin as PluginFactory)[OURS] === true;

export function addDocsMarkdown(config: AstroConfig, docsDir: string, markdown: DocsMarkdown, logger: AstroIntegrationLogger): void {
  const processor = config.markdown.processor;
  const marked = processor as { [ADDED]?: true };
  if (marked[ADDED]) return;
  if (!isSatteriProcessor(processor)) {
    logger.warn(`The site's Markdown processor is \`${processor.name}\`, not Sätteri: Mintlify's diagrams, math, code block options and heading ids are not added to its pages.`);
    return;
  }
  const { options } = processor;
  const factories = docsPluginFactories(docsDir, markdown);
  options.mdastPlugins.push(factories.mdast as never);
  options.hastPlugins.push(factories.hast as never);
  for (const [name, value] of Object.entries(markdown.features)) {
    if (!(name in options.features)) (options.features as Record<string, unknown>)[name] = value;
  }
  marked[ADDED] = true;
}
