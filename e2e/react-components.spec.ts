// The example site's page on React components (writing/advanced/react-components): a
// component an MDX snippet exports works in the browser, and Markdown with a built-in
// component reaches a React component through a wrapper the page defines.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';

const content = (page: Page) => page.locator('article .content');

test.describe('React components on the example site', () => {
  test('the calculator a snippet exports renders before any script runs, then counts seats', async ({ page }) => {
    await page.goto('/writing/advanced/react-components');
    const seats = content(page).getByRole('status', { name: 'Seats' });
    await expect(seats).toHaveText('5 seats');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await content(page).getByRole('button', { name: 'Add a seat' }).click();
    await expect(seats).toHaveText('6 seats');
    await expect(content(page).locator('.seat-total')).toHaveText('72 € a month');
    for (let i = 0; i < 6; i++) await content(page).getByRole('button', { name: 'Remove a seat' }).click();
    await expect(seats).toHaveText('1 seat');
  });

  test('a wrapper the page defines hands its Markdown and a built-in component to a React component', async ({ page }) => {
    await page.goto('/writing/advanced/react-components');
    const reveal = content(page).locator('.reveal');
    const toggle = reveal.getByRole('button', { name: 'Show the answer' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(reveal.locator('strong')).toHaveCount(0);
    await toggle.click();
    await expect(reveal.getByRole('button', { name: 'Hide the answer' })).toHaveAttribute('aria-expanded', 'true');
    await expect(reveal.locator('strong')).toHaveText('never published');
    await expect(reveal.getByRole('complementary', { name: 'Tip' })).toContainText('npx astro-docs-json check');
  });

  test('pages without React components load no React', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await page.goto('/writing/advanced/snippets');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /react|client\./i.test(url))).toEqual([]);
  });
});
