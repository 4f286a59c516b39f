/**
 * `astro:config:done`: Astro's config is final. The page routes get what they render with:
 * the site's Markdown processor, the MDX compiler when MDX pages are rendered from their
 * source, and each page's cache key for Astro's incremental build.
 */
import type { HookParameters } from 'astro';
import { isSatteriProcessor } from '@astrojs/markdown-satteri';
import { fileURLToPath } from 'node:url';
import type { PageContent } from '../../core/markdown/page-content.ts';
import { pageCacheKeys } from '../../core/pages/cache-keys.ts';
import { pagesThatFailed } from '../build/failing-pages.ts';
import { siteRendering } from '../workers/render-workers.ts';
import { provideBuildContext } from '../mdx/build-context.ts';
import { browserHighlighting } from '../react/highlight-settings.ts';
import { provideMarkdownRenderer, rendererSettings } from '../mdx/markdown-pages.ts';
import { codeHash, createMdxCompiler } from '../mdx/mdx-pages.ts';
import { contentFiles, type IntegrationState } from './state.ts';

export function finishConfig(state: IntegrationState, { config, buildOutput }: HookParameters<'astro:config:done'>): void {
  state.outDir = fileURLToPath(config.outDir);
  state.failedPagesRecord = fileURLToPath(new URL('astro-docs-json/failed-pages.json', config.cacheDir));
  state.serverDir = buildOutput === 'server' ? fileURLToPath(config.build.server) : undefined;
  provideMarkdownRenderer(config.markdown.processor, rendererSettings(config));
  state.codeHighlighting = browserHighlighting(config.markdown);
  // MDX pages are rendered from their source with the Sätteri processor's settings, applied
  // as Astro's MDX integration applies them; MDX options of the site's own, another
  // processor, or images of other hosts that Astro's image pipeline optimises leave them
  // to the bundler.
  const { processor } = config.markdown;
  state.mdxFromSource = state.ownMdx && isSatteriProcessor(processor) && !config.image.domains.length && !config.image.remotePatterns.length;
  if (state.incrementalBuild) state.pageCacheKeys = cacheKeys(state);
  provideBuildContext({
    ...(state.mdxFromSource ? { compiler: createMdxCompiler(config, state.docsDir, { contentOf: contentOf(contentFiles(state)), variables: () => state.site?.config?.variables, config: () => state.site?.config, languages: () => siteLanguages(state) }) } : {}),
    cacheKeys: state.pageCacheKeys ?? new Map(),
    lastModified: (file) => state.site?.lastModified.get(file),
    ...(state.part ? { inPart: state.part.has } : {}),
  });
  state.siteRendering = () => state.site && siteRendering(config, state.docsDir, state.site, contentFiles(state), siteLanguages(state), state.mdxFromSource);
}

/** Each page's key for Astro's incremental build; none for the pages whose components failed in the last build, which are rendered again. */
function cacheKeys(state: IntegrationState): Map<string, string> {
  // The code theme and the docs' own languages (their grammars' text included) shape every page's code blocks.
  const keys = new Map(pageCacheKeys(state.docsDir, contentFiles(state), `${codeHash()}:${state.site?.codeTheme.digest ?? ''}`));
  for (const file of pagesThatFailed(state.failedPagesRecord)) keys.delete(file);
  // A page shows its last-modified date, which is not in its text: a new date, a new key.
  for (const [file, key] of keys) {
    const date = state.site?.lastModified.get(file);
    if (date) keys.set(file, `${key}.${Date.parse(date).toString(36)}`);
  }
  return keys;
}

/** What loading the site found in each page and snippet file. */
function contentOf(files: ReadonlyArray<{ file: string; content: PageContent }>): (file: string) => PageContent | undefined {
  const byFile = new Map(files.map(({ file, content }) => [file, content]));
  return (file) => byFile.get(file);
}

/** The languages the site's code blocks name, once each, in a steady order. */
function siteLanguages(state: IntegrationState): string[] {
  return [...new Set(contentFiles(state).flatMap(({ content }) => content.languages.map((language) => language.name.toLowerCase())))].sort();
}
