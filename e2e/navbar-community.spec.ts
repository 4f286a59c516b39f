/**
 * The navbar's GitHub and Discord links (`type: "github" | "discord"`): the network's icon,
 * and the repository's stars or the server's members online, asked of their public APIs by
 * the browser (answered here by stand-ins), as Mintlify shows them.
 */
import { expect } from 'playwright/test';
import { test } from './fixture-site.ts';

test('the primary button of a GitHub repository shows its stars, a Discord link the members online', async ({ page }) => {
  await page.route('https://api.github.com/repos/**', (route) =>
    route.fulfill({ json: { description: 'Widgets', stargazers_count: 12_345, forks_count: 67 }, headers: { 'access-control-allow-origin': '*' } }),
  );
  await page.route('https://discord.com/api/**', (route) => route.fulfill({ json: { approximate_presence_count: 321 }, headers: { 'access-control-allow-origin': '*' } }));
  await page.goto('/');
  const topbar = page.locator('.navbar.wide-only');
  const github = topbar.locator('a.primary-button');
  await expect(github).toHaveAttribute('href', 'https://github.com/acme/widgets');
  await expect(github).toContainText('acme/widgets');
  await expect(github.locator('.icon')).toHaveCount(1);
  await expect(github.locator('[data-community-count]')).toHaveText('12.3K');
  const discord = topbar.getByRole('link', { name: /Discord/ });
  await expect(discord.locator('.icon')).toHaveCount(1);
  await expect(discord.locator('[data-community-count]')).toHaveText('321');
});

test('without an answer, the links are whole, with no count', async ({ page }) => {
  await page.route(/^https:\/\/(api\.github\.com|discord\.com)\//, (route) => route.abort());
  await page.goto('/');
  const github = page.locator('.navbar.wide-only a.primary-button');
  await expect(github).toContainText('acme/widgets');
  await expect(github.locator('[data-community-count]')).toBeHidden();
});
