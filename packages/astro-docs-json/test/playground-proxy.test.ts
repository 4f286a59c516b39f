import assert from 'node:assert/strict';
import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ServerTemplate } from '../src/core/openapi/operations.ts';
import { declaredTarget, isLiteralHost, isPrivateAddress } from '../src/core/openapi/proxy-targets.ts';
import { createPlaygroundProxy, type PlaygroundProxyConfig, type ProxiedResponse } from '../src/playground/proxy.ts';

const server = (url: string, variables: ServerTemplate['variables'] = []): ServerTemplate => ({ url, variables });
const falls = (target: string, servers: ServerTemplate[]) => declaredTarget(new URL(target), servers) !== undefined;

describe('declaredTarget', () => {
  const plain = [server('https://api.example.com/v1')];

  it('takes URLs under the server path, at a segment boundary', () => {
    assert.ok(falls('https://api.example.com/v1', plain));
    assert.ok(falls('https://api.example.com/v1/', plain));
    assert.ok(falls('https://api.example.com/v1/users?limit=1#top', plain));
    assert.ok(!falls('https://api.example.com/v10', plain));
    assert.ok(!falls('https://api.example.com/v1x/users', plain));
    assert.ok(!falls('https://api.example.com/', plain));
    assert.ok(!falls('https://api.example.com/v2/users', plain));
  });

  it('compares the path after dot segments are resolved', () => {
    assert.ok(!falls('https://api.example.com/v1/../admin', plain));
    assert.ok(!falls('https://api.example.com/v1/%2e%2e/admin', plain));
  });

  it('takes any path under a server without one', () => {
    assert.ok(falls('https://api.example.com/anything/at/all', [server('https://api.example.com')]));
    assert.ok(falls('https://api.example.com/', [server('https://api.example.com/')]));
  });

  it('wants the same scheme', () => {
    assert.ok(!falls('http://api.example.com/v1', plain));
    assert.ok(falls('http://api.example.com/v1', [server('{scheme}://api.example.com/v1', [{ name: 'scheme', default: 'https', enum: ['https', 'http'] }])]));
    assert.ok(!falls('http://api.example.com/v1', [server('{scheme}://api.example.com/v1', [{ name: 'scheme', default: 'https', enum: ['https'] }])]));
  });

  it('compares hosts case-insensitively and never lets one host stand for another', () => {
    assert.ok(falls('https://API.Example.COM/v1', plain));
    assert.ok(falls('https://api.example.com/v1', [server('https://API.EXAMPLE.com/v1')]));
    assert.ok(!falls('https://api.example.com.evil.com/v1', plain));
    assert.ok(!falls('https://evil-api.example.com/v1', plain));
    assert.ok(!falls('https://example.com/v1', plain));
  });

  it('takes default ports as no port, and other ports only when declared', () => {
    assert.ok(falls('https://api.example.com:443/v1', plain));
    assert.ok(!falls('https://api.example.com:8443/v1', plain));
    assert.ok(falls('https://api.example.com/v1', [server('https://api.example.com:443/v1')]));
    assert.ok(falls('http://localhost:3000/x', [server('http://localhost:3000')]));
    assert.ok(!falls('http://localhost:3001/x', [server('http://localhost:3000')]));
    assert.ok(!falls('http://localhost/x', [server('http://localhost:3000')]));
    assert.ok(!falls('http://localhost:3000/x', [server('http://localhost')]));
    assert.ok(falls('https://api.example.com:80/v1', [server('https://api.example.com:80/v1')]));
  });

  it('matches port variables', () => {
    const ports = [server('http://localhost:{port}', [{ name: 'port', default: '8080', enum: ['8080', '9090'] }])];
    assert.ok(falls('http://localhost:9090/', ports));
    assert.ok(!falls('http://localhost:7070/', ports));
    assert.ok(falls('http://localhost:7070/', [server('http://localhost:{port}', [{ name: 'port', default: '8080' }])]));
  });

  it('matches enum variables only with their values', () => {
    const regions = [server('https://{region}.api.example.com/v1', [{ name: 'region', default: 'eu', enum: ['eu', 'us'] }])];
    assert.ok(falls('https://eu.api.example.com/v1/x', regions));
    assert.ok(falls('https://US.api.example.com/v1/x', regions));
    assert.ok(!falls('https://ap.api.example.com/v1/x', regions));
    assert.ok(!falls('https://eux.api.example.com/v1/x', regions));
    const versions = [server('https://api.example.com/{version}', [{ name: 'version', default: 'v1', enum: ['v1', 'v2'] }])];
    assert.ok(falls('https://api.example.com/v2/users', versions));
    assert.ok(!falls('https://api.example.com/v3/users', versions));
    assert.ok(!falls('https://api.example.com/v22/users', versions));
  });

  it('keeps a host variable to one label', () => {
    const tenants = [server('https://{tenant}.example.com', [{ name: 'tenant', default: 'acme' }])];
    assert.ok(falls('https://acme.example.com/anything', tenants));
    assert.ok(!falls('https://evil.com/.example.com', tenants));
    assert.ok(!falls('https://a.b.example.com/', tenants));
    assert.ok(!falls('https://example.com/', tenants));
    assert.ok(!falls('https://.example.com/', tenants));
    assert.ok(!falls('https://evil.com/?.example.com', tenants));
    assert.ok(!falls('https://evil.com#.example.com', tenants));
    // A variable for the whole host only ever stands for a single label.
    const anyHost = [server('https://{host}/api', [{ name: 'host', default: 'localhost' }])];
    assert.ok(falls('https://internal/api', anyHost));
    assert.ok(!falls('https://evil.com/api', anyHost));
  });

  it('keeps a path variable to one segment', () => {
    const accounts = [server('https://api.example.com/accounts/{id}/v1', [{ name: 'id', default: '1' }])];
    assert.ok(falls('https://api.example.com/accounts/42/v1/users', accounts));
    assert.ok(!falls('https://api.example.com/accounts/42/x/v1/users', accounts));
    assert.ok(!falls('https://api.example.com/accounts//v1', accounts));
  });

  it('never matches userinfo, other schemes or relative servers', () => {
    assert.ok(!falls('https://user:pass@api.example.com/v1', plain));
    assert.ok(!falls('https://user@api.example.com/v1', plain));
    assert.ok(!falls('https://api.example.com@evil.com/v1', plain));
    assert.ok(!falls('ftp://api.example.com/v1', [server('ftp://api.example.com/v1')]));
    assert.ok(!falls('https://api.example.com/v1', [server('/v1')]));
    assert.ok(!falls('https://api.example.com/v1', [server('https://user@api.example.com/v1')]));
  });

  it('matches IP literals in their normal form', () => {
    assert.ok(falls('http://127.0.0.1:8080/x', [server('http://127.0.0.1:8080')]));
    assert.ok(falls('http://[::1]:8080/x', [server('http://[0:0::1]:8080')]));
    assert.ok(falls('http://0x7f.0.0.1:8080/x', [server('http://127.0.0.1:8080')]));
  });

  it('answers with the server it matched', () => {
    const servers = [server('https://a.example.com'), server('https://b.example.com')];
    assert.equal(declaredTarget(new URL('https://b.example.com/x'), servers), servers[1]);
  });
});

