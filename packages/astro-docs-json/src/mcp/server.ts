/**
 * The docs as an MCP server: the three read-only tools of `core/mcp/tools.ts` on the
 * official SDK's server, for any transport (Streamable HTTP in `http.ts`, stdio in `cli`),
 * and the site's agent skill (`/skill.md`) as a resource.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpIndex } from '../core/mcp/docs-index.ts';
import { docsTools, getPage, listPages, searchDocs, serverInstructions, ToolError, type SiteFiles } from '../core/mcp/tools.ts';

/**
 * One validator for every server: the SDK makes one per server otherwise, which is most of
 * what making a server costs, and these tools declare no output schema for it to compile.
 */
const validator = new AjvJsonSchemaValidator();

export function createDocsServer(index: McpIndex, files: SiteFiles): McpServer {
  const server = new McpServer({ name: index.site.name, version: '1.0.0' }, { instructions: serverInstructions(index), jsonSchemaValidator: validator });
  const [search, page, list] = docsTools(index.site.name);
  server.registerTool(search.name, search, (args) => answer(async () => (await oneSearchPerTurn(), JSON.stringify(await searchDocs(index, files, args), null, 2))));
  server.registerTool(page.name, page, ({ path }) => answer(() => getPage(index, files, path)));
  server.registerTool(list.name, list, (args) => answer(async () => listPages(index, args)));
  const skillUri = `${index.site.url ?? 'docs:'}${index.site.base}/skill.md`;
  server.registerResource(
    'skill',
    skillUri,
    { title: `${index.site.name}: agent skill`, description: `What an agent can do with ${index.site.name}, and where its documentation says how (agentskills.io).`, mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: (await files('skill.md')) ?? '' }] }),
  );
  return server;
}

let lastTurn = Promise.resolve();

/**
 * Resolves when the searches asked for before have had their turn, one turn of the event
 * loop each. A search is a few milliseconds of work on a large site; fifty at once, run
 * back to back, would keep every other request of the server (a page, a health check)
 * waiting for all of them. Taken one per turn, the others wait for one search at most.
 */
function oneSearchPerTurn(): Promise<void> {
  const turn = lastTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  lastTurn = turn;
  return turn;
}

/** A tool's text, or its error as the tool's answer: the assistant reads why and may try again. */
async function answer(run: () => Promise<string>): Promise<CallToolResult> {
  try {
    return { content: [{ type: 'text', text: await run() }] };
  } catch (error) {
    const text = error instanceof ToolError ? error.message : 'The documentation could not be read for this request.';
    return { content: [{ type: 'text', text }], isError: true };
  }
}
