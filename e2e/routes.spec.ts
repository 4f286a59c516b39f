import { execFileSync } from 'node:child_process';
import { expect, test } from 'playwright/test';

interface RouteRow {
  url: string;
  title: string;
  language: string | null;
}

/** The route table, as the command line gives it for the example site. */
const table = JSON.parse(
  execFileSync(process.execPath, ['packages/astro-docs-json/bin/astro-docs-json.js', 'routes', 'example-site', '--json'], {
    cwd: new URL('..', import.meta.url),
    encoding: 'utf8',
  }),
) as { routes: RouteRow[] };

test('the built site serves every route of the route table, hidden pages included', async ({ request }) => {
  expect(table.routes.length).toBeGreaterThan(40);
  for (const route of table.routes) {
    const response = await request.get(route.url);
    expect(response.status(), route.url).toBe(200);
    const html = await response.text();
    expect(html, route.url).toContain(`<html lang="${route.language ?? 'en'}"`);
    expect(html, route.url).toContain('<title>');
  }
});

test('a page shows its title, description and content in the browser', async ({ page }) => {
  await page.goto('/quickstart');
  await expect(page).toHaveTitle('Quickstart - astro-docs-json');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quickstart');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Create a documentation site/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://docs.example.com/quickstart');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
});

test('a page of another language carries its language', async ({ page }) => {
  await page.goto('/fr/quickstart');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('a plain Markdown page, rendered from its source, has the same parts as any other', async ({ page }) => {
  await page.goto('/writing/reference/markdown');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Markdown reference');
  await expect(page.getByRole('table').first()).toContainText('A second-level heading');
  const code = page.locator('pre.astro-code[data-language="bash"]');
  await expect(code).toContainText('npx astro-docs-json check');
  await expect(code.locator('span[style*="--shiki-light"]').first()).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'On this page' });
  await toc.getByRole('link', { name: 'Code blocks' }).click();
  await expect(page).toHaveURL(/#code-blocks$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Code blocks' })).toBeInViewport();
});
