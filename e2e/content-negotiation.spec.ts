import { readFileSync } from 'node:fs';
import { expect, test } from 'playwright/test';

// The example site runs on the node adapter's server, which answers a page's URL by the
// request's Accept header: its Markdown copy, or its HTML.
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const LINK =
  '</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt", </.well-known/mcp/server-card.json>; rel="mcp-server-card", </.well-known/agent-skills/index.json>; rel="agent-skills"';
/** A static site's MCP server is run as a command: it has no server card. */
const STATIC_LINK = '</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt", </.well-known/agent-skills/index.json>; rel="agent-skills"';

test.describe('a page asked for by the Accept header', () => {
  test('answers its Markdown copy to text/markdown, and the same as plain text to text/plain', async ({ request }) => {
    const copy = await (await request.get('/quickstart.md')).text();
    expect(copy).toMatch(/^# Quickstart\n/);
    const markdown = await request.get('/quickstart', { headers: { Accept: 'text/markdown' } });
    expect(markdown.status()).toBe(200);
    expect(markdown.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers().vary).toBe('Accept');
    expect(await markdown.text()).toBe(copy);
    const plain = await request.get('/quickstart', { headers: { Accept: 'text/plain' } });
    expect(plain.status()).toBe(200);
    expect(plain.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.headers().vary).toBe('Accept');
    expect(await plain.text()).toBe(copy);
  });

  test('answers the root page, a nested page and a URL with a trailing slash', async ({ request }) => {
    const markdown = { headers: { Accept: 'text/markdown' } };
    expect(await (await request.get('/', markdown)).text()).toBe(await (await request.get('/index.md')).text());
    expect(await (await request.get('/writing/pages', markdown)).text()).toBe(await (await request.get('/writing/pages.md')).text());
    expect(await (await request.get('/fr', markdown)).text()).toBe(await (await request.get('/fr.md')).text());
    const slash = await request.get('/quickstart/?from=test', { ...markdown, maxRedirects: 0 });
    expect(slash.headers()['content-type']).toBe('text/markdown; charset=utf-8');
  });

  test('answers HTML to browsers, to Markdown weighed lower, and to types of its own', async ({ request, page }) => {
    for (const accept of [BROWSER, 'text/markdown;q=0.1, text/html', 'application/json', '*/*', 'text/markdown;q=0']) {
      const response = await request.get('/quickstart', { headers: { Accept: accept } });
      expect(response.status(), accept).toBe(200);
      expect(response.headers()['content-type'], accept).toMatch(/^text\/html/);
      expect(response.headers().vary, accept).toBe('Accept');
      expect(await response.text(), accept).toMatch(/^<!DOCTYPE html>/);
    }
    await page.goto('/quickstart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quickstart');
  });

  test('links the files for machines and llms.txt from every page response', async ({ request }) => {
    for (const accept of ['text/markdown', BROWSER]) {
      const headers = (await request.get('/concepts/navigation', { headers: { Accept: accept } })).headers();
      expect(headers.link, accept).toBe(LINK);
      expect(headers['x-llms-txt'], accept).toBe('/llms.txt');
    }
    // Each file the Link header names is there.
    for (const [, url] of LINK.matchAll(/<([^>]+)>/g)) expect((await request.get(url!)).status(), url).toBe(200);
  });

  test('leaves what is no page as it was', async ({ request }) => {
    const asset = await request.get('/favicon.svg', { headers: { Accept: 'text/markdown' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(asset.headers().vary).toBeUndefined();
    expect(asset.headers().link).toBeUndefined();
    const copy = await request.get('/quickstart.md', { headers: { Accept: 'text/markdown' } });
    expect(copy.headers()['content-type']).toMatch(/^text\/markdown/);
    expect(copy.headers().vary).toBeUndefined();
    const missing = await request.get('/no-such-page', { headers: { Accept: 'text/markdown' } });
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toMatch(/^text\/html/);
    // A server sends the headers itself: it writes no `_headers` for static hosts.
    expect((await request.get('/_headers')).status()).toBe(404);
  });
});

test('a static build writes _headers with the pages\' headers, for Netlify and Cloudflare Pages', () => {
  // The fixture is a static site (`npm run build:fixture`), whose address gives it an MCP discovery file.
  const headers = readFileSync(new URL('./fixtures/mintlify-repo/dist/_headers', import.meta.url), 'utf8');
  expect(headers).toBe(`# astro-docs-json: the pages' headers, written again by every build\n/*\n  Vary: Accept\n  Link: ${STATIC_LINK}\n  X-Llms-Txt: /llms.txt\n# astro-docs-json: end\n`);
});
