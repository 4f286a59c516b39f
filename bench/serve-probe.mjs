// Loaded into the served site with `node --import` by the serving benchmark (serve.mjs): it
// measures the server's event-loop delay from inside, which no outside client can see. On
// SIGUSR2 it writes what it measured since the last signal to BENCH_PROBE_FILE and starts
// again, so that each stage of the benchmark gets figures of its own.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_PROBE_FILE;

/**
 * The heap in use after a full collection (the server runs with --expose-gc), in bytes: what
 * the server still holds. Resident memory alone cannot tell a leak from a heap V8 grew
 * under load and keeps, which a long soak shows as a plateau.
 */
function heapAfterGc() {
  if (typeof globalThis.gc !== 'function') return undefined;
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}
if (file) {
  // A timer every 10 ms costs nothing a server would notice. The histogram records the time
  // between two of its timers, so the timer's own 10 ms is taken off: what is left is delay.
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
    const figures = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count, heapAfterGc: heapAfterGc() };
    writeFileSync(file, JSON.stringify(figures));
    histogram.reset();
  });
}
