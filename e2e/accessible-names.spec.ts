// Every link and button of the example site's pages has an accessible name: a link that shows
// only an icon is named after the page it leads to, its address or its icon
// (`core/a11y/icon-link-names.ts`), and the layout's own controls (the search button on a
// narrow screen, the footer's social links) have names of their own.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';

const content = (page: Page) => page.locator('article .content');

/**
 * The links and buttons the accessibility tree holds with no name, each with the line after
 * it (a link's `/url`), read from Playwright's ARIA snapshot of the page: a named one is
 * `- link "Name"`, a nameless one `- link` alone.
 */
async function namelessControls(page: Page): Promise<string[]> {
  const lines = (await page.locator('body').ariaSnapshot()).split('\n');
  return lines.flatMap((line, index) => (/^\s*- (link|button)(\s+\[[^\]]*\])*:?\s*$/.test(line) ? [`${line.trim()} ${lines[index + 1]?.trim() ?? ''}`] : []));
}

/** A sample of the site: the home page, a page of components with icons as links, an API page, a guide. */
const PAGES = ['/', '/writing/components/media-and-text', '/api-reference/get-health', '/quickstart'];

test.describe('accessible names', () => {
  test('a link that shows only an icon is named after where it leads, and one named by its author keeps its name', async ({ page }) => {
    await page.goto('/writing/components/media-and-text');
    const links = content(page);
    const named = [
      ['Quickstart', '/quickstart'],
      ['github.com/example/astro-docs-json', 'https://github.com/example/astro-docs-json'],
      ['docs@example.com', 'mailto:docs@example.com'],
      ['Back to the icons', '#icons'],
    ];
    for (const [name, href] of named) {
      const link = links.getByRole('link', { name, exact: true }).filter({ has: page.locator('.inline-icon') });
      await expect(link, name).toHaveAttribute('href', href!);
      // It shows an icon, and no text.
      await expect(link.locator('.icon')).toHaveCount(1);
      await expect(link).toHaveText('');
    }
  });

  for (const [viewport, size] of [
    ['wide', { width: 1280, height: 900 }],
    ['narrow', { width: 390, height: 844 }],
  ] as const) {
    test(`no link or button of a sample of pages is without a name, on a ${viewport} screen`, async ({ page }) => {
      test.setTimeout(90_000); // Four pages, on a machine that may be busy.
      await page.setViewportSize(size);
      for (const url of PAGES) {
        await page.goto(url);
        // The snapshot sees the page's links: a test that could not find one would prove nothing.
        await expect(page.getByRole('link').first()).toBeVisible();
        expect(await namelessControls(page), url).toEqual([]);
      }
      // The check sees a link and a button with no name, as a page would have them without the fix.
      await content(page).evaluate((element) => element.insertAdjacentHTML('beforeend', '<a href="/x"><i class="icon"></i></a><button type="button"><svg aria-hidden="true"></svg></button>'));
      expect(await namelessControls(page)).toHaveLength(2);
    });
  }

  test('the layout\'s own icon controls have names: the search button on a narrow screen, the menu button and the footer\'s social links', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/quickstart');
    const search = page.locator('#search-bar-entry');
    // On a narrow screen the button shows only its icon: its word is hidden.
    await expect(search.locator('span')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Github', exact: true })).toHaveAttribute('href', 'https://github.com/example/astro-docs-json');
    await expect(footer.getByRole('link', { name: 'X', exact: true })).toHaveAttribute('href', 'https://x.com/example');
  });

  test('the Markdown copy gives a link that shows only an icon its address as text', async ({ request }) => {
    const markdown = await (await request.get('/writing/components/media-and-text.md')).text();
    expect(markdown).toContain('[github.com/example/astro-docs-json](https://github.com/example/astro-docs-json)');
    expect(markdown).toContain('<docs@example.com>');
    expect(markdown).toContain('[Back to the icons](#icons)');
    expect(markdown).not.toContain('[](/quickstart)');
  });
});
