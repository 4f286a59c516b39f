import { expect, test } from 'playwright/test';

test.describe('banner', () => {
  test('a dismissed banner stays dismissed, across pages and reloads', async ({ page }) => {
    await page.goto('/quickstart');
    const banner = page.getByRole('region', { name: 'Announcement' });
    await expect(banner).toContainText('Version 2 is out');
    await expect(banner.getByRole('link', { name: 'quickstart' })).toHaveAttribute('href', '/quickstart');
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Announcement' })).toBeHidden();
    await page.goto('/concepts');
    await expect(page.getByRole('region', { name: 'Announcement' })).toBeHidden();
    // Another language's banner is another banner.
    await page.goto('/fr');
    await expect(page.getByRole('region', { name: 'Announcement' })).toBeVisible();
  });

  test("takes docs.json's colour in each mode, with text that reads on it", async ({ browser }) => {
    for (const [colorScheme, background] of [['light', 'rgb(29, 78, 216)'], ['dark', 'rgb(30, 58, 138)']] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto('/quickstart');
      const banner = page.getByRole('region', { name: 'Announcement' });
      await expect(banner).toHaveCSS('background-color', background);
      await expect(banner).toHaveCSS('color', 'rgb(255, 255, 255)');
      await context.close();
    }
  });
});

test.describe('themes', () => {
  test('follow the system by default, and the toggle is remembered', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/quickstart');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(darkBackground);
    await page.goto('/concepts');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the sidebar opens as a menu, and closes with Escape or a link', async ({ page }) => {
    await page.goto('/quickstart');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    const sidebar = page.locator('#sidebar');
    await expect(sidebar).toBeHidden();
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await sidebar.getByRole('link', { name: 'Frontmatter' }).click();
    await expect(page).toHaveURL(/\/writing\/frontmatter$/);
    await expect(page.locator('#sidebar')).toBeHidden();
  });

  test('the top bar keeps the site name whole; the tab row scrolls to the current tab; the switchers are in the menu', async ({ page }) => {
    await page.goto('/api-reference/agent/get-an-agent-job');
    const brand = page.locator('.topbar .brand');
    await expect(brand).toHaveText('astro-docs-json');
    expect(await brand.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const tabs = page.getByRole('navigation', { name: 'Sections' });
    expect(await tabs.evaluate((row) => row.scrollWidth > row.clientWidth)).toBe(true);
    await expect(tabs.getByRole('link', { name: 'API reference' })).toBeInViewport({ ratio: 1 });
    await expect(tabs).toHaveAttribute('data-more-start', '');
    await expect(page.locator('.topbar .version-menu')).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.locator('#sidebar .drawer-version-menu')).toBeVisible();
    await expect(page.locator('#sidebar .drawer-language-menu')).toBeVisible();
  });
});

test.describe('keyboard', () => {
  test('skip link, menus and groups work from the keyboard', async ({ page }) => {
    await page.goto('/quickstart');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#content')).toBeFocused();

    // The version menu opens with Enter, its links are reachable with Tab, Escape closes it.
    const versionSummary = page.locator('details.version-menu summary');
    await versionSummary.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('details.version-menu')).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    await expect(page.locator('details.version-menu a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('details.version-menu')).not.toHaveAttribute('open', '');
    await expect(versionSummary).toBeFocused();

    // A collapsed group opens with Enter on its disclosure.
    const reference = page.locator('#sidebar details', { hasText: 'Reference' });
    await reference.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(reference).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(reference.getByRole('link', { name: 'Markdown' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/writing\/reference\/markdown$/);
  });

  test('the page has landmarks and one main heading', async ({ page }) => {
    await page.goto('/concepts/navigation');
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.getByRole('complementary')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});

test.describe("the site's own stylesheet hiding Mintlify's hooks", () => {
  test('a page whose sidebar and table of contents it hides gives its article the room, visible', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/writing/advanced/full-width');
    await expect(page.locator('#sidebar')).toBeHidden();
    await expect(page.locator('#table-of-contents')).toBeHidden();
    const article = page.locator('#content-area');
    await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
    const box = (await article.boundingBox())!;
    // The article's own width (48rem), from where the sidebar was: not the 17rem sidebar column.
    expect(box.width).toBeGreaterThan(700);
    expect(box.x).toBeLessThan(100);
    // Other pages keep their sidebar: the rule is the marked page's alone.
    await page.goto('/writing/advanced/styling');
    await expect(page.locator('#sidebar')).toBeVisible();
  });

  test('hiding any of the layout hooks leaves the rest of the page in its own place', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/concepts');
    // Mintlify's ids are on the layout, once each.
    for (const id of ['banner', 'navbar', 'sidebar', 'sidebar-content', 'body-content', 'content', 'content-area', 'header', 'page-title', 'mdx-content', 'pagination', 'panel', 'table-of-contents-layout', 'table-of-contents', 'table-of-contents-content', 'page-context-menu', 'page-context-menu-button', 'search-bar-entry', 'search-input', 'footer']) {
      await expect(page.locator(`[id="${id}"]`), id).toHaveCount(1);
    }
    const boxOf = async (selector: string) => (await page.locator(selector).boundingBox())!;
    const [article, toc] = [await boxOf('#content-area'), await boxOf('#table-of-contents')];
    for (const hook of ['#banner', '#navbar', '#sidebar', '#header', '#pagination', '#panel', '#table-of-contents', '#footer', '#content-area']) {
      const style = await page.addStyleTag({ content: `${hook} { display: none !important; }` });
      if (hook !== '#content-area') {
        const now = await boxOf('#content-area');
        expect(now.width, hook).toBeGreaterThanOrEqual(article.width - 1);
        expect(now.x, hook).toBeLessThanOrEqual(article.x + 1);
      }
      // The table of contents stays at the right, whatever else is gone.
      if (hook !== '#panel' && hook !== '#table-of-contents') expect((await boxOf('#table-of-contents')).x, hook).toBeGreaterThanOrEqual(toc.x - 1);
      await style.evaluate((element) => (element as Element).remove());
    }
  });
});
