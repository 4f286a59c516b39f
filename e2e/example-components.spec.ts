// The example site's Components section: its pages show the built-in components live, and
// these work in the browser as the pages say they do.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';

const content = (page: Page) => page.locator('article .content');

test.describe('components section', () => {
  test('the overview links to each component page', async ({ page, request }) => {
    await page.goto('/writing/components/overview');
    const cards = content(page).locator('.columns > a.card-box');
    const pages = ['callouts', 'structure', 'code-and-api', 'code-blocks', 'media-and-text'].map((name) => `/writing/components/${name}`);
    expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(pages);
    for (const path of pages) expect((await request.get(path)).status(), path).toBe(200);
    await cards.filter({ hasText: 'Code and API' }).click();
    await expect(page).toHaveURL(/\/writing\/components\/code-and-api$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Code and API');
  });

  test('structure: tabs switch and same-titled tabs follow, unless sync={false}; an accordion opens', async ({ page }) => {
    await page.goto('/writing/components/structure');
    const [install, check, lockfile] = [0, 1, 2].map((index) => content(page).locator('.tab-group').nth(index));
    await expect(install!.getByRole('tab')).toHaveText(['npm', 'pnpm', 'Yarn']);
    await expect(install!.getByText('npm install astro-docs-json')).toBeVisible();
    await expect(install!.getByText('pnpm add astro-docs-json')).toBeHidden();

    await install!.getByRole('tab', { name: 'pnpm' }).click();
    await expect(install!.getByText('pnpm add astro-docs-json')).toBeVisible();
    await expect(install!.getByText('npm install astro-docs-json')).toBeHidden();
    // The next group has the same titles and follows.
    await expect(check!.getByRole('tab', { name: 'pnpm' })).toHaveAttribute('aria-selected', 'true');
    await expect(check!.getByText('pnpm exec astro-docs-json check')).toBeVisible();
    await expect(check!.getByText('npx astro-docs-json check')).toBeHidden();

    // defaultTabIndex={1} shows pnpm first; sync={false} keeps it there.
    await install!.getByRole('tab', { name: 'Yarn' }).click();
    await expect(check!.getByText('yarn astro-docs-json check')).toBeVisible();
    await expect(lockfile!.getByRole('tab', { name: 'pnpm' })).toHaveAttribute('aria-selected', 'true');
    await expect(lockfile!.getByText('pnpm-lock.yaml')).toBeVisible();
    await expect(lockfile!.getByText('yarn.lock')).toBeHidden();

    await expect(content(page).locator('details.accordion', { hasText: 'Do components need JavaScript?' })).toHaveAttribute('open', '');
    const snippets = content(page).locator('details.accordion', { hasText: 'Can a snippet use components?' });
    await expect(snippets.getByText('Snippets use the built-in components as pages do.')).toBeHidden();
    await snippets.locator('summary').click();
    await expect(snippets.getByText('Snippets use the built-in components as pages do.')).toBeVisible();
  });

  test('code and API: a code group switches by the titles of its blocks', async ({ page }) => {
    await page.goto('/writing/components/code-and-api');
    const [titled, untitled] = [0, 1].map((index) => content(page).locator('.code-group').nth(index));
    await expect(titled!.getByRole('tab')).toHaveText(['astro.config.mjs', 'docs/docs.json']);
    await expect(titled!.getByText("import docsJson from 'astro-docs-json';")).toBeVisible();
    await titled!.getByRole('tab', { name: 'docs/docs.json' }).click();
    await expect(titled!.getByText('"name": "My docs"')).toBeVisible();
    await expect(titled!.getByText("import docsJson from 'astro-docs-json';")).toBeHidden();
    await expect(untitled!.getByRole('tab')).toHaveText(['bash', 'powershell']);
  });

  test('media and text: the agents\' Visibility content is in the Markdown copy only', async ({ page, request }) => {
    const forAgents = 'A note for AI agents: on these pages, each example is followed by its MDX source';
    const forHumans = 'You are reading this page in a browser.';
    // Both are also in the page's MDX source examples: look outside code blocks.
    const response = await request.get('/writing/components/media-and-text.md');
    expect(response.status()).toBe(200);
    const markdown = (await response.text()).replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, '');
    expect(markdown).toContain(forAgents);
    expect(markdown).not.toContain(forHumans);

    await page.goto('/writing/components/media-and-text');
    const text = await content(page).evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('pre').forEach((block) => block.remove());
      return copy.textContent ?? '';
    });
    expect(text).toContain(forHumans);
    expect(text).not.toContain(forAgents);
  });
});

test.describe('styles, scripts and Tailwind', () => {
  test("the page's Tailwind classes lay it out in both themes, and the site's own stylesheet styles its badge", async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/writing/advanced/styling');
    const demo = page.locator('#styling-demo');
    await expect(demo).toHaveCSS('display', 'grid');
    await expect(demo).toHaveCSS('grid-template-columns', /^\S+ \S+ \S+$/);
    const card = demo.locator(':scope > div').first();
    await expect(card).toHaveCSS('border-radius', '12px');
    await expect(card).toHaveCSS('padding', '20px');
    // `border` is a width: the border's style comes from the part of Tailwind's reset kept.
    await expect(card).toHaveCSS('border-top-style', 'solid');
    await expect(card).toHaveCSS('border-top-width', '1px');
    await expect(card).toHaveCSS('border-top-color', 'rgb(229, 231, 235)');
    const colour = demo.getByText('Colour', { exact: true });
    await expect(colour).toHaveCSS('color', 'rgb(13, 147, 115)');
    const badge = content(page).locator('.release-badge');
    await expect(badge).toHaveCSS('border-radius', '999px');
    await expect(badge).toHaveCSS('color', 'rgb(13, 147, 115)');

    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(colour).toHaveCSS('color', 'rgb(7, 201, 131)');
    await expect(badge).toHaveCSS('color', 'rgb(7, 201, 131)');
    // One column below md: (768 px).
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(demo).toHaveCSS('grid-template-columns', /^\S+$/);
  });

  test('a paragraph with its text on lines of its own is one paragraph, with its classes and its text', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/writing/advanced/styling');
    const lead = page.locator('#lead-demo');
    await expect(lead).toHaveText('This whole paragraph is large and in the site’s colour, though its text is written on a line apart from its tags.');
    await expect(lead).toHaveClass('text-lg text-primary dark:text-primary-light');
    await expect(lead).toHaveCSS('font-size', '18px');
    await expect(lead).toHaveCSS('color', 'rgb(13, 147, 115)');
    // The browser split nothing off: no empty paragraph before it, none after.
    expect(await lead.evaluate((element) => [element.children.length, element.previousElementSibling?.textContent?.trim() === '', element.nextElementSibling?.textContent?.trim() === ''])).toEqual([0, false, false]);
  });
});

test.describe('snippets', () => {
  test("React's dangerouslySetInnerHTML gives an element its HTML, in a .jsx snippet and in the page", async ({ page }) => {
    await page.goto('/writing/advanced/snippets');
    await expect(content(page).locator('span.shortcut kbd')).toHaveText(['Ctrl', 'K']);
    await expect(content(page).locator('span.shortcut')).toHaveText('Ctrl + K');
    await expect(page.locator('#inner-html-demo')).toHaveText('Or press / anywhere on the page.');
    await expect(page.locator('#inner-html-demo kbd')).toHaveText('/');
    await expect(content(page).locator('[dangerouslysetinnerhtml]')).toHaveCount(0);
  });
});
