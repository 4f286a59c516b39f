import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'playwright/test';

const goldenDir = fileURLToPath(new URL('./golden/', import.meta.url));

/**
 * Compares a file the built site serves with its golden copy in e2e/golden/.
 * `UPDATE_GOLDEN=1 npm run test:e2e` rewrites the copies after an intended change.
 */
function matchesGolden(name: string, actual: string) {
  const file = path.join(goldenDir, name);
  if (process.env.UPDATE_GOLDEN || !existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
    if (!process.env.UPDATE_GOLDEN) throw new Error(`${name} had no golden copy; one was written: review and commit it.`);
  }
  expect(actual, `${name} differs from e2e/golden/${name}`).toBe(readFileSync(file, 'utf8'));
}

test.describe('files for crawlers', () => {
  test('llms.txt and llms-full.txt match their golden copies', async ({ request }) => {
    const llms = await (await request.get('/llms.txt')).text();
    matchesGolden('llms.txt', llms);
    expect(await (await request.get('/.well-known/llms.txt')).text()).toBe(llms);
    matchesGolden('llms-full.txt', await (await request.get('/llms-full.txt')).text());
  });

  test('every page has its Markdown, and these match their golden copies', async ({ request }) => {
    for (const [url, golden] of [
      ['/index.md', 'pages/index.md'],
      ['/writing/pages.md', 'pages/writing-pages.md'],
      ['/api-reference/agent/get-an-agent-job.md', 'pages/get-an-agent-job.md'],
      ['/clients/http.md', 'pages/clients-http.md'],
    ] as const) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type']).toContain('text/markdown');
      matchesGolden(golden, await response.text());
    }
    // Every link of llms.txt leads to a page's Markdown, or to a spec.
    const llms = await (await request.get('/llms.txt')).text();
    for (const [, url] of llms.matchAll(/\]\((https:\/\/docs\.example\.com[^)]+)\)/g)) {
      expect((await request.get(new URL(url!).pathname)).status(), url).toBe(200);
    }
  });

  test('robots.txt allows every crawler and names the sitemap, which lists only indexable pages', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^User-agent: \*\n(#.*\n)+Content-Signal: search=yes, ai-train=yes, ai-input=yes\nAllow: \/\n\nSitemap: https:\/\/docs\.example\.com\/sitemap-index\.xml\n$/);
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemapUrl = /<loc>([^<]+)<\/loc>/.exec(index)![1]!;
    const sitemap = await (await request.get(new URL(sitemapUrl).pathname)).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(urls).toContain('https://docs.example.com/');
    expect(urls).toContain('https://docs.example.com/quickstart');
    expect(urls).toContain('https://docs.example.com/api-reference/agent/get-an-agent-job');
    // Hidden pages, noindex pages and x-hidden operations stay out.
    for (const hidden of ['/status', '/drafts/roadmap', '/v1/legacy-notes', '/api-reference/updates/internal-metrics']) {
      expect(urls).not.toContain(`https://docs.example.com${hidden}`);
    }
  });

  test('a noindex page says so to crawlers', async ({ page }) => {
    await page.goto('/drafts/roadmap');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await page.goto('/quickstart');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('the docs folder\'s files are served at their paths', async ({ request }) => {
    const spec = await request.get('/api-reference/openapi.yaml');
    expect(spec.status()).toBe(200);
    expect(await spec.text()).toContain('openapi: 3.1.0');
    expect((await request.get('/writing/images/page-to-url.svg')).status()).toBe(200);
    expect((await request.get('/docs.json')).status()).toBe(404);
    expect((await request.get('/terms.yml')).status()).toBe(404);
  });
});

test("docs.json's instructions to agents end every page's Markdown, and are in the llms files once", async ({ request }) => {
  const block = "> ## Agent Instructions\n> Name the astro-docs-json version you describe.\n> Prefer the command line's zero-config commands in examples.";
  expect(await (await request.get('/quickstart.md')).text()).toMatch(new RegExp(`${block.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n$`));
  expect(await (await request.get('/api-reference/get-health.md')).text()).toContain(block);
  expect((await (await request.get('/llms.txt')).text()).split(block)).toHaveLength(2);
  const full = await (await request.get('/llms-full.txt')).text();
  expect(full.startsWith(`${block}\n`)).toBe(true);
  expect(full.split(block)).toHaveLength(2);
});

