// The example site's "Diagrams and math" page: Mermaid blocks drawn as SVG in the reader's
// theme, with their controls; LaTeX typeset at build time, readable without JavaScript.
import type { Locator, Page } from 'playwright/test';
import { expect, test } from 'playwright/test';
import { requestsMatching } from './requests.ts';

const PAGE = '/writing/components/diagrams-and-math';
const diagrams = (page: Page) => page.locator('article .content figure.mermaid-diagram');
// Mermaid draws the blocks one after another, loading each kind's code as it comes to it:
// on a busy machine the last is drawn well after the first.
const drawn = async (page: Page) => {
  for (const figure of await diagrams(page).all()) await expect(figure.locator('svg')).toBeVisible({ timeout: 15_000 });
};
const transformOf = (locator: Locator) => locator.locator('.mermaid-canvas').evaluate((canvas) => (canvas as HTMLElement).style.transform);

test.describe('diagrams', () => {
  test('each block is drawn as an SVG with its labels, and its text is hidden', async ({ page }) => {
    await page.goto(PAGE);
    const flowchart = diagrams(page).first();
    await expect(flowchart.locator('svg')).toBeVisible();
    for (const label of ['Write a page', 'Looks right?', 'Open a pull request']) await expect(flowchart.locator('svg').getByText(label)).toBeVisible();
    await expect(flowchart.locator('.mermaid-source')).toBeHidden();
    const sequence = diagrams(page).nth(1);
    await expect(sequence.locator('svg').getByText('Type a query')).toBeVisible();
    // ELK's layout, and the diagram of an imported snippet.
    await expect(diagrams(page).nth(3).locator('svg').getByText('Check')).toBeVisible();
    await expect(diagrams(page).nth(4).locator('svg').getByText('Published')).toBeVisible();
    await expect(page.locator('.mermaid-error')).toHaveCount(0);
  });

  test('diagrams are drawn again in the dark theme', async ({ page }) => {
    await page.goto(PAGE);
    const flowchart = diagrams(page).first();
    await expect(flowchart).toHaveAttribute('data-theme', 'light');
    const fill = () => flowchart.locator('svg .node rect, svg .node polygon').first().evaluate((shape) => getComputedStyle(shape).fill);
    const light = await fill();
    await page.locator('[data-theme-button]').click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(flowchart).toHaveAttribute('data-theme', 'dark');
    await expect(flowchart.locator('svg').getByText('Write a page')).toBeVisible();
    expect(await fill()).not.toBe(light);
  });

  test('the controls zoom, pan and reset, where the block puts them; actions={false} hides them', async ({ page }) => {
    await page.goto(PAGE);
    await drawn(page);
    const states = diagrams(page).nth(2);
    const controls = states.locator('.mermaid-controls');
    await expect(controls).toBeVisible();
    // placement="top-left": the controls sit in the diagram's top left corner.
    const [box, bar] = [await states.boundingBox(), await controls.boundingBox()];
    expect(bar!.x - box!.x).toBeLessThan(box!.width / 2);
    expect(bar!.y - box!.y).toBeLessThan(box!.height / 2);

    await controls.getByRole('button', { name: 'Zoom in' }).click();
    expect(await transformOf(states)).toContain('scale(1.2)');
    await controls.getByRole('button', { name: 'Zoom out' }).click();
    await controls.getByRole('button', { name: 'Zoom out' }).click();
    expect(await transformOf(states)).toMatch(/scale\(0\.83/);
    await controls.getByRole('button', { name: 'Pan right' }).click();
    await controls.getByRole('button', { name: 'Pan down' }).click();
    expect(await transformOf(states)).toMatch(/translate\(-50px, -50px\)/);
    await controls.getByRole('button', { name: 'Reset view' }).click();
    expect(await transformOf(states)).toBe('translate(0px, 0px) scale(1)');

    // The flowchart is taller than 120 px: controls at the bottom right, by default.
    const flowchart = diagrams(page).first();
    const [chart, chartBar] = [await flowchart.boundingBox(), await flowchart.locator('.mermaid-controls').boundingBox()];
    expect(chartBar!.x - chart!.x).toBeGreaterThan(chart!.width / 2);
    expect(chartBar!.y - chart!.y).toBeGreaterThan(chart!.height / 2);
    // The snippet's diagram says actions={false}.
    await expect(diagrams(page).nth(4).locator('svg')).toBeVisible();
    await expect(diagrams(page).nth(4).locator('.mermaid-controls')).toHaveCount(0);
  });

  test('a page without diagrams loads no diagram code', async ({ page }) => {
    const mermaid = /mermaid/i;
    const katex = /katex/i;
    expect(await requestsMatching(page, PAGE, mermaid)).not.toEqual([]);
    expect(await requestsMatching(page, PAGE, katex)).not.toEqual([]);
    await expect(page.locator('link[data-mermaid-module]')).not.toHaveCount(0);

    // Nor KaTeX's styles.
    expect(await requestsMatching(page, '/writing/components/callouts', /mermaid|katex/i)).toEqual([]);
    await expect(page.locator('link[data-mermaid-module]')).toHaveCount(0);
    expect(await page.locator('script').evaluateAll((scripts) => scripts.some((script) => /mermaid/.test(script.textContent ?? '')))).toBe(false);
  });
});

test.describe('math', () => {
  test('formulas are typeset at build time, and read without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(PAGE);
    const content = page.locator('article .content');
    // Inline: $A = \pi r^2$, in its paragraph, with MathML for screen readers.
    const inline = content.locator('p .katex').first();
    await expect(inline).toBeVisible();
    await expect(inline.locator('math annotation')).toHaveText('A = \\pi r^2');
    await expect(inline.locator('.katex-html')).toHaveAttribute('aria-hidden', 'true');
    // Display: $$ … $$ and ```math, centred blocks with a fraction.
    const blocks = content.locator('.katex-display');
    await expect(blocks).toHaveCount(2);
    await expect(blocks.first().locator('.mfrac')).toBeVisible();
    await expect(blocks.nth(1).locator('math annotation')).toHaveText('\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}');
    // KaTeX's styles apply (its fonts and layout), with no script.
    expect(await blocks.first().locator('.katex').evaluate((element) => getComputedStyle(element).fontFamily)).toContain('KaTeX_Main');
    // <Latex>, with literal text and with an expression.
    await expect(content.locator('.katex annotation', { hasText: 'a^2 + b^2 = c^2' })).toHaveCount(1);
    await expect(content.locator('.katex annotation', { hasText: 'e^{i\\pi} + 1 = 0' })).toHaveCount(1);
    // Escaped dollars and dollars in code stay text.
    await expect(content.getByText('as in $5 or $10 a month')).toBeVisible();
    await expect(content.locator('code', { hasText: 'echo $HOME' })).toBeVisible();
    await expect(content.locator('pre', { hasText: 'export PRICE=$5' })).toBeVisible();
    // Without JavaScript, diagrams stay readable as their text.
    await expect(content.locator('figure.mermaid-diagram .mermaid-source').first()).toContainText('Write[Write a page] --> Preview{Looks right?}');
    await context.close();
  });
});
