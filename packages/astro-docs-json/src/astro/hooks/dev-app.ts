/**
 * The dev server's app: Astro creates it in the background once the server is set up (its
 * manifest, renderers and middleware, loaded through Vite), and when that fails it logs one
 * line and leaves every request waiting for an answer that never comes. Here the same
 * modules are loaded again once Astro is done (the second load is Vite's cache, so this costs
 * nothing), and a failure is known: the dev server answers every request with an error page
 * that says why, and `astro-docs-json dev` says so and stops (`cli/site-commands.ts`).
 */
import type { ServerResponse } from 'node:http';
import { isRunnableDevEnvironment, type ViteDevServer } from 'vite';
import { escapeHtml } from '../render/html.ts';

/** Astro's promise that its dev server's app has been created, or has failed to be. */
const APP_SETTLED = Symbol.for('astro.devServerAppReady');
/** The module Astro's dev server builds its app from. */
const APP_MODULE = 'virtual:astro:server-app';

const failures = new WeakMap<ViteDevServer, Promise<Error | undefined>>();

/** Why the dev server's app could not be created, once Astro has tried; undefined when it was. */
export function devAppFailure(server: ViteDevServer): Promise<Error | undefined> {
  let failure = failures.get(server);
  if (!failure) failures.set(server, (failure = appFailure(server)));
  return failure;
}

async function appFailure(server: ViteDevServer): Promise<Error | undefined> {
  // Astro starts creating the app when the server is set up, and says when it has settled.
  await listening(server);
  await (server as unknown as Record<symbol, Promise<unknown> | undefined>)[APP_SETTLED];
  const environment = server.environments.ssr;
  if (!environment || !isRunnableDevEnvironment(environment)) return undefined;
  try {
    await environment.runner.import(APP_MODULE);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function listening(server: ViteDevServer): Promise<void> {
  const http = server.httpServer;
  if (!http || http.listening) return Promise.resolve();
  return new Promise((resolve) => http.once('listening', () => resolve()));
}

/** Answers every request with the failure's page once the app is known to have failed, instead of leaving it waiting. */
export function answerWhenAppFailed(server: ViteDevServer): void {
  server.middlewares.use((_request, response, next) => {
    devAppFailure(server).then(
      (failure) => (failure ? failurePage(response, failure) : next()),
      next,
    );
  });
}

function failurePage(response: ServerResponse, failure: Error): void {
  response.statusCode = 500;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.end(
    `<!doctype html><meta charset="utf-8"><title>The dev server could not start</title><main><h1>The dev server could not start</h1><pre>${escapeHtml(failure.message)}</pre><p>${escapeHtml(devAppHint(failure))}</p></main>`,
  );
}

/** What to do about it: the failure is in loading code (the site's Astro project, its renderers, ours) before any page. */
export function devAppHint(failure: Error): string {
  const missing = /Cannot find (?:module|package) '([^']+)'/.exec(failure.message)?.[1];
  if (missing) return `\`${missing}\` is not installed where the site's code looks for it. A docs folder with an astro.config of its own is an Astro project: install its packages there (npm install), then start the dev server again.`;
  return 'Fix the file the message names and start the dev server again; if it names none of yours, run it with DEBUG=1 and report the output.';
}
