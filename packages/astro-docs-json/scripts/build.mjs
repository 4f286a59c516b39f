#!/usr/bin/env node
// Builds what the published package runs: `src/` compiled to JavaScript with type
// declarations in `dist/`, beside copies of the files TypeScript does not compile (Astro
// components, styles, images), whose imports of `.ts` modules now name the `.js` ones.
// The workspace itself runs `src/` as it is; `npm pack` runs this first (`prepack`).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = path.join(root, 'src');
const dist = path.join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

/** A relative import of a `.ts` module, in a component's frontmatter or script. */
const TS_IMPORT = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\.ts\2/g;
for (const name of readdirSync(src, { recursive: true }).map(String)) {
  const from = path.join(src, name);
  if ((name.endsWith('.ts') && !name.endsWith('.d.ts')) || statSync(from).isDirectory()) continue;
  const to = path.join(dist, name);
  mkdirSync(path.dirname(to), { recursive: true });
  if (name.endsWith('.astro')) writeFileSync(to, readFileSync(from, 'utf8').replace(TS_IMPORT, '$1$2$3.js$2'));
  else copyFileSync(from, to);
}
