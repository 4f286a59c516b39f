/**
 * The docs as an MCP server, driven by the SDK's own client: over Streamable HTTP against
 * the example site (a server build), over stdio against the static fixture's build and its
 * served files; the page menu's entries that connect an editor; discovery.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, test as exampleTest, type APIResponse } from 'playwright/test';
import { FIXTURE_URL, test } from './fixture-site.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

type ToolResult = { content: Array<{ type: string; text: string }>; isError?: boolean };

async function connect(transport: StreamableHTTPClientTransport | StdioClientTransport): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

async function searchUrls(client: Client, args: Record<string, unknown>): Promise<string[]> {
  const result = await call(client, 'search_docs', args);
  expect(result.isError, result.content[0]!.text).toBeFalsy();
  return (JSON.parse(result.content[0]!.text) as { results: Array<{ url: string }> }).results.map((hit) => hit.url);
}

exampleTest.describe('over Streamable HTTP, from the site', () => {
  let client: Client;
  exampleTest.beforeAll(async ({ baseURL }) => {
    client = await connect(new StreamableHTTPClientTransport(new URL('/mcp', baseURL)));
  });
  exampleTest.afterAll(() => client.close());

  exampleTest('lists three read-only tools, and names the site, its versions and languages', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ['search_docs', true],
      ['get_page', true],
      ['list_pages', true],
    ]);
    expect(client.getInstructions()).toContain('Versions: v2, v1 (default v2).');
    expect(client.getInstructions()).toContain('Languages: en, fr (default en).');
  });

  exampleTest("offers the site's agent skill as a resource", async ({ request }) => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => [resource.uri, resource.mimeType])).toEqual([['https://docs.example.com/skill.md', 'text/markdown']]);
    const { contents } = await client.readResource({ uri: resources[0]!.uri });
    expect((contents[0] as { text: string }).text).toBe(await (await request.get('/skill.md')).text());
  });

  exampleTest('finds the page a term comes from first, and reads it as its .md copy has it', async ({ request }) => {
    expect((await searchUrls(client, { query: 'content signals' }))[0]).toBe('https://docs.example.com/discoverability/search-engines/robots');
    const page = await call(client, 'get_page', { path: 'https://docs.example.com/discoverability/search-engines/robots.md' });
    expect(page.content[0]!.text).toBe(await (await request.get('/discoverability/search-engines/robots.md')).text());
  });

  exampleTest('searches and lists the version and language asked for', async () => {
    expect((await searchUrls(client, { query: 'configuration', version: 'v1' }))[0]).toBe('https://docs.example.com/v1/configuration');
    expect((await searchUrls(client, { query: 'démarrage rapide', language: 'fr' }))[0]).toBe('https://docs.example.com/fr/quickstart');
    const french = (await call(client, 'list_pages', { language: 'fr' })).content[0]!.text;
    expect(french).toContain('[Démarrage rapide](https://docs.example.com/fr/quickstart)');
    expect(french).not.toContain('https://docs.example.com/quickstart)');
    // Sections are named as llms.txt titles its lists: by the divisions they are in.
    const deploy = (await call(client, 'list_pages', { section: 'Deploy' })).content[0]!.text;
    expect(deploy.match(/^## .*/gm)).toEqual(['## Deploy - Static hosting', '## Deploy - Node server']);
  });

  exampleTest('answers bad arguments with tool errors that name the problem', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['search_docs', { query: 'x'.repeat(501) }, /500 characters/],
      ['search_docs', { query: 'x', version: 'v9' }, /Unknown version "v9": this site has v2, v1/],
      ['search_docs', { query: 'x', language: 'de' }, /Unknown language "de": this site has en, fr/],
      ['get_page', { path: '/../../server/entry.mjs' }, /no "\." or "\.\." segments/],
      ['get_page', { path: '/%2e%2e/server/entry.mjs' }, /no "\." or "\.\." segments/],
      ['get_page', { path: '/drafts/roadmap' }, /No page of these docs is at \/drafts\/roadmap/],
      ['delete_docs', {}, /Tool delete_docs not found/],
    ];
    for (const [tool, args, message] of cases) {
      const result = await call(client, tool, args);
      expect(result.isError, `${tool} ${JSON.stringify(args).slice(0, 80)}`).toBe(true);
      expect(result.content[0]!.text).toMatch(message);
      expect(result.content[0]!.text).not.toMatch(/\n\s+at /);
    }
  });

  exampleTest('refuses other methods, other origins, bodies that are not JSON and unknown protocol versions', async ({ request }) => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect((await request.get('/mcp')).status()).toBe(405);
    const foreign = await request.post('/mcp', { headers: { ...headers, origin: 'https://evil.example' }, data: list });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).error.message).toContain('https://evil.example');
    const notJson = await request.post('/mcp', { headers, data: 'not json' });
    expect([notJson.status(), (await notJson.json()).error.code]).toEqual([400, -32700]);
    const oldProtocol = await request.post('/mcp', { headers: { ...headers, 'mcp-protocol-version': '1999-01-01' }, data: list });
    expect(oldProtocol.status()).toBe(400);
    expect((await oldProtocol.json()).error.message).toContain('Unsupported protocol version');
  });

  exampleTest('answers a client past its share 429 with Retry-After and a JSON-RPC error, and another client still 200', async ({ request }) => {
    // Distinct clients through X-Forwarded-For, which the example site believes from loopback
    // (`trustedProxies`): this test's clients are not the other tests'.
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const greedy = { ...headers, 'x-forwarded-for': '198.51.100.7' };
    // The default share: a burst of 120, then 10 a second. Sent 20 at a time, the client
    // spends it faster than it comes back, however fast the server is.
    const statuses: number[] = [];
    let refused: APIResponse | undefined;
    while (statuses.length < 1_000 && !refused) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => request.post('/mcp', { headers: greedy, data: list })));
      statuses.push(...batch.map((response) => response.status()));
      // The refusal itself is read: a request sent after it may find a token come back.
      refused = batch.find((response) => response.status() === 429);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    if (!refused) throw new Error('no request was refused');
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
    const body = await refused.json();
    expect([body.jsonrpc, body.error.code, body.id]).toEqual(['2.0', -32000, null]);
    expect(body.error.message).toMatch(/^Too many requests from this client: try again in \d+ s\.$/);
    expect((await request.post('/mcp', { headers: { ...headers, 'x-forwarded-for': '198.51.100.8' }, data: list })).status()).toBe(200);
  });

  exampleTest('is described at /.well-known/mcp.json and /.well-known/mcp, and in llms.txt', async ({ request }) => {
    for (const path of ['/.well-known/mcp.json', '/.well-known/mcp']) {
      const card = await (await request.get(path)).json();
      expect(card.remotes).toEqual([{ type: 'streamable-http', url: 'https://docs.example.com/mcp' }]);
    }
    expect(await (await request.get('/llms.txt')).text()).toContain('An MCP server (Streamable HTTP) searches and reads these docs: https://docs.example.com/mcp');
  });
});

