// The WebSocket playground's proxy: it relays to a declared server, and refuses what the
// HTTP playground's proxy refuses (undeclared hosts, private addresses a server does not
// name, other sites' pages), with bounded messages, idle time and connections.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { WebSocket, WebSocketServer } from 'ws';
import { CLOSE, createSocketProxy, STATUS_PREFIX, type SocketProxyConfig } from '../src/playground/socket-proxy.ts';

const PATH = '/_docs/socket-proxy';

/** An echo server on a free port. */
async function echoServer(): Promise<{ port: number; close: () => void }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => socket.on('message', (data, binary) => socket.send(data, { binary })));
  await new Promise((done) => server.once('listening', done));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** A site server with the proxy hooked on its upgrades, as the node adapter's is. */
async function siteServer(config: Omit<SocketProxyConfig, 'path'>): Promise<{ port: number; server: Server }> {
  const proxy = createSocketProxy({ path: PATH, ...config });
  const server = createServer((_request, response) => response.end('page'));
  server.on('upgrade', (request, socket, head) => {
    if (!proxy.handleUpgrade(request, socket, head)) socket.destroy();
  });
  server.on('close', () => proxy.close());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { port: (server.address() as AddressInfo).port, server };
}

interface Session {
  messages: string[];
  closed: Promise<{ code: number; reason: string }>;
  socket: WebSocket;
}

function open(port: number, target: string, headers: Record<string, string> = { Origin: `http://127.0.0.1:${port}` }): Session {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${PATH}?url=${encodeURIComponent(target)}`, { headers });
  const messages: string[] = [];
  socket.on('message', (data) => messages.push(data.toString()));
  socket.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((done) => socket.on('close', (code, reason) => done({ code, reason: reason.toString() })));
  return { messages, closed, socket };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((done) => setTimeout(done, 10));
};

describe('socket proxy', () => {
  let echo: Awaited<ReturnType<typeof echoServer>>;
  let site: Awaited<ReturnType<typeof siteServer>>;
  before(async () => {
    echo = await echoServer();
    site = await siteServer({ servers: [{ url: `ws://127.0.0.1:${echo.port}`, variables: [] }, { url: 'wss://{region}.example.com/ws', variables: [{ name: 'region', default: 'eu' }] }], idleMs: 400, maxMessageBytes: 1024, maxConnections: 3 });
  });
  after(() => {
    site.server.close();
    echo.close();
  });

  it('relays to a declared server, and says when it is connected', async () => {
    const session = open(site.port, `ws://127.0.0.1:${echo.port}/chat`);
    await new Promise((done) => session.socket.once('open', done));
    session.socket.send('sent early');
    await until(() => session.messages.length >= 2);
    assert.deepEqual(session.messages, [`${STATUS_PREFIX}Connected to 127.0.0.1:${echo.port}`, 'sent early']);
    session.socket.close();
  });

  it('refuses an undeclared host, another port, another scheme, and userinfo', async () => {
    for (const [target, words] of [
      ['ws://evil.example.net/x', /evil\.example\.net is not a server these docs declare/],
      [`ws://127.0.0.1:${echo.port + 1}/`, /is not a server these docs declare/],
      [`http://127.0.0.1:${echo.port}/`, /only connects to ws:\/\/ and wss:\/\//],
      [`ws://me@127.0.0.1:${echo.port}/`, /user name or password/],
      ['not a url', /not an absolute/],
    ] as const) {
      const { code, reason } = await open(site.port, target).closed;
      assert.equal(code, CLOSE.refused, target);
      assert.match(reason, words);
    }
  });

  it('refuses a private address that only fits a server variable', async () => {
    const lookup = ((_host: string, _options: unknown, callback: (error: null, addresses: Array<{ address: string; family: number }>) => void) => callback(null, [{ address: '10.0.0.5', family: 4 }])) as unknown as SocketProxyConfig['lookup'];
    const private_ = await siteServer({ servers: [{ url: 'ws://{host}.internal.example.com', variables: [{ name: 'host', default: 'a' }] }], lookup });
    const { code, reason } = await open(private_.port, 'ws://db.internal.example.com/').closed;
    assert.equal(code, CLOSE.refused);
    assert.match(reason, /private or local address/);
    private_.server.close();
  });

  it("refuses other sites' pages at the handshake", async () => {
    const session = open(site.port, `ws://127.0.0.1:${echo.port}/`, { Origin: 'https://evil.example.net' });
    const failed = await new Promise<string>((done) => session.socket.once('unexpected-response', (_request, response) => done(String(response.statusCode))));
    assert.equal(failed, '403');
  });

  it('closes a connection that sends too large a message, and one that stays idle', async () => {
    const big = open(site.port, `ws://127.0.0.1:${echo.port}/`);
    await new Promise((done) => big.socket.once('open', done));
    big.socket.send('x'.repeat(2048));
    assert.equal((await big.closed).code, 1009);
    const idle = open(site.port, `ws://127.0.0.1:${echo.port}/`);
    const { code, reason } = await idle.closed;
    assert.equal(code, CLOSE.timeout);
    assert.match(reason, /No message for 0\.4 s/);
  });

  it('holds at most its number of connections', async () => {
    const sessions = [1, 2, 3].map(() => open(site.port, `ws://127.0.0.1:${echo.port}/`));
    await Promise.all(sessions.map((session) => new Promise((done) => session.socket.once('open', done))));
    const fourth = await open(site.port, `ws://127.0.0.1:${echo.port}/`).closed;
    assert.equal(fourth.code, CLOSE.busy);
    sessions.forEach((session) => session.socket.close());
  });

  it('leaves other upgrades alone', () => {
    const proxy = createSocketProxy({ path: PATH, servers: [] });
    const request = { url: '/other', headers: {} } as never;
    assert.equal(proxy.handleUpgrade(request, {} as never, Buffer.alloc(0)), false);
    proxy.close();
  });
});
