/**
 * docs.json `theme`: one small site (e2e/fixtures/themes) built from the same files in
 * three of Mintlify's themes, each served on its own port. The themes must look different
 * where a reader sees it (body text, headings, the sidebar, the top bar), keep what a theme
 * must keep (Linden's monospace), and carry Mintlify's CSS hooks.
 */
import { test, expect, type Page } from 'playwright/test';
import { THEME_FIXTURES } from './fixture-site.ts';

type Theme = keyof typeof THEME_FIXTURES;
const THEMES = Object.keys(THEME_FIXTURES) as Theme[];
const urlOf = (theme: Theme, path = '/') => `http://127.0.0.1:${THEME_FIXTURES[theme]}${path}`;

/** The computed styles that make a theme's look, part by part. */
async function looks(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string, properties: string[]) => {
      const computed = getComputedStyle(document.querySelector(selector)!);
      return properties.map((property) => computed.getPropertyValue(property)).join(' | ');
    };
    return {
      body: style('#mdx-content p', ['font-family', 'font-size', 'line-height', 'color']),
      heading: style('#page-title', ['font-family', 'font-weight', 'font-size', 'letter-spacing']),
      sidebar: style('#sidebar-content a[aria-current="page"]', ['font-family', 'background-color', 'color', 'box-shadow']),
      groupHeader: style('#sidebar-content .group > p > span', ['font-family', 'font-size', 'text-transform', 'font-style']),
      topbar: style('#navbar', ['background-color', 'border-bottom-style', 'font-family']),
      brand: style('#navbar .brand', ['font-family', 'font-size']),
    };
  });
}

test.describe('themes', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  });

  test('the same pages look different in mint, linden and sequoia, part by part', async ({ page }) => {
    const seen: Record<string, Awaited<ReturnType<typeof looks>>> = {};
    for (const theme of THEMES) {
      await page.goto(urlOf(theme));
      await expect(page.locator('html')).toHaveAttribute('data-docs-theme', theme);
      seen[theme] = await looks(page);
    }
    for (const part of ['body', 'heading', 'sidebar', 'groupHeader', 'topbar'] as const) {
      const values = THEMES.map((theme) => seen[theme]![part]);
      expect(new Set(values).size, `${part}: ${values.join(' / ')}`).toBe(THEMES.length);
    }
  });

  test("Linden's text is monospace, Sequoia's reading column serif, and docs.css draws mint", async ({ page }) => {
    const family = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).fontFamily);
    await page.goto(urlOf('linden'));
    for (const selector of ['#mdx-content p', '#page-title', '#sidebar-content a', '#navbar .brand']) expect(await family(selector)).toMatch(/monospace/);
    await page.goto(urlOf('sequoia'));
    expect(await family('#mdx-content p')).toMatch(/serif/);
    expect(await family('#mdx-content p')).not.toMatch(/sans-serif|monospace/);
    // The navigation around the column stays in a sans.
    expect(await family('#sidebar-content a')).toMatch(/sans-serif/);
    await page.goto(urlOf('mint'));
    expect(await family('#mdx-content p')).toMatch(/sans-serif/);
  });

  test('each theme keeps its text readable in dark mode too, and focus visible', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const theme of THEMES) {
      await page.goto(urlOf(theme));
      const [text, background] = await page.evaluate(() => [getComputedStyle(document.querySelector('#mdx-content p')!).color, getComputedStyle(document.body).backgroundColor]);
      expect(text, theme).not.toBe(background);
      // A dark page: the body's colour is darker than its text.
      const lightness = (color: string) => color.match(/\d+/g)!.slice(0, 3).reduce((sum, channel) => sum + Number(channel), 0);
      expect(lightness(background), theme).toBeLessThan(lightness(text));
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(outline, theme).toBe('solid');
    }
  });

  test("Mintlify's CSS hooks are on the page, each id once", async ({ page }) => {
    await page.goto(urlOf('linden'));
    const hooks = ['#navbar', '#sidebar', '#sidebar-content', '#body-content', '#content-area', '#header', '#page-title', '#mdx-content', '#pagination', '#panel', '#table-of-contents', '#footer', '#topbar-cta-button'];
    for (const hook of hooks) await expect(page.locator(hook), hook).toHaveCount(1);
    await expect(page.locator('#page-title')).toHaveText('Welcome to Lumen');
    await expect(page.locator('#header .description')).toHaveText(/Control every light/);
    await expect(page.locator('#topbar-cta-button')).toHaveText('Get started');
    await expect(page.locator('#pagination .pagination-next')).toContainText('Install');
    const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((element) => element.id));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});

test.describe('background', () => {
  test("the example site's background colour in each scheme, and its gradient behind the page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/writing/advanced/themes');
    const root = page.locator('html');
    await expect(root).toHaveAttribute('data-docs-theme', 'maple');
    await expect(root).toHaveAttribute('data-background-decoration', 'gradient');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(252, 252, 253)');
    const decoration = await page.evaluate(() => getComputedStyle(document.body, '::before').backgroundImage);
    expect(decoration).toContain('radial-gradient');
    // The top bar lets the decoration show through.
    expect(await page.locator('#navbar').evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(/[/,] ?0\.82\)$/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(11, 12, 15)');
    // The screenshots the page shows are there, all eighteen.
    const images = page.locator('#mdx-content img[src*="/images/themes/"]');
    await expect(images).toHaveCount(18);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(960);
    }
  });
});
