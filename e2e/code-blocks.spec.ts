/**
 * Code block options on the example site's Code blocks page: titles and flags, icons, line
 * numbers, highlighted, focused, added and removed lines, wrapping, expandable blocks, the
 * copy button and `nocopy`, `<CodeGroup dropdown>` and `<CodeBlock>`.
 */
import type { Locator, Page } from 'playwright/test';
import { expect, test } from 'playwright/test';
import { expectNamedIcon } from './drawn-icon.ts';

const PAGE = '/writing/components/code-blocks';
const content = (page: Page) => page.locator('article .content');
const block = (page: Page, title: string) => content(page).locator(`.code-block[data-title="${title}"]`);
const codeLines = (code: Locator) => code.locator('pre code > .line');
const style = (element: Locator, property: string, pseudo?: string) =>
  element.evaluate((node, [name, before]) => getComputedStyle(node, before).getPropertyValue(name!), [property, pseudo] as const);
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

test.describe('code block options', () => {
  test('titles come inline or from title="…", flags are no title, and an icon heads the title', async ({ page }) => {
    await page.goto(PAGE);
    await expect(block(page, 'scripts/greet.js').locator('.code-block-header')).toHaveText('scripts/greet.js');
    await expect(block(page, 'config/deploy settings.yml').locator('.code-block-title')).toHaveText('config/deploy settings.yml');
    const wrapped = content(page).locator('.code-block[data-wrap]', { hasText: 'curl --request POST' });
    await expect(wrapped).not.toHaveAttribute('data-title');
    await expect(wrapped.locator('.code-block-header')).toHaveCount(0);
    await expect(content(page).locator('.code-block-title', { hasText: /^wrap$/ })).toHaveCount(0);

    const icon = block(page, 'Fetch a report').locator('.code-block-header i.icon');
    await expectNamedIcon(icon);
    expect((await icon.boundingBox())!.width).toBeGreaterThan(8);
  });

  test('a language named in capitals is highlighted as in lower case', async ({ page }) => {
    await page.goto(PAGE);
    const payload = block(page, 'Webhook payload');
    await expect(payload).toHaveAttribute('data-language', 'JSON');
    // JSON's keys and strings take theme colours of their own: a plain-text block has one colour for all.
    const colours = await payload.locator('pre code span[style]').evaluateAll((tokens) => new Set(tokens.map((token) => getComputedStyle(token).color)).size);
    expect(colours).toBeGreaterThan(1);
    await expect(payload.locator('pre code')).toHaveText('{ "event": "deployment.ready", "attempts": 2 }');
  });

  test('line numbers, highlighted and focused lines, and added and removed lines are drawn in light and dark', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(PAGE);
      const numbered = codeLines(block(page, 'lib/retry.ts'));
      await expect(numbered).toHaveCount(11);
      // The numbers are counters of the styles, before each line, not text of the code.
      expect(await style(numbered.first(), 'content', '::before')).toBe('counter(code-line)');
      expect(await style(numbered.first(), 'counter-increment', '::before')).toBe('code-line 1');
      expect(parseFloat(await style(numbered.first(), 'width', '::before'))).toBeGreaterThan(8);
      await expect(numbered.first()).toHaveText(/^export async function/);
      const textStart = (code: Locator) => code.locator('span[style]').first().evaluate((token) => token.getBoundingClientRect().left - token.closest('pre')!.getBoundingClientRect().left);
      expect(await textStart(numbered.first())).toBeGreaterThan((await textStart(codeLines(block(page, 'scripts/greet.js')).first())) + 10);

      const cache = codeLines(block(page, 'cache.js'));
      await expect(cache.and(page.locator('.highlighted'))).toHaveCount(3);
      await expect(cache.nth(0)).toHaveClass(/highlighted/);
      await expect(cache.nth(3)).toHaveClass(/highlighted/);
      await expect(cache.nth(1)).not.toHaveClass(/highlighted/);
      expect(await style(cache.nth(0), 'background-color')).not.toBe(await style(cache.nth(1), 'background-color'));

      const focused = codeLines(block(page, 'client.js'));
      await expect(focused.nth(1)).toHaveClass(/focused/);
      expect(Number(await style(focused.nth(0), 'opacity'))).toBeLessThan(1);
      expect(Number(await style(focused.nth(1), 'opacity'))).toBe(1);

      const diff = block(page, 'Upgrading the client');
      await expect(diff.locator('.line.diff.add')).toHaveCount(2);
      await expect(diff.locator('.line.diff.remove')).toHaveCount(2);
      await expect(diff.locator('pre')).not.toContainText('[!code');
      const [added, removed] = [await style(diff.locator('.line.diff.add').first(), 'background-color'), await style(diff.locator('.line.diff.remove').first(), 'background-color')];
      expect([added, removed]).not.toContain(TRANSPARENT);
      expect(added).not.toBe(removed);
      expect(await style(diff.locator('.line.diff.add').first(), 'content', '::after')).toBe('"+"');
      await expect(codeLines(block(page, 'handler.py')).and(page.locator('.diff.add'))).toHaveCount(3);
    }
  });

  test('focused lines clear up when the reader points at the block', async ({ page }) => {
    await page.goto(PAGE);
    const client = block(page, 'client.js');
    await client.locator('pre').hover();
    await expect.poll(() => style(codeLines(client).first(), 'opacity')).toBe('1');
  });

  test('long lines scroll sideways, and wrap in a block that says wrap', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto(PAGE);
    const overflows = (title: string) => block(page, title).locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth);
    expect(await overflows('Scrolls sideways')).toBe(true);
    expect(await overflows('Wraps')).toBe(false);
    expect(await style(block(page, 'Wraps').locator('pre'), 'white-space')).toBe('pre-wrap');
  });

  test('an expandable block opens and closes with its button, by click and by keyboard', async ({ page }) => {
    await page.goto(PAGE);
    const workflow = block(page, '.github/workflows/docs.yml');
    const pre = workflow.locator('pre');
    const button = workflow.locator('button.code-expand');
    await expect(button).toHaveText('Show all 31 lines');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('aria-controls', (await pre.getAttribute('id'))!);
    const clipped = () => pre.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
    expect(await clipped()).toBe(true);
    await expect(workflow.getByText('actions/deploy-pages@v4')).not.toBeInViewport();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveText('Show fewer lines');
    expect(await clipped()).toBe(false);

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await clipped()).toBe(true);
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await clipped()).toBe(false);
  });

  test('without JavaScript, every block shows whole and nothing offers to copy', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(PAGE);
    const pre = block(page, '.github/workflows/docs.yml').locator('pre');
    expect(await pre.evaluate((element) => element.scrollHeight <= element.clientHeight + 1)).toBe(true);
    await expect(content(page).getByRole('button', { name: /copy/i })).toHaveCount(0);
    await context.close();
  });
});

