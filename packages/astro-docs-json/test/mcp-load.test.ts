// The MCP endpoint under load: what a search reads per page found answers as before (the
// excerpt, the body), the Markdown read last is kept within its bound, servers are reused
// and answer the same, a client past its share is refused with 429, a busy server with 503,
// a long batch with 400, and a huge page is cut.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexMcpSource, markdownPath, pageWords, type McpIndex, type McpSource } from '../src/core/mcp/docs-index.ts';
import { bodyOf } from '../src/core/mcp/docs-index.ts';
import { excerptAround, passageOf } from '../src/core/mcp/search.ts';
import { words } from '../src/core/search-words.ts';
import { getPage, MAX_PAGE_TEXT, type SiteFiles } from '../src/core/mcp/tools.ts';
import { handleMcpHttp, MAX_BATCH } from '../src/mcp/http.ts';
import { createMcpGuard } from '../src/mcp/limits.ts';
import { cachedFiles } from '../src/mcp/site-files.ts';
import { parseOptions } from '../src/options.ts';

/** The excerpt as it was found before lines were read one at a time (the line found by splitting the whole body): what the new one must equal. */
function excerptBefore(body: string, query: string, length = 240): string {
  const wanted = new Set(words(query));
  const lines = body
    .split('\n')
    .filter((line) => line.trim() && !/^\s*(```|~~~|\||---)/.test(line))
    .map((line) => line.replace(/^\s*(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+\.\s+)+/, ''));
  const line = lines.find((candidate) => words(candidate).some((word) => wanted.has(word))) ?? lines[0] ?? '';
  // How a found line is cut did not change: only how the line is found.
  return passageOf(line, wanted, length);
}

/** The body as it was found before: by splitting the copy into lines. */
function bodyBefore(markdown: string, description: string | undefined): string {
  const lines = markdown.split('\n');
  let at = lines[0]?.startsWith('# ') ? 1 : 0;
  while (lines[at] === '') at++;
  if (description) while (lines[at]?.startsWith('>')) at++;
  return lines.slice(at).join('\n');
}

describe('what a search reads of each page it finds', () => {
  const bodies = [
    '',
    '\n\n',
    '# Title',
    '# Title\n',
    '# Title\n\n> The description.\n> More of it.\n\nText about webhooks.\n',
    '# Title\n\n\n\n> Not a description.\n\nText',
    'No title\n\n## Webhooks\n\n- a list item with Caching\n1. a numbered one',
    '```js\nconst webhook = 1;\n```\n| webhook | table |\n---\nThe café serves crème brûlée: Déploiement naïf.\n',
    `${'Padding line of words.\n'.repeat(50)}A ${'very long line with the word retries in it '.repeat(20)}\n`,
    '> quote\n>> nested webhooks\n  #### indented heading Retries',
  ];
  const queries = ['webhooks', 'caching', 'cafe', 'Déploiement', 'retries', 'nothing here', 'the', 'crème naive'];

  it('finds the same excerpt as when it split each page into lines', () => {
    for (const body of bodies) for (const query of queries) assert.equal(excerptAround(body, query), excerptBefore(body, query), JSON.stringify([body.slice(0, 40), query]));
  });

  it('finds the same body as when it split each copy into lines', () => {
    for (const markdown of bodies) for (const description of [undefined, 'The description.']) assert.equal(bodyOf(markdown, description), bodyBefore(markdown, description), JSON.stringify([markdown.slice(0, 40), description]));
  });
});

describe('the cache of the Markdown read last', () => {
  it('reads a file once, keeps no more than its bound, forgets the least recently read first, and keeps no misses', async () => {
    const reads: string[] = [];
    const texts: Record<string, string> = { a: 'a'.repeat(100), b: 'b'.repeat(100), c: 'c'.repeat(100), huge: 'h'.repeat(1_000) };
    const files = cachedFiles(async (path) => (reads.push(path), texts[path]), 450); // about two files of 200 bytes
    assert.equal(await files('a'), texts.a);
    assert.equal(await files('a'), texts.a);
    await files('b');
    await files('a'); // a is now the most recent: c pushes out b
    await files('c');
    reads.length = 0;
    await files('a');
    await files('c');
    assert.deepEqual(reads, []);
    await files('b');
    assert.deepEqual(reads, ['b']);
    await files('missing');
    await files('missing');
    await files('huge');
    await files('huge');
    assert.deepEqual(reads, ['b', 'missing', 'missing', 'huge', 'huge']);
  });
});

/** A small site's index and files, as the endpoint serves them. */
async function smallSite(pageText = (n: number) => `# Page ${n}\n\nWebhooks are sent for page ${n}.\n`): Promise<{ index: McpIndex; files: SiteFiles }> {
  const pages = Array.from({ length: 5 }, (_, n) => ({ url: `/page-${n}`, title: `Page ${n}`, version: null, language: null, section: 'Guides' }));
  const source: McpSource = { name: 'Acme', versions: [], languages: [], defaultVersion: null, defaultLanguage: null, pages, sections: [{ version: null, language: null, name: 'Guides', items: pages.map((page) => page.url) }] };
  const markdown = new Map(pages.map((page, n) => [markdownPath(page.url), pageText(n)]));
  const index = await indexMcpSource(source, { site: 'https://docs.acme.test', base: '' }, async (page) => pageWords(page, markdown.get(markdownPath(page.url))!));
  return { index, files: async (path) => markdown.get(path) };
}

const call = (id: number, query = 'webhooks') => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_docs', arguments: { query } } });
const post = (body: unknown) =>
  new Request('https://docs.acme.test/mcp', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });

describe('the MCP endpoint under load', () => {
  it('answers the same from servers it reuses, one request after another and many at once', async () => {
    const site = await smallSite();
    const context = { load: async () => site, origins: [] };
    const texts: string[] = [];
    for (let id = 1; id <= 3; id++) texts.push(await (await handleMcpHttp(post(call(1)), context)).text());
    texts.push(...(await Promise.all(Array.from({ length: 20 }, async () => (await handleMcpHttp(post(call(1)), context)).text()))));
    assert.match(texts[0]!, /Page 0/);
    assert.deepEqual(new Set(texts).size, 1);
  });

  it('runs searches asked for at once one per turn of the event loop, so other work runs between them', async () => {
    const site = await smallSite();
    const context = { load: async () => site, origins: [] };
    let turn = 0;
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const finished = await Promise.all(Array.from({ length: 5 }, async (_, id) => (await (await handleMcpHttp(post(call(id)), context)).text(), turn)));
    counting = false;
    assert.equal(new Set(finished).size, 5, `each search ends in a turn of its own: ${finished.join(', ')}`);
  });

  it('answers a client past its share 429 with Retry-After and a JSON-RPC error, and another client still 200', async () => {
    const site = await smallSite();
    const guard = createMcpGuard({ perClient: { burst: 3, perMinute: 60 }, maxInFlight: 10 });
    const ask = (client: string) => handleMcpHttp(post(call(1)), { load: async () => site, origins: [], guard, client });
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await ask('192.0.2.1')).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const refused = await ask('192.0.2.1');
    assert.equal(refused.headers.get('retry-after'), '1');
    assert.deepEqual(await refused.json(), { jsonrpc: '2.0', error: { code: -32000, message: 'Too many requests from this client: try again in 1 s.' }, id: null });
    assert.equal((await ask('192.0.2.2')).status, 200);
    assert.equal(guard.inFlight, 0, 'every request answered is out of hand');
  });

  it('charges each message of a batch, and refuses a batch longer than its bound', async () => {
    const site = await smallSite();
    const guard = createMcpGuard({ perClient: { burst: 4, perMinute: 60 }, maxInFlight: 10 });
    const context = { load: async () => site, origins: [], guard, client: 'a' };
    const tooLong = await handleMcpHttp(post(Array.from({ length: MAX_BATCH + 1 }, (_, id) => call(id))), context);
    assert.equal(tooLong.status, 400);
    assert.equal(((await tooLong.json()) as { error: { code: number } }).error.code, -32600);
    // The refused batch took one token; a batch of 4 needs 4 of the 3 left.
    assert.equal((await handleMcpHttp(post([call(1), call(2), call(3), call(4)]), context)).status, 429);
  });

  it('answers 503 with Retry-After while its bound of requests is in hand, and serves again once one is answered', async () => {
    const site = await smallSite();
    const guard = createMcpGuard({ perClient: false, maxInFlight: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const context = { load: async () => (await held, site), origins: [], guard };
    const first = [handleMcpHttp(post(call(1)), context), handleMcpHttp(post(call(2)), context)];
    const busy = await handleMcpHttp(post(call(3)), context);
    assert.equal(busy.status, 503);
    assert.equal(busy.headers.get('retry-after'), '1');
    assert.equal(((await busy.json()) as { error: { message: string } }).error.message, 'The documentation server is busy: try again in a second.');
    release();
    assert.deepEqual((await Promise.all(first)).map((response) => response.status), [200, 200]);
    assert.equal((await handleMcpHttp(post(call(4)), context)).status, 200);
  });

  it('cuts a page past its bound at a line, and says where the whole page is', async () => {
    const line = 'A line of a very long generated reference.\n';
    const site = await smallSite((n) => `# Page ${n}\n\n${line.repeat(Math.ceil((MAX_PAGE_TEXT * 2) / line.length))}`);
    const text = await getPage(site.index, site.files, '/page-1');
    assert.ok(text.length < MAX_PAGE_TEXT + 200);
    assert.match(text, /A line of a very long generated reference\.\n\n… The page goes on: its 1024 KiB are at https:\/\/docs\.acme\.test\/page-1\.md\.$/);
  });
});

describe('the mcp option', () => {
  it('is off by default; true is a route with the default limits; perClient may be turned off', () => {
    assert.equal(parseOptions({}).mcp, undefined);
    assert.deepEqual(parseOptions({ mcp: true }).mcp, { route: '/mcp', perClient: { burst: 120, perMinute: 600 }, maxInFlight: 64 });
    assert.deepEqual(parseOptions({ mcp: { perClient: false, maxInFlight: 8 } }).mcp, { route: '/mcp', perClient: false, maxInFlight: 8 });
    assert.throws(() => parseOptions({ mcp: { perClient: { burst: 0, perMinute: 60 } } }));
  });
});
