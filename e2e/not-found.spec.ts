/**
 * Addresses that are no page: the site's own 404 page, which sends the reader home by
 * default (docs.json `errors.404.redirect`), or lists the closest pages; an address that can
 * only mean one page goes there, a trailing slash included.
 */
import { fileURLToPath } from 'node:url';
import { expect, test as exampleTest } from 'playwright/test';
import { test } from './fixture-site.ts';

test.describe('on a static site', () => {
  test('an unknown address is a 404, whose page sends the reader home, as Mintlify does by default', async ({ page }) => {
    const response = await page.goto('/components/callout-boxes');
    expect(response!.status()).toBe(404);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page is not here');
  });

  test('without JavaScript, the 404 page stays: docs.json errors.404 and a link home', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/components/callout-boxes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is not here');
    await expect(page.getByText('The address may have changed: try one of these.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await context.close();
  });

  test('a trailing slash reaches the page, and so does a slip of the keyboard', async ({ page }) => {
    // astro preview serves the page itself there; a static host that does not serves the 404 page, whose script goes on to the page.
    await page.goto('/components/cards/?from=test');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cards');
    const notFoundPage = fileURLToPath(new URL('fixtures/mintlify-repo/dist/404.html', import.meta.url));
    await page.route((url) => url.pathname === '/components/steps/', (route) => route.fulfill({ status: 404, path: notFoundPage }));
    await page.goto('/components/steps/?from=test');
    await expect(page).toHaveURL(/\/components\/steps\?from=test$/);
    await page.goto('/components/callout');
    await expect(page).toHaveURL(/\/components\/callouts$/);
  });
});

exampleTest.describe('on a server', () => {
  exampleTest('with errors.404.redirect off, an unknown address shows the styled 404 page and the closest pages', async ({ page }) => {
    const response = await page.goto('/quikstart');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('banner').getByRole('button', { name: /Search/ })).toBeVisible();
    const closest = page.getByRole('region', { name: 'Pages with a similar address' });
    await closest.getByRole('link', { name: 'Quickstart', exact: true }).click();
    await expect(page).toHaveURL(/\/quickstart$/);
  });

  exampleTest('a trailing slash is redirected; an unknown address gets the 404 page', async ({ request }) => {
    const slash = await request.get('/quickstart/?a=1', { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers().location).toBe('/quickstart?a=1');
    const unknown = await request.get('/nope');
    expect(unknown.status()).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('<title>Page not found - astro-docs-json</title>');
    // No page menu for AI tools: there is no page to hand over.
    expect(html).not.toContain('contextual-menu');
  });
});