exampleTest.describe('the page menu', () => {
  exampleTest("copies the MCP server's URL, and installs it in Cursor and VS Code", async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.goto('/discoverability/ai/mcp');
    const menu = page.locator('.page-title details.contextual-menu');
    await menu.locator('summary').click();
    await menu.getByRole('button', { name: /Copy MCP server/ }).click();
    await expect(menu.getByRole('status')).toHaveText('Copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://docs.example.com/mcp');
    const cursor = new URL((await menu.getByRole('link', { name: /Connect to Cursor/ }).getAttribute('href'))!);
    expect(cursor.protocol).toBe('cursor:');
    expect(JSON.parse(Buffer.from(cursor.searchParams.get('config')!, 'base64').toString())).toEqual({ url: 'https://docs.example.com/mcp' });
    const vscode = (await menu.getByRole('link', { name: /Connect to VS Code/ }).getAttribute('href'))!;
    expect(JSON.parse(decodeURIComponent(vscode.replace('vscode:mcp/install?', '')))).toEqual({ name: 'astro-docs-json', type: 'http', url: 'https://docs.example.com/mcp' });
  });
});

test.describe('over stdio, from a static build', () => {
  const stdio = (args: string[]) =>
    new StdioClientTransport({ command: process.execPath, args: ['packages/astro-docs-json/bin/astro-docs-json.js', 'mcp', ...args], cwd: root, stderr: 'pipe' });

  test('serves the built folder: search, pages, and no path out of it', async () => {
    const client = await connect(stdio(['e2e/fixtures/mintlify-repo/dist']));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['search_docs', 'get_page', 'list_pages']);
    expect((await searchUrls(client, { query: 'Frankfurt' }))[0]).toBe('https://mint.example.com/components/tabs');
    expect((await call(client, 'get_page', { path: '/components/tabs' })).content[0]!.text).toMatch(/^# Tabs\n/);
    const escape = await call(client, 'get_page', { path: '/..%2F..%2Fdocs.json' });
    expect(escape.isError).toBe(true);
    await client.close();
  });

  test("serves a deployed site from its files (--url), and the menu installs that command", async ({ page }) => {
    const client = await connect(stdio(['--url', FIXTURE_URL]));
    expect((await searchUrls(client, { query: 'Frankfurt' }))[0]).toBe('https://mint.example.com/components/tabs');
    await client.close();
    await page.goto('/components/cards');
    const menu = page.getByRole('navigation', { name: 'On this page' }).locator('details.contextual-menu');
    await menu.locator('summary').click();
    const vscode = (await menu.getByRole('link', { name: /Connect to VS Code/ }).getAttribute('href'))!;
    expect(JSON.parse(decodeURIComponent(vscode.replace('vscode:mcp/install?', '')))).toEqual({
      name: 'acme-docs',
      type: 'stdio',
      command: 'npx',
      args: ['-y', 'astro-docs-json', 'mcp', '--url', 'https://mint.example.com'],
    });
    const card = await (await page.request.get('/.well-known/mcp.json')).json();
    expect(card.packages[0]).toMatchObject({ registryType: 'npm', identifier: 'astro-docs-json', transport: { type: 'stdio' } });
  });
});
