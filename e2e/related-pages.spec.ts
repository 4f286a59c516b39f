// "Related topics" at the foot of the example site's pages: the list a page's `related`
// frontmatter writes, and, for the other pages, suggestions from the site's own search
// (the example site builds with `relatedPages: 'automatic'`).
import { expect, test } from 'playwright/test';

test('a page shows the related topics its frontmatter lists, in order, with titles inferred or given', async ({ page }) => {
  await page.goto('/writing/advanced/related-pages');
  const related = page.getByRole('navigation', { name: 'Related topics' });
  await expect(related.getByRole('heading', { level: 2, name: 'Related topics' })).toBeVisible();
  const links = related.getByRole('link');
  await expect(links).toHaveText(['Frontmatter', 'Redirects and moved pages', 'Integration options', /Mintlify’s add-on|Mintlify's add-on/]);
  await expect(links.nth(0)).toHaveAttribute('href', '/writing/frontmatter');
  await expect(links.nth(1)).toHaveAttribute('href', '/writing/advanced/redirects');
  const external = links.nth(3);
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAccessibleName(/opens in a new tab/);

  await links.nth(1).click();
  await expect(page).toHaveURL(/\/writing\/advanced\/redirects$/);
});

test('a page without a list is offered pages of its own language that search finds for its title', async ({ page }) => {
  await page.goto('/writing/advanced/redirects');
  const links = page.getByRole('navigation', { name: 'Related topics' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(5);
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(hrefs).not.toContain('/writing/advanced/redirects');
  expect(hrefs.every((href) => href?.startsWith('/') && !href.startsWith('/fr/'))).toBe(true);

  // A French page is offered French pages.
  await page.goto('/fr');
  const french = await page.getByRole('navigation', { name: 'Sujets connexes' }).getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  expect(french.length).toBeGreaterThan(0);
  expect(french.every((href) => href?.startsWith('/fr/'))).toBe(true);
});

test('the related topics stay out of the page’s Markdown copy and its search text', async ({ page, request }) => {
  const markdown = await (await request.get('/writing/advanced/related-pages.md')).text();
  expect(markdown).toContain('# Related topics');
  expect(markdown).not.toContain('organize/related-pages');
  await page.goto('/writing/advanced/related-pages');
  await expect(page.locator('nav.related-topics')).toHaveAttribute('data-pagefind-ignore', '');
});
