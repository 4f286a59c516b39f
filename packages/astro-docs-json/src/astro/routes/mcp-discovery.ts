// /.well-known/mcp.json (and Mintlify's /.well-known/mcp): where the site's MCP server is,
// and how to connect to it.
import type { APIContext } from 'astro';
import { mcpDiscovery } from '../../core/contextual/mcp-connection.ts';
import { data } from '../render/site-data.ts';

export function GET(context: APIContext) {
  // The route is injected only where there is a connection, which needs the site's address.
  const connection = data.mcp!;
  const url = new URL(`${data.base}/`, context.site!).href;
  const body = mcpDiscovery(connection, { name: data.model.name, ...(data.model.description ? { description: data.model.description } : {}), url });
  return new Response(`${JSON.stringify(body, null, 2)}\n`, { headers: { 'Content-Type': 'application/json' } });
}
