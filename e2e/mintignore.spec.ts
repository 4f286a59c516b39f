// `.mintignore` on the example site: it ignores its notes for coding assistants (`AGENTS.md`)
// and its `internal/` folder, whose release checklist the navigation lists. Neither is served,
// searched or listed anywhere; the word "larkspur" is in both and on no published page.
import { expect, test, type Page } from 'playwright/test';

const IGNORED = ['/internal/release-checklist', '/internal/release-checklist.md', '/AGENTS', '/AGENTS.md'];

test('a file .mintignore ignores has no page: its URL is a 404, and the navigation that lists it goes without it', async ({ page, request }) => {
  for (const url of IGNORED) expect((await request.get(url)).status(), url).toBe(404);
  await page.goto('/writing/pages');
  await expect(page.locator('#sidebar').getByRole('link', { name: 'Pages', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('#sidebar').getByRole('link', { name: 'Release checklist' })).toHaveCount(0);
});

test('search finds no ignored page, and neither llms.txt, llms-full.txt, the sitemap nor the MCP index lists one', async ({ page, request }) => {
  // Each search on a fresh page, so that its status is its own. Pagefind answers near matches
  // when nothing matches exactly: the checklist is not among them.
  for (const query of ['larkspur', 'release checklist']) {
    await page.goto('/quickstart');
    expect(await search(page, query, /results?$|^No results/)).not.toContain('/internal/release-checklist');
  }
  // The page that tells of `.mintignore` is found by its words: the index is there, and without the ignored page.
  await page.goto('/quickstart');
  expect(await search(page, 'mintignore', /^\d+ results?$/)).toContain('/writing/pages');

  for (const file of ['/llms.txt', '/llms-full.txt', '/sitemap-0.xml', '/_docs/mcp.json']) {
    const response = await request.get(file);
    expect(response.status(), file).toBe(200);
    const text = await response.text();
    // The page that tells of them names them, in code; their titles and words are nowhere.
    expect(text, file).not.toMatch(/larkspur|Release checklist|Notes for coding assistants/);
    if (file === '/llms.txt' || file === '/sitemap-0.xml') expect(text, file).not.toContain('release-checklist');
  }
  expect(await (await request.get('/llms-full.txt')).text()).toContain('Keeping files off the site');
});

/** The addresses of the results search gives for `query`, once its status says `expected`. */
async function search(page: Page, query: string, expected: RegExp): Promise<Array<string | null>> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const box = dialog.getByRole('searchbox', { name: 'Search' });
  await expect(box).toBeFocused();
  await box.fill(query);
  // Pagefind's first search loads its WebAssembly and index, which can take a while beside the other tests.
  await expect(dialog.getByRole('status')).toHaveText(expected, { timeout: 15_000 });
  return dialog.locator('.search-results a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
}
