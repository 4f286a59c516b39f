// Faults upstream in the serving benchmark (serve.mjs): the stand-in admin API misbehaves
// in each of its ways (`MOCK_FAULTS`) while the agent endpoint and the playground proxy are
// asked through it and a page is read beside them; then a soak of mixed faults and normal
// traffic, to see whether memory comes back.
import { MOCK_FAULTS } from '../packages/astro-docs-json/src/agent/mock-admin-api.ts';
import { hammer } from './serve-load.mjs';
import { ADMIN_KEY, startSite } from './serve-processes.mjs';
import { measured, MCP_HEADERS, MCP_SEARCH, PAGE } from './serve-stages.mjs';
import { memory, mib, ms, statuses, table, wait } from './serve-report.mjs';

const KNOWN_JOBS = ['job_docs_update', 'job_no_changes', 'job_fails', 'job_archived'].map((id) => `/api/agent/demo/job/${id}`);
const PROXY = '/_docs/playground-proxy';
const proxyBody = (mock) => JSON.stringify({ method: 'GET', url: `${mock.url}/v2/agent/demo/job/job_docs_update`, headers: [['Authorization', `Bearer ${ADMIN_KEY}`]] });
/** Past the agent endpoint's upstream time-out (10 s) and the proxy's (30 s), so that `slow` shows what the time-outs answer. */
const SECONDS = { agent: 12, proxy: 12, slowProxy: 35 };

/** One answer of the endpoint under the fault, shortened: what a reader is told. */
async function sample(site, path, init) {
  const response = await fetch(`${site.url}${path}`, init);
  return `${response.status} ${(await response.text()).replace(/\s+/g, ' ').slice(0, 70)}`;
}

/** The endpoint under the fault (10 connections) and a page beside it (10 connections). */
async function underFault(site, endpoint, seconds) {
  return measured(site, async () => {
    const [target, page] = await Promise.all([hammer({ url: site.url, connections: 10, seconds, timeout: 60, ...endpoint }), hammer({ url: `${site.url}${PAGE}`, connections: 10, seconds })]);
    return { target, page };
  });
}

const row = (fault, { result, memory: rss }, answer) => [
  fault,
  statuses(result.target.statuses),
  result.target.errors,
  ms(result.target.p99),
  answer,
  `${ms(result.page.p99)} (${result.page.non2xx + result.page.errors} failed)`,
  memory(rss),
];

export async function faultStages(mock, scale) {
  const agentRows = [];
  const proxyRows = [];
  const proxy = { method: 'POST', headers: { 'content-type': 'application/json' }, body: proxyBody(mock) };
  for (const fault of MOCK_FAULTS) {
    // A site of its own for each fault: a pause that a 429 started must not spill into the next.
    const site = await startSite(mock);
    try {
      await mock.setFault(fault);
      // Many clients, so that the fault, not one client's limit, decides the answers.
      const agent = await underFault(site, { paths: KNOWN_JOBS, clients: 10_000 }, SECONDS.agent * scale);
      agentRows.push(row(fault, agent, await sample(site, KNOWN_JOBS[0])));
      const viaProxy = await underFault(site, { paths: [PROXY], ...proxy }, (fault === 'slow' ? SECONDS.slowProxy : SECONDS.proxy) * scale);
      proxyRows.push(row(fault, viaProxy, fault === 'slow' ? '– (its time-out is 30 s: see the statuses)' : await sample(site, PROXY, proxy)));
    } finally {
      await mock.setFault(undefined);
      await site.stop();
    }
  }
  const header = ['Fault', 'Statuses', 'Socket errors', 'p99 ms', 'One answer', 'A page meanwhile: p99 ms', 'RSS MiB before / peak / after'];
  table('Faults upstream: the agent endpoint (4 known jobs in turn, 10 c, 10,000 clients)', header, agentRows);
  table('Faults upstream: the playground proxy to the stand-in (10 c)', header, proxyRows);
}

/**
 * `minutes` of normal traffic (a page, the page as Markdown, the agent endpoint with known
 * and made-up ids, MCP's search, the proxy) while the stand-in changes its fault every 30 s.
 */
export async function soakStage(site, mock, minutes, scale) {
  const segment = Math.max(1, 30 * scale);
  const segments = Math.max(1, Math.round((minutes * 60 * scale) / segment));
  const modes = [undefined, ...MOCK_FAULTS];
  const start = site.rss();
  const startHeap = (await site.loopDelay())?.heapAfterGc;
  const rows = [];
  let peak = 0;
  for (let i = 0; i < segments; i++) {
    const fault = modes[i % modes.length];
    await mock.setFault(fault);
    const { result, memory: rss } = await measured(site, () => soakTraffic(site, mock, segment));
    peak = Math.max(peak, rss.peak);
    rows.push([`${i + 1}`, fault ?? 'none', `${ms(result.page.p99)} (${result.page.non2xx + result.page.errors} failed)`, statuses(result.agent.statuses), result.mcp.ok, statuses(result.proxy.statuses), mib(rss.after)]);
  }
  await mock.setFault(undefined);
  await wait(5_000);
  const end = site.rss();
  const endHeap = (await site.loopDelay())?.heapAfterGc;
  table(`Soak: ${segments} × ${segment} s of mixed faults and normal traffic`, ['Segment', 'Fault', 'A page: p99 ms', 'Agent endpoint statuses', 'MCP searches answered', 'Proxy statuses', 'RSS MiB after'], rows);
  console.log(`\nSoak memory (RSS): start ${mib(start)} MiB, peak ${mib(peak)} MiB, end ${mib(end)} MiB (5 s after the last segment), end − start ${mib(end - start)} MiB; the heap in use after a full collection: start ${startHeap === undefined ? "–" : mib(startHeap)} MiB, end ${endHeap === undefined ? "–" : mib(endHeap)} MiB.`);
}

function soakTraffic(site, mock, seconds) {
  const jobs = [...KNOWN_JOBS, ...Array.from({ length: 20 }, (_, i) => `/api/agent/demo/job/job_soak_${Math.floor(Math.random() * 1e6)}_${i}`)];
  return Promise.all([
    hammer({ url: `${site.url}${PAGE}`, connections: 10, seconds }),
    hammer({ url: `${site.url}${PAGE}`, connections: 5, seconds, headers: { accept: 'text/markdown' } }),
    hammer({ url: site.url, connections: 5, seconds, paths: jobs, timeout: 60, clients: 10_000 }),
    hammer({ url: `${site.url}/mcp`, connections: 2, seconds, method: 'POST', headers: MCP_HEADERS, body: MCP_SEARCH, clients: 10_000 }),
    hammer({ url: site.url, connections: 2, seconds, paths: [PROXY], method: 'POST', headers: { 'content-type': 'application/json' }, body: proxyBody(mock), timeout: 60 }),
  ]).then(([page, markdown, agent, mcp, proxy]) => ({ page, markdown, agent, mcp, proxy }));
}
