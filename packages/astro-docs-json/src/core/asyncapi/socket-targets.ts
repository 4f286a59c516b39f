/**
 * Which WebSocket URLs the playground's socket proxy may connect to: those under a
 * `ws://` or `wss://` server of the AsyncAPI documents the site shows, by the rules the
 * HTTP playground's proxy follows (`openapi/proxy-targets.ts`: same scheme, host and port,
 * a path under the server's, variables within their enums, no userinfo), and a private or
 * local address only through a server that names its host outright. Pure.
 */
import type { ServerTemplate } from '../openapi/operations.ts';
import { declaredTarget, isLiteralHost } from '../openapi/proxy-targets.ts';
import type { AsyncSpec } from './model.ts';

/** The WebSocket servers the site's AsyncAPI documents declare, as URL templates. */
export function declaredSocketServers(specs: Iterable<AsyncSpec>): ServerTemplate[] {
  const servers = new Map<string, ServerTemplate>();
  for (const spec of specs) {
    for (const server of spec.servers) {
      if (!/^wss?:\/\//i.test(server.url)) continue;
      const template: ServerTemplate = { url: server.url, variables: server.variables };
      servers.set(JSON.stringify([template.url, template.variables]), template);
    }
  }
  return [...servers.values()];
}

/** `ws:` and `wss:` compare as `http:` and `https:` do: the same default ports, the same URL rules. */
const asHttp = (url: string) => url.replace(/^ws(s?):/i, 'http$1:');

/** The server a WebSocket URL falls under, or undefined: the proxy refuses it. */
export function declaredSocketTarget(url: URL, servers: readonly ServerTemplate[]): ServerTemplate | undefined {
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined;
  const index = servers.map((server) => ({ ...server, url: asHttp(server.url) })).findIndex((server) => declaredTarget(new URL(asHttp(url.href)), [server]));
  return index < 0 ? undefined : servers[index];
}

/** Whether a server names this host outright: only then may it be a private or local address. */
export function namesSocketHost(host: string, servers: readonly ServerTemplate[]): boolean {
  return isLiteralHost(host, servers.map((server) => ({ ...server, url: asHttp(server.url) })));
}
