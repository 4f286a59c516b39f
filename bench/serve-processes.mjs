// The processes of the serving benchmark (serve.mjs): the built example site's standalone
// server, with the event-loop probe preloaded, and the stand-in admin API beside it, each
// on its own so that what the site costs is not mixed with what the benchmark costs.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The example's OpenAPI document declares the admin API at 127.0.0.1:4330: the playground proxy may reach it there alone. */
export const MOCK_PORT = 4330;
export const ADMIN_KEY = 'mint_bench_serving_key';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a process and resolves once its output contains `ready` (or it has printed it before). */
function startProcess(args, env, ready, name) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output.slice(-2000)}`)), 60_000);
    const listen = (chunk) => {
      output = (output + chunk).slice(-8000);
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-8000)));
    child.once('exit', (code) => {
      clearTimeout(timer);
      const taken = /EADDRINUSE.*?(\S+:\d+)/.exec(output)?.[1];
      if (taken) reject(new Error(`${name} could not listen on ${taken}, which is taken: run the benchmark in a network namespace of its own (unshare -n).`));
      else reject(new Error(`${name} ended (${code}) before it was ready:\n${output.slice(-2000)}`));
    });
  });
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    // A server that will not end on SIGTERM is ended all the same: the next stage needs its port.
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });

/** The stand-in admin API with its control port (serve-mock.mjs). */
export async function startMock({ rateLimitPerHour } = {}) {
  const controlPort = await freePort();
  const limit = rateLimitPerHour === undefined ? [] : ['--rate-limit', String(rateLimitPerHour)];
  const child = await startProcess(['bench/serve-mock.mjs', '--port', String(MOCK_PORT), '--control', String(controlPort), '--key', ADMIN_KEY, ...limit], {}, /^ready /m, 'the stand-in admin API');
  const control = `http://127.0.0.1:${controlPort}`;
  return {
    url: `http://127.0.0.1:${MOCK_PORT}`,
    stats: async () => (await fetch(`${control}/stats`)).json(),
    setFault: async (fault) => {
      const response = await fetch(`${control}/fault/${fault ?? 'none'}`, { method: 'PUT' });
      if (!response.ok) throw new Error(`the stand-in refused the fault ${fault}`);
    },
    stop: () => stop(child),
  };
}

/** The resident memory of a process, in bytes (Linux); 0 once it has ended. */
export function rss(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The built site's standalone server (dist/server/entry.mjs), as `npm start` serves it but without Astro's CLI around it. */
export async function startSite(mock) {
  const port = await freePort();
  const probeFile = path.join(os.tmpdir(), `astro-docs-json-bench-probe-${process.pid}-${port}.json`);
  const env = { HOST: '127.0.0.1', PORT: String(port), DOCS_ADMIN_API_KEY: ADMIN_KEY, DOCS_ADMIN_API_URL: mock.url, BENCH_PROBE_FILE: probeFile };
  const child = await startProcess(['--expose-gc', '--import', './bench/serve-probe.mjs', 'dist/server/entry.mjs'], env, /Server listening on/, 'the site');
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(child.pid))), 100);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    rss: () => rss(child.pid),
    /** The highest resident memory seen since the last call. */
    takePeak: () => {
      const seen = Math.max(peak, rss(child.pid));
      peak = 0;
      return seen;
    },
    /** The event-loop delay since the last call, from the probe inside the server. */
    loopDelay: async () => {
      rmSync(probeFile, { force: true });
      child.kill('SIGUSR2');
      for (let tries = 0; tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        try {
          return JSON.parse(readFileSync(probeFile, 'utf8'));
        } catch {
          // Not written yet: the server's loop may be busy.
        }
      }
      return undefined;
    },
    stop: async () => {
      clearInterval(sampler);
      await stop(child);
      rmSync(probeFile, { force: true });
    },
  };
}
