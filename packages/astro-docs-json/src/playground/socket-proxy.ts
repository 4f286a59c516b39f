/**
 * The WebSocket playground's proxy: the site's server accepts a reader's WebSocket at
 * `/_docs/socket-proxy?url=<ws URL>` and relays messages both ways with the server the
 * AsyncAPI documents declare. Browsers could open the socket themselves, but a proxy lets
 * the site reach servers on its own network the way the HTTP playground does, and so it
 * holds to the same rules as that proxy (`proxy.ts`):
 * - only `ws://`/`wss://` URLs under a server the documents declare (`socket-targets.ts`);
 * - a host that resolves to a private, loopback or link-local address only when a server
 *   names that host outright, and the connection goes to the address that was checked;
 * - pages of other sites cannot open it (Origin), and no header of the reader's (cookies)
 *   is passed on;
 * - messages are at most 64 KiB, a connection idle for 60 s or open for 10 min is closed,
 *   and at most 20 are open at once.
 * The reader's socket is accepted before the target is checked, so that a refusal can say
 * why in the close frame (a failed handshake shows the browser nothing); until the server
 * answers, what the reader sends is held back, a few messages at most.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { ServerTemplate } from '../core/openapi/operations.ts';
import { declaredSocketTarget, namesSocketHost } from '../core/asyncapi/socket-targets.ts';
import { isPrivateAddress } from '../core/openapi/proxy-targets.ts';
import { bareHost, pinnedLookup, resolve } from './proxy.ts';

export interface SocketProxyConfig {
  /** The path it answers at, base path included: `/_docs/socket-proxy`. */
  path: string;
  /** The declared WebSocket servers; a function when they change while the server runs (`astro dev`). */
  servers: readonly ServerTemplate[] | (() => readonly ServerTemplate[]);
  maxMessageBytes?: number;
  idleMs?: number;
  lifetimeMs?: number;
  connectTimeoutMs?: number;
  maxConnections?: number;
  lookup?: typeof dnsLookup;
}

export interface SocketProxy {
  /** Takes an HTTP upgrade for the proxy's path and answers true; leaves any other alone. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** The connections open now. */
  readonly open: number;
  close(): void;
}

/**
 * The socket proxy's bounds, documented on the server limits page (example-site/deploy/server/limits.mdx):
 * a message's size either way, the time a connection may stay silent and open at all, the
 * time the server has to answer the handshake, and the connections open at once.
 */
export const SOCKET_PROXY_LIMITS = { maxMessageBytes: 64 * 1024, idleMs: 60_000, lifetimeMs: 10 * 60_000, connectTimeoutMs: 10_000, maxConnections: 20 } as const;
const DEFAULTS = SOCKET_PROXY_LIMITS;
/** Messages the reader sends before the server has answered, held back until it does. */
const MAX_HELD = 16;
/** Close codes of the proxy's own (4000–4999 are the application's). */
export const CLOSE = { refused: 4403, unreachable: 4502, timeout: 4408, busy: 4429 } as const;
/** The first text message of a connection through the proxy: a status for the playground, not the server's. */
export const STATUS_PREFIX = '\u0000proxy:';

/** A close frame's reason is at most 123 bytes. */
function reasonText(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = `${reason.slice(0, -2)}…`;
  return reason;
}

export function createSocketProxy(config: SocketProxyConfig): SocketProxy {
  const limits = { ...DEFAULTS, ...Object.fromEntries(Object.entries(config).filter(([key, value]) => key in DEFAULTS && value !== undefined)) };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, perMessageDeflate: false });
  const servers = () => (typeof config.servers === 'function' ? config.servers() : config.servers);
  let open = 0;
  return {
    get open() {
      return open;
    },
    handleUpgrade(request, socket, head) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== config.path) return false;
      if (!sameOrigin(request)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nThe socket proxy only answers pages of this site.\n');
        return true;
      }
      sockets.handleUpgrade(request, socket, head, (client) => {
        if (open >= limits.maxConnections) return client.close(CLOSE.busy, reasonText(`The playground has ${limits.maxConnections} connections open already; try again later.`));
        open++;
        client.once('close', () => open--);
        relay(client, url.searchParams.get('url') ?? '', servers(), { ...limits, lookup: config.lookup ?? dnsLookup });
      });
      return true;
    },
    close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
    },
  };
}

