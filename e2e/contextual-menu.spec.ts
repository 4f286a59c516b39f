/**
 * The page menu for AI tools (docs.json `contextual`): beside the title on the example
 * site, atop the table of contents on the fixture, with a custom entry.
 */
import { expect, test as exampleTest } from 'playwright/test';
import { test } from './fixture-site.ts';

exampleTest.describe('beside the title', () => {
  exampleTest('copies the page as Markdown, and its links carry the Markdown URL', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.goto('/quickstart');
    const menu = page.locator('.page-title details.contextual-menu');
    await menu.locator('summary').click();
    await expect(menu.getByRole('link', { name: /View as Markdown/ })).toHaveAttribute('href', 'https://docs.example.com/quickstart.md');
    const claude = new URL((await menu.getByRole('link', { name: /Open in Claude/ }).getAttribute('href'))!);
    expect(claude.origin).toBe('https://claude.ai');
    expect(claude.searchParams.get('q')).toContain('https://docs.example.com/quickstart.md');
    await expect(menu.getByRole('link', { name: /Open in ChatGPT/ })).toHaveAttribute('target', '_blank');
    await menu.getByRole('button', { name: /Copy page/ }).click();
    await expect(menu.getByRole('status')).toHaveText('Page copied as Markdown');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const markdown = await (await page.request.get('/quickstart.md')).text();
    expect(copied).toBe(markdown);
    expect(copied).toMatch(/^# Quickstart/);
  });
});

exampleTest.describe('every entry Mintlify documents', () => {
  exampleTest('opens the page in more assistants, copies the MCP install command, prints the page and, on API pages, downloads the spec', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.goto('/quickstart');
    const menu = page.locator('.page-title details.contextual-menu');
    await menu.locator('summary').click();
    for (const [name, origin, key] of [['Open in Grok', 'https://grok.com', 'q'], ['Open in Google AI Studio', 'https://aistudio.google.com', 'prompt'], ['Open in Devin', 'https://app.devin.ai', 'prompt']] as const) {
      const href = new URL((await menu.getByRole('link', { name: new RegExp(name) }).getAttribute('href'))!);
      expect(href.origin).toBe(origin);
      expect(href.searchParams.get(key)).toContain('https://docs.example.com/quickstart.md');
    }
    // Each entry has its icon.
    expect(await menu.locator('li:not([hidden]) .icon').count()).toBe(await menu.locator('li:not([hidden])').count());
    // Not an API page: no spec to download.
    await expect(menu.getByRole('link', { name: /Download API spec/ })).toHaveCount(0);
    await menu.getByRole('button', { name: /Copy MCP install command/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^npx add-mcp https:\/\/docs\.example\.com\/mcp$/);
    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute('data-printed', '');
    });
    // The menu stays open after a copy.
    await menu.getByRole('button', { name: /Download PDF/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-printed', '');

    await page.goto('/api-reference/get-health');
    const apiMenu = page.locator('.page-title details.contextual-menu');
    await apiMenu.locator('summary').click();
    const spec = apiMenu.getByRole('link', { name: /Download API spec/ });
    await expect(spec).toHaveAttribute('download', '');
    const response = await page.request.get((await spec.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/^openapi: /m);
  });
});

test.describe('atop the table of contents', () => {
  test('shows the entries docs.json lists, a custom one with $page and $path filled in', async ({ page }) => {
    await page.goto('/components/cards');
    const menu = page.getByRole('navigation', { name: 'On this page' }).locator('details.contextual-menu');
    await menu.locator('summary').click();
    await expect(menu.getByRole('listitem')).toHaveText([/Copy page/, /View as Markdown/, /Open in Claude/, /Connect to VS Code/, /Share on Acme Chat/]);
    const share = new URL((await menu.getByRole('link', { name: /Share on Acme Chat/ }).getAttribute('href'))!);
    expect(`${share.origin}${share.pathname}`).toBe('https://chat.acme.example/share');
    expect(share.searchParams.get('text')).toBe('Read https://mint.example.com/components/cards (/components/cards)');
  });
});
