// The example site's page on React components (writing/advanced/react-components): a
// component an MDX snippet exports works in the browser, Markdown with a built-in
// component reaches a React component through a wrapper the page defines, and a React
// component draws with components the page gives it, built-ins inside them.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';
import { REACT_SCRIPT, requestsMatching } from './requests.ts';

const content = (page: Page) => page.locator('article .content');

test.describe('React components on the example site', () => {
  test('the calculator a snippet exports renders before any script runs, then counts seats', async ({ page }) => {
    await page.goto('/writing/advanced/react-components');
    const seats = content(page).getByRole('status', { name: 'Seats' });
    await expect(seats).toHaveText('5 seats');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await content(page).getByRole('button', { name: 'Add a seat' }).click();
    await expect(seats).toHaveText('6 seats');
    await expect(content(page).locator('.seat-total')).toHaveText('72 € a month');
    for (let i = 0; i < 6; i++) await content(page).getByRole('button', { name: 'Remove a seat' }).click();
    await expect(seats).toHaveText('1 seat');
  });

  test('a wrapper the page defines hands its Markdown and a built-in component to a React component', async ({ page }) => {
    await page.goto('/writing/advanced/react-components');
    const reveal = content(page).locator('.reveal');
    const toggle = reveal.getByRole('button', { name: 'Show the answer' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(reveal.locator('strong')).toHaveCount(0);
    await toggle.click();
    await expect(reveal.getByRole('button', { name: 'Hide the answer' })).toHaveAttribute('aria-expanded', 'true');
    await expect(reveal.locator('strong')).toHaveText('never published');
    await expect(reveal.getByRole('complementary', { name: 'Tip' })).toContainText('npx astro-docs-json check');
  });

  test('a React component draws with the page’s components, their built-ins drawn as on any page, before and after its state changes', async ({ page, request }) => {
    // The server's HTML: the first choice's code highlighted by the build, the page's tip, no notice.
    const served = await (await request.get('/writing/advanced/react-components')).text();
    expect(served).not.toContain('data-component-error');
    const island = /<astro-island[^>]*component-export="SetupPicker\$island0"[^>]*>([\s\S]*?)<\/astro-island>/.exec(served)?.[1] ?? '';
    expect(island).toMatch(/<div class="code-block" data-language="bash" data-title="terminal" data-line-numbers=""[^>]*>[\s\S]*?<span style="[^"]*--shiki-light[^"]*">npx<\/span>/);
    expect(island).toMatch(/<aside class="callout" data-component-name="Tip"[^>]*>[\s\S]*?Command line<!-- -->: run it in the folder that holds docs\.json\.<\/div><\/aside>/);

    await page.goto('/writing/advanced/react-components');
    const picker = content(page).locator('.setup-picker');
    const block = picker.locator('.code-block');
    const tip = picker.getByRole('complementary', { name: 'Tip' });
    await expect(block.locator('.code-block-title')).toHaveText('terminal');
    await expect(block.locator('code')).toHaveText('npx astro-docs-json build --out dist');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);

    await picker.getByRole('button', { name: 'Astro project' }).click();
    await expect(picker.getByRole('button', { name: 'Astro project' })).toHaveAttribute('aria-pressed', 'true');
    await expect(block).toHaveAttribute('data-language', 'js');
    await expect(block.locator('.code-block-title')).toHaveText('astro.config.mjs');
    await expect(block.locator('code > .line')).toHaveCount(5);
    await expect(block.locator('code > .line').first()).toHaveText("import docsJson from 'astro-docs-json';");
    // Highlighted in the browser with the site's theme (its highlighter loads on demand), with the block's options and buttons.
    await expect(block.locator('code .line span[style*="--shiki-light"]').first()).toBeAttached({ timeout: 20_000 });
    await expect(block).toHaveAttribute('data-line-numbers', '');
    await expect(block.getByRole('button', { name: 'Copy code' })).toBeAttached();
    await expect(tip).toHaveText('Astro project: run it in the folder that holds docs.json.');
    // Styled as the page's other code blocks are.
    const looks = (element: Element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color, radius: style.borderRadius, font: style.fontSize, frame: style.boxShadow };
    };
    const written = content(page).locator('.code-block:not(.setup-picker .code-block)').first();
    expect(await block.evaluate(looks)).toEqual(await written.evaluate(looks));
    expect((await block.evaluate(looks)).background).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('pages without React components load no React', async ({ page }) => {
    expect(await requestsMatching(page, '/writing/advanced/react-components', REACT_SCRIPT, 'script')).not.toEqual([]);
    expect(await requestsMatching(page, '/writing/advanced/snippets', REACT_SCRIPT, 'script')).toEqual([]);
  });
});
