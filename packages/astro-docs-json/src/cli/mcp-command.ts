/**
 * `mcp`: a built site's docs served to an AI assistant over stdio, from the output folder
 * or from the files of the site deployed at `--url`, until the assistant closes it. stdout
 * carries the protocol alone; what the command says goes to stderr.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDocsServer } from '../mcp/server.ts';
import { addressFiles, cachedFiles, folderFiles, readMcpIndex } from '../mcp/site-files.ts';
import { builtPages } from './score-command.ts';

export async function mcpCommand(dist: string | undefined, url: string | undefined): Promise<number> {
  if (url !== undefined && dist !== undefined) {
    process.stderr.write('"mcp" reads a folder or, with --url, a deployed site: not both.\n');
    return 2;
  }
  if (url !== undefined && !/^https?:\/\/[^/\s]+/i.test(url)) {
    process.stderr.write(`--url takes the address of a deployed site, like https://docs.example.com; not ${JSON.stringify(url.slice(0, 200))}.\n`);
    return 2;
  }
  const outDir = path.resolve(dist ?? 'dist');
  if (url === undefined && !existsSync(outDir)) {
    process.stderr.write(`${outDir} does not exist: build the site first (astro build), or give --url.\n`);
    return 1;
  }
  const files = url === undefined ? folderFiles(builtPages(outDir)) : addressFiles(url);
  let index;
  try {
    index = await readMcpIndex(files);
  } catch (error) {
    process.stderr.write(`${url ?? outDir}: ${(error as Error).message}\n`);
    return 1;
  }
  // The pages searches quote, kept once read: over --url each would otherwise be fetched again.
  const server = createDocsServer(index, cachedFiles(files));
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  process.stderr.write(`MCP server of ${index.site.name} (${index.pages.length} pages) on stdio.\n`);
  process.stdin.once('end', () => void server.close());
  await closed;
  return 0;
}
