import { expect, test } from 'playwright/test';

// The example site runs on a server (@astrojs/node): redirects answer with their own status.
test('docs.json redirects answer 308, or 307 when not permanent, with parameters expanded', async ({ request, page }) => {
  for (const [source, status, destination] of [
    ['/getting-started', 308, '/quickstart'],
    ['/guides/hosting', 307, '/deploy/static/overview'],
    ['/hosting/cdn', 308, '/deploy/static/cdn'],
  ] as const) {
    const response = await request.get(source, { maxRedirects: 0 });
    expect(response.status(), source).toBe(status);
    expect(response.headers().location, source).toBe(destination);
  }
  await page.goto('/getting-started');
  await expect(page).toHaveURL(/\/quickstart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quickstart');
});
