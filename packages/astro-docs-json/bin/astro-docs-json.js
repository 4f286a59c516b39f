#!/usr/bin/env node
// The package ships TypeScript sources, which Node runs by stripping their types:
// by default from Node 22.18, behind a flag from 22.12. This launcher adds the flag
// where it is needed, so `npx astro-docs-json` works with no build step.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`astro-docs-json needs Node.js 22.12 or later; this is ${process.version}.`);
  process.exit(1);
}

if (process.features.typescript) {
  await import('../src/cli/main.ts');
} else {
  const result = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(result.status ?? 1);
}
