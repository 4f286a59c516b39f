// npm run bench -- --serve [--only load,abuse,faults,soak] [--duration-scale S] [--soak-minutes N] [--build]
//
// Serves the built example site (dist/, built first when missing or with --build) with its
// standalone server and the stand-in admin API, as `npm start` does, loads it, and prints
// Markdown tables:
// - load: each endpoint of issue 54's table (a page, the page as Markdown, an agent job from
//   the cache, MCP's search_docs) with autocannon: requests/s, p50/p99 latency, statuses,
//   socket errors, the server's resident memory before/peak/after and its event loop's delay
//   (measured inside the server by serve-probe.mjs); then 2,000 connections that send half a
//   request and wait: how many the server still holds after 10, 30 and 70 s, and a page's
//   latency meanwhile;
// - abuse: 3,000 made-up job ids from one client, 50 at a time: their statuses, the calls
//   they cause upstream, and a second client's known job before, during and after;
// - faults: the stand-in misbehaving in each of its ways (slow, close, error, malformed,
//   huge, retry-date, retry-garbage), with the agent endpoint and the playground proxy
//   asked through it and a page read beside them;
// - soak: --soak-minutes (10) of mixed faults and normal traffic: memory at start, peak, end.
// --duration-scale shortens (or lengthens) every duration, the soak's included: 0.1 for a
// quick check. The stand-in listens on 127.0.0.1:4330, the port the example's OpenAPI
// document declares (the proxy may reach no other): run it where that port is free, best in
// a network namespace of its own: unshare -n sh -c 'ip link set lo up && npm run bench -- --serve'.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { abuseStage } from './serve-abuse.mjs';
import { faultStages, soakStage } from './serve-faults.mjs';
import { startMock, startSite } from './serve-processes.mjs';
import { loadStages, slowHeadersStage } from './serve-stages.mjs';

const STAGES = ['load', 'abuse', 'faults', 'soak'];
const { values } = parseArgs({
  options: {
    serve: { type: 'boolean' },
    only: { type: 'string', default: STAGES.join(',') },
    'duration-scale': { type: 'string', default: '1' },
    'soak-minutes': { type: 'string', default: '10' },
    build: { type: 'boolean', default: false },
  },
});
const only = values.only.split(',').map((stage) => stage.trim());
const unknown = only.filter((stage) => !STAGES.includes(stage));
const refuse = (message) => {
  console.error(message);
  process.exit(2);
};
if (unknown.length) refuse(`--only takes ${STAGES.join(', ')}; not ${unknown.join(', ')}.`);
const scale = Number(values['duration-scale']);
const soakMinutes = Number(values['soak-minutes']);
if (!(scale > 0) || !(soakMinutes > 0)) refuse('--duration-scale and --soak-minutes take positive numbers.');

const root = fileURLToPath(new URL('..', import.meta.url));
if (values.build || !existsSync(`${root}dist/server/entry.mjs`)) {
  console.log('Building the example site (astro build)...');
  const built = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** The machine's load, printed with each stage: the figures mean little without it. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`Serving benchmark, ${new Date().toISOString()}, Node ${process.version}, ${os.availableParallelism()} cores, load average ${loadAverage()}, durations × ${scale}.`);

/** A fresh stand-in and site for a stage, so that no stage inherits another's cache or pause. */
async function withServers(stage, run, mockOptions) {
  const mock = await startMock(mockOptions);
  const site = stage === 'faults' ? undefined : await startSite(mock);
  try {
    await run(site, mock);
  } finally {
    await site?.stop();
    await mock.stop();
  }
  console.log(`\n(load average after ${stage}: ${loadAverage()})`);
}

// What went wrong is said in a line or two: a stack trace of the benchmark tells nothing more.
try {
  if (only.includes('load'))
    await withServers('load', async (site) => {
      await loadStages(site, scale);
      await slowHeadersStage(site, scale);
    });
  if (only.includes('abuse')) await withServers('abuse', (site, mock) => abuseStage(site, mock));
  if (only.includes('faults')) await withServers('faults', (_, mock) => faultStages(mock, scale));
  // The soak is about faults and memory, not the stand-in's hourly limit: it is lifted.
  if (only.includes('soak')) await withServers('soak', (site, mock) => soakStage(site, mock, soakMinutes, scale), { rateLimitPerHour: 1e9 });
} catch (error) {
  console.error(`\nThe serving benchmark stopped: ${error.message}`);
  process.exit(1);
}
