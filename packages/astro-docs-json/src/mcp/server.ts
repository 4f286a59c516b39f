/**
 * The docs as an MCP server: the three read-only tools of `core/mcp/tools.ts` on the
 * official SDK's server, for any transport (Streamable HTTP in `http.ts`, stdio in `cli`),
 * and the site's agent skill (`/skill.md`) as a resource.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpIndex } from '../core/mcp/docs-index.ts';
import { getPage, getPageInput, listPages, listPagesInput, searchDocs, searchInput, serverInstructions, ToolError, type SiteFiles } from '../core/mcp/tools.ts';

const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;

export function createDocsServer(index: McpIndex, files: SiteFiles): McpServer {
  const server = new McpServer({ name: index.site.name, version: '1.0.0' }, { instructions: serverInstructions(index) });
  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Search the ${index.site.name} documentation. Returns the best pages, each with its URL, the URL of its Markdown and an excerpt around the match.`,
      inputSchema: searchInput,
      annotations: READ_ONLY,
    },
    (args) => answer(async () => JSON.stringify(await searchDocs(index, files, args), null, 2)),
  );
  server.registerTool(
    'get_page',
    {
      title: 'Read a page',
      description: 'The Markdown of one page of the documentation, by its path or URL (as search_docs and list_pages give them).',
      inputSchema: getPageInput,
      annotations: READ_ONLY,
    },
    ({ path }) => answer(() => getPage(index, files, path)),
  );
  server.registerTool(
    'list_pages',
    {
      title: 'List the pages',
      description: 'The navigation of the documentation, as a tree of sections, groups and pages with their URLs.',
      inputSchema: listPagesInput,
      annotations: READ_ONLY,
    },
    (args) => answer(async () => listPages(index, args)),
  );
  const skillUri = `${index.site.url ?? 'docs:'}${index.site.base}/skill.md`;
  server.registerResource(
    'skill',
    skillUri,
    { title: `${index.site.name}: agent skill`, description: `What an agent can do with ${index.site.name}, and where its documentation says how (agentskills.io).`, mimeType: 'text/markdown' },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: (await files('skill.md')) ?? '' }] }),
  );
  return server;
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
