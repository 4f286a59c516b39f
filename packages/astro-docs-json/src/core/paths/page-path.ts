/**
 * Page paths as docs.json writes them (`guides/intro`, `/guides/intro.mdx`), the URLs
 * they become, and the OpenAPI operation references that stand in `pages` beside them.
 */

export const PAGE_EXTENSIONS = ['.mdx', '.md'] as const;

/** Where a page's Markdown copy is served: `<url>.md`, and `/index.md` for the root. */
export function markdownUrl(url: string): string {
  return url === '/' ? '/index.md' : `${url}.md`;
}

/** `./guides/intro.mdx`, `/guides/intro/` → `guides/intro`. */
export function normalizePagePath(entry: string): string {
  let page = entry.trim().replace(/\\/g, '/');
  page = page.replace(/^(\.\/)+/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  for (const extension of PAGE_EXTENSIONS) {
    if (page.toLowerCase().endsWith(extension)) return page.slice(0, -extension.length);
  }
  return page;
}

/**
 * A page's URL is its path: `index` becomes `/`, `x/index` becomes `/x`. No trailing
 * slash, so the route table, links and the output agree on one spelling.
 */
export function pageUrl(pagePath: string): string {
  const page = normalizePagePath(pagePath);
  if (page === 'index') return '/';
  return `/${page.replace(/\/index$/, '')}`;
}

/** The title Mintlify gives a page without one: its last path segment, in words. */
export function titleFromPath(pagePath: string): string {
  const url = pageUrl(pagePath);
  const segment = url === '/' ? 'home' : url.slice(url.lastIndexOf('/') + 1);
  const words = segment.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type OperationRef =
  | { kind: 'operation'; spec?: string; method: HttpMethod; path: string }
  | { kind: 'webhook'; spec?: string; name: string };

const OPERATION = new RegExp(`^(?:(\\S+)\\s+)?(${HTTP_METHODS.join('|')})\\s+(/\\S*)$`, 'i');
const WEBHOOK = /^(?:(\S+)\s+)?webhook\s+(\S.*)$/i;

/**
 * `GET /users/{id}`, `spec.yaml GET /users/{id}` and `webhook NAME` in `pages` name
 * OpenAPI operations, not page files.
 */
export function parseOperationRef(entry: string): OperationRef | undefined {
  const text = entry.trim();
  const operation = OPERATION.exec(text);
  if (operation) {
    const [, spec, method, path] = operation;
    return { kind: 'operation', ...(spec ? { spec } : {}), method: method!.toUpperCase() as HttpMethod, path: path! };
  }
  const webhook = WEBHOOK.exec(text);
  if (webhook) {
    const [, spec, name] = webhook;
    return { kind: 'webhook', ...(spec ? { spec } : {}), name: name!.trim() };
  }
  return undefined;
}

/** A page generated from a GraphQL schema: the schema's key, the URL folder of its pages, and the operation or type it shows. */
export interface GraphqlTarget {
  schema: string;
  directory: string;
  kind: 'query' | 'mutation' | 'subscription' | 'type';
  name: string;
}

/** An operation of a loaded spec: the spec's key, and the operation's method and path (or webhook name). */
export interface OperationTarget {
  spec: string;
  kind: 'operation' | 'webhook';
  method: HttpMethod;
  path: string;
}

/** A channel of a loaded AsyncAPI document: the document's key, and the channel's key in `channels`. */
export interface ChannelTarget {
  spec: string;
  channel: string;
}

export function formatOperationRef(ref: OperationRef): string {
  const spec = ref.spec ? `${ref.spec} ` : '';
  return ref.kind === 'operation' ? `${spec}${ref.method} ${ref.path}` : `${spec}webhook ${ref.name}`;
}
