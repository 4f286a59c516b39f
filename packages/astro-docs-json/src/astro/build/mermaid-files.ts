/**
 * Mermaid's own browser build, published beside the pages of a site with diagrams and
 * imported by the diagram script from there: its ES module and the chunks it loads as each
 * kind of diagram needs them. Bundling Mermaid with the site's scripts instead would cost
 * every build several seconds for a library that is built already. A build copies the files
 * into its output after the pages; `astro dev` serves them by a route (`routes/mermaid.ts`).
 * The pages import this module (`Diagrams.astro`), so a server bundles it: the copy, which
 * only a build's end does, is `copyMermaid` in `output-files.ts`.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DOCS_ROUTE } from '../../core/paths/docs-routes.ts';
import type { Site } from '../../core/site/load-site.ts';

export interface MermaidBuild {
  /** Mermaid's `dist` folder. */
  dir: string;
  version: string;
  /** Its browser build's files, relative to `dir`: the entry first. */
  files: string[];
}

const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = 'chunks/mermaid.esm.min';

const HOLDER = Symbol.for('astro-docs-json.mermaid');
type Holder = { [HOLDER]?: MermaidBuild };

/**
 * Found by the integration, where this package's dependencies resolve (whether it is
 * installed, linked from a checkout or run by its command line for a folder with no
 * packages), and handed to the routes, which are bundled, on `globalThis`.
 */
export function locateMermaid(): void {
  (globalThis as Holder)[HOLDER] ??= findMermaid();
}

/** Where the integration found Mermaid, if the site draws diagrams: a rendering worker is told the same (`render-worker.ts`). */
export const locatedMermaid = (): MermaidBuild | undefined => (globalThis as Holder)[HOLDER];

export function useMermaid(build: MermaidBuild): void {
  (globalThis as Holder)[HOLDER] = build;
}

export function mermaidBuild(): MermaidBuild {
  const build = (globalThis as Holder)[HOLDER];
  if (!build) throw new Error('Mermaid was not located: the integration does so for a site with diagrams.');
  return build;
}

function findMermaid(): MermaidBuild {
  const ours = createRequire(import.meta.url);
  const manifest = ours.resolve('mermaid/package.json');
  const { version } = ours(manifest) as { version: string };
  const dir = path.join(path.dirname(manifest), 'dist');
  const chunks = readdirSync(path.join(dir, CHUNKS)).filter((name) => name.endsWith('.mjs'));
  return { dir, version, files: [ENTRY, ...chunks.map((name) => `${CHUNKS}/${name}`)] };
}

/** Where the site publishes Mermaid's files: under its version, so that a browser's copy is never stale. */
export const mermaidPath = (version: string, file = ENTRY) => `${DOCS_ROUTE}/mermaid/${version}/${file}`;

/** Some page or snippet draws a Mermaid diagram: the site publishes Mermaid. */
export const drawsDiagrams = (site: Site) => [...site.routes, ...site.snippets].some(({ content }) => content.diagrams);

/**
 * Mermaid as `site` publishes it, if it draws diagrams. By the site rather than by
 * `locatedMermaid`, which stays set for the rest of the process once a site had diagrams.
 */
export const publishedMermaid = (site: Site): MermaidBuild | undefined => (drawsDiagrams(site) ? mermaidBuild() : undefined);
