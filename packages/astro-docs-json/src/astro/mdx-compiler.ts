/**
 * What the integration's MDX compiler (`mdx-pages.ts`) gives the page routes
 * (`mdx-content.ts`), on `globalThis`: both run in the one Node process that builds the
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
  /** After a complete build: forget the compiled files it did not use. */
  prune(): Promise<void>;
}

const COMPILER = Symbol.for('astro-docs-json.mdx-compiler');

type Holder = { [COMPILER]?: MdxCompiler };

export function provideMdxCompiler(compiler: MdxCompiler): void {
  (globalThis as Holder)[COMPILER] = compiler;
}

/** The compiler of the build under way (a new one for each build). */
export function mdxCompiler(): MdxCompiler {
  const compiler = (globalThis as Holder)[COMPILER];
  if (!compiler) {
    throw new Error('astro-docs-json renders its MDX pages in the Node process that runs the integration, and this page was rendered outside it (in another runtime, or without the integration).');
  }
  return compiler;
}
