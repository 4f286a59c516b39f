// /.well-known/mcp on a site whose MCP server cards are in the folder of that name
// (`/.well-known/mcp/`): the server answers it, with what `mcp-discovery.ts` writes at
// `/.well-known/mcp.json`. A route module of its own: Astro prerenders a module or not.
export { GET } from './mcp-discovery.ts';
