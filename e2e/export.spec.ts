// `astro-docs-json export`: the zip a reader unzips and opens from disk, with no server.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'playwright/test';
import { expectNamedIcon } from './drawn-icon.ts';

const root = path.resolve(import.meta.dirname, '..');
let work: string;
let site: string;

test.beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'export-e2e-'));
  // The fixture repository as Mintlify users have it: no Astro project, nothing installed.
  const repo = path.join(work, 'repo');
  cpSync(path.join(root, 'e2e/fixtures/mintlify-repo'), repo, {
    recursive: true,
    filter: (source) => !/[/\\](node_modules|dist|\.astro|astro\.config\.mjs|package\.json)$/.test(source),
  });
  const bin = path.join(root, 'packages/astro-docs-json/bin/astro-docs-json.js');
  execFileSync(process.execPath, [bin, 'export', '--output', path.join(work, 'site.zip')], { cwd: repo, env: { ...process.env, XDG_CACHE_HOME: path.join(work, 'cache'), ASTRO_TELEMETRY_DISABLED: '1' }, stdio: 'pipe' });
  site = path.join(work, 'site');
  // Unzipped by the system's own tool: the archive is a standard one.
  execFileSync('unzip', ['-q', path.join(work, 'site.zip'), '-d', site]);
});

test.afterAll(() => rmSync(work, { recursive: true, force: true }));

test('an exported site opens from disk, styled, with its icons and images, and its links lead from page to page', async ({ page }) => {
  await page.goto(pathToFileURL(path.join(site, 'index.html')).href);
  await expect(page.getByText('Build with Acme')).toBeVisible();
  // Its style sheet is read from disk.
  expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.startsWith('file:')))).toBe(true);
  // What needs a server says so.
  await expect(page.locator('#from-disk')).toBeVisible();
  await expect(page.locator('#from-disk')).toContainText('search');

  await page.getByRole('link', { name: /Snippets and assets/ }).first().click();
  await expect(page).toHaveURL(/\/snippets-and-assets\.html$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Snippets and assets' })).toBeVisible();
  // Icons are drawn from disk too: the icon style sheet carries their SVGs.
  await expectNamedIcon(page.locator('#sidebar i.icon:visible').first());
  // The repository's images are found beside the page.
  const image = page.locator('article img[src^="images/"]').first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);

  await page.locator('#sidebar').getByRole('link', { name: 'Forgiving MDX' }).click();
  await expect(page).toHaveURL(/\/forgiving-mdx\.html$/);
  await expect(page.locator('#sidebar [aria-current="page"]')).toHaveText('Forgiving MDX');
});