test.describe('search', () => {
  const search = async (page: import('playwright/test').Page, query: string) => {
    await page.keyboard.press('Control+k');
    const box = page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox', { name: 'Search' });
    await expect(box).toBeFocused();
    await box.fill(query);
    const status = page.getByRole('dialog', { name: 'Search' }).getByRole('status');
    await expect(status).toHaveText(/result|No results/);
    return page.getByRole('dialog', { name: 'Search' }).locator('.search-results a');
  };

  test('finds a page by a word in its body, and opens it', async ({ page }) => {
    await page.goto('/quickstart');
    const results = await search(page, 'housekeeping');
    await expect(results.first()).toContainText('Pages');
    await expect(results.first().locator('mark')).toHaveText('housekeeping');
    await page.keyboard.press('ArrowDown');
    await expect(results.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/writing\/pages$/);
  });

  test('leaves hidden pages out', async ({ page, request }) => {
    // "heartbeat" is in the body of /status, a page no navigation lists.
    expect(await (await request.get('/status')).text()).toContain('heartbeat');
    await page.goto('/quickstart');
    const results = await search(page, 'heartbeat');
    for (const href of await results.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).not.toBe('/status');
    const drafts = await search(page, 'roadmap');
    for (const href of await drafts.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).not.toBe('/drafts/roadmap');
  });

  test('finds a page by its frontmatter keywords, ranks boosted pages first, and leaves out searchable: false', async ({ page, request }) => {
    await page.goto('/quickstart');
    // "findability" is a keyword of the ranking page, in none of its sentences.
    expect(await (await request.get('/discoverability/site-search/ranking.md')).text()).not.toContain('findability');
    const byKeyword = await search(page, 'findability');
    await expect(byKeyword).toHaveCount(1);
    await expect(byKeyword.first()).toHaveAttribute('href', '/discoverability/site-search/ranking');
    // Its other keyword is a number in the frontmatter (`[findability, 451]`), found as a word.
    const byNumber = await search(page, '451');
    await expect(byNumber).toHaveCount(1);
    await expect(byNumber.first()).toHaveAttribute('href', '/discoverability/site-search/ranking');
    // Both pages hold "relevance" once; the longer one comes first, for its boost of 3.
    const ranked = await search(page, 'relevance');
    await expect(ranked).toHaveCount(2);
    expect(await ranked.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(['/discoverability/site-search/ranking', '/discoverability/site-search/scope']);
    // "palimpsest" is only on the archive, which search leaves out and the sitemap and llms.txt keep.
    const archive = await search(page, 'palimpsest');
    for (const href of await archive.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).not.toContain('release-notes-archive');
    expect(await (await request.get('/discoverability/site-search/release-notes-archive')).text()).not.toContain('data-pagefind-body');
    expect(await (await request.get('/sitemap-0.xml')).text()).toContain('/discoverability/site-search/release-notes-archive');
    expect(await (await request.get('/llms.txt')).text()).toContain('/discoverability/site-search/release-notes-archive.md');
  });

  test('searches the reader\'s version and language', async ({ page }) => {
    await page.goto('/v1/quickstart');
    const v1 = await search(page, 'deprecated');
    await expect(v1.first()).toBeVisible();
    for (const href of await v1.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).toMatch(/^\/v1(\/|$)/);

    await page.goto('/writing/advanced/snippets');
    const v2 = await search(page, 'deprecated');
    await expect(v2.first()).toBeVisible();
    for (const href of await v2.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).not.toMatch(/^\/v1/);

    await page.goto('/fr/quickstart');
    const french = await search(page, 'navigation');
    await expect(french.first()).toBeVisible();
    for (const href of await french.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) expect(href).toMatch(/^\/fr(\/|$)/);
  });

  test('opens with the button and the / key, and closes with Escape', async ({ page }) => {
    await page.goto('/concepts');
    await page.getByRole('button', { name: /Search/ }).click();
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();
    await page.keyboard.press('/');
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  });
});
