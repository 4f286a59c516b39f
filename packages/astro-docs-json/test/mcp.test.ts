import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { buildLlmsTxt } from '../src/core/discovery/llms.ts';
import { cursorInstallLink, mcpConnection, mcpDiscovery, vscodeInstallLink } from '../src/core/contextual/mcp-connection.ts';
import { writeMcpIndexBeside, type McpIndexJob } from '../src/astro/build/mcp-index-thread.ts';
import { buildMcpIndex, markdownPath, MCP_INDEX_PATH, type McpIndex, type McpSource } from '../src/core/mcp/docs-index.ts';
import { OffThread } from '../src/core/off-thread.ts';
import { mcpServerCard } from '../src/core/mcp/server-card.ts';
import { getPage, listPages, searchDocs, ToolError, type SiteFiles } from '../src/core/mcp/tools.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { handleMcpHttp, MAX_BODY_BYTES } from '../src/mcp/http.ts';
import { createDocsServer } from '../src/mcp/server.ts';
import { folderFiles, readMcpIndex } from '../src/mcp/site-files.ts';
import { makeDocs } from './helpers.ts';

const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\n${body}\n`;

/** A site in two versions and two languages, built as far as the MCP server reads it: Markdown copies and the index. */
async function builtSite(): Promise<{ dist: string; index: McpIndex; files: SiteFiles }> {
  const docs = makeDocs({
    'docs.json': {
      name: 'Acme',
      description: 'Acme docs.',
      navigation: {
        languages: [
          {
            language: 'en',
            versions: [
              {
                version: 'v2',
                tabs: [
                  { tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'webhooks', 'retries', 'private'] }] },
                  { tab: 'Reference', groups: [{ group: 'Limits', pages: ['limits'] }] },
                ],
              },
              { version: 'v1', groups: [{ group: 'Old', pages: ['v1/webhooks'] }] },
            ],
          },
          { language: 'fr', versions: [{ version: 'v2', groups: [{ group: 'Début', pages: ['fr/webhooks'] }] }] },
        ],
      },
    },
    'index.mdx': page('Welcome', 'Acme sends events to your servers.'),
    'webhooks.mdx': page('Webhooks', 'Receive a signed request for every order event.\n\n## Verify the signature\n\nCompare the HMAC header.'),
    'retries.mdx': page('Retries', 'A failed delivery of a webhook is sent again, up to five times, with backoff.'),
    'private.mdx': page('Private', 'The zebracorn launch plan.', 'noindex: true\n'),
    'limits.mdx': page('Rate limits', '> One hundred requests a minute.'),
    'v1/webhooks.mdx': page('Webhooks (v1)', 'Legacy callbacks, unsigned.'),
    'fr/webhooks.mdx': page('Webhooks en français', 'Recevez une requête signée.'),
    'secret.txt': 'not a page',
  });
  const site = await loadSite(docs);
  assert.ok(site.ok, JSON.stringify(site.diagnostics));
  const model = buildSiteModel(site);
  const dist = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-mcp-'));
  // The build's Markdown copies: the title, then the body.
  for (const route of site.routes) {
    const target = path.join(dist, markdownPath(route.url));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `# ${route.title}\n\n${readFileSync(path.join(docs, route.file), 'utf8').replace(/^---[\s\S]*?---\n+/, '')}`);
  }
  const index = await buildMcpIndex(model, { site: 'https://docs.acme.test', base: '' }, (url) => readFile(path.join(dist, markdownPath(url)), 'utf8'));
  mkdirSync(path.join(dist, '_docs'));
  writeFileSync(path.join(dist, MCP_INDEX_PATH), JSON.stringify(index));
  // A link out of the built folder, which the server must never follow.
  symlinkSync(path.join(docs, 'secret.txt'), path.join(dist, 'leak.md'));
  return { dist, index, files: folderFiles(dist) };
}

const toolError = (message: RegExp) => (error: unknown) => error instanceof ToolError && message.test(error.message);

