// The last of Mintlify's components and props, as the example site's Components pages use
// them: <Column>, <FileTree>, <GitHub.Repo>, deep links into accordions, tabs and steps,
// step titles in the table of contents, highlighted tree items, typed cards, the yellow
// badge, the changelog's tag filter and feed, views and their table of contents, image
// zoom, and a page whose frontmatter `url` makes it a link out of the site.
import type { Page } from 'playwright/test';
import { expect, test } from 'playwright/test';
import { requestsMatching } from './requests.ts';

const content = (page: Page) => page.locator('article .content');
const toc = (page: Page) => page.getByRole('navigation', { name: 'On this page' });
/** The entries the table of contents shows, in order. */
const tocEntries = (page: Page) => toc(page).locator('li:visible');

const ASTRO_REPO = 'https://api.github.com/repos/withastro/astro';

test.describe('layout components', () => {
  test('<Column>s sit side by side in <Columns>, each holding Markdown and code', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/writing/components/layout');
    const columns = content(page).locator('.columns').first().locator('> .column');
    await expect(columns).toHaveCount(2);
    await expect(columns.nth(0).locator('strong')).toHaveText('Before');
    await expect(columns.nth(0).locator('pre')).toContainText('npx mintlify dev');
    await expect(columns.nth(1).locator('pre')).toContainText('npx astro dev');
    const [left, right] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(Math.round(left!.y)).toBe(Math.round(right!.y));
    expect(left!.x + left!.width).toBeLessThanOrEqual(right!.x);
    // One to a row on a phone.
    await page.setViewportSize({ width: 400, height: 900 });
    const [top, below] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
    expect(below!.y).toBeGreaterThanOrEqual(top!.y + top!.height);
  });

  test('<FileTree> draws its Markdown list as folders and files', async ({ page }) => {
    await page.goto('/writing/components/layout');
    const tree = content(page).locator('ul.file-tree[data-component-name="FileTree"]');
    await expect(tree).toHaveCount(1);
    // Top level: a folder (it has a list under it), then a file.
    const top = tree.locator('> li');
    await expect(top).toHaveCount(2);
    await expect(top.nth(0)).toHaveClass('tree-folder');
    await expect(top.nth(1)).toHaveClass('tree-file');
    await expect(top.nth(1)).toHaveText('astro.config.mjs');
    const docs = top.nth(0).locator('> details');
    await expect(docs).toHaveAttribute('open', '');
    await expect(docs.locator('> summary')).toHaveText('docs');
    const inside = docs.locator('> ul > li');
    await expect(inside).toHaveText(['docs.json', 'index.mdx', /snippets\s*prerequisites\.mdx/, 'images']);
    // `snippets/` was written in backticks: the name is its text; `images/` is a folder by its slash.
    await expect(inside.nth(2)).toHaveClass('tree-folder');
    await expect(inside.nth(2).locator('> details > summary')).toHaveText('snippets');
    await expect(inside.nth(3)).toHaveClass('tree-folder');
    // Folders close and open.
    await docs.locator('> summary').click();
    await expect(docs).not.toHaveAttribute('open', '');
    await expect(inside.first()).toBeHidden();
  });

  test('highlight marks tree items, a folder tints what it holds, and --tree-highlight recolours', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/writing/components/layout');
    const [marked, custom] = [1, 2].map((index) => content(page).locator('.file-tree').nth(index));
    const current = marked!.locator('[aria-current="true"]');
    await expect(current).toHaveText(['docs.json', 'writing']);
    const color = (text: string) => marked!.getByText(text, { exact: true }).evaluate((element) => getComputedStyle(element).color);
    const background = (text: string) => marked!.getByText(text, { exact: true }).evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background('docs.json')).not.toBe(await background('index.mdx'));
    expect(await color('docs.json')).not.toBe(await color('index.mdx'));
    // pages.mdx sits in the highlighted folder: tinted, though not highlighted itself.
    expect(await color('pages.mdx')).not.toBe(await color('index.mdx'));
    await expect(marked!.getByText('pages.mdx', { exact: true })).not.toHaveAttribute('aria-current', 'true');
    // The second tree sets its own colour: the highlight follows it, not the accent.
    const accentBackground = await background('docs.json');
    const customBackground = await custom!.getByText('content.config.ts', { exact: true }).evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(customBackground).not.toBe(accentBackground);
    expect(customBackground).not.toBe('rgba(0, 0, 0, 0)');
  });

  test('typed cards take their kind’s colours and icon; badges come in yellow, in both themes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/writing/components/layout');
    const warning = content(page).locator('.card-box[data-type="warning"]');
    const check = content(page).getByRole('link', { name: /Ready to publish/ });
    await expect(warning).toContainText('Before you migrate');
    await expect(warning.locator('.card-icon svg')).toBeVisible();
    await expect(check).toHaveAttribute('data-type', 'check');
    const border = (card: typeof warning) => card.evaluate((element) => getComputedStyle(element).borderTopColor);
    expect(await border(warning)).not.toBe(await border(check));

    const yellow = content(page).locator('.badge[data-color="yellow"]');
    const gray = content(page).locator('.badge[data-color="gray"]');
    await expect(yellow).toHaveText('Needs review');
    await expect(yellow).toHaveCSS('color', 'rgb(133, 77, 14)');
    expect(await yellow.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(await gray.evaluate((element) => getComputedStyle(element).backgroundColor));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(content(page).locator('.badge[data-color="yellow"]')).toHaveCSS('color', 'rgb(253, 224, 71)');
  });
});

