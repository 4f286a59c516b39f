// The example site's Snippets page (writing/advanced/snippets): a snippet reads the props
// the page gives it, as a word in braces and in any expression: a template string, an
// attribute, a condition; a prop the page does not give shows nothing.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';

const content = (page: Page) => page.locator('article .content');

test.describe('snippets on the example site', () => {
  test('fill in the props the page gives them, in words in braces and in expressions', async ({ page }) => {
    await page.goto('/writing/advanced/snippets');
    await expect(content(page)).toContainText('Before you start, you need Node.js 22.12 or later');
    const run = content(page).locator('p', { hasText: 'Run it from the project folder with npx tsx' });
    await expect(run).toHaveText('Run it from the project folder with npx tsx greet.ts, or open greet.ts.');
    await expect(run.getByRole('link', { name: 'greet.ts' })).toHaveAttribute('href', 'https://github.com/acme/examples/blob/main/greet.ts');
    // `watch` is given: the condition takes its first branch.
    await expect(content(page).getByRole('complementary', { name: 'Tip' }).filter({ hasText: 'run it again on every save' })).toBeVisible();
    await expect(content(page).locator('aside', { hasText: 'It runs once and exits.' })).toHaveCount(0);
  });
});
