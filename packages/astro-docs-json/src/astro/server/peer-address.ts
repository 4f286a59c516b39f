/**
 * The address of the connection a request came on, for per-client limits. Astro's
 * `clientAddress` is that address, except on a site that sets `security.allowedDomains`:
 * there Astro takes the first `X-Forwarded-For` entry, which any client writes as it likes,
 * so a client naming a new address on each request would never be limited. The servers we
 * start or limit (`connection-limits.ts`) write the socket's own address into each request
 * under a header whose name is drawn at random once per process: a client cannot guess it,
 * so cannot forge it, and the routes read it before Astro's `clientAddress`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';

/** Shared through `globalThis`: the server and the routes may be two copies of this module (the integration's, and the built server's). */
const HEADER_KEY = Symbol.for('astro-docs-json.peer-address-header');

function headerName(): string {
  const holder = globalThis as { [HEADER_KEY]?: string };
  return (holder[HEADER_KEY] ??= `x-docs-json-peer-${randomBytes(12).toString('hex')}`);
}

/** Each request `server` hands on carries its connection's address under the process's header. */
export function markPeerAddresses(server: Server): void {
  const name = headerName();
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'request') {
      const request = args[0] as IncomingMessage;
      const address = request.socket?.remoteAddress;
      if (address) request.headers[name] = address;
      else delete request.headers[name];
    }
    return emit(event, ...args);
  }) as Server['emit'];
}

/**
 * The connection's address: as our server wrote it, or else Astro's `clientAddress`; or
 * undefined when neither is known (Astro throws then), and the caller limits no client
 * rather than all readers together as one.
 */
export function peerAddress(context: { request: Request; clientAddress: string }): string | undefined {
  const holder = globalThis as { [HEADER_KEY]?: string };
  const marked = holder[HEADER_KEY] && context.request.headers.get(holder[HEADER_KEY]);
  if (marked) return marked;
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}