test.describe('GitHub repository cards', () => {
  test('link to the repository and show GitHub’s description, stars and forks', async ({ page }) => {
    const asked: string[] = [];
    await page.route('https://api.github.com/**', async (route) => {
      asked.push(route.request().url());
      await route.fulfill({ json: { full_name: 'withastro/astro', description: 'A framework for websites made of content.', stargazers_count: 51234, forks_count: 2789 } });
    });
    await page.goto('/writing/components/github');
    const card = content(page).getByRole('link', { name: /withastro\/astro/ });
    await expect(card).toHaveAttribute('href', 'https://github.com/withastro/astro');
    await expect(card).toHaveAttribute('target', '_blank');
    await expect(card).toHaveAttribute('data-variant', 'inset');
    await expect(card.locator('[data-github-description]')).toHaveText('A framework for websites made of content.');
    await expect(card.locator('[data-github-stars]')).toHaveText('51.2K');
    await expect(card.locator('[data-github-forks]')).toHaveText('2.8K');
    await expect(card).toContainText('51.2K stars');
    // A URL names a repository too; `flat` is the other variant.
    const flat = content(page).getByRole('link', { name: /withastro\/starlight/ });
    await expect(flat).toHaveAttribute('href', 'https://github.com/withastro/starlight');
    await expect(flat).toHaveAttribute('data-variant', 'flat');
    // One request per repository, the navbar's GitHub link's included.
    expect(asked.sort()).toEqual(['https://api.github.com/repos/example/astro-docs-json', ASTRO_REPO, 'https://api.github.com/repos/withastro/starlight']);
  });

  test('stay complete links when GitHub fails or refuses', async ({ page }) => {
    await page.route(ASTRO_REPO, (route) => route.abort('failed'));
    await page.route('https://api.github.com/repos/withastro/starlight', (route) => route.fulfill({ status: 403, json: { message: 'API rate limit exceeded' } }));
    await page.goto('/writing/components/github');
    for (const name of ['astro', 'starlight']) {
      const card = content(page).getByRole('link', { name: new RegExp(`withastro/${name}`) });
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('href', `https://github.com/withastro/${name}`);
      await expect(card.locator('.github-repo-name')).toHaveText(name);
      await expect(card.locator('[data-github-stats]')).toBeHidden();
      await expect(card.locator('[data-github-description]')).toBeHidden();
    }
  });

  test('a page without a card or a zoomable image loads neither script', async ({ page }) => {
    expect(await requestsMatching(page, '/writing/components/github', /github-repo\.[\w-]+\.js/, 'script')).not.toEqual([]);
    expect(await requestsMatching(page, '/writing/components/image-zoom', /image-zoom\.[\w-]+\.js/, 'script')).not.toEqual([]);
    expect(await requestsMatching(page, '/writing/components/callouts', /(github-repo|image-zoom)\.[\w-]+\.js/, 'script')).toEqual([]);
  });
});

test.describe('GitHub repository cards without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('are links with the owner and name', async ({ page }) => {
    await page.goto('/writing/components/github');
    const card = content(page).getByRole('link', { name: /withastro\/astro/ });
    await expect(card).toHaveAttribute('href', 'https://github.com/withastro/astro');
    await expect(card.locator('[data-github-stats]')).toBeHidden();
  });
});

