// The endpoints of the serving benchmark (serve.mjs) under load, as in issue 54's table: a
// page, the same page as Markdown, an agent job from the cache, MCP's search, and 2,000
// connections that send half a request and wait.
import { halfRequests, hammer } from './serve-load.mjs';
import { loop, memory, ms, statuses, table, wait } from './serve-report.mjs';

export const PAGE = '/quickstart';
export const KNOWN_JOB = '/api/agent/demo/job/job_docs_update';
export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
export const MCP_SEARCH = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_docs', arguments: { query: 'rate limits' } } });

const ENDPOINTS = [
  { name: 'a page', path: PAGE, connections: 100, seconds: 15 },
  { name: 'the page, `Accept: text/markdown`', path: PAGE, headers: { accept: 'text/markdown' }, connections: 100, seconds: 10 },
  { name: 'an agent job (cached), one client', path: KNOWN_JOB, connections: 100, seconds: 10 },
  { name: 'an agent job (cached), 10,000 clients', path: KNOWN_JOB, connections: 100, seconds: 10, clients: 10_000 },
  { name: '`/mcp` `tools/call search_docs`, one client', path: '/mcp', method: 'POST', headers: MCP_HEADERS, body: MCP_SEARCH, connections: 50, seconds: 10 },
  { name: '`/mcp` `tools/call search_docs`, 10,000 clients', path: '/mcp', method: 'POST', headers: MCP_HEADERS, body: MCP_SEARCH, connections: 50, seconds: 10, clients: 10_000 },
];

/**
 * Runs `work` against the site and measures the server meanwhile: its resident memory
 * before, at its peak and a second after, and its event loop's delay.
 */
export async function measured(site, work) {
  await site.loopDelay();
  const before = site.rss();
  site.takePeak();
  const result = await work();
  const peak = site.takePeak();
  const delay = await site.loopDelay();
  await wait(1_000);
  return { result, memory: { before, peak, after: site.rss() }, delay };
}

export async function loadStages(site, scale) {
  // The job is read once first, so that the load reads it from the cache.
  await fetch(`${site.url}${KNOWN_JOB}`);
  const rows = [];
  for (const endpoint of ENDPOINTS) {
    const seconds = endpoint.seconds * scale;
    const { result, memory: rss, delay } = await measured(site, () =>
      hammer({ url: `${site.url}${endpoint.path}`, connections: endpoint.connections, seconds, method: endpoint.method, headers: endpoint.headers, body: endpoint.body, clients: endpoint.clients }),
    );
    rows.push([
      endpoint.name,
      `${endpoint.connections} c, ${seconds} s`,
      Math.round(result.perSecond),
      result.requests,
      `${ms(result.p50)} / ${ms(result.p99)}`,
      statuses(result.statuses),
      result.errors,
      memory(rss),
      loop(delay),
    ]);
  }
  table('Endpoints under load', ['Endpoint', 'Load', 'req/s', 'Requests', 'p50 / p99 ms', 'Statuses', 'Socket errors', 'RSS MiB before / peak / after', 'Event loop delay ms p50 / p99 / max'], rows);
}

/** 2,000 connections that send half a request and wait; a page under light load meanwhile. */
export async function slowHeadersStage(site, scale, count = 2_000) {
  const marks = [10, 30, 70].map((seconds) => seconds * scale);
  const { result, memory: rss, delay } = await measured(site, async () => {
    const held = await halfRequests(site.port, count);
    const started = performance.now();
    const open = [];
    const counting = (async () => {
      for (const mark of marks) {
        await wait(Math.max(0, mark * 1000 - (performance.now() - started)));
        open.push(held.open());
      }
    })();
    const page = await hammer({ url: `${site.url}${PAGE}`, connections: 10, seconds: marks.at(-1) });
    await counting;
    held.close();
    return { page, open, refused: held.refused() };
  });
  table(
    `${count} connections that send half a request and wait`,
    ['Still open at ' + marks.map((mark) => `${mark} s`).join(' / '), 'Refused', 'A page meanwhile (10 c): req/s, p50 / p99 ms, errors', 'RSS MiB before / peak / after', 'Event loop delay ms p50 / p99 / max'],
    [[result.open.join(' / '), result.refused, `${Math.round(result.page.perSecond)}, ${ms(result.page.p50)} / ${ms(result.page.p99)}, ${result.page.non2xx + result.page.errors}`, memory(rss), loop(delay)]],
  );
}
