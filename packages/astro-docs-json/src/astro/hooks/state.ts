/**
 * What the integration's hooks share: set in `astro:config:setup` and `astro:config:done`,
 * read by the hooks after them and by the dev server. One for each `docsJson()`.
 */
import type { Diagnostic } from '../../core/diagnostics.ts';
import type { AssetOptions } from '../../core/pages/assets.ts';
import type { PageContent } from '../../core/markdown/page-content.ts';
import type { PartSelection } from '../../core/parts/site-parts.ts';
import type { Site } from '../../core/site/load-site.ts';
import type { DocsJsonOptions } from '../../options.ts';
import { outputGuard, type OutputGuard } from '../build/output-guard.ts';
import type { SiteRendering } from '../workers/render-workers.ts';
import type { SearchIndexer } from '../build/search-index.ts';
import type { BrowserHighlighting } from '../react/highlight-settings.ts';
import type { SocialImageJob } from '../build/social-images.ts';

export interface IntegrationState {
  readonly options: DocsJsonOptions;
  /**
   * The folder messages name files from: Astro's root, or the current folder when the docs
   * folder lies outside the root (the command line's project, `cli/astro-project.ts`).
   */
  root: string;
  /** The folder that holds docs.json. */
  docsDir: string;
  /** The site as loaded in `astro:config:setup`, and as `astro dev` loads it again when its files change. */
  site?: Site;
  /** In a build of one part of the site (`core/parts/`), that part: only its pages are rendered. */
  part?: PartSelection;
  /** Which files of the docs folder the site serves as they are (images, downloads). */
  assetOptions: AssetOptions;
  /** The headers of a page's response in `astro dev` (`Vary`, and `Link` to the files for machines its routes serve). */
  pageHeaders: Record<string, string>;
  /** The folder the build writes, removed when the build fails at any phase: no half-written site is left. */
  outDir: string;
  /** Where a server build's code is written (with an adapter). */
  serverDir?: string;
  /** Whether MDX has no options of the site's own: we add the MDX integration. */
  ownMdx: boolean;
  /** Whether MDX pages may be rendered from their source (`mdx-pages.ts`): set once Astro's config is final. */
  mdxFromSource: boolean;
  readonly output: OutputGuard;
  /** Pages and components that failed while the build rendered them, each a notice on its page (`render-failures.ts`): the summary counts them. */
  renderWarnings: Diagnostic[];
  /** The search index of the build under way, built as its pages are rendered (`search-index.ts`). */
  searchIndexer?: SearchIndexer;
  /** The pages' social images, drawn while the pages are rendered (`social-images.ts`). */
  socialImages?: SocialImageJob;
  /** Where the build records the pages that failed or whose components did, which the next one renders again (`failing-pages.ts`). */
  failedPagesRecord: string;
  /** How many workers render the pages beside the main thread (`renderWorkerCount`), if they can. */
  renderWorkers: number;
  /** A build with Astro's incremental build on, for which each page gets a cache key (not `astro dev`, which has no use for them). */
  incrementalBuild: boolean;
  /** Each page file's key for Astro's incremental build, in such a build (`config-done.ts`). */
  pageCacheKeys?: ReadonlyMap<string, string>;
  /** What the rendering workers are given of the site, worked out when a build starts; none where they cannot render as the main thread does (`render-workers.ts`). */
  siteRendering?: () => SiteRendering | undefined;
  /** Where Vite wrote the prerender bundle's entry, which the rendering workers import. */
  prerenderEntry?: string;
  /** The highlighter settings for the browser (`react/highlight-settings.ts`): set once Astro's config is final. */
  codeHighlighting?: BrowserHighlighting;
}

export function integrationState(options: DocsJsonOptions): IntegrationState {
  return { options, root: '', docsDir: '', assetOptions: {}, pageHeaders: {}, outDir: '', renderWorkers: 0, incrementalBuild: false, ownMdx: false, mdxFromSource: false, output: outputGuard(), renderWarnings: [], failedPagesRecord: '' };
}

/** The pages and snippets of the site as loaded. */
export function contentFiles(state: IntegrationState): Array<{ file: string; content: PageContent }> {
  return state.site ? [...state.site.routes, ...state.site.snippets] : [];
}

/** The pages this build renders: all of them, or those of its part. */
export function routesToBuild(state: IntegrationState, site: Site): Site['routes'] {
  const part = state.part;
  return part ? site.routes.filter((route) => part.has(route)) : site.routes;
}
