/**
 * `astro:server:setup`: `astro dev` serves the docs folder's images and files at the same
 * paths as the build copies them to, and nothing outside the docs folder; it answers a
 * page's URL asked for Markdown as a server build does (`server/page-negotiation.ts`); and
 * when its app cannot be created, it says why to every request (`dev-app.ts`). Its server's
 * connections are bounded as the built site's are (`server/connection-limits.ts`). The WebSocket
 * playground's proxy takes its upgrades, as the node adapter's server does in a build.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { HookParameters } from 'astro';
import { CONTENT_TYPES, pageMarkdownPath, preferredPageFormat } from '../../core/discovery/content-negotiation.ts';
import { isAssetPath } from '../../core/pages/assets.ts';
import { contentTypeOf } from '../../core/pages/content-types.ts';
import { fileStatus } from '../../core/pages/references.ts';
import type { Site } from '../../core/site/load-site.ts';
import { answerWhenAppFailed } from './dev-app.ts';
import { applyConnectionLimits } from '../server/connection-limits.ts';
import { declaredSocketServers } from '../../core/asyncapi/socket-targets.ts';
import { SOCKET_PROXY_ROUTE } from '../../core/paths/docs-routes.ts';
import { createSocketProxy } from '../../playground/socket-proxy.ts';
import type { IntegrationState } from './state.ts';

export function serveDocsFiles(state: IntegrationState, params: HookParameters<'astro:server:setup'>): void {
  applyConnectionLimits(params.server.httpServer, state.options.connectionLimits);
  answerWhenAppFailed(params.server);
  proxySockets(state, params);
  negotiatePages(state, params);
  params.server.middlewares.use(async (request, response, next) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname).replace(/^\/+/, '');
    } catch {
      return next(); // a malformed escape names no file
    }
    const file = path.join(state.docsDir, pathname);
    // By real path: a link in the docs folder that leads out is not served.
    if (!isAssetPath(state.docsDir, pathname, state.assetOptions) || fileStatus(state.docsDir, file) !== 'inside') return next();
    response.setHeader('Content-Type', contentTypeOf(pathname));
    response.end(readFileSync(file));
  });
}

/**
 * The socket proxy on the dev server's upgrades, with the servers of the docs as they are
 * now (they change as the docs do). Upgrades for other paths (Vite's own) are left alone.
 */
function proxySockets(state: IntegrationState, { server }: HookParameters<'astro:server:setup'>): void {
  if (!state.site?.api.proxy) return;
  const base = server.config.base.replace(/\/+$/, '');
  const proxy = createSocketProxy({ path: `${base}${SOCKET_PROXY_ROUTE}`, servers: () => declaredSocketServers(state.site?.asyncSpecs.values() ?? []) });
  server.httpServer?.on('upgrade', (request, socket, head) => void proxy.handleUpgrade(request, socket, head));
  server.httpServer?.on('close', () => proxy.close());
}

/**
 * A page's URL asked for Markdown is served by its `.md` route, as the request for that URL;
 * asked for plain text, with that type. Every page's response carries the page headers.
 * Astro's dev server has taken the base path off the URL by now.
 */
function negotiatePages(state: IntegrationState, { server }: HookParameters<'astro:server:setup'>): void {
  server.middlewares.use((request, response, next) => {
    const url = request.url ?? '/';
    const end = url.search(/[?#]/);
    const [pathname, query] = end < 0 ? [url, ''] : [url.slice(0, end), url.slice(end)];
    const markdownPath = pageMarkdownPath(pathname, '', (url) => pageUrls(state.site).has(url));
    if (!markdownPath || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
    for (const [name, value] of Object.entries(state.pageHeaders)) response.setHeader(name, value);
    const format = preferredPageFormat(request.headers.accept);
    if (format !== 'html') request.url = `${encodeURI(markdownPath)}${query}`;
    if (format === 'plain') answerAs(response, CONTENT_TYPES.plain);
    next();
  });
}

/** The URLs of the site's pages that have a Markdown copy (not links to elsewhere), once per loaded site. */
const pageUrlSets = new WeakMap<Site, Set<string>>();
function pageUrls(site: Site | undefined): Set<string> {
  if (!site) return new Set();
  let urls = pageUrlSets.get(site);
  if (!urls) pageUrlSets.set(site, (urls = new Set(site.routes.filter((route) => !route.link).map((route) => route.url))));
  return urls;
}

/** The response goes out with this `Content-Type`, whatever the route that answers it says. */
function answerAs(response: ServerResponse, contentType: string): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) => {
    for (const headers of args.filter((arg): arg is Record<string, unknown> => typeof arg === 'object' && arg !== null && !Array.isArray(arg))) {
      for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
    }
    response.setHeader('Content-Type', contentType);
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}
