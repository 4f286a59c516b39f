// Links into fields, accordions and tabs by the ids Mintlify gives them
// (example-site/writing/reference/component-anchors.mdx, and an OpenAPI page's fields): each
// link opens what hides its target and brings it into view, and no id is used twice on a page.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';

const content = (page: Page) => page.locator('article .content');
const PAGE = '/writing/reference/component-anchors';

/** The ids the page uses more than once. */
async function repeatedIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
  });
}

test.describe('component anchors', () => {
  test('fields have Mintlify’s ids, each once on the page', async ({ page }) => {
    await page.goto(PAGE);
    const ids = await content(page).locator('.field[id]').evaluateAll((fields) => fields.map((field) => field.id));
    expect(ids).toEqual(['param-build-id', 'param-working-dir', 'param-api-key-k', 'param-id', 'param-owner', 'param-id-1', 'param-display-name']);
    expect(await repeatedIds(page)).toEqual([]);
  });

  test('a link to a field in a closed expandable opens it and scrolls to the field', async ({ page }) => {
    await page.goto(`${PAGE}#param-id-1`);
    const field = content(page).locator('#param-id-1');
    await expect(content(page).locator('details.expandable')).toHaveAttribute('open', '');
    await expect(field).toBeInViewport();
    await expect(field).toContainText('the second id on the page');
  });

  test('accordions: titles with `/`, code and other scripts, and repeats', async ({ page }) => {
    await page.goto(PAGE);
    const ids = await content(page).locator('details.accordion').evaluateAll((items) => items.map((item) => item.id));
    expect(ids).toEqual(['a-b-tests', 'a-b-tests-1', 'install-with-npm', 'install-guide']);
    await page.goto('about:blank');
    await page.goto(`${PAGE}#install-guide`);
    await expect(content(page).locator('details#install-guide')).toHaveAttribute('open', '');
    await expect(content(page).locator('details#a-b-tests')).not.toHaveAttribute('open', '');
    // A link on the page opens the second of two accordions of one title.
    await content(page).getByRole('link', { name: 'open the second A/B accordion' }).click();
    await expect(content(page).locator('details#a-b-tests-1')).toHaveAttribute('open', '');
    await expect(content(page).locator('details#a-b-tests-1')).toBeInViewport();
  });

  test('a tab’s id keeps its escapes, and a link to it selects it', async ({ page }) => {
    await page.goto(`${PAGE}#npm-%2F-pnpm`);
    const tabs = content(page).locator('.tab-group');
    await expect(tabs.getByRole('tab', { name: 'npm / pnpm' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.locator('[id="npm-%2F-pnpm"]')).toBeVisible();
    await page.goto(PAGE);
    await expect(tabs.getByRole('tab', { name: 'Yarn' })).toHaveAttribute('aria-selected', 'true');
    await content(page).getByRole('link', { name: 'Show the npm / pnpm tab' }).click();
    await expect(tabs.getByRole('tab', { name: 'npm / pnpm' })).toHaveAttribute('aria-selected', 'true');
  });

  test('an OpenAPI page’s fields carry their parents’ names, and a link opens the fields around one', async ({ page }) => {
    await page.goto('/api-reference/agent/create-an-agent-job#param-source-repository');
    const field = page.locator('#param-source-repository');
    await expect(field).toBeInViewport();
    await expect(field.locator('.field-name').first()).toHaveText('repository');
    await expect(page.locator('#param-project-id')).toHaveCount(1);
    await expect(page.locator('#param-created-at')).toHaveCount(1);
    expect(await repeatedIds(page)).toEqual([]);
  });
});
