// npm run bench -- --mcp [--pages 20000]: the MCP server's latency on a large site, without
// Astro: the synthetic pages (generate.mjs) stand in for a built site's Markdown copies, the
// index is built from them as the build does, then a fresh process loads it as
// `astro-docs-json mcp` would and calls the tools through the SDK's client and server, then
// 50 clients call search_docs at once through the HTTP endpoint's handler (mcp-load.mjs).
//
// Run as `node --expose-gc bench/mcp.mjs <built folder> <build ms>`, this file is that fresh process: its
// memory is the server's alone, not the generator's or the site model's.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { writeMcpIndex } from '../packages/astro-docs-json/src/astro/build/output-files.ts';
import { MCP_INDEX_PATH, markdownPath, mcpSourceOf } from '../packages/astro-docs-json/src/core/mcp/docs-index.ts';
import { searchIndex } from '../packages/astro-docs-json/src/core/mcp/search.ts';
import { searchDocs } from '../packages/astro-docs-json/src/core/mcp/tools.ts';
import { createDocsServer } from '../packages/astro-docs-json/src/mcp/server.ts';
import { cachedFiles, folderFiles, readMcpIndex } from '../packages/astro-docs-json/src/mcp/site-files.ts';
import { mcpUnderLoad } from './mcp-load.mjs';
import { generateOurs } from './generate.mjs';

const SITE = 'https://bench.example.com';

// The pages draw on some 80 words (text.mjs), so a common word is on every page: its postings
// are as long as they get, the worst case. Numbers and link slugs are the rare words.
const QUERIES = [
  // common single words, some plural or capitalised as people type them
  'build', 'search', 'token', 'deploy', 'cache', 'sidebar', 'navigation', 'markdown', 'schema', 'client',
  'Server', 'Errors', 'anchors', 'migrate', 'release',
  // words of the code blocks, tables and headings only
  'import', 'console', 'boolean', 'default', 'const', 'await', 'overview', 'configuration', 'details', 'type',
  // rare: page numbers (titles, code, tables) and link slugs
  '1234', '19999', '7', 'g07', '0412', 'page-0999', 'Page 1234 of group 15', 'group 20',
  // phrases of two to many words
  'deploy cache token', 'configure search index', 'install and update', 'how do I migrate a release',
  'static site preview', 'request response header', 'error warning check', 'code block label',
  'sidebar group version language', 'parameter value field option', 'crawler index route',
  'build the site then deploy the static output to a server with a cache and a token for every release',
  // words no page has, alone or with one it has
  'kubernetes', 'xylophone', 'oauth authentication', 'kubernetes deploy', 'zzzzzz',
  // only stopwords, and accents
  'the and of', 'Déploiement', 'naïve café',
];

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const p95 = (list) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil(list.length * 0.95) - 1)];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const stats = (list) => ({ median: median(list), p95: p95(list), max: Math.max(...list) });
const row = (name, list) => {
  const s = stats(list);
  return `  ${name.padEnd(40)} median ${ms(s.median).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  max ${ms(s.max).padStart(9)}  (${list.length} calls)`;
};

