// The fixture Mintlify repository, built unmodified: snippets, assets, forgiving MDX, the
// docs.json settings real repositories lean on, and page frontmatter.
import { expect, FIXTURE_URL, test } from './fixture-site.ts';

test.describe('snippets', () => {
  test('an MDX snippet renders with its props and exports, a JSX snippet as a component', async ({ page }) => {
    await page.goto('/snippets-and-assets');
    const content = page.locator('article .content');
    await expect(content).toContainText('Need help with Acme Widgets? Write to help@acme.example.com');
    await expect(content).toContainText('The support address, exported by the snippet, is help@acme.example.com.');
    // The snippet uses <Note> without importing it, as pages do.
    await expect(content.getByRole('note').or(content.locator('aside')).filter({ hasText: 'Support is available on every plan.' })).toBeVisible();
    const table = content.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').nth(2)).toHaveText(/Enterprise\s*6000/);
    await expect(content.locator('mark', { hasText: 'Enterprise' })).toHaveCSS('font-weight', '600');
  });

  test("the page's Markdown copy holds the snippet's text, its variables filled in", async ({ request }) => {
    const markdown = await (await request.get('/snippets-and-assets.md')).text();
    expect(markdown).toContain('Need help with Acme Widgets?');
    expect(markdown).toContain('> **Note:** Support is available on every plan.');
    expect(markdown).not.toMatch(/<Support|\{product\}/);
  });
});

test.describe('assets', () => {
  test("images from the repository's folders load, and files download", async ({ page, request }) => {
    await page.goto('/snippets-and-assets');
    for (const name of ['How a request flows from a client to the Acme API', 'The request lifecycle']) {
      const image = page.getByRole('img', { name });
      await expect(image).toBeVisible();
      expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), name).toBe(true);
    }
    const pdf = await request.get((await page.getByRole('link', { name: 'Acme cheat sheet' }).getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

test.describe('forgiving MDX', () => {
  test('what Mintlify accepts renders as its author meant', async ({ page }) => {
    await page.goto('/forgiving-mdx');
    const content = page.locator('article .content');
    await expect(content).toContainText('A line break');
    expect(await content.locator('br').count()).toBeGreaterThan(0);
    await expect(content.getByRole('img', { name: 'The Acme architecture' })).toHaveAttribute('width', '320');
    await expect(content.locator('.acme-box')).toHaveCSS('border-top-color', 'rgb(13, 147, 115)');
    await expect(content).toContainText('Requests succeed when retries <= 3, and fail when a value is < 0.');
    await expect(content).toContainText('Write the placeholder {your-api-key} in the header.');
    await expect(content.getByRole('link', { name: 'support@acme.example.com' })).toHaveAttribute('href', 'mailto:support@acme.example.com');
    await expect(content.getByRole('link', { name: 'https://status.acme.example.com' })).toHaveAttribute('href', 'https://status.acme.example.com');
    // Comments stay out of the page; an unknown component shows its content.
    await expect(content).not.toContainText('several lines');
    await expect(content).toContainText('Release notes are published every spring.');
  });
});

test.describe('search', () => {
  test('merges the indexes a large section is split into, and finds pages in each', async ({ page, request }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const names = (await page.locator('[data-search-dialog]').getAttribute('data-indexes'))!.split(' ');
    expect(names.length).toBeGreaterThan(2);
    // How many pages the first index holds: results beyond that come from the merged ones.
    const entry = (await (await request.get(`/pagefind/${names[0]}/pagefind-entry.json`)).json()) as { languages: Record<string, { page_count: number }> };
    const inFirst = Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
    await page.keyboard.press('Control+k');
    await dialog.getByRole('searchbox', { name: 'Search' }).fill('acme');
    const status = dialog.getByRole('status');
    await expect(status).toHaveText(/\d+ results?/);
    const found = Number(/(\d+)/.exec((await status.textContent()) ?? '')![1]);
    expect(found).toBeGreaterThan(inFirst);
    expect(found).toBeGreaterThan(5);
    await expect(dialog.locator('.search-results a')).toHaveCount(Math.min(found, 10));
  });
});

test.describe('docs.json settings', () => {
  test('logo, favicon, colours, fonts, search prompt and footer socials', async ({ page }) => {
    await page.goto('/snippets-and-assets');
    const brand = page.locator('.topbar .brand');
    await expect(brand).toHaveAttribute('href', 'https://acme.example.com');
    await expect(brand.locator('img.light-only')).toHaveAttribute('src', '/logo/light.svg');
    await expect(brand.locator('img.dark-only')).toHaveAttribute('src', '/logo/dark.svg');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    // colors.primary is the accent in light mode, colors.light in dark mode.
    await expect(page.locator('.content a').first()).toHaveCSS('color', 'rgb(109, 40, 217)');
    await page.locator('html').evaluate((html) => (html.dataset.theme = 'dark'));
    await expect(page.locator('.content a').first()).toHaveCSS('color', 'rgb(167, 139, 250)');
    await page.locator('html').evaluate((html) => (html.dataset.theme = 'light'));
    await expect(page.getByRole('button', { name: /Search Acme docs/ })).toBeVisible();

    // The body and headings use the repository's own font files.
    const fontsLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([document.fonts.load('400 16px "Acme Sans"'), document.fonts.load('700 16px "Acme Sans"')]);
      return [...document.fonts].filter((face) => face.family.replaceAll('"', '') === 'Acme Sans' && face.status === 'loaded').map((face) => face.weight);
    });
    expect(fontsLoaded.sort()).toEqual(['400', '700']);
    expect(await page.locator('h1').evaluate((element) => getComputedStyle(element).fontFamily)).toContain('Acme Sans');

    const socials = page.getByRole('contentinfo').locator('.socials');
    await expect(socials.getByRole('link', { name: 'Github' })).toHaveAttribute('href', 'https://github.com/acme');
    await expect(socials.getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/acme');
    await expect(socials.locator('i.icon').first()).toHaveClass(/^icon i\d+$/);
  });

  test('the default appearance wins over the system', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', baseURL: FIXTURE_URL });
    const page = await context.newPage();
    await page.goto('/layouts/wide');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });

  test('site-wide meta tags are on every page', async ({ page }) => {
    await page.goto('/components/cards');
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'Acme Docs');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  });

  test('redirects lead to the new pages, with their parameters', async ({ page }) => {
    await page.goto('/welcome');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/old/components/steps');
    await page.waitForURL('**/components/steps');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/steps/i);
    await page.goto('/drafts/mdx-tips');
    await page.waitForURL('**/forgiving-mdx');
  });

  test("API pages send requests to the api.baseUrl server", async ({ page }) => {
    await page.goto('/api-reference/widgets/get-a-widget');
    await expect(page.locator('.content, main').getByText('https://api.acme.example.com/widgets/').first()).toBeVisible();
  });
});

