/**
 * The docs folder's MDX and JSX as Mintlify reads them, handed to Astro's compilers:
 * - MDX that Mintlify's parser accepts and MDX refuses is repaired (`repairMdx`), and each
 *   file declares the built-in components it uses (`declareComponents`), pages and
 *   snippets alike, since a snippet is rendered apart from the page that imports it;
 * - `import X from '/snippets/x.mdx'` is read from the docs folder's root;
 * - `.jsx` snippets are compiled for Astro's own JSX runtime (`./jsx-runtime.ts`) when the
 *   site has no JSX framework of its own, so that they render on the server.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transformWithOxc, type Plugin } from 'vite';
import { declareComponents } from '../core/markdown/declare-components.ts';
import { analyzeMdx } from '../core/markdown/page-content.ts';

export interface SourcesContext {
  docsDir: string;
  /** Whether `.jsx` and `.tsx` files in the docs folder go to Astro's JSX runtime (no React or Preact on the site). */
  astroJsx: boolean;
}

const COMPONENTS_MODULE = 'astro-docs-json/components';

export function vitePluginDocsSources(context: SourcesContext): Plugin {
  const inDocs = (id: string) => id.startsWith(context.docsDir + path.sep);
  return {
    name: 'astro-docs-json:sources',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !source.startsWith('/') || !inDocs(importer) || source.startsWith(context.docsDir)) return undefined;
      const resolved = await this.resolve(path.join(context.docsDir, source), importer, { ...options, skipSelf: true });
      return resolved ?? undefined;
    },
    async load(id) {
      if (!id.endsWith('.mdx') || !inDocs(id)) return undefined;
      const file = path.relative(context.docsDir, id).split(path.sep).join('/');
      const { repaired, content } = analyzeMdx(file, await readFile(id, 'utf8'));
      if (repaired.error) {
        const { line, column, message } = repaired.error;
        throw new Error(`${file}:${line}:${column}: MDX cannot compile this file: ${message}.`);
      }
      return declareComponents(repaired.source, content.components.map((used) => used.name), COMPONENTS_MODULE);
    },
    async transform(code, id) {
      if (!context.astroJsx || !/\.[jt]sx$/.test(id) || !inDocs(id)) return undefined;
      const result = await transformWithOxc(code, id, { lang: id.endsWith('.tsx') ? 'tsx' : 'jsx', jsx: { runtime: 'automatic', importSource: 'astro-docs-json' } });
      return { code: result.code, map: result.map, moduleType: 'js' };
    },
  };
}
