/**
 * The docs folder's MDX and JSX as Mintlify reads them, handed to Astro's compilers:
 * - MDX that Mintlify's parser accepts and MDX refuses is repaired (`repairMdx`), and each
 *   file gets what Mintlify provides around it (`mdxModuleSource`): the built-in components,
 *   snippets from the docs folder's root, missing imports rendered as nothing, React
 *   components hydrated;
 * - `.jsx` files written for React get React's hooks without an import and go to React's
 *   compiler; others are compiled for Astro's own JSX runtime (`./jsx-runtime.ts`) when the
 *   site has no JSX framework of its own, so that they render on the server;
 * - an image a page names that is not there is shown as a placeholder that says so, rather
 *   than ending the build as the bundler would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';
import { isInteractiveReact } from '../core/markdown/jsx-in-code.ts';
import { analyzeMdx } from '../core/markdown/page-content.ts';
import { mdxModuleSource, PAGE_REACT_MODULE, pageReactModule, withReactGlobals, type MdxModuleInput } from './mdx-module.ts';

export interface SourcesContext {
  docsDir: string;
  /** Whether `.jsx` and `.tsx` files in the docs folder go to Astro's JSX runtime (no JSX framework on the site). */
  astroJsx: boolean;
  /** Whether React renders the components written for React (its renderer is on the site). */
  react: boolean;
}

const MISSING_IMAGE = fileURLToPath(new URL('./missing-image.svg', import.meta.url));
const IMAGE = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|tiff?)$/i;
/** React's packages, found from this package, so that pages and the renderer share one copy. */
const REACT_PACKAGE = /^react(?:-dom)?(?:\/|$)/;

export function vitePluginDocsSources(context: SourcesContext): Plugin {
  const inDocs = (id: string) => id.startsWith(context.docsDir + path.sep);
  const relative = (id: string) => path.relative(context.docsDir, id).split(path.sep).join('/');
  const reactModules = new Map<string, boolean>();
  const isReactModule = (file: string) => {
    if (!reactModules.has(file)) reactModules.set(file, isInteractiveReact(readFileSync(path.join(context.docsDir, file), 'utf8')));
    return reactModules.get(file)!;
  };

  /** What the MDX module of a docs file is made from; undefined when MDX cannot compile it. */
  async function mdxInput(file: string): Promise<MdxModuleInput | undefined> {
    const { repaired, content, tree } = analyzeMdx(file, await readFile(path.join(context.docsDir, file), 'utf8'));
    if (repaired.error || !tree) {
      const { line, column, message } = repaired.error ?? { line: 1, column: 1, message: 'no tree' };
      throw new Error(`${file}:${line}:${column}: MDX cannot compile this file: ${message}.`);
    }
    return { docsDir: context.docsDir, file, source: repaired.source, tree, content, react: context.react, isReactModule };
  }

  return {
    name: 'astro-docs-json:sources',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith(PAGE_REACT_MODULE)) return `\0${source}`;
      const fromDocs = importer !== undefined && (inDocs(importer) || importer.startsWith(`\0${PAGE_REACT_MODULE}`));
      if (!fromDocs) return undefined;
      if (REACT_PACKAGE.test(source)) return (await this.resolve(source, fileURLToPath(import.meta.url), { ...options, skipSelf: true })) ?? undefined;
      if (IMAGE.test(source.replace(/[?#].*$/, '')) && !imageExists(context.docsDir, importer!, source)) return MISSING_IMAGE;
      // `/snippets/x.mdx` is read from the docs folder's root; a path of this machine
      // (what Astro's compilers import, say) is not one of the docs folder's files.
      const fromRoot = source.startsWith('/') && !source.startsWith(context.docsDir) ? path.join(context.docsDir, source) : undefined;
      if (!fromRoot || !existsSync(fromRoot.replace(/[?#].*$/, ''))) return undefined;
      return (await this.resolve(fromRoot, importer, { ...options, skipSelf: true })) ?? undefined;
    },
    async load(id) {
      if (id.startsWith(`\0${PAGE_REACT_MODULE}`)) {
        const file = id.slice(PAGE_REACT_MODULE.length + 1, -'.jsx'.length);
        const code = pageReactModule((await mdxInput(file))!);
        const result = await transformWithOxc(code, `${file}.jsx`, { lang: 'jsx', jsx: { runtime: 'automatic', importSource: 'react' } });
        return { code: result.code, map: result.map, moduleType: 'js' };
      }
      if (!id.endsWith('.mdx') || !inDocs(id)) return undefined;
      return mdxModuleSource((await mdxInput(relative(id)))!);
    },
    async transform(code, id) {
      if (!/\.[jt]sx$/.test(id) || !inDocs(id)) return undefined;
      // React's compiler (added with React's renderer) takes it from here.
      if (context.react && isInteractiveReact(code)) return { code: withReactGlobals(code, id.endsWith('.tsx') ? 'tsx' : 'jsx'), map: null };
      if (!context.astroJsx) return undefined;
      const result = await transformWithOxc(code, id, { lang: id.endsWith('.tsx') ? 'tsx' : 'jsx', jsx: { runtime: 'automatic', importSource: 'astro-docs-json' } });
      return { code: result.code, map: result.map, moduleType: 'js' };
    },
  };
}

/** Whether an image a docs file imports is there (a path from the docs folder's root, or from the file). */
function imageExists(docsDir: string, importer: string, source: string): boolean {
  let target: string;
  try {
    target = decodeURI(source.replace(/[?#].*$/, ''));
  } catch {
    return false;
  }
  const file = target.startsWith('/') ? (target.startsWith(docsDir) ? target : path.join(docsDir, target)) : path.resolve(path.dirname(importer), target);
  return existsSync(file);
}
