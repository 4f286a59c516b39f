/**
 * The bounds on a server's connections (`astro/server/connection-limits.ts`), on a real
 * `http.Server`: a half-sent request is closed, the connections that have sent nothing are
 * capped with the oldest closed first, and a complete request is still answered. Timeouts
 * are small so the tests end soon; nothing is asserted about how long anything took.
 */
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { applyConnectionLimits, DEFAULT_CONNECTION_LIMITS, limitNextServer, type ConnectionLimits } from '../src/astro/server/connection-limits.ts';
import { optionsSchema } from '../src/options.ts';

const servers: Server[] = [];
after(() => servers.forEach((server) => server.close()));

async function limitedServer(limits: Partial<ConnectionLimits>): Promise<number> {
  const server = createServer((_request, response) => response.end('ok'));
  servers.push(server);
  assert.equal(applyConnectionLimits(server, { ...DEFAULT_CONNECTION_LIMITS, ...limits }), true);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A connection and a promise of what ended it: `closed` by the server, or still `open` when the test asks. */
function openSocket(port: number, send = ''): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      if (send) socket.write(send);
      resolve(socket);
    });
    socket.on('error', () => undefined);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

function get(port: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('connection limits', () => {
  it('sets Node\'s timeouts and connection cap on the server', () => {
    const server = createServer();
    applyConnectionLimits(server, { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, keepAliveTimeoutMs: 3_000, maxConnections: 4, maxPendingConnections: 5 });
    assert.deepEqual([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.maxConnections], [1_000, 2_000, 3_000, 4]);
  });

  it('leaves a server that is not HTTP alone, and limits a server once', () => {
    assert.equal(applyConnectionLimits(createNetServer()), false);
    const server = createServer();
    assert.equal(applyConnectionLimits(server), true);
    assert.equal(applyConnectionLimits(server), false);
  });

  it('closes a connection that sent half a request, and answers a complete one', async () => {
    const port = await limitedServer({ headersTimeoutMs: 150, requestTimeoutMs: 150 });
    const half = await openSocket(port, 'GET / HTTP/1.1\r\nHost: x\r\n');
    const silent = await openSocket(port);
    assert.deepEqual(await get(port), { status: 200, body: 'ok' });
    await Promise.all([closed(half), closed(silent)]);
  });

  it('closes the oldest connections that sent nothing beyond the cap, and still answers a request', async () => {
    const port = await limitedServer({ maxPendingConnections: 3 });
    const sockets: Socket[] = [];
    for (let index = 0; index < 5; index += 1) sockets.push(await openSocket(port));
    // The two oldest go.
    await Promise.all([closed(sockets[0]!), closed(sockets[1]!)]);
    // The request's connection is pending too until its head arrives: the oldest waiting one makes room.
    assert.deepEqual(await get(port), { status: 200, body: 'ok' });
    await closed(sockets[2]!);
    assert.deepEqual(sockets.slice(3).map((socket) => socket.destroyed), [false, false]);
    sockets.forEach((socket) => socket.destroy());
  });

  it('takes no upgrade a server does not take: one with no listener for them answers them as requests', async () => {
    const port = await limitedServer({});
    const answer = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/', agent: false, headers: { Connection: 'Upgrade', Upgrade: 'websocket' } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    assert.equal(answer, 200);
  });

  it('counts an upgrade as a request that arrived', async () => {
    const server = createServer();
    servers.push(server);
    applyConnectionLimits(server, { ...DEFAULT_CONNECTION_LIMITS, maxPendingConnections: 1 });
    const upgraded: Socket[] = [];
    server.on('upgrade', (_request, socket: Socket) => upgraded.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const first = await openSocket(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    while (!upgraded.length) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await openSocket(port);
    const third = await openSocket(port);
    await closed(second);
    assert.equal(first.destroyed, false, 'the upgraded connection was taken for one that sent nothing');
    [first, third, ...upgraded].forEach((socket) => socket.destroy());
  });

  it('limits the next HTTP server that listens, for `astro preview`', async () => {
    const stop = limitNextServer({ ...DEFAULT_CONNECTION_LIMITS, headersTimeoutMs: 1_234 });
    try {
      const other = createNetServer();
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      other.close();
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      assert.equal(server.headersTimeout, 1_234);
      const next = createServer();
      servers.push(next);
      await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve));
      assert.notEqual(next.headersTimeout, 1_234, 'only the first HTTP server is taken');
    } finally {
      stop();
    }
  });

  it('has its defaults as the option\'s, and refuses a head that may come after the request ends', () => {
    assert.deepEqual(optionsSchema.parse({}).connectionLimits, DEFAULT_CONNECTION_LIMITS);
    assert.deepEqual(optionsSchema.parse({ connectionLimits: { maxConnections: 10 } }).connectionLimits, { ...DEFAULT_CONNECTION_LIMITS, maxConnections: 10 });
    assert.equal(optionsSchema.safeParse({ connectionLimits: { headersTimeoutMs: 60_000 } }).success, false);
  });
});
