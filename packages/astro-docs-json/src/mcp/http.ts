/**
 * The MCP server over Streamable HTTP, stateless: each POST is answered on its own, with
 * JSON. What reaches the SDK's transport is bounded and checked first: the method, a
 * browser's origin, the client's share and the requests in hand (`limits.ts`), the body's
 * size, that it is JSON, and a batch's length.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpIndex } from '../core/mcp/docs-index.ts';
import type { SiteFiles } from '../core/mcp/tools.ts';
import type { McpGuard } from './limits.ts';
import { createDocsServer } from './server.ts';
import { readBodyWithin } from '../core/traffic/request-body.ts';

/** Far more than any request of these tools. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Messages in one batch: each is a tool call, and a batch is answered at once. */
export const MAX_BATCH = 10;

export interface McpHttpContext {
  /** The index and files of the built site, loaded once. */
  load: () => Promise<{ index: McpIndex; files: SiteFiles }>;
  /** Origins whose pages may call the server from a browser, besides the server's own. */
  origins: string[];
  /** The per-client limit and the bound on requests in hand, made once per server (`createMcpGuard`); none: no limits. */
  guard?: McpGuard;
  /** The client's address (`core/traffic/client-address.ts`), which its limit is counted by. */
  client?: string;
}

const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers });

export async function handleMcpHttp(request: Request, context: McpHttpContext): Promise<Response> {
  if (request.method !== 'POST') {
    return rpcError(405, -32000, 'This MCP server is stateless: send JSON-RPC messages with POST.', { Allow: 'POST' });
  }
  // A web page of another site may not drive the server through its reader's browser.
  const origin = request.headers.get('origin');
  if (origin && origin !== new URL(request.url).origin && !context.origins.includes(origin)) {
    return rpcError(403, -32000, `Requests from the origin ${origin.slice(0, 200)} are not allowed.`);
  }
  // Refused before the body is read: a refusal costs the server next to nothing.
  const refused = context.guard?.admit(context.client ?? 'unknown', Date.now());
  if (refused) return refused;
  try {
    return await answerPost(request, context);
  } finally {
    context.guard?.done();
  }
}

async function answerPost(request: Request, context: McpHttpContext): Promise<Response> {
  // Read no further than the cap, whatever Content-Length claims (`core/traffic/request-body.ts`).
  const received = await readBodyWithin(request, MAX_BODY_BYTES);
  if (!received.ok) return received.reason === 'too-large' ? tooLarge() : rpcError(400, -32700, 'Parse error: the body could not be read.');
  let body: unknown;
  try {
    body = JSON.parse(received.text());
  } catch {
    return rpcError(400, -32700, 'Parse error: the body is not JSON.');
  }
  if (Array.isArray(body)) {
    if (body.length > MAX_BATCH) return rpcError(400, -32600, `A batch has at most ${MAX_BATCH} messages.`);
    const refused = context.guard?.charge(context.client ?? 'unknown', body.length - 1, Date.now());
    if (refused) return refused;
  }
  let loaded: Awaited<ReturnType<McpHttpContext['load']>>;
  try {
    loaded = await context.load();
  } catch (error) {
    return rpcError(503, -32603, `The documentation index is not available: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
  const server = idleServer(loaded.index, loaded.files);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    void server.close().then(
      () => putBack(loaded.index, loaded.files, server),
      () => undefined, // a server that did not close is not used again
    );
  }
}

const tooLarge = () => rpcError(413, -32600, `The request is larger than ${MAX_BODY_BYTES / 1024} KiB.`);

/**
 * Servers not in use, by the index they serve. A server serves one transport at a time (a
 * stateless transport serves one request), but making one builds its tools' schemas and a
 * JSON Schema validator: done per request, that was a tenth of a search's time. So servers
 * are made as requests need them and put back after; as many are kept as were in hand at
 * once, which the guard's `maxInFlight` bounds, up to `MAX_IDLE`.
 */
const idle = new WeakMap<McpIndex, { files: SiteFiles; servers: McpServer[] }>();
const MAX_IDLE = 64;

function idleServer(index: McpIndex, files: SiteFiles): McpServer {
  const pool = idle.get(index);
  return (pool?.files === files ? pool.servers.pop() : undefined) ?? createDocsServer(index, files);
}

function putBack(index: McpIndex, files: SiteFiles, server: McpServer): void {
  let pool = idle.get(index);
  if (pool?.files !== files) idle.set(index, (pool = { files, servers: [] }));
  if (pool.servers.length < MAX_IDLE) pool.servers.push(server);
}
