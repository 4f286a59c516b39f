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
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';
import { docsIgnore } from '../../core/pages/mintignore.ts';
import { reactModuleTest } from '../../core/pages/react-modules.ts';
import { fileStatus, importedFiles, isDocsImport, type FileStatus } from '../../core/pages/references.ts';
import { mdxExportedNames, mdxModuleInput, mdxModuleSource, pageReactModule, reactComponentsDefined } from '../mdx/mdx-module.ts';
import { exportedNames } from '../mdx/declared-names.ts';
import { PAGE_REACT_MODULE, withReactGlobals } from '../mdx/react-module.ts';
import { replaceVariables, type Variables } from '../../core/markdown/variables.ts';
import { withoutDroppedImports } from './code-imports.ts';

export interface SourcesContext {
  docsDir: string;
  /** Whether `.jsx` and `.tsx` files in the docs folder go to Astro's JSX runtime (no JSX framework on the site). */
  astroJsx: boolean;
  /** Whether React renders the components written for React (its renderer is on the site). */
  react: boolean;
  /** docs.json `variables`, replaced in each MDX file before it is compiled. */
  variables(): Variables | undefined;
}

/** What a file that pages import defines, read from its text: its React components (MDX), and the names it exports. */
interface ImportedFacts {
  text: string;
  react: readonly string[];
  exported: ReadonlySet<string> | undefined;
}

const MISSING_IMAGE = fileURLToPath(new URL('./missing-image.svg', import.meta.url));
/** React's packages, found from this package, so that pages and the renderer share one copy. */
const REACT_PACKAGE = /^react(?:-dom)?(?:\/|$)/;

export function vitePluginDocsSources(context: SourcesContext): Plugin[] {
  return [docsSources(context), guardedJsx(context)];
}

/**
 * The docs folder's MDX, once compiled, takes its JSX runtime from this package
 * (`../jsx-runtime.ts`), which puts each component the file defines or imports behind a
 * guard: one that fails while its page renders leaves a notice, not a failed build.
 */
function guardedJsx(context: SourcesContext): Plugin {
  return {
    name: 'astro-docs-json:guarded-jsx',
    enforce: 'post',
    transform(code, id) {
      if (!id.endsWith('.mdx') || !id.startsWith(context.docsDir + path.sep)) return undefined;
      return { code: code.replace(ASTRO_JSX_RUNTIME, '$1astro-docs-json/jsx-runtime$1'), map: null };
    },
  };
}

