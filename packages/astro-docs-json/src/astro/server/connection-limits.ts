/**
 * Bounds on the connections of every HTTP server that serves the site: the node adapter's
 * standalone server, `astro dev`, `astro preview` and the command line's `dev` and
 * `preview`. Node's own defaults let a client that sends half a request hold its connection
 * for a minute (`headersTimeout`, 60 s) and a slow body for five (`requestTimeout`), with no
 * cap on how many: 2,000 such connections stayed open for 70 s in the measurement.
 * Here a request's head must arrive within `headersTimeoutMs`, the whole request within
 * `requestTimeoutMs`, an idle kept-alive connection closes after `keepAliveTimeoutMs`, the
 * server accepts at most `maxConnections`, and at most `maxPendingConnections` may be open
 * without having sent a request's head: beyond that the oldest of them is closed, so that
 * clients that send their request at once are still served while the slow ones wait out.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Server as HttpServer, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Server as TlsServer } from 'node:tls';
import { markPeerAddresses } from './peer-address.ts';

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  maxPendingConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  maxPendingConnections: 100,
};

/** The servers limited already: one reached by two ways (a hook, and the catch of `limitNextServer`) is limited once. */
const limited = new WeakSet<object>();

/**
 * Applies `limits` to `server`; a server that is not Node's `http.Server` (Vite's HTTP/2
 * server under `https`) keeps what it has. Returns whether it was limited now.
 */
export function applyConnectionLimits(server: unknown, limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS): boolean {
  if (!isHttpServer(server) || limited.has(server)) return false;
  limited.add(server);
  server.headersTimeout = limits.headersTimeoutMs;
  // Node checks both every `connectionsCheckingInterval` (30 s, fixed when the server is created): a late request closes within that of its limit.
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  capPendingConnections(server, limits);
  // The same servers tell the routes each request's real address, for per-client limits.
  markPeerAddresses(server);
  return true;
}

/** Node's `http.Server`, or `https.Server`: a TLS server with the same settings, whose requests arrive on its TLS sockets. */
function isHttpServer(server: unknown): server is HttpServer {
  return server instanceof HttpServer || (server instanceof TlsServer && 'headersTimeout' in server);
}

/**
 * Node closes a connection whose request head is late only when its check runs (every
 * `connectionsCheckingInterval`, 30 s by default), and counts no such connections: the cap
 * on those waiting is ours. A connection is pending from its accept until its first request
 * head (or upgrade) arrives; past the cap, the oldest pending one is closed.
 */
function capPendingConnections(server: HttpServer, limits: ConnectionLimits): void {
  // A Set keeps insertion order: its first entry is the oldest.
  const pending = new Set<Socket>();
  const connected = server instanceof TlsServer ? 'secureConnection' : 'connection';
  server.on(connected, (socket: Socket) => {
    pending.add(socket);
    socket.once('close', () => pending.delete(socket));
    // A late head is closed at `headersTimeoutMs` itself, not at Node's next check.
    const late = setTimeout(() => pending.has(socket) && socket.destroy(), limits.headersTimeoutMs);
    late.unref();
    socket.once('close', () => clearTimeout(late));
    while (pending.size > limits.maxPendingConnections) {
      const oldest = pending.values().next().value!;
      pending.delete(oldest);
      oldest.destroy();
    }
  });
  // Seen as the server emits them, not by listening: a listener for `upgrade` would make Node
  // hand every upgrade request to it, and a server with none answers them as plain requests.
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (typeof event === 'string' && REQUEST_EVENTS.has(event)) pending.delete((args[0] as IncomingMessage).socket as Socket);
    return emit(event, ...args);
  }) as HttpServer['emit'];
}

/** The events by which a server hands on a request whose head has arrived. */
const REQUEST_EVENTS = new Set(['request', 'upgrade', 'connect', 'checkContinue', 'checkExpectation']);

/**
 * Limits the next HTTP server that starts listening in this process: `astro preview`
 * creates its server (the node adapter's, or Astro's static one) after the integration's
 * hooks have run, and hands it to no hook of ours. Node announces every `listen()` on a
 * diagnostics channel; the first HTTP server announced is taken, then the channel is left.
 */
export function limitNextServer(limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS): () => void {
  const channel = 'tracing:net.server.listen:asyncStart';
  const onListen = (message: unknown) => {
    if (applyConnectionLimits((message as { server?: unknown }).server, limits)) stop();
  };
  const stop = () => unsubscribe(channel, onListen);
  subscribe(channel, onListen);
  return stop;
}