test.describe('copying', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  });

  test('the copy button copies the code exactly: no line numbers, no notation, no removed lines', async ({ page }) => {
    await page.goto(PAGE);
    const diff = block(page, 'Upgrading the client');
    const copy = diff.getByRole('button', { name: 'Copy code' });
    await copy.click();
    await expect(diff.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("import { createClient } from '@acme/sdk';\n\nconst client = createClient({ region: 'eu' });");

    await block(page, 'lib/retry.ts').getByRole('button', { name: 'Copy code' }).click();
    const retry = await page.evaluate(() => navigator.clipboard.readText());
    expect(retry.startsWith('export async function retry<T>(task: () => Promise<T>, attempts = 3): Promise<T> {\n  let lastError: unknown;')).toBe(true);
    expect(retry.endsWith('  throw lastError;\n}')).toBe(true);

    await block(page, 'Copy me').getByRole('button', { name: 'Copy code' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npm install astro-docs-json');
  });

  test('nocopy leaves the button out, per block and per tab; nocopy="false" keeps it', async ({ page }) => {
    await page.goto(PAGE);
    await expect(block(page, 'Terminal output').getByRole('button')).toHaveCount(0);
    const plain = content(page).locator('.code-block', { hasText: 'browser ──▶ CDN' });
    await expect(plain).toHaveAttribute('data-language', 'plaintext');
    await expect(plain.getByRole('button')).toHaveCount(0);
    await expect(block(page, 'Copy me').getByRole('button', { name: 'Copy code' })).toHaveCount(1);
    const group = content(page).locator('.code-group');
    // The group's other blocks are hidden until chosen.
    await expect(group.locator('.code-block[data-title="Output"]').getByRole('button', { includeHidden: true })).toHaveCount(0);
    await expect(group.locator('.code-block[data-title="index.js"]').getByRole('button', { name: 'Copy code', includeHidden: true })).toHaveCount(1);
  });
});

test.describe('code groups and CodeBlock', () => {
  test('<CodeGroup dropdown> chooses its block from a menu of languages', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await page.goto(PAGE);
    const group = content(page).locator('.code-group');
    await expect(group.getByRole('tab')).toHaveCount(0);
    const menu = group.getByRole('combobox', { name: 'Language' });
    await expect(menu.locator('option')).toHaveText(['Bash', 'JavaScript', 'Python', 'Text']);
    await expect(group.locator('.code-group-bar-title')).toHaveText('Install');
    await expect(group.locator('.code-group-bar-title i.icon')).toHaveCount(1);
    await expect(group.getByText('npm install @acme/sdk')).toBeVisible();

    await menu.selectOption({ label: 'Python' });
    await expect(group.getByText('from acme import Client')).toBeVisible();
    await expect(group.getByText('npm install @acme/sdk')).toBeHidden();
    await expect(group.locator('.code-group-bar-title')).toHaveText('main.py');
    await group.locator('.code-block[data-title="main.py"]').getByRole('button', { name: 'Copy code' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('from acme import Client\n\nclient = Client(api_key=os.environ["ACME_API_KEY"])');

    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(group.getByText('Client ready (region: eu)')).toBeVisible();
  });

  test('<RequestExample dropdown> chooses its sample from a menu of languages', async ({ page }) => {
    await page.goto('/writing/components/code-and-api');
    const request = page.getByRole('region', { name: 'Request example' });
    const menu = request.getByRole('combobox', { name: 'Request: language' });
    await expect(menu.locator('option')).toHaveText(['Bash', 'JavaScript']);
    await menu.selectOption({ label: 'JavaScript' });
    await expect(request.locator('.code-group-bar-title')).toHaveText('Node.js');
    await expect(request.getByText('const job = await response.json();')).toBeVisible();
    await expect(request.getByText('-H "Authorization: Bearer $DOCS_ADMIN_API_KEY"')).toBeHidden();
    // The response beside it keeps its tabs.
    await expect(page.getByRole('region', { name: 'Response example' }).getByRole('tab')).toHaveText(['200', '404']);
  });

  test('<CodeBlock> draws a block from its props, in the page and in a component of the page', async ({ page }) => {
    await page.goto(PAGE);
    const netlify = block(page, 'netlify.toml');
    await expect(netlify.locator('.code-block-header i.icon')).toHaveClass(/^icon i\d+$/);
    await expect(netlify).toHaveAttribute('data-language', 'toml');
    await expect(netlify).toHaveAttribute('data-line-numbers', '');
    await expect(codeLines(netlify)).toHaveText(['[build]', '  command = "npm run build"', '  publish = "dist/client"']);
    await expect(codeLines(netlify).and(page.locator('.highlighted'))).toHaveCount(2);

    const go = block(page, 'hello.go');
    await expect(go).toHaveAttribute('data-language', 'go');
    await expect(codeLines(go).nth(2)).toHaveClass(/highlighted/);
    await expect(go.locator('.code-block-header i.icon')).toHaveCount(1);
  });
});
