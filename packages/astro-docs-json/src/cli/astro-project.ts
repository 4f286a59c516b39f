/**
 * The Astro project a docs folder is built with when it has none: Mintlify users keep their
 * repository as it is (a docs.json and pages, no package.json) and run one command in it.
 * Astro runs through its programmatic API with an inline configuration. Its own folders
 * (the project root, its types and caches) live in the user's cache folder, one per docs
 * folder, so that nothing is written into the docs folder but what the user asks for (the
 * built site). A docs folder with an `astro.config.*` of its own is built with it.
 */
import { existsSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroInlineConfig } from 'astro';
import type { Plugin } from 'vite';
import docsJson from '../index.ts';
import { commandProjectFolder } from './project-folders.ts';

export interface ProjectOptions {
  docsDir: string;
  /** Where `build` writes the site (absolute). */
  outDir?: string;
  /** The site's address, for canonical links, the sitemap and llms.txt. */
  site?: string;
  strict?: boolean;
  /** The `relatedPages` option (`--related-pages`). */
  relatedPages?: 'automatic' | 'manual' | false;
  port?: number;
  open?: boolean;
}

/** The docs folder's own Astro configuration, when it has one. */
export function ownAstroConfig(docsDir: string): string | undefined {
  const name = readdirSync(docsDir).find((file) => /^astro\.config\.[cm]?[jt]s$/.test(file));
  return name ? path.join(docsDir, name) : undefined;
}

/** Astro's inline configuration for the docs folder: its own project's, or ours. */
export function astroConfig(options: ProjectOptions): AstroInlineConfig {
  const overrides: AstroInlineConfig = {
    ...(options.outDir ? { outDir: options.outDir } : {}),
    ...(options.site ? { site: options.site } : {}),
    server: { ...(options.port !== undefined ? { port: options.port } : {}), ...(options.open ? { open: true } : {}) },
  };
  if (ownAstroConfig(options.docsDir)) return { root: options.docsDir, ...overrides };
  const project = projectFolder(options.docsDir);
  return {
    ...overrides,
    root: project,
    configFile: false,
    srcDir: path.join(project, 'src'),
    publicDir: path.join(project, 'public'),
    cacheDir: path.join(project, 'cache'),
    outDir: options.outDir ?? path.join(options.docsDir, 'dist'),
    integrations: [
      docsJson({
        dir: options.docsDir,
        ...(options.strict ? { strict: true } : {}),
        ...(options.relatedPages !== undefined ? { relatedPages: options.relatedPages } : {}),
      }),
    ],
    vite: {
      // The dev server reads the docs folder and the packages, which are outside its root.
      server: { fs: { allow: [options.docsDir, project, packagesFolder()] } },
      plugins: [packagesFromProject(options.docsDir, project), serverCodeSelfContained()],
    },
  };
}

/**
 * The server code of a build runs from the output folder (`dist/.prerender/`), which is
 * outside the project folder: an import of a package left to Node there finds nothing, as
 * there is no `node_modules` near the docs. So what the project folder holds is bundled
 * into that code (Astro bundles itself, and the integration bundles this package); what
 * it does not hold Vite bundles anyway, since it cannot find it from the project's root.
 */
function serverCodeSelfContained(): Plugin {
  return {
    name: 'astro-docs-json:server-code-self-contained',
    apply: 'build',
    configEnvironment: (name) => (name === 'client' ? undefined : { resolve: { noExternal: PROJECT_PACKAGES } }),
  };
}

/**
 * The docs folder has no `node_modules`: what its pages import by a package's name (this
 * package's JSX runtime, which compiled MDX imports; React) is resolved from the project,
 * which has.
 */
function packagesFromProject(docsDir: string, project: string): Plugin {
  const importer = path.join(project, 'index.js');
  const bare = /^(?![./\0]|[a-z]+:)/i;
  return {
    name: 'astro-docs-json:packages-from-project',
    enforce: 'pre',
    async resolveId(source, from, options) {
      if (!from || !bare.test(source) || path.relative(docsDir, from).startsWith('..')) return null;
      return this.resolve(source, importer, { ...options, skipSelf: true });
    },
  };
}

/** Astro's configuration to serve a built site: the files alone, no docs to load. */
export function previewConfig(outDir: string, port: number | undefined): AstroInlineConfig {
  const project = projectFolder(outDir);
  return { root: project, configFile: false, srcDir: path.join(project, 'src'), publicDir: path.join(project, 'public'), cacheDir: path.join(project, 'cache'), outDir, ...(port !== undefined ? { server: { port } } : {}) };
}

/**
 * The packages the project folder's `node_modules` points at, as this package finds them:
 * this package and Astro, which the routes resolve from the project; React, which the docs'
 * components import and which the dev server loads from where the project's root finds it
 * (`resolve.dedupe`), so that pages and React's renderer share one copy.
 */
const PROJECT_PACKAGES = ['astro-docs-json', 'astro', 'react', 'react-dom'];

/**
 * The project folder of a docs folder, in the user's cache folder: its root holds only a
 * `node_modules` that points at `PROJECT_PACKAGES`.
 */
function projectFolder(docsDir: string): string {
  const project = commandProjectFolder(docsDir);
  const modules = path.join(project, 'node_modules');
  mkdirSync(modules, { recursive: true });
  // Astro looks for its pages folder, and says so when there is none: the pages are the integration's.
  mkdirSync(path.join(project, 'src', 'pages'), { recursive: true });
  for (const name of PROJECT_PACKAGES) {
    const target = name === 'astro-docs-json' ? packageFolder() : path.dirname(resolvePackage(`${name}/package.json`));
    const link = path.join(modules, name);
    if (linkTarget(link) === target) continue;
    rmSync(link, { force: true });
    symlinkSync(target, link, 'dir');
  }
  return project;
}

const linkTarget = (link: string) => {
  try {
    return readlinkSync(link);
  } catch {
    return undefined;
  }
};

const resolvePackage = (specifier: string) => createRequire(import.meta.url).resolve(specifier);

/** This package's folder: where its package.json is. */
function packageFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** The `node_modules` that holds Astro, as this package resolves it. */
function packagesFolder(): string {
  return path.dirname(path.dirname(resolvePackage('astro/package.json')));
}