describe('the MCP server', () => {
  let site: Awaited<ReturnType<typeof builtSite>>;
  before(async () => {
    site = await builtSite();
  });

  it('indexes the indexable pages of every version and language, with the site and its scopes', async () => {
    const { index } = site;
    assert.deepEqual(index.pages.map((p) => p.url).sort(), ['/', '/fr/webhooks', '/limits', '/retries', '/v1/webhooks', '/webhooks']);
    assert.deepEqual([index.site.versions, index.site.languages, index.site.defaultVersion, index.site.defaultLanguage], [['v2', 'v1'], ['en', 'fr'], 'v2', 'en']);
    assert.deepEqual(await readMcpIndex(site.files), index);
  });

  it('ranks a page whose title holds the words above pages whose text does, in the default scope', async () => {
    const result = await searchDocs(site.index, site.files, { query: 'webhook' });
    assert.deepEqual([result.version, result.language], ['v2', 'en']);
    assert.deepEqual(result.results.map((r) => r.title), ['Webhooks', 'Retries']);
    assert.deepEqual(result.results[0], {
      title: 'Webhooks',
      url: 'https://docs.acme.test/webhooks',
      markdownUrl: 'https://docs.acme.test/webhooks.md',
      section: 'Guides',
      excerpt: 'Receive a signed request for every order event.',
    });
    assert.equal((await searchDocs(site.index, site.files, { query: 'hmac signature' })).results[0]!.title, 'Webhooks');
    assert.deepEqual((await searchDocs(site.index, site.files, { query: 'zebracorn' })).results, [], 'a noindex page is not searchable');
    // A page without a description may open with a quotation: it is text, not the description.
    assert.deepEqual((await searchDocs(site.index, site.files, { query: 'hundred' })).results.map((r) => [r.title, r.excerpt]), [['Rate limits', 'One hundred requests a minute.']]);
  });

  it('searches the version and language asked for, and names the ones there are when asked for another', async () => {
    assert.deepEqual((await searchDocs(site.index, site.files, { query: 'webhooks', version: 'v1' })).results.map((r) => r.url), ['https://docs.acme.test/v1/webhooks']);
    assert.deepEqual((await searchDocs(site.index, site.files, { query: 'webhooks', language: 'fr' })).results.map((r) => r.url), ['https://docs.acme.test/fr/webhooks']);
    await assert.rejects(searchDocs(site.index, site.files, { query: 'x', version: 'v9' }), toolError(/Unknown version "v9": this site has v2, v1/));
    await assert.rejects(searchDocs(site.index, site.files, { query: 'x', language: 'de' }), toolError(/Unknown language "de": this site has en, fr/));
  });

  it('reads a page by its path, its .md URL or its full URL, and nothing else', async () => {
    const markdown = await getPage(site.index, site.files, '/webhooks');
    assert.match(markdown, /^# Webhooks\n/);
    for (const path of ['webhooks', '/webhooks.md', '/webhooks/', 'https://docs.acme.test/webhooks', '/web%68ooks']) assert.equal(await getPage(site.index, site.files, path), markdown);
    await assert.rejects(getPage(site.index, site.files, '/private'), toolError(/No page of these docs is at \/private/));
    await assert.rejects(getPage(site.index, site.files, '/webhoks'), toolError(/Did you mean \/webhooks/));
    for (const escape of ['/../secret.txt', '/%2e%2e/secret.txt', '..\\secret', '/a/./b', '/%E0%A4%A']) {
      await assert.rejects(getPage(site.index, site.files, escape), toolError(/segments|malformed/), escape);
    }
    await assert.rejects(getPage(site.index, site.files, 'file:///etc/passwd'), toolError(/not a URL of a page/));
  });

  it('reads no file outside the built folder, a link leading out included', async () => {
    assert.equal(await site.files('../secret.txt'), undefined);
    assert.equal(await site.files('leak.md'), undefined);
    assert.match((await site.files('webhooks.md'))!, /^# Webhooks/);
  });

  it('lists the navigation of a scope as a tree, or one section of it', () => {
    assert.equal(
      listPages(site.index, {}),
      ['## Guides\n', '- Start', '  - [Welcome](https://docs.acme.test/)', '  - [Webhooks](https://docs.acme.test/webhooks)', '  - [Retries](https://docs.acme.test/retries)', '\n## Reference\n', '- Limits', '  - [Rate limits](https://docs.acme.test/limits)'].join('\n'),
    );
    assert.match(listPages(site.index, { section: 'reference' }), /^## Reference\n\n- Limits/);
    assert.throws(() => listPages(site.index, { section: 'Nope' }), toolError(/No section "Nope": this version and language have Guides, Reference/));
  });

  it('answers through the SDK: three read-only tools, and errors as tool results', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createDocsServer(site.index, site.files).connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    assert.match(client.getInstructions()!, /Acme docs\.\n.*\nVersions: v2, v1 \(default v2\)\.\nLanguages: en, fr \(default en\)\./s);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint, tool.annotations?.idempotentHint]), [
      ['search_docs', true, true],
      ['get_page', true, true],
      ['list_pages', true, true],
    ]);
    const missing = await client.callTool({ name: 'get_page', arguments: { path: '/nope' } });
    assert.equal(missing.isError, true);
    const long = await client.callTool({ name: 'search_docs', arguments: { query: 'x'.repeat(501) } });
    assert.equal(long.isError, true);
    assert.match(JSON.stringify(long.content), /500 characters/);
    await client.close();
  });
});