/** Generates the site and its Markdown copies, builds the index, then measures it in a fresh process. */
export async function benchMcp(dir, pages) {
  // Imported here, not above: the server's process does not load what the build does.
  const { buildSiteModel, loadSite, splitFrontmatter } = await import('astro-docs-json/core');
  console.log(`Generating ${pages} plain pages...`);
  generateOurs(dir, { pages });
  const site = await loadSite(path.join(dir, 'docs'));
  if (!site.ok) throw new Error(`The synthetic site does not load: ${site.diagnostics[0]?.message}`);
  const model = buildSiteModel(site);
  const out = path.join(dir, 'dist');
  rmSync(out, { recursive: true, force: true });
  // Stands in for the build's `.md` copies, which look like this: the title, the description
  // as a quote, then the page's Markdown without its frontmatter.
  for (const view of model.pages) {
    if (!view.indexable) continue;
    const { body } = splitFrontmatter(readFileSync(path.join(site.docsDir, view.file), 'utf8'));
    const file = path.join(out, markdownPath(view.url));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `# ${view.title}\n\n${view.description ? `> ${view.description}\n\n` : ''}${body.trim()}\n`);
  }
  // What the build does once the pages are written.
  const started = performance.now();
  await writeMcpIndex(out, mcpSourceOf(model), { site: SITE, base: '' });
  const buildMs = performance.now() - started;
  const index = JSON.parse(readFileSync(path.join(out, MCP_INDEX_PATH), 'utf8'));
  console.log(`Index of ${index.pages.length} pages and ${Object.keys(index.terms).length} words built and written in ${(buildMs / 1000).toFixed(1)} s: ${mib(statSync(path.join(out, MCP_INDEX_PATH)).size)}.`);
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), out, String(buildMs)], { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The MCP measurement failed (${code}).`))));
  });
}

async function serve(out, buildMs) {
  const files = folderFiles(out);
  // Collected before and after (--expose-gc), the heap's growth is what the index holds, not the text it was parsed from.
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const index = await readMcpIndex(files);
  const loadMs = performance.now() - started;
  globalThis.gc?.();
  const memory = process.memoryUsage();
  console.log(`Index loaded in ${ms(loadMs)}: it holds ${mib(memory.heapUsed - heapBefore)} of heap; the server's process then uses ${mib(memory.heapUsed)} of heap, ${mib(memory.rss)} resident.`);

  const server = createDocsServer(index, files);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientSide);
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${result.content[0]?.text}`);
    return result;
  };

  // Each query a few times, after a warm-up, so that the percentiles are of many calls. Each
  // call of search_docs follows the same search without the protocol, and without the file reads
  // for the excerpts, in the same state of the heap: the differences are where the time goes.
  const ROUNDS = 3;
  const timed = async (inputs, stages) => {
    const times = Object.fromEntries(Object.keys(stages).map((name) => [name, []]));
    const slowest = new Map(); // of the last stage, end to end
    const last = Object.keys(stages).at(-1);
    for (const input of inputs.slice(0, 10)) for (const fn of Object.values(stages)) await fn(input);
    for (let round = 0; round < ROUNDS; round++) {
      for (const input of inputs) {
        for (const [name, fn] of Object.entries(stages)) {
          const start = performance.now();
          await fn(input);
          const took = performance.now() - start;
          times[name].push(took);
          if (name === last) slowest.set(input, Math.max(slowest.get(input) ?? 0, took));
        }
      }
    }
    return { ...times, slowest };
  };
  const scope = { version: index.site.defaultVersion, language: index.site.defaultLanguage };
  const search = await timed(QUERIES, {
    ranking: async (query) => searchIndex(index, query, scope, 8),
    tool: (query) => searchDocs(index, files, { query }),
    mcp: (query) => call('search_docs', { query }),
  });
  const urls = Array.from({ length: 20 }, (_, i) => index.pages[Math.floor((i * index.pages.length) / 20)].url);
  const page = await timed(urls, { mcp: (url) => call('get_page', { path: url }) });
  await client.close();

  console.log(`\n${QUERIES.length} queries × ${ROUNDS} rounds:`);
  console.log(row('ranking alone (searchIndex)', search.ranking));
  console.log(row('+ file reads, excerpts (searchDocs)', search.tool));
  console.log(row('search_docs through MCP (in memory)', search.mcp));
  console.log(row(`get_page through MCP, ${urls.length} pages`, page.mcp));
  const slowest = [...search.slowest].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(`  slowest search_docs: ${slowest.map(([query, took]) => `"${query.length > 30 ? `${query.slice(0, 30)}…` : query}" ${ms(took)}`).join(', ')}`);
  console.log(`  peak RSS of the server process: ${mib(process.resourceUsage().maxRSS * 1024)}`);

  // Then as the site's /mcp route serves it: 50 clients at once, through the cache of the pages read last.
  await mcpUnderLoad({ index, files: cachedFiles(files), queries: QUERIES, concurrency: 50, seconds: 10 });

  const s = stats(search.mcp);
  const size = statSync(path.join(out, MCP_INDEX_PATH)).size;
  console.log(
    `\nMCP search at ${index.pages.length.toLocaleString('en')} pages: median ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)} (index ${mib(size)}, built in ${(buildMs / 1000).toFixed(1)} s, loaded in ${ms(loadMs)})`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await serve(process.argv[2], Number(process.argv[3]));