describe('isLiteralHost', () => {
  const servers = [server('http://127.0.0.1:3000'), server('https://{tenant}.example.com', [{ name: 'tenant', default: 'a' }]), server('http://[::1]:4000'), server('https://API.Internal.test/v1')];

  it('is true only for hosts a server names outright', () => {
    assert.ok(isLiteralHost('127.0.0.1', servers));
    assert.ok(isLiteralHost('api.internal.test', servers));
    assert.ok(isLiteralHost('[::1]', servers));
    assert.ok(isLiteralHost('::1', servers));
    assert.ok(!isLiteralHost('localhost', servers));
    assert.ok(!isLiteralHost('a.example.com', servers));
    assert.ok(!isLiteralHost('', servers));
  });
});

describe('isPrivateAddress', () => {
  const privateOnes = [
    '127.0.0.1', '127.255.255.254', '0.0.0.0', '0.1.2.3', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.1',
    '169.254.169.254', '100.64.0.1', '100.127.255.255', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.0.8', '198.18.0.1',
    '::1', '::', '0:0:0:0:0:0:0:1', '0000:0000:0000:0000:0000:0000:0000:0001', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:10.0.0.1', '::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:169.254.169.254', '::127.0.0.1',
    '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b:1::1', '2002:7f00:1::', '2002:c0a8:101::1', '[::1]', '::ffff:0:127.0.0.1',
  ];
  const publicOnes = ['8.8.8.8', '93.184.216.34', '172.15.255.255', '172.32.0.1', '100.63.255.255', '100.128.0.1', '169.253.1.1', '192.169.0.1', '1.1.1.1',
    '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', '2002:808:808::1', 'fbff::1', '2a00:1450::'];
  const notAddresses = ['', 'localhost', '1.2.3', '1.2.3.4.5', '256.0.0.1', '010.0.0.1', '1::2::3', ':::', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '::1:', ':1::', 'g::1', '12345::', '::ffff:1.2.3', '1.2.3.4::'];

  for (const ip of privateOnes) it(`${ip} is private`, () => assert.equal(isPrivateAddress(ip), true));
  for (const ip of publicOnes) it(`${ip} is public`, () => assert.equal(isPrivateAddress(ip), false));
  for (const ip of notAddresses) it(`${JSON.stringify(ip)} is no address, so refused`, () => assert.equal(isPrivateAddress(ip), true));

  it('reads :: at either end and in the middle', () => {
    assert.equal(isPrivateAddress('1::'), false);
    assert.equal(isPrivateAddress('1:2:3:4:5:6:7::'), false);
    assert.equal(isPrivateAddress('::2:3:4:5:6:7:8'), false);
    assert.equal(isPrivateAddress('fe80:0:0:0:0:0:0:0'), true);
  });
});

