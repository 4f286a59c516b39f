/**
 * The bounds on the servers' connections and bodies (deploy/server/limits.mdx), against the
 * example site's node server (`node dist/server/entry.mjs`) and a fixture served by
 * `astro preview`, both with the default `connectionLimits`: a half-sent request is closed
 * while pages are still answered, the connections that send nothing are capped, and `/mcp`
 * refuses a body past its cap however it is sent. Serial and modest (a hundred sockets at
 * most), so that the specs running beside it are not disturbed.
 */
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { expect, test } from 'playwright/test';
import { FIXTURES } from './fixture-site.ts';
import { PORT } from './stand-in.ts';

test.describe.configure({ mode: 'serial' });

/** The default `headersTimeoutMs` is 10 s: room to see such a connection closed. */
test.setTimeout(45_000);

function openSocket(port: number, send = ''): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      if (send) socket.write(send);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

const closed = (socket: Socket) => new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

async function pageStatus(port: number, path = '/'): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  return response.status;
}

for (const [server, port] of [['the node server', PORT], ['astro preview', FIXTURES['mintlify-repo']]] as const) {
  test(`${server} closes a connection that sent half a request, and answers pages meanwhile`, async () => {
    const half = await openSocket(port, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    half.on('error', () => undefined);
    expect(await pageStatus(port)).toBe(200);
    await closed(half);
  });
}

test('the node server closes the oldest connections that sent nothing past 100, and answers a page', async () => {
  const sockets: Socket[] = [];
  for (let index = 0; index < 105; index += 1) {
    const socket = await openSocket(PORT);
    socket.on('error', () => undefined);
    sockets.push(socket);
  }
  try {
    await Promise.all(sockets.slice(0, 5).map(closed));
    expect(await pageStatus(PORT)).toBe(200);
    expect(sockets.slice(-50).filter((socket) => socket.destroyed)).toHaveLength(0);
  } finally {
    sockets.forEach((socket) => socket.destroy());
  }
});

/** A POST to `/mcp` whose body is sent in chunks with no Content-Length; its status, or the connection's end. */
function chunkedPost(path: string, chunks: number, size: number): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port: PORT, path, method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve('closed'));
    const chunk = 'x'.repeat(size);
    let sent = 0;
    const write = () => {
      while (sent < chunks) {
        sent += 1;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      request.end();
    };
    write();
  });
}

test('/mcp refuses a body past 64 KiB with 413, with Content-Length or chunked without it', async ({ request }) => {
  const declared = await request.post('/mcp', { data: 'x'.repeat(65 * 1024), headers: { 'Content-Type': 'application/json' } });
  expect(declared.status()).toBe(413);
  expect(await declared.json()).toMatchObject({ error: { message: 'The request is larger than 64 KiB.' } });
  // 4 MiB in chunks: refused once 64 KiB has arrived, or the connection dropped while the rest was still being sent.
  expect([413, 'closed']).toContain(await chunkedPost('/mcp', 64, 64 * 1024));
  expect(await pageStatus(PORT)).toBe(200);
});