test.describe('frontmatter', () => {
  test('sidebar title, icon and tag; meta tags; canonical URL', async ({ page }) => {
    await page.goto('/page-settings');
    await expect(page).toHaveTitle('Page settings - Acme Docs');
    const link = page.locator('#sidebar').getByRole('link', { name: /Settings/ });
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(link.locator('.tag')).toHaveText('NEW');
    await expect(link.locator('i.icon')).toHaveCount(1);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', 'https://mint.example.com/images/og-settings.png');
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', 'Acme page settings');
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', 'settings, frontmatter, seo');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://acme.example.com/docs/page-settings');
  });

  test('modes: wide has no table of contents, center no sidebar, custom only the top bar', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/page-settings');
    await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
    await expect(page.locator('#sidebar')).toBeVisible();

    await page.goto('/layouts/wide');
    await expect(page.getByRole('navigation', { name: 'On this page' })).toHaveCount(0);
    await expect(page.locator('#sidebar')).toBeVisible();

    await page.goto('/layouts/center');
    await expect(page.getByRole('navigation', { name: 'On this page' })).toHaveCount(0);
    await expect(page.locator('#sidebar')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.goto('/');
    await expect(page.locator('#sidebar')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.locator('.pagination')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Build with Acme' })).toBeVisible();
    // The title is still the page's heading for screen readers.
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Docs' })).toBeAttached();
  });
});