// The handler against a real server ------------------------------------------------------

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An upstream API on 127.0.0.1 whose paths choose how it answers; it records what it received. */
async function startUpstream() {
  const received: Received[] = [];
  const upstream = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const seen = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(seen);
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === '/slow') return void setTimeout(() => response.end('late'), 2_000).unref();
      if (path === '/big') return void response.writeHead(200, { 'Content-Type': 'text/plain' }).end('x'.repeat(2_000));
      if (path === '/big-chunked') {
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        for (let index = 0; index < 20; index++) response.write('x'.repeat(100));
        return void response.end();
      }
      if (path === '/binary') return void response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(Buffer.from([0, 1, 2, 0xff, 0xfe]));
      if (path === '/redirect') return void response.writeHead(302, { Location: '/elsewhere', 'Set-Cookie': 'sid=1' }).end();
      if (path === '/created') return void response.writeHead(201, 'Created', { 'Content-Type': 'application/json', 'Set-Cookie': ['a=1', 'b=2'], 'X-Trace': 't1' }).end('{"id":7}');
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(seen));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  return { upstream, received, port: (upstream.address() as AddressInfo).port };
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const PROXY_URL = 'https://docs.example.com/_playground/proxy';

function send(handle: (request: Request) => Promise<Response>, envelope: unknown, headers: Record<string, string> = {}) {
  return handle(new Request(PROXY_URL, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(envelope) }));
}

async function read(response: Response): Promise<{ status: number; body: ProxiedResponse & { error?: string } }> {
  return { status: response.status, body: (await response.json()) as ProxiedResponse & { error?: string } };
}

/** A lookup that answers every host with these addresses, counting its calls. */
function fakeLookup(...answers: string[][]) {
  const calls: string[] = [];
  const lookup = ((hostname: string, _options: unknown, callback: (error: Error | null, addresses: LookupAddress[]) => void) => {
    calls.push(hostname);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? [];
    process.nextTick(() => callback(null, answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))));
  }) as unknown as typeof dnsLookup;
  return { lookup, calls };
}