describe('the MCP endpoint', () => {
  let load: () => Promise<{ index: McpIndex; files: SiteFiles }>;
  before(async () => {
    const { index, files } = await builtSite();
    load = async () => ({ index, files });
  });
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request('https://docs.acme.test/mcp', { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } });
  const answer = async (request: Request) => {
    const response = await handleMcpHttp(request, { load, origins: [] });
    return { status: response.status, body: (await response.json()) as { error?: { code: number; message: string }; result?: unknown } };
  };

  it('refuses other methods, other origins, bodies that are not JSON or too large, and unknown protocol versions', async () => {
    assert.equal((await answer(new Request('https://docs.acme.test/mcp'))).status, 405);
    const foreign = await answer(post('{}', { origin: 'https://evil.test' }));
    assert.deepEqual([foreign.status, foreign.body.error?.message], [403, 'Requests from the origin https://evil.test are not allowed.']);
    assert.deepEqual((await answer(post('{"jsonrpc":'))).body.error?.code, -32700);
    assert.equal((await answer(post(' '.repeat(MAX_BODY_BYTES + 1)))).status, 413);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal((await answer(post(list, { 'mcp-protocol-version': '1999-01-01' }))).status, 400);
    const ok = await answer(post(list, { 'mcp-protocol-version': '2025-06-18', origin: 'https://docs.acme.test' }));
    assert.equal(ok.status, 200);
    assert.equal((ok.body.result as { tools: unknown[] }).tools.length, 3);
  });
});

