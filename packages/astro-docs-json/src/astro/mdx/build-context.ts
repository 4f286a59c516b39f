/**
 * What the integration gives the page routes for a build, on `globalThis`: the MDX
 * compiler (`mdx-pages.ts`, run by `mdx-content.ts`) and each page's cache key for Astro's
 * incremental build (`pageCacheKeys`). Both run in the one Node process that builds the
 * site, but each has its own copy of the modules, and the routes' copy is bundled, so it
 * must not import the compiler's own dependencies.
 */
import type { MarkdownHeading } from 'astro';

/** What the route runs: the body of a function of `(scope, frontmatter)`, and what it needs. */
export interface CompiledMdx {
  /** Identifies the file's compiled output: the same key, the same code. */
  key: string;
  code: string;
  headings: MarkdownHeading[];
  /** The files of the docs folder it imports, in the order of its `__docsImport<n>` names. */
  imports: string[];
  /** The page reads `frontmatter`, which it does not declare itself: the route provides it. */
  frontmatter?: Record<string, unknown>;
}

export interface MdxCompiler {
  compile(file: string): Promise<CompiledMdx>;
  /** In a build: the files it renders from their source, in the order it renders them, to compile ahead. */
  compileAhead?(files: readonly string[]): void;
  /** After a complete build: forget what was compiled from other texts than those of the docs folder's files, by their digests as the site was loaded. */
  prune(files: ReadonlyArray<{ file: string; digest: string }>): Promise<void>;
  /** Once the entries it compiled are in the cache (a rendering worker's, before it stops). */
  written(): Promise<void>;
}

const CONTEXT = Symbol.for('astro-docs-json.build-context');

export interface BuildContext {
  /** Without it, MDX pages are compiled into modules (`mdx-pages.ts` says when). */
  compiler?: MdxCompiler;
  /** By page file; a page without one is rendered in every build. */
  cacheKeys: ReadonlyMap<string, string>;
  /**
   * When each page file last changed (`Site.lastModified`), read as the site is now (it is
   * loaded again on every edit in `astro dev`). Handed over here rather than in the site's
   * data, which every page's output depends on: a commit that dates one page anew renders
   * that page again, not all of them (its cache key holds its date).
   */
  lastModified?: (file: string) => string | undefined;
  /** In a build of one part of the site (`core/parts/`), whether a page, by its version and language, is in it. */
  inPart?: (page: { version: string | null; language: string | null }) => boolean;
}

type Holder = { [CONTEXT]?: BuildContext };

export function provideBuildContext(context: BuildContext): void {
  (globalThis as Holder)[CONTEXT] = context;
}

/** The compiler of the build under way (a new one for each build). */
export function mdxCompiler(): MdxCompiler {
  const compiler = (globalThis as Holder)[CONTEXT]?.compiler;
  if (!compiler) {
    throw new Error('astro-docs-json renders its MDX pages in the Node process that runs the integration, and this page was rendered outside it (in another runtime, or without the integration).');
  }
  return compiler;
}

/** When the page's file last changed, as an ISO timestamp; undefined outside the integration's build. */
export function pageLastModified(file: string): string | undefined {
  return (globalThis as Holder)[CONTEXT]?.lastModified?.(file);
}

/** The page's key for Astro's incremental build: the same key, the same output. */
export function pageCacheKey(file: string): string | undefined {
  return (globalThis as Holder)[CONTEXT]?.cacheKeys.get(file);
}

/** Whether the build renders the page: every page, but in a build of one part of the site, those of that part. */
export function inBuildPart(page: { version: string | null; language: string | null }): boolean {
  return (globalThis as Holder)[CONTEXT]?.inPart?.(page) ?? true;
}
