/**
 * `build`, `dev` and `preview`: a Mintlify team's daily commands, run in a docs
 * folder with no Astro project (`astro-project.ts`).
 */
import { existsSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'node:http';
import { build, dev, preview, type AstroIntegration } from 'astro';
import { devAppFailure, devAppHint } from '../astro/hooks/dev-app.ts';
import { hostRedirects } from '../astro/server/host-redirects.ts';
import { applyConnectionLimits } from '../astro/server/connection-limits.ts';
import { answerFirst, isBuiltPage, negotiateFirst } from '../astro/server/page-negotiation.ts';
import { PART_ENV } from '../core/parts/site-parts.ts';
import { astroConfig, previewConfig, type ProjectOptions } from './astro-project.ts';

/**
 * Builds the site into `outDir`; 1 when the docs or a page stop it. `part` builds one part
 * of it (`core/parts/`), named to the integration as `DOCS_BUILD_PART` names it, so that a
 * docs folder's own Astro config builds it too.
 */
export async function buildSite(options: ProjectOptions & { part?: string }): Promise<number> {
  if (!hasDocs(options.docsDir)) return 1;
  const environment = process.env[PART_ENV];
  if (options.part !== undefined) process.env[PART_ENV] = options.part;
  // Astro writes its server code for an output folder outside the current one into
  // `./.astro/`, and removes the code but not the folder: one it leaves empty goes too.
  const fallback = path.join(process.cwd(), '.astro');
  const hadFallback = existsSync(fallback);
  try {
    return await runAstro(async () => {
      await build({ ...astroConfig(options), logLevel: 'info', logger: { entrypoint: BUILD_LOG } });
    });
  } finally {
    if (!hadFallback) rmEmpty(fallback);
    if (environment === undefined) delete process.env[PART_ENV];
    else process.env[PART_ENV] = environment;
  }
}

/** Astro's logger for builds: the build's progress instead of a line per file rendered. */
const BUILD_LOG = fileURLToPath(new URL(`./build-log${path.extname(import.meta.url)}`, import.meta.url));

function rmEmpty(dir: string): void {
  try {
    rmdirSync(dir);
  } catch {
    // not there, or not empty: left as it is
  }
}

/**
 * Serves the site with live reload until the user stops it; stops at once, with the
 * reason, when the server cannot create its app (it would answer no request).
 */
export async function devSite(options: ProjectOptions): Promise<number> {
  if (!hasDocs(options.docsDir)) return 1;
  let failed: (failure: Error) => void = () => {};
  const appFailed = new Promise<Error>((resolve) => (failed = resolve));
  const config = astroConfig(options);
  const watchApp: AstroIntegration = {
    name: 'astro-docs-json:dev-app',
    hooks: { 'astro:server:setup': ({ server }) => void devAppFailure(server).then((failure) => failure && failed(failure)) },
  };
  return runAstro(async () => {
    const server = await dev({ ...config, integrations: [...(config.integrations ?? []), watchApp], logLevel: 'info' });
    const failure = await Promise.race([untilStopped(), appFailed]);
    await server.stop();
    if (failure) throw Object.assign(new Error(`The dev server could not start: ${failure.message}`), { hint: devAppHint(failure), stack: failure.stack });
  });
}

/**
 * Serves a built site as a static host would: its pages, its 404 page, its redirects with
 * their status, as the hosts that read its `_redirects` answer them; and as our servers do,
 * a page's Markdown to a request that asks for it by its `Accept` header, in front of
 * Astro's static preview, which takes no handler of ours.
 */
export async function previewSite(outDir: string, port: number): Promise<number> {
  if (!existsSync(path.join(outDir, 'index.html')) && !existsSync(path.join(outDir, '404.html'))) {
    process.stderr.write(`${outDir} holds no built site: build it first (astro-docs-json build).\n`);
    return 1;
  }
  return runAstro(async () => {
    const server = await preview({ ...previewConfig(outDir, port), logLevel: 'info' });
    // Astro's static preview returns its HTTP server, though its type does not say so.
    const http = (server as { server?: unknown }).server;
    if (http instanceof Server) {
      // It has no options of the site's: the defaults.
      applyConnectionLimits(http);
      negotiateFirst(http, { client: outDir, base: '', isPage: isBuiltPage(outDir) });
      // In front of the pages: a redirect's source has its page that refreshes too, for hosts that read no `_redirects`.
      answerFirst(http, hostRedirects(outDir));
    }
    await untilStopped();
    await server.stop();
  });
}

function hasDocs(docsDir: string): boolean {
  if (existsSync(path.join(docsDir, 'docs.json'))) return true;
  process.stderr.write(`${docsDir} has no docs.json: run the command in the docs folder, or give it (astro-docs-json build path/to/docs).\n`);
  return false;
}

/** Astro's work; its errors (a docs problem, a page that fails) are one message and what to do, never a stack trace. */
async function runAstro(work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    const { message, hint } = error as { message?: string; hint?: string };
    process.stderr.write(`\n${message ?? String(error)}\n${hint ? `\n${hint}\n` : ''}`);
    if (process.env.DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
    return 1;
  }
}

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
}