/** Browsers send Origin with every WebSocket handshake; another site's page must not open one. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true; // a tool, not a browser: it could reach the server itself
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

type Limits = typeof DEFAULTS & { lookup: typeof dnsLookup };

/** Checks the target and resolves its host; a refusal's words when it may not be reached. */
async function vetTarget(raw: string, servers: readonly ServerTemplate[], lookup: typeof dnsLookup, signal: AbortSignal): Promise<{ url: URL; addresses: Awaited<ReturnType<typeof resolve>> } | string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url is not an absolute ws:// or wss:// URL.';
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return 'The socket proxy only connects to ws:// and wss:// URLs.';
  if (url.username !== '' || url.password !== '') return 'url must not carry a user name or password.';
  const under = servers.filter((server) => declaredSocketTarget(url, [server]));
  if (!under.length) return `${url.host} is not a server these docs declare.`;
  let addresses;
  try {
    addresses = await resolve(bareHost(url.hostname), lookup, signal);
  } catch (failure) {
    return failure instanceof Error && !signal.aborted ? failure.message : `Could not find the host ${url.hostname}.`;
  }
  if (addresses.some((entry) => isPrivateAddress(entry.address)) && !namesSocketHost(url.hostname, under)) {
    return `${url.hostname} resolves to a private or local address, which only a server these docs name by that exact host may use.`;
  }
  return { url, addresses };
}

function relay(client: WebSocket, raw: string, servers: readonly ServerTemplate[], limits: Limits): void {
  const held: Array<{ data: RawData; binary: boolean }> = [];
  let upstream: WebSocket | undefined;
  let idle: NodeJS.Timeout | undefined;
  const controller = new AbortController();
  const end = (code: number, reason: string) => {
    clearTimeout(idle);
    clearTimeout(lifetime);
    controller.abort();
    if (client.readyState === WebSocket.OPEN || client.readyState === WebSocket.CONNECTING) client.close(code, reasonText(reason));
    if (upstream && upstream.readyState !== WebSocket.CLOSED) upstream.terminate();
  };
  const active = () => {
    clearTimeout(idle);
    idle = setTimeout(() => end(CLOSE.timeout, `No message for ${limits.idleMs / 1000} s: the connection is closed.`), limits.idleMs);
  };
  const lifetime = setTimeout(() => end(CLOSE.timeout, `The connection was open for ${limits.lifetimeMs / 60_000} min: it is closed.`), limits.lifetimeMs);
  active();
  client.on('message', (data, binary) => {
    active();
    if (upstream?.readyState === WebSocket.OPEN) upstream.send(data, { binary });
    else if (held.length < MAX_HELD) held.push({ data, binary });
    else end(CLOSE.busy, 'Too many messages before the server answered.');
  });
  client.on('close', () => end(1000, ''));
  client.on('error', () => end(1011, ''));
  void vetTarget(raw, servers, limits.lookup, controller.signal).then((target) => {
    if (client.readyState !== WebSocket.OPEN) return;
    if (typeof target === 'string') return end(CLOSE.refused, `Refused: ${target}`);
    upstream = connect(client, target, limits, end, active, held);
  });
}

function connect(client: WebSocket, target: { url: URL; addresses: Awaited<ReturnType<typeof resolve>> }, limits: Limits, end: (code: number, reason: string) => void, active: () => void, held: Array<{ data: RawData; binary: boolean }>): WebSocket {
  const host = target.url.host;
  // No header of the reader's is passed on: the docs site's cookies stay with it.
  const upstream = new WebSocket(target.url, { lookup: pinnedLookup(target.addresses), maxPayload: limits.maxMessageBytes, handshakeTimeout: limits.connectTimeoutMs, followRedirects: false, perMessageDeflate: false });
  upstream.on('open', () => {
    client.send(`${STATUS_PREFIX}Connected to ${host}`);
    for (const { data, binary } of held.splice(0)) upstream.send(data, { binary });
  });
  upstream.on('message', (data, binary) => {
    active();
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary });
  });
  upstream.on('unexpected-response', (_request, response) => end(CLOSE.unreachable, `${host} answered HTTP ${response.statusCode}, not a WebSocket.`));
  upstream.on('error', (error: Error & { code?: string }) => {
    const tooLarge = /max payload/i.test(error.message);
    end(tooLarge ? 1009 : CLOSE.unreachable, tooLarge ? `${host} sent a message larger than ${limits.maxMessageBytes / 1024} KiB.` : `Could not connect to ${host}${error.code ? ` (${error.code})` : ''}.`);
  });
  upstream.on('close', (code) => end(1000, `${host} closed the connection (code ${code}).`));
  return upstream;
}
