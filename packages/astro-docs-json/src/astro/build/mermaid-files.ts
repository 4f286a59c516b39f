/**
 * Mermaid's own browser build, published beside the pages of a site with diagrams
 * (`routes/mermaid.ts`) and imported by the diagram script from there: its ES module and
 * the chunks it loads as each kind of diagram needs them. Bundling Mermaid with the site's
 * scripts instead would cost every build several seconds for a library that is built already.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SPRITE_ROUTE } from '../render/render-data.ts';

export interface MermaidBuild {
  /** Mermaid's `dist` folder. */
  dir: string;
  version: string;
  /** Its browser build's files, relative to `dir`: the entry first. */
  files: string[];
}

const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = 'chunks/mermaid.esm.min';

/**
 * Found from the docs folder, through this package, as the site resolves it: whether the
 * package is installed, linked from a checkout or part of a monorepo, Mermaid is its dependency.
 */
export function mermaidBuild(docsDir: string): MermaidBuild {
  let build = builds.get(docsDir);
  if (!build) builds.set(docsDir, (build = findMermaid(docsDir)));
  return build;
}

const builds = new Map<string, MermaidBuild>();

function findMermaid(docsDir: string): MermaidBuild {
  const fromSite = createRequire(path.join(docsDir, 'package.json'));
  const ours = createRequire(fromSite.resolve('astro-docs-json/package.json'));
  const manifest = ours.resolve('mermaid/package.json');
  const { version } = ours(manifest) as { version: string };
  const dir = path.join(path.dirname(manifest), 'dist');
  const chunks = readdirSync(path.join(dir, CHUNKS)).filter((name) => name.endsWith('.mjs'));
  return { dir, version, files: [ENTRY, ...chunks.map((name) => `${CHUNKS}/${name}`)] };
}

/** Where the site publishes Mermaid's files: under its version, so that a browser's copy is never stale. */
export const mermaidPath = (version: string, file = ENTRY) => `${SPRITE_ROUTE}/mermaid/${version}/${file}`;
