// /.well-known/mcp/server-card.json, and server-cards.json listing it: the site's MCP server
// and its tools (`core/mcp/server-card.ts`).
import type { APIContext } from 'astro';
import { mcpServerCard, SERVER_CARDS_PATH } from '../../core/mcp/server-card.ts';
import { data } from '../render/site-data.ts';

export function GET(context: APIContext) {
  // The route is injected only for a server served over HTTP.
  const connection = data.mcp as Extract<NonNullable<typeof data.mcp>, { transport: 'http' }>;
  const card = mcpServerCard(connection, { name: data.model.name, ...(data.model.description ? { description: data.model.description } : {}) });
  const body = context.url.pathname.endsWith(SERVER_CARDS_PATH) ? { servers: [card] } : card;
  return new Response(`${JSON.stringify(body, null, 2)}\n`, { headers: { 'Content-Type': 'application/json' } });
}