describe('the playground proxy', () => {
  let upstream: Server;
  let received: Received[];
  let port: number;
  let base: string;
  let proxy: (request: Request) => Promise<Response>;
  const make = (config: Partial<PlaygroundProxyConfig> = {}, lookup?: typeof dnsLookup) =>
    createPlaygroundProxy({ servers: [server(base)], ...config }, lookup ? { lookup } : {});

  before(async () => {
    ({ upstream, received, port } = await startUpstream());
    base = `http://127.0.0.1:${port}`;
    proxy = make();
  });
  after(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('forwards method, path, query, headers and body exactly, and only the envelope headers', async () => {
    const { status, body } = await read(
      await send(
        proxy,
        {
          method: 'patch',
          url: `${base}/users/7?expand=team&q=a%20b`,
          headers: [['Authorization', 'Bearer t0ken'], ['Content-Type', 'application/json'], ['X-Many', 'one'], ['X-Many', 'two'], ['Cookie', 'api_key=k1'], ['Host', 'evil.test'], ['Sec-Fetch-Mode', 'cors'], ['Proxy-Authorization', 'x'], ['Accept-Encoding', 'gzip'], ['Connection', 'upgrade']],
          body: '{"name":"Ada"}',
        },
        { Cookie: 'docs_session=secret', Origin: 'https://docs.example.com', 'Sec-Fetch-Site': 'same-origin' },
      ),
    );
    assert.equal(status, 200);
    assert.equal(body.status, 200);
    assert.equal(body.bodyEncoding, 'text');
    const seen = JSON.parse(body.body) as Received;
    assert.equal(seen.method, 'PATCH');
    assert.equal(seen.url, '/users/7?expand=team&q=a%20b');
    assert.equal(seen.body, '{"name":"Ada"}');
    assert.equal(seen.headers.authorization, 'Bearer t0ken');
    assert.equal(seen.headers['content-type'], 'application/json');
    assert.equal(seen.headers['content-length'], '14');
    assert.equal(seen.headers['x-many'], 'one, two');
    assert.equal(seen.headers.cookie, 'api_key=k1');
    assert.equal(seen.headers.host, `127.0.0.1:${port}`);
    assert.equal(seen.headers['accept-encoding'], 'identity');
    assert.equal(seen.headers['sec-fetch-mode'], undefined);
    assert.equal(seen.headers['proxy-authorization'], undefined);
    assert.notEqual(seen.headers.connection, 'upgrade');
    assert.ok(typeof body.durationMs === 'number' && body.durationMs >= 0);
  });

  it('never forwards the docs site cookies', async () => {
    await send(proxy, { method: 'GET', url: `${base}/echo` }, { Cookie: 'docs_session=secret' });
    assert.equal(received.at(-1)!.headers.cookie, undefined);
  });

  it('sends a base64 body as its bytes', async () => {
    const { body } = await read(await send(proxy, { method: 'POST', url: `${base}/echo`, body: Buffer.from('héllo').toString('base64'), bodyEncoding: 'base64' }));
    assert.equal((JSON.parse(body.body) as Received).body, 'héllo');
  });

  it('answers with status, status text and headers, without set-cookie', async () => {
    const { status, body } = await read(await send(proxy, { method: 'POST', url: `${base}/created` }));
    assert.equal(status, 200);
    assert.equal(body.status, 201);
    assert.equal(body.statusText, 'Created');
    assert.equal(body.body, '{"id":7}');
    assert.deepEqual(body.headers.find(([name]) => name === 'content-type'), ['content-type', 'application/json']);
    assert.deepEqual(body.headers.find(([name]) => name === 'x-trace'), ['x-trace', 't1']);
    assert.ok(!body.headers.some(([name]) => name === 'set-cookie'));
  });

  it('returns a redirect rather than following it', async () => {
    const count = received.length;
    const { body } = await read(await send(proxy, { method: 'GET', url: `${base}/redirect` }));
    assert.equal(body.status, 302);
    assert.deepEqual(body.headers.find(([name]) => name === 'location'), ['location', '/elsewhere']);
    assert.ok(!body.headers.some(([name]) => name === 'set-cookie'));
    assert.equal(received.length, count + 1);
  });

  it('sends a binary response as base64', async () => {
    const { body } = await read(await send(proxy, { method: 'GET', url: `${base}/binary` }));
    assert.equal(body.bodyEncoding, 'base64');
    assert.deepEqual([...Buffer.from(body.body, 'base64')], [0, 1, 2, 0xff, 0xfe]);
  });

  it('says no-store, nosniff and JSON on every answer', async () => {
    for (const response of [await send(proxy, { method: 'GET', url: `${base}/echo` }), await proxy(new Request(PROXY_URL))]) {
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  it('answers anything but POST with 405', async () => {
    const response = await proxy(new Request(PROXY_URL));
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST');
  });

  it('refuses pages of other sites', async () => {
    const count = received.length;
    assert.equal((await send(proxy, { method: 'GET', url: `${base}/echo` }, { Origin: 'https://evil.example' })).status, 403);
    assert.equal((await send(proxy, { method: 'GET', url: `${base}/echo` }, { Origin: 'null' })).status, 403);
    assert.equal((await send(proxy, { method: 'GET', url: `${base}/echo` }, { 'Sec-Fetch-Site': 'cross-site' })).status, 403);
    assert.equal((await send(proxy, { method: 'GET', url: `${base}/echo` }, { 'Sec-Fetch-Site': 'same-site' })).status, 403);
    assert.equal(received.length, count);
  });

  it('refuses a request body over the limit with 413, streamed or not', async () => {
    const small = make({ maxRequestBytes: 1_000 });
    const envelope = JSON.stringify({ method: 'POST', url: `${base}/echo`, body: 'x'.repeat(2_000) });
    assert.equal((await small(new Request(PROXY_URL, { method: 'POST', body: envelope }))).status, 413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 10; index++) controller.enqueue(new TextEncoder().encode('x'.repeat(500)));
        controller.close();
      },
    });
    assert.equal((await small(new Request(PROXY_URL, { method: 'POST', body: stream, duplex: 'half' } as RequestInit))).status, 413);
  });

  it('refuses malformed envelopes with 400, naming the problem', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ method: 'TRACE', url: `${base}/x` }, /method/],
      [{ method: 'CONNECT', url: `${base}/x` }, /method/],
      [{ method: 'GET' }, /url/],
      [{ method: 'GET', url: `${base}/x`, headers: [['Bad Name', 'v']] }, /header name/],
      [{ method: 'GET', url: `${base}/x`, headers: [['X-Inject', 'a\r\nHost: evil']] }, /X-Inject/],
      [{ method: 'GET', url: `${base}/x`, headers: [['X-Nul', 'a\u0000b']] }, /X-Nul/],
      [{ method: 'GET', url: `${base}/x`, headers: Array.from({ length: 101 }, (_, index) => [`X-${index}`, 'v']) }, /100/],
      [{ method: 'GET', url: `${base}/x`, headers: { Authorization: 'x' } }, /pairs/],
      [{ method: 'POST', url: `${base}/x`, body: '%%%', bodyEncoding: 'base64' }, /base64/],
      [{ method: 'POST', url: `${base}/x`, body: 'x', bodyEncoding: 'gzip' }, /bodyEncoding/],
      [{ method: 'GET', url: 'not a url' }, /url/],
      [{ method: 'GET', url: 'file:///etc/passwd' }, /http/],
      [{ method: 'GET', url: `http://user:pass@127.0.0.1:${port}/x` }, /user name/],
    ];
    for (const [envelope, message] of cases) {
      const { status, body } = await read(await send(proxy, envelope));
      assert.equal(status, 400, JSON.stringify(envelope).slice(0, 80));
      assert.match(body.error!, message);
    }
    const { status } = await read(await proxy(new Request(PROXY_URL, { method: 'POST', body: '{not json' })));
    assert.equal(status, 400);
  });

  it('refuses hosts the docs do not declare, naming the host but not the query', async () => {
    const { status, body } = await read(await send(proxy, { method: 'GET', url: 'https://evil.example/steal?api_key=secret' }));
    assert.equal(status, 400);
    assert.match(body.error!, /evil\.example is not a server these docs declare/);
    assert.doesNotMatch(body.error!, /secret/);
  });

  it('refuses localhost when only 127.0.0.1 is declared', async () => {
    const { status } = await read(await send(proxy, { method: 'GET', url: `http://localhost:${port}/echo` }));
    assert.equal(status, 400);
  });

  it('refuses a variable host that resolves to a private or metadata address', async () => {
    for (const address of ['10.0.0.5', '169.254.169.254', '::ffff:127.0.0.1']) {
      const { lookup } = fakeLookup([address]);
      const tenants = createPlaygroundProxy({ servers: [server(`http://{tenant}.example.com:${port}`, [{ name: 'tenant', default: 'acme' }])] }, { lookup });
      const { status, body } = await read(await send(tenants, { method: 'GET', url: `http://acme.example.com:${port}/echo` }));
      assert.equal(status, 400, address);
      assert.match(body.error!, /private or local address/);
      assert.doesNotMatch(body.error!, new RegExp(address.replace(/\./g, '\\.')));
    }
  });

  it('refuses a host when any of its addresses is private', async () => {
    const { lookup } = fakeLookup(['93.184.216.34', '127.0.0.1']);
    const tenants = createPlaygroundProxy({ servers: [server('https://{tenant}.example.com')] }, { lookup });
    assert.equal((await send(tenants, { method: 'GET', url: 'https://acme.example.com/' })).status, 400);
  });

  it('refuses a host variable that would reach another domain', async () => {
    const { lookup, calls } = fakeLookup(['93.184.216.34']);
    const tenants = createPlaygroundProxy({ servers: [server('https://{tenant}.example.com')] }, { lookup });
    const { status } = await read(await send(tenants, { method: 'GET', url: 'https://evil.com/.example.com' }));
    assert.equal(status, 400);
    assert.deepEqual(calls, []);
  });

  it('lets a server that names its host outright reach a local address, connecting to the address it checked', async () => {
    const { lookup, calls } = fakeLookup(['127.0.0.1']);
    const named = createPlaygroundProxy({ servers: [server(`http://api.internal.test:${port}`)] }, { lookup });
    const { status, body } = await read(await send(named, { method: 'GET', url: `http://api.internal.test:${port}/echo` }));
    assert.equal(status, 200);
    assert.equal((JSON.parse(body.body) as Received).headers.host, `api.internal.test:${port}`);
    assert.deepEqual(calls, ['api.internal.test']);
  });

  it('does not ask the lookup a second time when connecting (no DNS rebinding)', async () => {
    // The first answer is public and passes; a second lookup would point at the local upstream.
    // (That the socket goes to the checked address is shown by the test above.)
    const { lookup, calls } = fakeLookup(['192.0.2.1'], ['127.0.0.1']);
    const tenants = createPlaygroundProxy({ servers: [server(`http://{tenant}.example.com:${port}`)], timeoutMs: 300 }, { lookup });
    const count = received.length;
    const { status } = await read(await send(tenants, { method: 'GET', url: `http://acme.example.com:${port}/echo` }));
    assert.ok(status === 502 || status === 504, String(status));
    assert.equal(calls.length, 1);
    assert.equal(received.length, count);
  });

  it('answers 504 when the API is too slow', async () => {
    const quick = make({ timeoutMs: 100 });
    const { status, body } = await read(await send(quick, { method: 'GET', url: `${base}/slow` }));
    assert.equal(status, 504);
    assert.equal(body.error, 'The API did not answer within 0.1 s.');
  });

  it('answers 502 with a readable reason when nothing listens', async () => {
    const closed = await closedPort();
    const servers = [server(`http://127.0.0.1:${closed}`)];
    const { status, body } = await read(await send(createPlaygroundProxy({ servers }), { method: 'GET', url: `http://127.0.0.1:${closed}/x?token=secret`, headers: [['Authorization', 'Bearer secret']] }));
    assert.equal(status, 502);
    assert.match(body.error!, /refused the connection/);
    assert.doesNotMatch(body.error!, /secret|at .*\(/);
  });

  it('answers 502 when the host cannot be resolved', async () => {
    const failing = ((_host: string, _options: unknown, callback: (error: Error) => void) => callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }))) as unknown as typeof dnsLookup;
    const servers = [server('https://{tenant}.example.com')];
    const { status, body } = await read(await send(createPlaygroundProxy({ servers }, { lookup: failing }), { method: 'GET', url: 'https://nope.example.com/' }));
    assert.equal(status, 502);
    assert.match(body.error!, /nope\.example\.com/);
  });

  it('answers 502 when the response is over the limit', async () => {
    const small = make({ maxResponseBytes: 1_000 });
    for (const path of ['/big', '/big-chunked']) {
      const { status, body } = await read(await send(small, { method: 'GET', url: `${base}${path}` }));
      assert.equal(status, 502, path);
      assert.match(body.error!, /larger than 1000 bytes/);
    }
  });
});
