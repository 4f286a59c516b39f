/**
 * What the MCP endpoint lets one client and all clients together do: a per-client token
 * bucket (by the client's address, `core/traffic/`) and a bound on the requests in hand at
 * once. Both refuse before the body is read, with a JSON-RPC error an MCP client can show
 * and a Retry-After it can wait: a client that sends more than its share slows itself, not
 * the readers of the site, and a burst of many clients holds at most `maxInFlight` bodies
 * and answers in memory.
 */
import { createClientLimiter, retryAfterSeconds } from '../core/traffic/token-bucket.ts';

export interface McpLimits {
  /** Requests a client may send at once (`burst`) and over a minute (`perMinute`); false: no per-client limit. */
  perClient: { burst: number; perMinute: number } | false;
  /** Requests the endpoint handles at once, from all clients; more are answered 503. */
  maxInFlight: number;
}

export const DEFAULT_MCP_LIMITS = { perClient: { burst: 120, perMinute: 600 }, maxInFlight: 64 } as const satisfies McpLimits;

/** Clients whose buckets are kept: past it, the least recently seen is forgotten (and starts full again). */
const MAX_CLIENTS = 10_000;

const refusal = (status: number, message: string, retryAfter: string) =>
  Response.json({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }, { status, headers: { 'Retry-After': retryAfter, 'Cache-Control': 'no-store' } });

export interface McpGuard {
  /**
   * A refusal (429 for a client past its limit, 503 when `maxInFlight` requests are in
   * hand), or undefined: then the request is in hand until `done`.
   */
  admit(client: string, at: number): Response | undefined;
  /** The messages of a batch past its first, each taken from the client's bucket: a refusal once it is empty. */
  charge(client: string, messages: number, at: number): Response | undefined;
  done(): void;
  /** Requests in hand now. */
  readonly inFlight: number;
}

export function createMcpGuard(limits: McpLimits): McpGuard {
  const take = limits.perClient ? createClientLimiter({ capacity: limits.perClient.burst, perSecond: limits.perClient.perMinute / 60 }, MAX_CLIENTS) : undefined;
  let inFlight = 0;
  const tooMany = (wait: number) => {
    const seconds = retryAfterSeconds(wait);
    return refusal(429, `Too many requests from this client: try again in ${seconds} s.`, seconds);
  };
  return {
    admit(client, at) {
      const wait = take?.(client, at) ?? 0;
      if (wait > 0) return tooMany(wait);
      if (inFlight >= limits.maxInFlight) return refusal(503, 'The documentation server is busy: try again in a second.', '1');
      inFlight++;
      return undefined;
    },
    charge(client, messages, at) {
      for (let message = 0; message < messages; message++) {
        const wait = take?.(client, at) ?? 0;
        if (wait > 0) return tooMany(wait);
      }
      return undefined;
    },
    done() {
      inFlight = Math.max(0, inFlight - 1);
    },
    get inFlight() {
      return inFlight;
    },
  };
}