/** An import of Astro's JSX runtime, as MDX's compiler writes it. */
const ASTRO_JSX_RUNTIME = /(["'])astro\/jsx(?:-dev)?-runtime\1/g;

/**
 * What the files pages import define and export, read from their text (with the site's
 * variables), for each MDX file's compilation: in `astro dev`, an edited snippet is read again.
 */
function importedFacts(context: SourcesContext, isReactModule: (file: string) => boolean) {
  const facts = new Map<string, ImportedFacts>();
  const factsOf = (file: string): ImportedFacts => {
    let text: string;
    try {
      text = replaceVariables(readFileSync(path.join(context.docsDir, file), 'utf8'), context.variables());
    } catch {
      return { text: '', react: [], exported: undefined };
    }
    const known = facts.get(file);
    if (known?.text === text) return known;
    const entry: ImportedFacts = { text, react: [], exported: undefined };
    facts.set(file, entry); // an import cycle: MDX's compiler reports it
    try {
      if (/\.mdx$/i.test(file)) {
        const input = mdxModuleInput(context.docsDir, file, text, sources);
        entry.react = reactComponentsDefined(input);
        entry.exported = mdxExportedNames(input);
      } else if (/\.[jt]sx?$/.test(file)) entry.exported = exportedNames(text, /\.tsx?$/.test(file) ? 'tsx' : 'jsx');
    } catch {
      // MDX cannot compile it: its own module says why.
    }
    return entry;
  };
  const sources = { react: context.react, isReactModule, reactExportsOf: (file: string) => factsOf(file).react, exportsOf: (file: string) => factsOf(file).exported };
  return sources;
}

function docsSources(context: SourcesContext): Plugin {
  const inDocs = (id: string) => id.startsWith(context.docsDir + path.sep);
  const relative = (id: string) => path.relative(context.docsDir, id).split(path.sep).join('/');
  // A file of the docs folder that `.mintignore` leaves out (its `node_modules` among them, in
  // an Astro project whose root holds the docs) is no docs file: what it imports is not ours.
  const isDocsCode = (id: string) => inDocs(id) && CODE.test(id) && !docsIgnore(context.docsDir).ignores(relative(id));
  // Read again once a file of the docs folder changes (`astro dev`).
  let reactModules = reactModuleTest(context.docsDir);
  const isReactModule = (file: string) => reactModules(file);

  const sources = importedFacts(context, isReactModule);
  const mdxInput = async (file: string) => {
    const text = replaceVariables(await readFile(path.join(context.docsDir, file), 'utf8'), context.variables());
    return mdxModuleInput(context.docsDir, file, text, sources);
  };

  return {
    name: 'astro-docs-json:sources',
    enforce: 'pre',
    config(config) {
      // Shiki's grammars reach 800 kB: with React, the browser may load one, when a React
      // component changes a code block (`react/highlight.ts`), and the bundler would warn of each.
      if (context.react && config.build?.chunkSizeWarningLimit === undefined) return { build: { chunkSizeWarningLimit: 1000 } };
    },
    watchChange(id) {
      if (inDocs(id)) reactModules = reactModuleTest(context.docsDir);
    },
    async resolveId(source, importer, options) {
      // Not `\0`-prefixed as virtual modules usually are: the browser loads it by its id to
      // hydrate the components (`/@id/<id>` in `astro dev`), which Astro writes as it is.
      if (source.startsWith(PAGE_REACT_MODULE)) return source;
      // Imports of the docs folder's pages and code; not Vite's requests for URLs (`/x` from `index.html`).
      const fromDocs = importer !== undefined && (isDocsCode(importer.replace(/[?#].*$/, '')) || importer.startsWith(PAGE_REACT_MODULE));
      if (!fromDocs) return undefined;
      if (REACT_PACKAGE.test(source)) return (await this.resolve(source, fileURLToPath(import.meta.url), { ...options, skipSelf: true })) ?? undefined;
      if (!isDocsImport(source)) return undefined; // a package: `check` names it as code that runs at build time
      if (isToolingImport(source)) return undefined;
      const target = docsTarget(context.docsDir, importer!, source);
      if (target.status === 'inside') return target.rewritten ? ((await this.resolve(target.rewritten, importer, { ...options, skipSelf: true })) ?? undefined) : undefined;
      // Not a file of the docs folder (missing, ignored by `.mintignore`, or behind a link that leads out): never read.
      if (!CODE.test(target.path)) return MISSING_IMAGE;
      this.error(`${relative(importer!.startsWith(PAGE_REACT_MODULE) ? context.docsDir : importer!)}: the import \`${source}\` is ${UNREAD[target.status as Exclude<FileStatus, 'inside'>]}.`);
    },
    async load(id) {
      if (id.startsWith(PAGE_REACT_MODULE)) {
        const file = id.slice(PAGE_REACT_MODULE.length, -'.jsx'.length);
        const code = pageReactModule(await mdxInput(file));
        const result = await transformWithOxc(code, `${file}.jsx`, { lang: 'jsx', jsx: { runtime: 'automatic', importSource: 'react' } });
        return { code: result.code, map: result.map, moduleType: 'js' };
      }
      if (!id.endsWith('.mdx') || !isDocsCode(id)) return undefined;
      const input = await mdxInput(relative(id));
      // What it imports decides what it becomes (React's components, names not exported): compiled again when one changes.
      for (const target of importedFiles(context.docsDir, input.file, input.content.references)) this.addWatchFile(path.join(context.docsDir, target));
      return mdxModuleSource(input);
    },
    async transform(written, id) {
      const file = id.replace(/[?#].*$/, '');
      if (!SCRIPT.test(file) || !isDocsCode(file)) return undefined;
      const lang = /\.[cm]?tsx?$/.test(file) ? 'tsx' : 'jsx';
      const react = context.react && isReactModule(relative(file));
      const code = withoutDroppedImports(written, lang, context.docsDir, relative(file), !react && context.astroJsx);
      const asIs = code === written ? undefined : { code, map: null };
      if (!/\.[jt]sx$/.test(file)) return asIs;
      // React's compiler (added with React's renderer) takes it from here.
      if (react) return { code: withReactGlobals(code, lang), map: null };
      if (!context.astroJsx) return asIs;
      const result = await transformWithOxc(code, id, { lang, jsx: { runtime: 'automatic', importSource: 'astro-docs-json' } });
      return { code: result.code, map: result.map, moduleType: 'js' };
    },
  };
}

/** Why a docs file's import is not read, by the status of the file it names. */
const UNREAD: Record<Exclude<FileStatus, 'inside'>, string> = {
  outside: 'behind a symbolic link that leads out of the docs folder',
  missing: 'not a file of the docs folder',
  ignored: 'a file `.mintignore` ignores',
};

const PACKAGE_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * What Astro's and Vite's compilers import into a docs file by absolute path: Vite's own
 * ids (`/@vite/client`), and the files of installed packages and of this one.
 */
function isToolingImport(source: string): boolean {
  return source.startsWith('/@') || source.includes(`${path.sep}node_modules${path.sep}`) || source.startsWith(PACKAGE_DIR);
}

/** Code of the docs folder, whose imports of packages Mintlify leaves out are left out (`code-imports.ts`). */
const SCRIPT = /\.[cm]?[jt]sx?$/;
/** Modules that pages and snippets import by path; anything else they import is an asset (an image). */
const CODE = /\.(mdx?|[cm]?[jt]sx?|json|css)$/i;
/** Extensions an import may leave out, as the bundler tries them. */
const IMPORT_EXTENSIONS = ['', '.mdx', '.md', '.jsx', '.tsx', '.js', '.ts'];

/**
 * The file a docs file's import by path names: from the docs folder's root (`/snippets/x`,
 * as Mintlify reads it, `rewritten` to its absolute path), from the file (`./x`), or an
 * absolute path into the docs folder (as `mdx-module.ts` writes them). It counts as inside
 * only when its real path is in the docs folder.
 */
function docsTarget(docsDir: string, importer: string, source: string): { path: string; status: FileStatus; rewritten?: string } {
  const [bare = '', query = ''] = source.split(/(?=[?#])/);
  let decoded: string;
  try {
    decoded = decodeURI(bare);
  } catch {
    return { path: bare, status: 'missing' };
  }
  const inDocsAlready = decoded.startsWith(docsDir + path.sep);
  const fromRoot = decoded.startsWith('/') && !inDocsAlready;
  const base = fromRoot ? path.join(docsDir, decoded) : decoded.startsWith('/') ? decoded : path.resolve(path.dirname(importer.startsWith(PAGE_REACT_MODULE) ? path.join(docsDir, 'x') : importer), decoded);
  for (const extension of IMPORT_EXTENSIONS) {
    const status = fileStatus(docsDir, base + extension);
    if (status !== 'missing') return { path: base + extension, status, ...(fromRoot ? { rewritten: `${base}${query}` } : {}) };
  }
  return { path: base, status: 'missing' };
}
