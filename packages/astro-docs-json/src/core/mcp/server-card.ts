/**
 * The MCP server card (`/.well-known/mcp/server-card.json`, and the list of cards at
 * `server-cards.json`), as Mintlify publishes one: where the server is, how to reach it, and
 * its tools with their input schemas, so that a client can list them without connecting.
 * Only for a server the site serves over HTTP: one run as a command has no address.
 */
import * as z from 'zod';
import type { McpConnection } from '../contextual/mcp-connection.ts';
import { docsTools } from './tools.ts';

export const SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';
export const SERVER_CARDS_PATH = '/.well-known/mcp/server-cards.json';

export function mcpServerCard(connection: Extract<McpConnection, { transport: 'http' }>, site: { name: string; description?: string }) {
  return {
    name: connection.name,
    title: site.name,
    version: '1.0.0',
    url: connection.url,
    transport: 'http',
    description: site.description ?? `Search and read the documentation of ${site.name}.`,
    capabilities: { tools: true, resources: true },
    authentication: 'none',
    tools: docsTools(site.name).map(({ inputSchema, ...tool }) => {
      const { $schema: _, ...schema } = z.toJSONSchema(z.object(inputSchema));
      return { ...tool, inputSchema: schema };
    }),
  };
}
