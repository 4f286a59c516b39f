/**
 * The MCP server over Streamable HTTP, stateless: each POST is answered on its own, with
 * JSON. What reaches the SDK's transport is bounded and checked first: the method, a
 * browser's origin, the body's size and that it is JSON.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { McpIndex } from '../core/mcp/docs-index.ts';
import type { SiteFiles } from '../core/mcp/tools.ts';
import { createDocsServer } from './server.ts';
import { readBodyWithin } from '../core/traffic/request-body.ts';

/** Far more than any request of these tools. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface McpHttpContext {
  /** The index and files of the built site, loaded once. */
  load: () => Promise<{ index: McpIndex; files: SiteFiles }>;
  /** Origins whose pages may call the server from a browser, besides the server's own. */
  origins: string[];
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
  // Read no further than the cap, whatever Content-Length claims (`core/traffic/request-body.ts`).
  const received = await readBodyWithin(request, MAX_BODY_BYTES);
  if (!received.ok) return received.reason === 'too-large' ? tooLarge() : rpcError(400, -32700, 'Parse error: the body could not be read.');
  let body: unknown;
  try {
    body = JSON.parse(received.text());
  } catch {
    return rpcError(400, -32700, 'Parse error: the body is not JSON.');
  }
  let loaded: Awaited<ReturnType<McpHttpContext['load']>>;
  try {
    loaded = await context.load();
  } catch (error) {
    return rpcError(503, -32603, `The documentation index is not available: ${error instanceof Error ? error.message : 'unknown error'}`);
  }
  const server = createDocsServer(loaded.index, loaded.files);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: body });
  } finally {
    void server.close();
  }
}

const tooLarge = () => rpcError(413, -32600, `The request is larger than ${MAX_BODY_BYTES / 1024} KiB.`);
