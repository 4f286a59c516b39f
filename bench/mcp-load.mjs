// The MCP endpoint under load: `concurrency` clients, each sending search_docs calls one
// after the other for `seconds`, through the endpoint's own handler (`handleMcpHttp`, as the
// site's /mcp route calls it), in this process. It prints requests per second, latency
// (p50, p99), answers by status, the event loop's delay meanwhile (what every other request
// of the server waits) and the resident memory before, at its peak and after.
//
// Called by mcp.mjs on the synthetic site, or alone on a built site:
//   node --expose-gc bench/mcp-load.mjs dist/client [--concurrency 50] [--seconds 10]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { handleMcpHttp } from '../packages/astro-docs-json/src/mcp/http.ts';
import { createMcpGuard, DEFAULT_MCP_LIMITS } from '../packages/astro-docs-json/src/mcp/limits.ts';
import { cachedFiles, folderFiles, readMcpIndex } from '../packages/astro-docs-json/src/mcp/site-files.ts';

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] : 0);
const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** A tools/call of search_docs as an MCP client posts it. */
function searchRequest(query, id) {
  return new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_docs', arguments: { query } } }),
  });
}

/** Runs the load and prints what it saw. */
export async function mcpUnderLoad({ index, files, queries, concurrency = 50, seconds = 10, label = 'search_docs' }) {
  // The route's bound on requests in hand (50 clients stay under it), without the per-client
  // limit: each client here sends as fast as it is answered, which a real one would not.
  const guard = createMcpGuard({ ...DEFAULT_MCP_LIMITS, perClient: false });
  const context = { load: async () => ({ index, files }), origins: [], guard };
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  idle.disable();
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const latencies = [];
  const statuses = new Map();
  const until = performance.now() + seconds * 1_000;
  let sent = 0;
  const client = async () => {
    while (performance.now() < until) {
      const query = queries[sent % queries.length];
      sent++;
      const started = performance.now();
      const response = await handleMcpHttp(searchRequest(query, sent), context);
      await response.text();
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      // A server's requests come in from the network, each in a task of its own: without
      // this, a client whose answers need no I/O (files already cached) would run on as
      // microtasks and never let the event loop turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - started) / 1_000;
  delay.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  globalThis.gc?.();
  const { rss: after, heapUsed: heapAfter } = process.memoryUsage();
  latencies.sort((a, b) => a - b);
  const loop = (value) => ms(value / 1e6);
  console.log(`\n${label}, ${concurrency} concurrent clients for ${seconds} s, through handleMcpHttp:`);
  console.log(`  ${latencies.length} requests, ${(latencies.length / elapsed).toFixed(0)}/s; latency p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? 0)}`);
  console.log(`  answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
  console.log(`  event-loop delay: p50 ${loop(delay.percentile(50))}, p99 ${loop(delay.percentile(99))}, max ${loop(delay.max)} (idle before: p50 ${loop(idle.percentile(50))}, max ${loop(idle.max)})`);
  console.log(`  resident memory: before ${mib(before)}, peak ${mib(peak)}, after ${mib(after)}; heap in use before ${mib(heapBefore)}, after ${mib(heapAfter)}`);
}

const QUERIES = ['install', 'mcp server', 'deploy static site', 'search', 'api playground', 'authentication token', 'openapi', 'navigation tabs', 'components', 'the'];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { concurrency: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' } } });
  const folder = folderFiles(positionals[0] ?? 'dist/client');
  const index = await readMcpIndex(folder);
  // As the site's /mcp route reads the pages: through the cache of the Markdown read last.
  const files = cachedFiles(folder);
  console.log(`${index.site.name}: ${index.pages.length} pages, ${Object.keys(index.terms).length} words.`);
  await mcpUnderLoad({ index, files, queries: QUERIES, concurrency: Number(values.concurrency), seconds: Number(values.seconds) });
}