describe('connecting to the MCP server', () => {
  it('is the endpoint where the site serves one, else the command line over the deployed site, and nothing without an address', () => {
    assert.deepEqual(mcpConnection('Acme Docs', 'https://docs.acme.test/', '/docs', '/mcp'), { transport: 'http', name: 'acme-docs', url: 'https://docs.acme.test/docs/mcp' });
    assert.deepEqual(mcpConnection('Acme', 'https://docs.acme.test', '', undefined), {
      transport: 'stdio',
      name: 'acme',
      command: 'npx',
      args: ['-y', 'astro-docs-json', 'mcp', '--url', 'https://docs.acme.test'],
    });
    assert.equal(mcpConnection('Acme', undefined, '', '/mcp'), undefined);
  });

  it('gives install links for Cursor and VS Code that carry the server', () => {
    const http = mcpConnection('Acme', 'https://docs.acme.test', '', '/mcp')!;
    const cursor = new URL(cursorInstallLink(http));
    assert.equal(`${cursor.protocol}//${cursor.host}${cursor.pathname}`, 'cursor://anysphere.cursor-deeplink/mcp/install');
    assert.equal(cursor.searchParams.get('name'), 'acme');
    assert.deepEqual(JSON.parse(Buffer.from(cursor.searchParams.get('config')!, 'base64').toString()), { url: 'https://docs.acme.test/mcp' });
    const vscode = vscodeInstallLink(mcpConnection('Acme', 'https://docs.acme.test', '', undefined)!);
    assert.ok(vscode.startsWith('vscode:mcp/install?'));
    assert.deepEqual(JSON.parse(decodeURIComponent(vscode.slice('vscode:mcp/install?'.length))), {
      name: 'acme',
      type: 'stdio',
      command: 'npx',
      args: ['-y', 'astro-docs-json', 'mcp', '--url', 'https://docs.acme.test'],
    });
  });

  it('is described at /.well-known/mcp.json and in llms.txt', async () => {
    const http = mcpConnection('Acme', 'https://docs.acme.test', '', '/mcp')!;
    const card = mcpDiscovery(http, { name: 'Acme', url: 'https://docs.acme.test/' });
    assert.deepEqual([card.name, 'remotes' in card && card.remotes], ['test.acme.docs/acme', [{ type: 'streamable-http', url: 'https://docs.acme.test/mcp' }]]);
    const site = await loadSite(makeDocs({ 'docs.json': { name: 'Acme', navigation: { pages: ['index'] } }, 'index.mdx': true }));
    assert.match(buildLlmsTxt(buildSiteModel(site), 'https://docs.acme.test', '', http), /^# Acme\n\n> .*\n\nEach page .*\n\nAn MCP server \(Streamable HTTP\) searches and reads these docs: https:\/\/docs\.acme\.test\/mcp\n/);
  });
});

describe('the MCP server card', () => {
  it('describes the server over HTTP with the tools it serves, their input schemas and read-only hints', async () => {
    const http = mcpConnection('Acme', 'https://docs.acme.test', '', '/mcp');
    assert.equal(http?.transport, 'http');
    const card = mcpServerCard(http as Extract<NonNullable<typeof http>, { transport: 'http' }>, { name: 'Acme' });
    assert.deepEqual([card.url, card.transport, card.authentication], ['https://docs.acme.test/mcp', 'http', 'none']);
    assert.deepEqual(card.tools.map((tool) => tool.name), ['search_docs', 'get_page', 'list_pages']);
    const search = card.tools[0]!;
    assert.deepEqual(search.inputSchema.required, ['query']);
    assert.equal((search.inputSchema.properties as Record<string, { maxLength?: number }>).query!.maxLength, 500);
    assert.equal(search.annotations.readOnlyHint, true);
    // The same tools as the server lists to a client.
    const site = await loadSite(makeDocs({ 'docs.json': { name: 'Acme', navigation: { pages: ['index'] } }, 'index.mdx': true }));
    const client = new Client({ name: 'card-test', version: '1' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createDocsServer(await buildMcpIndex(buildSiteModel(site), { base: '' }, async () => '# Home\n'), async () => undefined).connect(serverSide);
    await client.connect(clientSide);
    const listed = (await client.listTools()).tools;
    assert.deepEqual(listed.map((tool) => [tool.name, tool.description]), card.tools.map((tool) => [tool.name, tool.description]));
    await client.close();
  });
});

describe('the MCP index of a large site', () => {
  it('is written on a thread of its own as on the calling thread, its words cache too', async () => {
    const pages: McpSource['pages'] = Array.from({ length: 320 }, (_, n) => ({ url: `/p${n}`, title: `Page ${n}`, version: null, language: null, section: 'Acme', ...(n % 3 ? {} : { description: `About ${n} widgets.` }) }));
    const source: McpSource = { name: 'Acme', versions: [], languages: [], defaultVersion: null, defaultLanguage: null, pages, sections: [{ version: null, language: null, name: 'Acme', items: pages.map((page) => page.url) }] };
    const written = async (beside: boolean) => {
      const outDir = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-mcp-thread-'));
      for (const [n, page] of pages.entries()) writeFileSync(path.join(outDir, markdownPath(page.url)), `# ${page.title}\n\nWidget ${n} sends webhooks ${'and retries '.repeat(n % 7)}to servers.\n`);
      const job: McpIndexJob = { outDir, source, address: { site: 'https://docs.acme.test', base: '' }, wordsCache: { file: path.join(outDir, '.cache', 'words.json'), version: 'v1' } };
      await writeMcpIndexBeside(job, beside);
      // The cache's words by page; its keys hold each copy's time, which differs between the two folders.
      const kept = JSON.parse(readFileSync(job.wordsCache!.file, 'utf8')) as { files: Record<string, { value: unknown }> };
      return [readFileSync(path.join(outDir, MCP_INDEX_PATH), 'utf8'), Object.entries(kept.files).map(([url, { value }]) => [url, value])];
    };
    const [onThread, here] = await Promise.all([written(true), written(false)]);
    assert.deepEqual(onThread, here);
    assert.equal((JSON.parse(here[0] as string) as McpIndex).pages.length, 320);
    assert.equal((here[1] as unknown[]).length, 320);
    // The thread's module answers the job itself: the calling thread's `here` is not asked.
    const thread = new OffThread<McpIndexJob, void>(new URL('../src/astro/build/mcp-index-writer.ts', import.meta.url), () => {
      throw new Error('written here');
    });
    const outDir = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-mcp-thread-'));
    await thread.ask({ outDir, source: { ...source, pages: [], sections: [] }, address: { base: '' } });
    await thread.close();
    assert.deepEqual((JSON.parse(readFileSync(path.join(outDir, MCP_INDEX_PATH), 'utf8')) as McpIndex).pages, []);
  });
});

describe('the sections of the MCP index', () => {
  it('are named as llms.txt names its lists, and listed by their whole name or by one division', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'Acme',
        navigation: { tabs: [{ tab: 'Deploy', anchors: [{ anchor: 'Static hosting', pages: ['static'] }, { anchor: 'Node server', pages: ['node'] }] }] },
      },
      'static.mdx': '---\ntitle: Static files\n---\n\nAny host.\n',
      'node.mdx': '---\ntitle: Node\n---\n\nA server.\n',
    });
    const model = buildSiteModel(await loadSite(dir));
    const index = await buildMcpIndex(model, { base: '' }, async (url) => `# ${url}\n\nText.\n`);
    assert.deepEqual(index.sections.map((section) => section.name), ['Deploy - Static hosting', 'Deploy - Node server']);
    assert.deepEqual(index.pages.map((page) => page.section), ['Deploy - Static hosting', 'Deploy - Node server']);
    assert.deepEqual(buildLlmsTxt(model, undefined).match(/^## .*/gm), ['## Deploy - Static hosting', '## Deploy - Node server']);
    assert.match(listPages(index, { section: 'deploy' }), /^## Deploy - Static hosting\n[\s\S]*\n## Deploy - Node server\n/);
    assert.doesNotMatch(listPages(index, { section: 'Node server' }), /Static/);
    assert.match(listPages(index, { section: 'deploy - static hosting' }), /Static files/);
  });
});
