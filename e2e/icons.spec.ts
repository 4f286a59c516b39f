// Icons the free Font Awesome sets lack (Pro names, other casings) are drawn from the next
// sets in the lookup order, and icons given as SVG code or image files are drawn as images
// that cannot run the page's scripts: the example site's Components pages show both.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';
import { expectDrawn, expectNamedIcon, iconMask } from './drawn-icon.ts';

const content = (page: Page) => page.locator('article .content');

/** The list item whose code names `text`. */
const itemNaming = (page: Page, text: string) => content(page).locator('li').filter({ has: page.locator('code', { hasText: new RegExp(`^${text}$`) }) });

test.describe('icons', () => {
  test('Pro names and other casings are drawn from the sets after Font Awesome', async ({ page }) => {
    await page.goto('/writing/components/overview');
    const names = ['sparkles', 'browser', 'waveform', 'anthropic', 'message-bot', 'GitHub'];
    const ids = new Map<string, string>();
    for (const name of names) ids.set(name, await expectNamedIcon(itemNaming(page, name).locator('i.icon')));
    expect(new Set(ids.values()).size, 'each name its own icon').toBe(names.length);
    // `GitHub` is Font Awesome's `github`, the same icon as the logo named in lower case.
    const github = content(page).locator('li', { hasText: 'Logos are in the' }).locator('i.icon');
    expect((await iconMask(github)).id).toBe(ids.get('GitHub'));
  });

  test('an icon given as SVG code, JSX or an image file is drawn as an image, and its scripts do not run', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/writing/components/media-and-text');
    const section = content(page);

    // Image files, as `icon` and as `src`.
    for (const text of ['An image file, as', 'The same file, as']) {
      const image = section.locator('li', { hasText: text }).locator('img.icon');
      await expect(image).toHaveAttribute('src', '/images/components/icon-hexagon.svg');
      // Lazy, as icons are: it loads once it nears the viewport.
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expectDrawn(image);
    }
    expect((await section.locator('li', { hasText: 'The same file, as' }).locator('img.icon').boundingBox())!.width).toBeCloseTo(24, 0);

    // SVG code in `currentColor`: a mask painted in the colour the page gives.
    const tinted = section.locator('li', { hasText: 'SVG code in' }).locator('i.icon');
    await expect(tinted).toHaveCSS('background-color', 'rgb(124, 58, 237)');
    expect(await tinted.evaluate((element) => getComputedStyle(element).maskImage)).toContain('data:image/svg+xml');
    await expectDrawn(tinted);

    // SVG code with colours of its own: an image that decodes.
    for (const text of ['SVG code with colours of its own', 'SVG code with a script']) {
      const image = section.locator('li', { hasText: text }).locator('img.icon');
      await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml,/);
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), text).toBe(true);
      await expectDrawn(image);
    }

    // A card's `icon={<svg …>}`, with React's attribute names, takes the card's colour.
    const card = section.locator('.card-box', { hasText: 'A card with an SVG icon' });
    const cardIcon = card.locator('.card-icon i.icon');
    expect(await cardIcon.evaluate((element) => decodeURIComponent(getComputedStyle(element).maskImage))).toContain('stroke-width="2.5"');
    await expectDrawn(cardIcon);

    // None of that SVG is markup of the page, and nothing in it ran.
    await expect(section.locator('svg rect[fill="#DC2626"], svg circle[fill="#F59E0B"], svg script')).toHaveCount(0);
    expect(await page.evaluate(() => document.body.dataset.iconScript)).toBeUndefined();
    expect(errors).toEqual([]);
  });
});
