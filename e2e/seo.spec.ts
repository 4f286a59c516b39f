import { expect, test } from 'playwright/test';

/** Width and height from a PNG's header (its IHDR chunk). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'a PNG signature').toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const graphOf = async (page: import('playwright/test').Page) => {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(scripts).toHaveLength(1);
  return (JSON.parse(scripts[0]!) as { '@graph': Array<Record<string, unknown>> })['@graph'];
};

test.describe('what pages tell search engines and social networks', () => {
  test('structured data parses, names the organization from docs.json, and follows the page\'s breadcrumbs', async ({ page }) => {
    await page.goto('/discoverability/search-engines/sitemap');
    const graph = await graphOf(page);
    const byType = (type: string) => graph.find((entity) => entity['@type'] === type)!;
    expect(byType('Organization')).toMatchObject({ name: 'Example Docs Co.', legalName: 'Example Docs Company Ltd.', sameAs: expect.arrayContaining(['https://x.com/example']) });
    expect(byType('WebSite')).toMatchObject({ name: 'astro-docs-json', publisher: { '@id': byType('Organization')['@id'] } });
    expect(byType('TechArticle')).toMatchObject({ headline: 'Sitemap', mainEntityOfPage: { '@id': 'https://docs.example.com/discoverability/search-engines/sitemap' } });
    const trail = byType('BreadcrumbList').itemListElement as Array<{ name: string; position: number }>;
    expect(trail.map((item) => item.name)).toEqual(['Discoverability', 'Search engines', 'Sitemap']);
  });

  test('an API page is an APIReference; a page kept out of search engines has no structured data', async ({ page }) => {
    await page.goto('/api-reference/agent/get-an-agent-job');
    expect((await graphOf(page)).some((entity) => entity['@type'] === 'APIReference')).toBe(true);
    await page.goto('/drafts/roadmap');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });

  test('every page names the site and its card; its og:image is a 1200×630 PNG of the build', async ({ page, request }) => {
    await page.goto('/quickstart');
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'astro-docs-json');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', 'https://docs.example.com/quickstart');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toBe('https://docs.example.com/_og/quickstart.png');
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image!);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
    const response = await request.get(new URL(image!).pathname);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
  });

  test('a page with an og:image in its frontmatter keeps its own, and none is drawn for it', async ({ page, request }) => {
    await page.goto('/discoverability/search-engines/social-sharing');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', 'https://docs.example.com/images/social-card.png');
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:image:width"]')).toHaveCount(0);
    expect((await request.get('/_og/discoverability/search-engines/social-sharing.png')).status()).toBe(404);
    const own = await request.get('/images/social-card.png');
    expect(pngSize(await own.body())).toEqual({ width: 1200, height: 630 });
  });

  test('the images are in neither the sitemap nor llms.txt', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const sitemap = await (await request.get(new URL(/<loc>([^<]+)<\/loc>/.exec(index)![1]!).pathname)).text();
    expect(sitemap).not.toContain('/_og/');
    expect(await (await request.get('/llms.txt')).text()).not.toContain('/_og/');
  });
});