test.describe('changelog feed', () => {
  test('a page with rss: true links its feed, which is RSS 2.0 with one item per heading of its Updates', async ({ page, request }) => {
    await page.goto('/components/changelog');
    const feedLink = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    await expect(feedLink).toHaveAttribute('href', '/components/changelog/rss.xml');
    await expect(page.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/components/changelog/rss.xml');
    // Each of these updates has Markdown headings: as on Mintlify, each heading is an item.
    const headings = await page.locator('section.update .update-content h2').evaluateAll((elements) => elements.map((heading) => heading.id));

    const response = await request.get('/components/changelog/rss.xml');
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    const feed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) return undefined;
      const rss = doc.documentElement;
      return {
        root: rss.nodeName,
        version: rss.getAttribute('version'),
        title: doc.querySelector('channel > title')?.textContent,
        items: [...doc.querySelectorAll('item')].map((item) => ({
          title: item.querySelector('title')?.textContent,
          link: item.querySelector('link')?.textContent,
          categories: [...item.querySelectorAll('category')].map((category) => category.textContent),
          description: item.querySelector('description')?.textContent,
        })),
      };
    }, xml);
    expect(feed).toBeDefined();
    expect(feed!.root).toBe('rss');
    expect(feed!.version).toBe('2.0');
    expect(headings).toHaveLength(3);
    expect(feed!.items).toHaveLength(headings.length);
    expect(feed!.items.map((item) => item.link)).toEqual(headings.map((id) => `https://mint.example.com/components/changelog#${id}`));
    expect(feed!.items[0]).toMatchObject({ title: 'Shared dashboards', categories: ['Dashboards', 'SDK'] });
    expect(feed!.items[0]!.description).toContain('Dashboards can now be shared');
  });
});

test.describe("the repository's own styles and scripts", () => {
  test('its .css files style every page after the site, its .js files run on every page, on Mintlify\'s hooks', async ({ page }) => {
    await page.goto('/components/more');
    const highlighted = page.getByText(/Styled by the repository.s own stylesheet/);
    await expect(highlighted).toHaveCSS('outline-color', 'rgb(255, 0, 128)');
    // Its rule for #navbar wins over the site's own border colour.
    await expect(page.locator('#navbar')).toHaveCSS('border-bottom-color', 'rgb(109, 40, 217)');
    await expect(page.locator('html')).toHaveAttribute('data-acme-analytics', 'on');
    expect(await page.evaluate(() => (window as unknown as { acmeAnalytics: { page: string } }).acmeAnalytics.page)).toBe('/components/more');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-acme-analytics', 'on');
    await expect(page.locator('#content-area')).toBeVisible();
    await expect(page.locator('#sidebar')).toBeAttached();
    // Dark mode is a class on the root too, as Mintlify's styles expect.
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('Tailwind classes in pages have their styles, in both themes and at every width', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/components/more');
    const box = page.locator('#tailwind-box');
    const [heading, text] = [box.locator('p').first(), box.locator('p').last()];
    await expect(box).toHaveCSS('border-radius', '12px');
    await expect(box).toHaveCSS('padding-top', '16px');
    await expect(box).toHaveCSS('display', 'flex');
    // docs.json's primary colour, #6D28D9, at a tenth.
    await expect(box).toHaveCSS('background-color', 'rgba(109, 40, 217, 0.1)');
    await expect(heading).toHaveCSS('font-size', '24px');
    await expect(heading).toHaveCSS('color', 'rgb(17, 24, 39)');
    await expect(text).toHaveCSS('color', 'rgb(109, 40, 217)');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(heading).toHaveCSS('color', 'rgb(250, 250, 250)');
    await expect(text).toHaveCSS('color', 'rgb(167, 139, 250)');
    // md:flex applies from 768 px on.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(box).toHaveCSS('display', 'block');
    // One stylesheet of the classes the site writes, named by its content.
    const href = await page.locator('link[rel="stylesheet"][href*="/_docs/utilities-"]').getAttribute('href');
    const css = await (await page.request.get(href!)).text();
    expect(css).toContain('.rounded-xl');
    expect(css).not.toContain('.rounded-lg');
  });

  test("built-in components carry Mintlify's data-component-name hook, by the name the page wrote", async ({ page }) => {
    await page.goto('/components/more');
    await expect(page.locator('[data-component-name="Tile"]')).toHaveCount(2);
    await expect(page.locator('[data-component-name="Info"]')).toHaveCount(1);
    await expect(page.locator('[data-component-name="Columns"]').first()).toHaveClass(/\bcolumns\b/);
  });
});
