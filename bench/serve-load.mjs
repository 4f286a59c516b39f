// The load of the serving benchmark (serve.mjs): autocannon for throughput and latency,
// plain sockets for connections that send half a request and wait, and single requests
// from a chosen local address, to act as a second client on the loopback.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import autocannon from 'autocannon';

/**
 * Runs autocannon and keeps what the tables print: requests per second, p50/p99 latency,
 * and the count of each status, with socket errors and time-outs under `errors`.
 */
export async function hammer({ url, connections, seconds, method = 'GET', headers = {}, body, paths, clients, timeout = 30 }) {
  // Several paths are taken in turn, one per request, by each connection.
  let requests = paths?.map((path) => ({ method, path, headers, body }));
  if (clients) requests = (requests ?? [{ method, headers, body }]).map((one) => ({ ...one, setupRequest: asManyClients(clients) }));
  const result = await autocannon({ url, connections, duration: Math.max(1, seconds), method, headers, body, requests, timeout });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
  const ok = Object.entries(statuses).reduce((sum, [code, count]) => sum + (code.startsWith('2') ? count : 0), 0);
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    ok,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Each request as sent by one of `count` clients in turn, named in `X-Forwarded-For`: the
 * example site trusts the loopback as a proxy, so its per-client limits count these clients
 * and the load measures the endpoint itself rather than one client's refusals.
 */
function asManyClients(count) {
  let next = 0;
  return (request) => {
    const client = next++ % count;
    return { ...request, headers: { ...request.headers, 'x-forwarded-for': `10.${client >> 16}.${(client >> 8) & 255}.${client & 255}` } };
  };
}

/** One GET, optionally from `localAddress`; resolves with its status (0 for a socket error). */
export function get(url, { localAddress, headers = {} } = {}) {
  return new Promise((resolve) => {
    const request = httpRequest(url, { localAddress, headers, agent: false, timeout: 30_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => resolve(0));
    request.end();
  });
}

/** Runs `task(i)` for i in [0, count) with at most `parallel` at a time. */
export async function inParallel(count, parallel, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}

/**
 * Opens `count` connections that each send the first lines of a request and never finish
 * it (a slow-headers attack). Returns `open()`, how many the server has not closed yet, and
 * `close()`.
 */
export async function halfRequests(port, count) {
  const sockets = new Set();
  let refused = 0;
  await inParallel(count, 100, (i) =>
    new Promise((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => {
        socket.write(`GET /quickstart?slow=${i} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Waiting: `);
        sockets.add(socket);
        resolve();
      });
      socket.on('error', () => {
        refused++;
        resolve();
      });
      socket.on('close', () => sockets.delete(socket));
      // Whatever the server answers (a 408, say) is read and dropped.
      socket.on('data', () => {});
    }),
  );
  return {
    refused: () => refused,
    open: () => sockets.size,
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
