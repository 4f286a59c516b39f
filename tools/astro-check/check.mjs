// Type-checks the package's .astro files (`astro check`, through @astrojs/check) against this
// folder's tsconfig.json. The checker is built on TypeScript's programmatic API, which the
// root's TypeScript 7 does not have, so this workspace installs TypeScript 6. npm hoists the
// checker's own dependencies to the root, where one of them (@volar/kit) would load the
// root's TypeScript 7: the hook below makes every `typescript` load this workspace's.
import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const typescript = pathToFileURL(require.resolve('typescript')).href;
registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === 'typescript' ? { url: typescript, shortCircuit: true } : nextResolve(specifier, context),
});

const { check, parseArgsAsCheckConfig } = await import('@astrojs/check');
console.info(`astro check, TypeScript ${require('typescript/package.json').version}, tools/astro-check/tsconfig.json`);
// The files it checks are this folder's tsconfig.json's, whatever folder it is run from.
const failed = await check({ ...parseArgsAsCheckConfig(process.argv), root: import.meta.dirname });
// `--watch` goes on and gives no result.
if (typeof failed === 'boolean') process.exit(failed ? 1 : 0);
