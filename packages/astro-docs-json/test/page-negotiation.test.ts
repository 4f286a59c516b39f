import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AstroIntegrationLogger } from 'astro';
import { isBuiltPage, negotiateFirst } from '../src/astro/server/page-negotiation.ts';
import { vitePluginNodeNegotiation } from '../src/astro/vite/node-adapter.ts';

/** A built site's folder: two pages with their Markdown, an asset, llms.txt, and a page whose Markdown is a link out of the folder. */
function builtSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-negotiation-'));
  const client = path.join(dir, 'client');
  const files: Record<string, string> = {
    'index.html': '<p>home</p>',
    'index.md': '# Home\n',
    'guides/intro.html': '<p>intro</p>',
    'guides/intro.md': '# Intro\n',
    'logo.svg': '<svg/>',
    'llms.txt': '# Site\n',
    'leak.html': '<p>leak</p>',
    'secret.txt': 'outside the site',
  };
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(file === 'secret.txt' ? dir : client, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  symlinkSync(path.join(dir, 'secret.txt'), path.join(client, 'leak.md'));
  return client;
}

describe('a server that negotiates in front of its own answers', () => {
  let server: Server;
  let origin: string;
  before(async () => {
    const client = builtSite();
    // What the server answers by itself: a stand-in for the static files handler.
    server = createServer((request, response) => {
      response.setHeader('Content-Type', 'text/html');
      response.end(`own answer for ${request.url}`);
    });
    negotiateFirst(server, { client, base: '/docs', isPage: isBuiltPage(client) });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const rawGet = (url: string, accept: string) =>
    new Promise<[number | undefined, string]>((resolve, reject) => {
      const { hostname, port } = new URL(origin);
      request({ hostname, port, path: url, headers: { Accept: accept } }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve([response.statusCode, body]));
      })
        .on('error', reject)
        .end();
    });
  const get = (url: string, accept?: string, method = 'GET') => fetch(`${origin}${url}`, { method, headers: accept ? { Accept: accept } : {} });

  it('answers a page\'s Markdown to text/markdown, and as plain text to text/plain', async () => {
    const markdown = await get('/docs/guides/intro', 'text/markdown');
    assert.equal(markdown.status, 200);
    assert.equal(markdown.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(markdown.headers.get('vary'), 'Accept');
    assert.equal(await markdown.text(), '# Intro\n');
    const plain = await get('/docs/guides/intro/?q=1', 'text/plain');
    assert.equal(plain.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await plain.text(), '# Intro\n');
    assert.equal(await (await get('/docs', 'text/markdown')).text(), '# Home\n', 'the root page');
    const head = await get('/docs/guides/intro', 'text/markdown', 'HEAD');
    assert.equal(head.headers.get('content-length'), '8');
  });

  it('leaves the HTML to the server, with the page headers', async () => {
    for (const accept of [undefined, 'text/html,application/xhtml+xml,*/*;q=0.8', 'text/markdown;q=0.1, text/html', 'application/json']) {
      const response = await get('/docs/guides/intro', accept);
      assert.equal(await response.text(), 'own answer for /docs/guides/intro', String(accept));
      assert.equal(response.headers.get('vary'), 'Accept');
      assert.equal(response.headers.get('link'), '</docs/llms.txt>; rel="llms-txt"', 'only the files for machines the site has');
      assert.equal(response.headers.get('x-llms-txt'), '/docs/llms.txt');
    }
  });

  it('leaves what is no page as it is', async () => {
    for (const url of ['/docs/logo.svg', '/docs/guides/intro.md', '/docs/missing', '/guides/intro']) {
      const response = await get(url, 'text/markdown');
      assert.match(await response.text(), /^own answer for /, url);
      assert.equal(response.headers.get('vary'), null, url);
    }
    // As a client sends it: fetch would resolve the `..` before sending.
    const [status, body] = await rawGet('/docs/guides/%2E%2E/guides/intro', 'text/markdown');
    assert.deepEqual([status, body], [200, 'own answer for /docs/guides/%2E%2E/guides/intro']);
    const post = await fetch(`${origin}/docs/guides/intro`, { method: 'POST', headers: { Accept: 'text/markdown' } });
    assert.match(await post.text(), /^own answer for /);
  });

  it('reads no file outside the site\'s folder, even through a link', async () => {
    const response = await get('/docs/leak', 'text/markdown');
    assert.equal(await response.text(), 'own answer for /docs/leak');
  });
});

describe('the server build of a site on @astrojs/node', () => {
  type Hook = (this: unknown, ...args: unknown[]) => unknown;
  const adapter = path.join('/project', 'node_modules', '@astrojs', 'node', 'dist');
  const warnings: string[] = [];
  const logger = { warn: (message: string) => warnings.push(message) } as unknown as AstroIntegrationLogger;

  it('takes our handler where the adapter\'s standalone server imports its own, and the adapter\'s by its path', () => {
    const plugin = vitePluginNodeNegotiation(logger);
    const resolveId = plugin.resolveId as Hook;
    assert.equal(resolveId('./serve-static.js', path.join(adapter, 'server.js')), undefined, 'only the standalone server\'s import');
    assert.equal(resolveId('virtual:astro-docs-json/node-adapter/serve-static', '/x'), undefined, 'nothing to stand in front of yet');
    assert.match(String(resolveId('./serve-static.js', path.join(adapter, 'standalone.js'))), /[\\/]astro[\\/]server[\\/]node-static\.(ts|js)$/);
    assert.equal(resolveId('virtual:astro-docs-json/node-adapter/serve-static', '/x'), path.join(adapter, 'serve-static.js'));
    assert.equal(resolveId('virtual:astro-docs-json/node-adapter/shared', '/x'), path.join(adapter, 'shared.js'));
    assert.equal(resolveId('server-destroy', path.join(adapter, 'server.js')), undefined, 'only the standalone server\'s import');
    assert.match(String(resolveId('server-destroy', path.join(adapter, 'standalone.js'))), /[\\/]astro[\\/]server[\\/]node-upgrade\.(ts|js)$/);
    (plugin.buildEnd as Hook).call({ environment: { name: 'ssr' } });
    assert.deepEqual(warnings, []);
  });

  it('says so when the standalone server no longer hands its server to server-destroy: no socket proxy', () => {
    const plugin = vitePluginNodeNegotiation(logger);
    (plugin.resolveId as Hook)('./serve-static.js', path.join(adapter, 'standalone.js'));
    (plugin.buildEnd as Hook).call({ environment: { name: 'ssr' } });
    assert.match(warnings.pop() ?? '', /WebSocket playground cannot connect through the site/);
  });

  it('says so when the adapter no longer imports its handler so', () => {
    const plugin = vitePluginNodeNegotiation(logger);
    (plugin.buildEnd as Hook).call({ environment: { name: 'client' } });
    assert.equal(warnings.length, 0, 'only the server\'s bundle has the adapter');
    (plugin.buildEnd as Hook).call({ environment: { name: 'ssr' } });
    assert.match(warnings[0] ?? '', /pages answer HTML only/);
  });
});
