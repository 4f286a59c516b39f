/**
 * The connection's own address reaches the routes (`astro/server/peer-address.ts`), even
 * where Astro would take a client's `X-Forwarded-For` as its `clientAddress`: a client that
 * writes headers, even one named like ours, cannot choose the address it is limited by.
 */
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, it } from 'node:test';
import { applyConnectionLimits } from '../src/astro/server/connection-limits.ts';
import { peerAddress } from '../src/astro/server/peer-address.ts';

let seen: IncomingHttpHeaders = {};
const server = createServer((request, response) => {
  seen = request.headers;
  response.end('ok');
});
after(() => server.close());

function send(headers: Record<string, string>): Promise<void> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port, path: '/', headers, agent: false }, (response) => response.resume().on('end', resolve)).on('error', reject).end();
  });
}

/** What a route sees: a Request made from the Node request, with Astro's clientAddress as the client claimed it. */
const contextFrom = (headers: IncomingHttpHeaders, clientAddress: string) => ({
  request: new Request('http://site.test/mcp', { headers: Object.entries(headers).map(([name, value]) => [name, String(value)] as [string, string]) }),
  clientAddress,
});

it("gives the routes the connection's address, not the one a client writes", async () => {
  applyConnectionLimits(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await send({ 'X-Forwarded-For': '203.0.113.9' });
  const marked = Object.keys(seen).filter((name) => name.startsWith('x-docs-json-peer-'));
  assert.equal(marked.length, 1);
  assert.equal(peerAddress(contextFrom(seen, '203.0.113.9')), '127.0.0.1');

  // A client that sends a header of our prefix, or even the name itself, is overwritten.
  await send({ [marked[0]!]: '198.51.100.7', 'x-docs-json-peer-0': '198.51.100.8' });
  assert.equal(peerAddress(contextFrom(seen, '198.51.100.7')), '127.0.0.1');
});

it("falls back to Astro's clientAddress where no server of ours marked the request, and to none where Astro knows none", () => {
  assert.equal(peerAddress({ request: new Request('http://site.test/'), clientAddress: '192.0.2.4' }), '192.0.2.4');
  const unknown = {
    request: new Request('http://site.test/'),
    get clientAddress(): string {
      throw new Error('clientAddress is not available in this adapter');
    },
  };
  assert.equal(peerAddress(unknown), undefined);
});
