#!/usr/bin/env node
// `npm pack` and `npm publish` ship the compiled package: `prepack` points package.json's
// entry points at `dist/` (JavaScript and type declarations) instead of `src/`, and
// `postpack` puts the workspace's package.json back.
//   node scripts/manifest.mjs publish | restore
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const manifest = new URL('../package.json', import.meta.url);
const kept = new URL('../package.json.workspace', import.meta.url);

/** `./src/x.ts` → `{ types: ./dist/x.d.ts, default: ./dist/x.js }`; other files keep their name under dist. */
function compiled(target) {
  if (!target.startsWith('./src/')) return target;
  const file = `./dist/${target.slice('./src/'.length)}`;
  return file.endsWith('.ts') ? { types: file.replace(/\.ts$/, '.d.ts'), default: file.replace(/\.ts$/, '.js') } : file;
}

if (process.argv[2] === 'publish') {
  if (!existsSync(kept)) copyFileSync(manifest, kept);
  const pkg = JSON.parse(readFileSync(kept, 'utf8'));
  pkg.exports = Object.fromEntries(Object.entries(pkg.exports).map(([key, target]) => [key, compiled(target)]));
  pkg.files = ['bin', 'dist'];
  delete pkg.devDependencies;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (process.argv[2] === 'restore' && existsSync(kept)) {
  copyFileSync(kept, manifest);
  rmSync(kept);
}
