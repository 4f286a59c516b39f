#!/usr/bin/env node
// The command line. Installed from the registry or a tarball, the package holds compiled
// JavaScript (`dist/`). In this repository's workspace it holds only its TypeScript
// sources, which Node runs by stripping their types: by default from Node 22.18, behind a
// flag from 22.12, which this launcher adds where it is needed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`astro-docs-json needs Node.js 22.12 or later; this is ${process.version}.`);
  process.exit(1);
}

const sources = new URL('../src/cli/main.ts', import.meta.url);
if (!existsSync(sources)) {
  await import('../dist/cli/main.js');
} else if (process.features.typescript) {
  await import(sources.href);
} else {
  const result = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
