import { expect, test } from 'playwright/test';
import { previewedRepository, type PreviewedRepository } from './previewed-repository.ts';
import { PORT } from './stand-in.ts';

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

// A docs repository made here, built with the command line into a static site, with the
// `_redirects` Netlify and Cloudflare Pages read, and served by `astro-docs-json preview`,
// which answers those rules as they do.
test.describe('a static site with `_redirects`', () => {
  // After page-meta's preview (PORT + 10).
  const port = PORT + 11;
  const FILES: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Releases',
      navigation: { pages: ['index', 'releases/v3', 'releases/v2'] },
      redirects: [
        { source: '/latest', destination: '/releases/v3', permanent: false },
        { source: 'changelog', destination: '/releases/v3' },
        { source: '/old-releases/:slug*', destination: '/releases/:slug*' },
      ],
    }),
    'index.mdx': '---\ntitle: Home\n---\n\nThe newest release: <span id="latest-release">asking</span>.\n',
    'releases/v3.mdx': '---\ntitle: Release 3\n---\n\nThe third one.\n',
    'releases/v2.mdx': '---\ntitle: Release 2\n---\n\nThe second one.\n',
    // The site's own script asks the server where `/latest` leads, as a release badge might.
    'latest-release.js':
      "const out = document.getElementById('latest-release');\n" +
      "if (out) fetch('/latest').then((response) => { out.textContent = (response.redirected ? 'redirected to ' : 'served at ') + new URL(response.url).pathname; });\n",
  };
  let site: PreviewedRepository;

  // One worker builds and serves the site, and runs these tests in order (`previewed-repository.ts`).
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    site = await previewedRepository('redirects', FILES, port);
  });

  test.afterAll(() => site?.close());

  test('each redirect answers with its status and where it leads, a source without its slash too', async ({ request }) => {
    for (const [source, status, location] of [
      ['/latest', 307, '/releases/v3'],
      ['/changelog', 308, '/releases/v3'],
      ['/old-releases/v2', 308, '/releases/v2'],
    ] as const) {
      const response = await request.get(`${site.baseURL}${source}`, { maxRedirects: 0 });
      expect(response.status(), source).toBe(status);
      expect(response.headers().location, source).toBe(location);
    }
    // The file hosts read, and the page that refreshes for those that read none.
    expect(site.built('_redirects')).toContain('/latest /releases/v3 307\n/changelog /releases/v3 308\n/old-releases/* /releases/:splat 308\n');
    expect(site.built('latest.html')).toContain('<meta http-equiv="refresh" content="0;url=/releases/v3">');
  });

  test("a page's own script that fetches a redirect's source follows it to the page", async ({ page }) => {
    await page.goto(`${site.baseURL}/`);
    await expect(page.locator('#latest-release')).toHaveText('redirected to /releases/v3');
    await page.goto(`${site.baseURL}/changelog`);
    await expect(page).toHaveURL(/\/releases\/v3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Release 3');
  });
});