test.describe('links into components', () => {
  test('#id opens the accordion it names, and opening one puts its anchor in the address', async ({ page }) => {
    await page.goto('/writing/components/linking#server');
    const [hosts, server] = [content(page).locator('details#which-hosts-work'), content(page).locator('details#server')];
    await expect(server).toHaveAttribute('open', '');
    await expect(server.getByText('Only for the features that answer requests')).toBeVisible();
    await expect(hosts).not.toHaveAttribute('open', '');
    // An accordion without an id has its title's anchor.
    await page.goto('about:blank');
    await page.goto('/writing/components/linking#which-hosts-work');
    await expect(hosts).toHaveAttribute('open', '');
    await expect(server).not.toHaveAttribute('open', '');
    await server.locator('summary').click();
    await expect(server).toHaveAttribute('open', '');
    await expect(page).toHaveURL(/\/writing\/components\/linking#server$/);
    // Closing it leaves the address as it is.
    await server.locator('summary').click();
    await expect(server).not.toHaveAttribute('open', '');
    await expect(page).toHaveURL(/#server$/);
  });

  test('#id selects the tab it names, on arrival and from a link on the page', async ({ page }) => {
    await page.goto('/writing/components/linking#node');
    const tabs = content(page).locator('.tab-group');
    await expect(tabs.getByRole('tab', { name: 'Node server' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByText('node dist/server/entry.mjs')).toBeVisible();
    await expect(tabs.getByText('Upload the dist/ folder.')).toBeHidden();

    await page.goto('/writing/components/linking');
    await expect(tabs.getByRole('tab', { name: 'Static host' })).toHaveAttribute('aria-selected', 'true');
    await content(page).getByRole('link', { name: 'show the Node server tab' }).click();
    await expect(tabs.getByRole('tab', { name: 'Node server' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.locator('#node')).toBeVisible();
  });

  test('steps with titleSize have headings for titles, listed in the table of contents, with the step’s id', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/writing/components/linking');
    const steps = content(page).locator('ol.steps');
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText(['Install the package', 'Build the site']);
    await expect(steps.getByRole('heading', { name: 'Build the site' })).toHaveAttribute('id', 'build-step');
    await expect(tocEntries(page)).toHaveText(['Accordions', 'Tabs', 'Steps as headings', 'Install the package', 'Build the site']);
    await expect(toc(page).getByRole('link', { name: 'Install the package' })).toHaveAttribute('href', '#install-the-package');
    await expect(toc(page).getByRole('link', { name: 'Build the site' })).toHaveAttribute('href', '#build-step');
    await expect(toc(page).getByRole('link', { name: 'Build the site' }).locator('..')).toHaveAttribute('data-depth', '3');
    await page.goto('/writing/components/linking#build-step');
    await expect(steps.getByRole('heading', { name: 'Build the site' })).toBeInViewport();
  });
});

test.describe('views and the table of contents', () => {
  test('the table of contents lists the headings of the chosen view only', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/writing/components/views');
    const menu = content(page).getByRole('combobox', { name: 'View' });
    await expect(menu).toHaveValue('JavaScript');
    await expect(tocEntries(page)).toHaveText(['Install with npm', 'Register in astro.config.mjs', 'Writing views']);
    await menu.selectOption('Python');
    await expect(content(page).getByRole('heading', { name: 'Serve the built site' })).toBeVisible();
    await expect(content(page).getByRole('heading', { name: 'Install with npm' })).toBeHidden();
    await expect(tocEntries(page)).toHaveText(['Serve the built site', 'Writing views']);
  });

  test('a link to a heading inside a view shows that view', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/writing/components/views#serve-the-built-site');
    await expect(content(page).getByRole('combobox', { name: 'View' })).toHaveValue('Python');
    await expect(content(page).getByRole('heading', { name: 'Serve the built site' })).toBeInViewport();
    await expect(tocEntries(page)).toHaveText(['Serve the built site', 'Writing views']);
  });
});

test.describe('changelog', () => {
  test('the tag filter shows the updates with a chosen tag, and the table of contents follows', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/writing/components/changelog');
    const filter = content(page).getByRole('group', { name: 'Filter updates by tag' });
    const updates = content(page).locator('section.update');
    await expect(filter.getByRole('button')).toHaveText(['Components', 'Navigation', 'Fixes']);
    await expect(updates.filter({ visible: true })).toHaveCount(3);
    // As on Mintlify, the table of contents lists the entries by their labels, not the headings inside them.
    await expect(tocEntries(page)).toHaveText(['March 2026', 'February 2026', 'January 2026']);

    await filter.getByRole('button', { name: 'Fixes' }).click();
    await expect(filter.getByRole('button', { name: 'Fixes' })).toHaveAttribute('aria-pressed', 'true');
    await expect(updates.filter({ visible: true })).toHaveCount(1);
    await expect(updates.filter({ visible: true })).toContainText('January 2026');
    await expect(tocEntries(page)).toHaveText(['January 2026']);
    await expect(filter.getByText('Showing 1 of 3 updates')).toBeAttached();

    // A second tag adds its updates.
    await filter.getByRole('button', { name: 'Navigation' }).click();
    await expect(updates.filter({ visible: true })).toHaveCount(2);
    await expect(tocEntries(page)).toHaveText(['March 2026', 'January 2026']);

    await filter.getByRole('button', { name: 'Show all' }).click();
    await expect(updates.filter({ visible: true })).toHaveCount(3);
    await expect(filter.getByRole('button', { name: 'Show all' })).toBeHidden();
    await expect(filter.getByRole('button', { name: 'Fixes' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('the feed has an item per heading of an update, or the update’s rss title and description', async ({ request }) => {
    const xml = await (await request.get('/writing/components/changelog/rss.xml')).text();
    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => ({
      title: /<title>([^<]*)<\/title>/.exec(item!)?.[1],
      link: /<link>([^<]*)<\/link>/.exec(item!)?.[1],
      description: /<description>([^<]*)<\/description>/.exec(item!)?.[1],
    }));
    expect(items.map((item) => item.title)).toEqual(['Column and FileTree', 'Links out in the sidebar', 'Version 3.0: image zoom', 'January 2026']);
    expect(items[0]!.link).toMatch(/\/writing\/components\/changelog#column-and-filetree$/);
    expect(items[2]!.link).toMatch(/#february-2026$/);
    expect(items[2]!.description).toBe('Images open at full size on click.');
  });
});

test.describe('image zoom', () => {
  const SKETCH = 'Sketch of a documentation page with its sidebar, article and table of contents';

  test('an image opens enlarged from the keyboard, and Escape closes it with focus back where it was', async ({ page }) => {
    await page.goto('/writing/components/image-zoom');
    // The image stays an image; the keyboard reaches it through the button that follows it.
    await expect(content(page).getByRole('img', { name: SKETCH })).toBeVisible();
    const button = content(page).getByRole('button', { name: `Enlarge image: ${SKETCH}` });
    // Out of sight (a pixel, clipped) until it has focus.
    expect((await button.boundingBox())!.width).toBeLessThanOrEqual(1);
    await page.keyboard.press('Tab');
    await button.focus();
    expect((await button.boundingBox())!.width).toBeGreaterThan(50);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Enlarged image' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: SKETCH })).toHaveAttribute('src', /\/images\/components\/page-layout\.svg$/);
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a click on the image opens it, the close button closes it, in light and dark', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/writing/components/image-zoom');
      await content(page).getByRole('img', { name: SKETCH }).click();
      const dialog = page.getByRole('dialog', { name: 'Enlarged image' });
      await expect(dialog).toBeVisible();
      const backdrop = await dialog.evaluate((element) => getComputedStyle(element, '::backdrop').backgroundColor);
      expect(backdrop).toBe(scheme === 'dark' ? 'rgba(10, 12, 16, 0.9)' : 'rgba(255, 255, 255, 0.92)');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('noZoom on an image or its frame, and an image in a link, do not zoom', async ({ page }) => {
    await page.goto('/writing/components/image-zoom');
    await expect(content(page).getByRole('button', { name: /^Enlarge image/ })).toHaveCount(1);
    for (const alt of ['A small file tree drawing', 'A card header drawing']) {
      await content(page).getByRole('img', { name: alt }).click();
      await expect(page.getByRole('dialog', { name: 'Enlarged image' })).toBeHidden();
    }
    await content(page).getByRole('link', { name: 'Callouts drawing that links to the layout components' }).click();
    await expect(page).toHaveURL(/\/writing\/components\/layout$/);
  });
});

test.describe('a page whose frontmatter has url', () => {
  test('is a link out in the sidebar, and its own address leads there', async ({ page, request }) => {
    await page.goto('/writing/components/views');
    const link = page.locator('#sidebar').getByRole('link', { name: /Astro on GitHub/ });
    await expect(link).toHaveAttribute('href', 'https://github.com/withastro/astro');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName('Astro on GitHub (opens in a new tab)');
    await expect(link.locator('svg.link-out')).toBeVisible();

    const own = await (await request.get('/writing/components/astro-repository', { maxRedirects: 0 })).text();
    expect(own).toContain('<meta http-equiv="refresh" content="0;url=https://github.com/withastro/astro">');
    expect(own).not.toContain('data-pagefind-body');
    // It is not content of the site's: no Markdown copy, not in the sitemap, a link out in llms.txt.
    expect((await request.get('/writing/components/astro-repository.md')).status()).toBe(404);
    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    expect(sitemap).toContain('/writing/components/changelog</loc>');
    expect(sitemap).not.toContain('astro-repository');
    const llms = await (await request.get('/llms.txt')).text();
    expect(llms).toContain('- [Astro on GitHub](https://github.com/withastro/astro)');
    expect(llms).not.toContain('astro-repository');
    // The page before it leads past it.
    await page.goto('/writing/components/changelog');
    await expect(page.getByRole('link', { name: /^Next/ })).not.toHaveAttribute('href', /astro-repository|github\.com/);
  });
});
