/**
 * The route's side of MDX pages rendered from their source (`mdx-pages.ts`): runs a
 * compiled file with what its module would have imported (the docs folder's JSX runtime,
 * `../jsx-runtime.ts`; the built-in components; the files it imports, run the same way)
 * and makes of it the component Astro renders, as Astro's MDX integration makes a
 * module's `Content`.
 */
import type { MarkdownHeading } from 'astro';
import * as runtime from '../jsx-runtime.ts';
import { component, missingExport, nothing } from '../components/mdx/index.ts';
import { mdxCompiler, type CompiledMdx, type MdxCompiler } from './build-context.ts';

type Component = ((props?: Record<string, unknown>) => unknown) & Record<symbol, unknown>;
type Exports = Record<string, unknown> & { default: Component };

/**
 * The files pages import (snippets, mostly), run once each per build and shared by the
 * pages that import them, by their compiled output: an edited snippet, in `astro dev`,
 * runs anew. Pages themselves are not kept: nothing here grows with the number of pages.
 */
const importedByBuild = new WeakMap<MdxCompiler, Map<string, Promise<Exports>>>();

/** The page's compiled file, run: what its code and the files it imports throw at once is thrown here. */
export async function mdxContent(compiled: CompiledMdx): Promise<{ Content: Component; headings: MarkdownHeading[] }> {
  return { Content: (await run(compiled)).default, headings: compiled.headings };
}

async function importedExports(file: string): Promise<Exports> {
  const compiler = mdxCompiler();
  const compiled = await compiler.compile(file);
  const imported = importedByBuild.get(compiler) ?? new Map<string, Promise<Exports>>();
  importedByBuild.set(compiler, imported);
  let exports = imported.get(compiled.key);
  if (!exports) {
    exports = run(compiled);
    imported.set(compiled.key, exports);
  }
  return exports;
}

async function run(compiled: CompiledMdx): Promise<Exports> {
  const scope: Record<string, unknown> = { ...runtime, component, nothing, missingExport };
  for (const [index, file] of compiled.imports.entries()) scope[`__docsImport${index}`] = await importedExports(file);
  // A page that declares `frontmatter` itself is not given Astro's.
  const parameters = compiled.frontmatter ? ['scope', 'frontmatter'] : ['scope'];
  const body = new Function(...parameters, compiled.code) as (scope: object, frontmatter: unknown) => Exports;
  return asModule(body(scope, compiled.frontmatter));
}

/** What Astro's MDX integration exports from a module: `Content`, also the default, with `Fragment` and the file's `components` given. */
function asModule(exports: Exports): Exports {
  const MDXContent = exports.default;
  const own = exports.components as Record<string, unknown> | undefined;
  const render = (props: Record<string, unknown> = {}) =>
    MDXContent({ ...props, components: { Fragment: runtime.Fragment, ...own, ...(props.components as Record<string, unknown> | undefined) } });
  // Astro renders a function so marked as MDX content, not as a component of a framework.
  const Content: Component = Object.assign(render, { [Symbol.for('mdx-component')]: true, [Symbol.for('astro.needsHeadRendering')]: true });
  return { ...exports, default: Content, Content };
}
