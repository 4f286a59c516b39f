/**
 * A page's answer by its request's `Accept` header (`core/discovery/content-negotiation.ts`),
 * from the built site's files: a page's URL asked for Markdown (or plain text) answers its
 * `.md` copy; every page's response, HTML too, carries `Vary: Accept` and the discovery
 * headers. Only files inside the site's folder are read, by their real path.
 */
import { existsSync, realpathSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { markdownUrl } from '../../core/paths/page-path.ts';
import { CONTENT_TYPES, pageMarkdownPath, pageResponseHeaders, preferredPageFormat } from '../../core/discovery/content-negotiation.ts';

export interface NegotiatedSite {
  /** The folder of the built site's files (the client folder of a server build). */
  client: string;
  /** Astro's `base`. */
  base: string;
  /** Whether a URL (decoded, without `base`) is a page's. */
  isPage(url: string): boolean;
}

/** Answers a request, or leaves it to the server's own answer; says whether it answered. */
export type AnswerFirst = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/**
 * Answers a request for a page that asks for its Markdown; for any other page, only sets
 * the headers, and the server's own answer (its HTML) follows. Requests for anything else
 * are left as they are.
 */
export function pageNegotiator(site: NegotiatedSite): AnswerFirst {
  const client = realClientFolder(site.client);
  if (!client) return async () => false;
  // The files for machines this build published, once: they do not change under a server.
  const headers = pageResponseHeaders(site.base, (file) => existsSync(path.join(client, file)));
  return async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const markdownPath = pageMarkdownPath(requestPath(request.url), site.base, site.isPage);
    if (!markdownPath) return false;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    const format = preferredPageFormat(request.headers.accept);
    if (format === 'html') return false;
    const file = await fileInside(client, markdownPath);
    if (!file) return false;
    const body = await readFile(file);
    response.writeHead(200, { 'Content-Type': CONTENT_TYPES[format], 'Content-Length': body.byteLength });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  };
}

/**
 * Puts the negotiation in front of whatever `server` answers requests with: a server that
 * takes no handler of ours (Vite's preview, which the command line's `preview` runs).
 */
export function negotiateFirst(server: Server, site: NegotiatedSite): void {
  answerFirst(server, pageNegotiator(site));
}

/** Puts `answer` in front of what `server` answered with: what it leaves, the server answers as before. */
export function answerFirst(server: Server, answer: AnswerFirst): void {
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const answerAsBefore: RequestListener = (request, response) => listeners.forEach((listener) => listener.call(server, request, response));
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    answer(request, response).then(
      (answered) => answered || answerAsBefore(request, response),
      () => answerAsBefore(request, response),
    );
  });
}

/**
 * Whether a URL is a page's, by the built files alone: a page has its HTML (`x.html`, or
 * `x/index.html`) and its Markdown copy. For a server that has no list of the pages.
 */
export function isBuiltPage(client: string): (url: string) => boolean {
  return (url) => {
    const html = url === '/' ? ['index.html'] : [`${url}.html`, `${url}/index.html`];
    return existsSync(path.join(client, markdownUrl(url))) && html.some((file) => existsSync(path.join(client, file)));
  };
}

/** The path of a request's URL, without its query or fragment. */
function requestPath(url: string | undefined): string {
  return (url ?? '/').replace(/[?#].*$/s, '');
}

function realClientFolder(folder: string): string | undefined {
  try {
    return realpathSync(folder);
  } catch {
    return undefined;
  }
}

/** The file at `relative` under `folder`, when it is a file there by its real path: no link leads out. */
async function fileInside(folder: string, relative: string): Promise<string | undefined> {
  try {
    const file = await realpath(path.join(folder, relative));
    if (!file.startsWith(`${folder}${path.sep}`)) return undefined;
    return (await stat(file)).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}
