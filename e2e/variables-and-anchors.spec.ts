// docs.json `variables` replaced in pages, snippets and titles, and heading ids as Mintlify
// makes them: the example site's Variables and Heading anchors pages, and the fixture
// repository's page with a `{{name}}` that no variable defines.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';
import { FIXTURE_URL } from './fixture-site.ts';

const content = (page: Page) => page.locator('article .content');

test.describe('variables', () => {
  test('are replaced in the page, its snippet, its code, its title and its description', async ({ page }) => {
    await page.goto('/writing/advanced/variables');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Variables in astro-docs-json');
    await expect(page).toHaveTitle(/^Variables in astro-docs-json/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /write it on any page as astro-docs-json does/);
    await expect(content(page)).toContainText('it documents astro-docs-json, which needs Node.js 22.12 or later, and questions go to help@docs.example.com.');
    await expect(content(page).locator('pre', { hasText: 'npm install' })).toContainText('npm install astro-docs-json');
    await expect(content(page).locator('pre', { hasText: 'npm install' })).toContainText('# 22.12 or later');
    // The snippet gets the site's variables, not props.
    await expect(content(page).locator('aside, [role="note"]').filter({ hasText: 'This note is a snippet' })).toContainText('it names astro-docs-json and the address help@docs.example.com');
  });

  test('are text: a value with angle brackets shows them, and code keeps the braces of names no variable defines', async ({ page }) => {
    await page.goto('/writing/advanced/variables');
    await expect(content(page)).toContainText('The supported Node.js range on this site is >=22.12 <23, written in');
    await expect(content(page).locator('pre', { hasText: 'Hello' })).toHaveText(/Hello \{\{customer\}\}, your plan renews on \{\{renewal-date\}\}\./);
    await expect(content(page).locator('code', { hasText: '{{name}}' }).first()).toBeVisible();
  });

  test('a {{name}} that no variable defines is shown as written, not run as code', async ({ page }) => {
    await page.goto(`${FIXTURE_URL}/forgiving-mdx`);
    await expect(content(page)).toContainText('Greet the reader as {{customerName}}: no variable of this repository has that name');
  });
});

test.describe('heading anchors', () => {
  const ids = [
    'how-ids-are-made',
    'release-2-1-notes',
    'read/write-access',
    'billing-&-invoices',
    'what’s-changed',
    'repeated-headings',
    'example',
    'example-2',
    'custom-ids',
    'headings-in-components',
    'inside-an-accordion',
    'from-a-component',
  ];

  test('headings have the ids Mintlify gives them, and the table of contents links to them', async ({ page }) => {
    await page.goto('/writing/reference/heading-anchors');
    const headings = content(page).locator('h2, h3');
    expect(await headings.evaluateAll((elements) => elements.map((element) => element.id))).toEqual(ids);
    // The custom id's braces are not shown.
    await expect(content(page).getByRole('heading', { name: 'Custom ids', exact: true })).toHaveAttribute('id', 'custom-ids');
    await expect(content(page).locator('h2', { hasText: '{#' })).toHaveCount(0);
    // Every heading but the one inside the accordion is listed, in order, linking to its id.
    const toc = page.locator('nav.toc a');
    const listed = ids.filter((id) => id !== 'inside-an-accordion');
    expect(await toc.evaluateAll((links) => links.map((link) => decodeURIComponent(link.getAttribute('href')!)))).toEqual(listed.map((id) => `#${id}`));
    await toc.filter({ hasText: 'Billing & invoices' }).click();
    await expect(page).toHaveURL(/#billing-&-invoices$/);
    await expect(content(page).getByRole('heading', { name: 'Billing & invoices' })).toBeInViewport();
  });

  test('a link to a custom id scrolls to its heading', async ({ page }) => {
    await page.goto('/writing/reference/heading-anchors#custom-ids');
    await expect(content(page).getByRole('heading', { name: 'Custom ids', exact: true })).toBeInViewport();
    await expect(content(page).getByRole('heading', { name: 'How ids are made' })).not.toBeInViewport();
  });

  test('links to ids with slashes and typographic apostrophes reach their headings', async ({ page }) => {
    await page.goto('/writing/reference/heading-anchors');
    await content(page).getByRole('link', { name: '#what’s-changed' }).click();
    await expect(content(page).getByRole('heading', { name: 'What’s changed' })).toBeInViewport();
    await page.goto(`/writing/reference/heading-anchors#${encodeURIComponent('read/write-access')}`);
    await expect(content(page).getByRole('heading', { name: 'Read/write access' })).toBeInViewport();
  });
});
