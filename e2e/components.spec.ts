// Mintlify's built-in components, as the fixture repository's pages use them (written for
// Mintlify, built unmodified): each one's behaviour in the browser, and what is left of it
// in the page's Markdown copy.
import type { Locator, Page } from 'playwright/test';
import { expectNamedIcon } from './drawn-icon.ts';
import { expect, test } from './fixture-site.ts';

const content = (page: Page) => page.locator('article .content');

/** A drawn icon: an SVG with shapes of its own (the built-in glyphs), or a named icon of the site's icon style sheet. */
async function expectIcon(icon: Locator) {
  if ((await icon.evaluate((element) => element.tagName)) === 'I') return void (await expectNamedIcon(icon));
  await expect(icon).toBeVisible();
  expect(await icon.locator('path, circle, rect, line, polyline, polygon').count()).toBeGreaterThan(0);
}

test.describe('icons', () => {
  test('tabs, anchors and groups draw their icons; the icon style sheet holds the icons in use and no others', async ({ page, request }) => {
    await page.goto('/components/cards');
    await expectNamedIcon(page.getByRole('link', { name: 'API reference', exact: true }).locator('i.icon'));
    await expectNamedIcon(page.getByRole('link', { name: 'Community', exact: true }).locator('i.icon'));
    await expectNamedIcon(page.locator('.sidebar').getByText('Components', { exact: true }).locator('..').locator('i.icon').first());

    const sitemap = await (await request.get('/sitemap-0.xml')).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(pages.length).toBeGreaterThan(10);
    const used = new Set<string>();
    let sheet = '';
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      sheet = /<link rel="stylesheet" href="([^"]*\/_docs\/icons-[^"]+\.css)">/.exec(html)?.[1] ?? sheet;
      for (const [, id] of html.matchAll(/<i class="icon (i\d+)">/g)) used.add(id!);
    }
    const rules = [...(await (await request.get(sheet)).text()).matchAll(/^\.icon\.(i\d+)\{/gm)].map((match) => match[1]!);
    expect(new Set(rules)).toEqual(used);
  });
});

test.describe('cards and columns', () => {
  test('cards link their whole box, CardGroup and Columns lay them out in columns', async ({ page }) => {
    await page.goto('/components/cards');
    const quickstart = content(page).getByRole('link', { name: /Quickstart/ });
    await expect(quickstart).toHaveAttribute('href', '/components/steps');
    await expectIcon(quickstart.locator('.card-icon :is(svg, i.icon)'));

    const roles = ['Developers', 'Analysts', 'Administrators'].map((name) => content(page).getByRole('link', { name: new RegExp(`^${name}`) }));
    const boxes = await Promise.all(roles.map(async (card) => (await card.boundingBox())!));
    expect(new Set(boxes.map((box) => Math.round(box.y))).size, 'cols={3}: one row').toBe(1);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    // An <Icon> inside a card, and the card's own icon colour.
    await expectIcon(roles[1]!.locator('.inline-icon :is(svg, i.icon)'));
    await expect(roles[1]!.locator('.card-icon')).toHaveCSS('color', 'rgb(124, 58, 237)');

    const horizontal = content(page).getByRole('link', { name: /^Changelog/ });
    const icon = (await horizontal.locator('.card-icon').boundingBox())!;
    const title = (await horizontal.getByText('Changelog', { exact: true }).boundingBox())!;
    expect(icon.x + icon.width, 'horizontal: the icon beside the title').toBeLessThanOrEqual(title.x);

    const insights = content(page).locator('.card-box', { hasText: 'Acme Insights' });
    expect(await insights.evaluate((card) => card.tagName)).toBe('DIV');
    expect(await insights.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    const github = content(page).getByRole('link', { name: /Acme on GitHub/ });
    await expect(github).toHaveAttribute('target', '_blank');
    await expect(github).toHaveAccessibleName(/opens in a new tab/);
    await expect(content(page).getByRole('link', { name: /Status page/ })).toContainText('See current status');
    const two = await Promise.all([github, content(page).getByRole('link', { name: /Status page/ })].map(async (card) => (await card.boundingBox())!));
    expect(Math.round(two[0]!.y), 'Columns cols={2}: side by side').toBe(Math.round(two[1]!.y));
  });
});

test.describe('callouts', () => {
  test('each kind is a labelled aside with its own icon and colour', async ({ page }) => {
    await page.goto('/components/callouts');
    const kinds = ['Note', 'Tip', 'Info', 'Warning', 'Check', 'Danger', 'Callout'];
    const colours = new Set<string>();
    for (const kind of kinds) {
      const callout = content(page).getByRole('complementary', { name: kind, exact: true });
      await expect(callout).toBeVisible();
      await expectIcon(callout.locator('.callout-icon :is(svg, i.icon)'));
      colours.add(await callout.evaluate((element) => getComputedStyle(element).borderColor));
    }
    expect(colours.size, 'every kind has its colour').toBe(kinds.length);
    await expect(content(page).getByRole('complementary', { name: 'Callout' }).locator('.callout-icon')).toHaveCSS('color', 'rgb(255, 193, 7)');
  });
});

test.describe('steps', () => {
  test('steps are a numbered list, and stepNumber starts the count elsewhere', async ({ page }) => {
    await page.goto('/components/steps');
    const [first, second] = [content(page).getByRole('list').nth(0), content(page).getByRole('list').nth(1)];
    await expect(first.getByRole('listitem')).toHaveCount(4);
    await expect(first.getByRole('listitem').nth(2)).toContainText('Send an event');
    await expectIcon(first.getByRole('listitem').nth(1).locator('.step-icon :is(svg, i.icon)'));
    await expect(second.getByRole('listitem')).toHaveCount(2);
    // titleSize="h3": the titles are headings.
    await expect(second.getByRole('heading', { level: 3 })).toHaveText(['Invite your team', 'Set up alerts']);
    await expect(first.getByRole('heading')).toHaveCount(0);
    // stepNumber={5}: the list counts on from there, for screen readers as for the eye.
    expect(await second.getByRole('listitem').nth(0).evaluate((element: HTMLLIElement) => element.value)).toBe(5);
  });
});

test.describe('tabs', () => {
  test('tabs switch by click and by arrow keys, and tabs of the same title follow one another', async ({ page }) => {
    await page.goto('/components/tabs');
    const [install, configure, regions] = [0, 1, 2].map((index) => content(page).locator('[data-tabs]').nth(index));
    await expect(install!.getByRole('tab')).toHaveText(['Node.js', 'Python', 'Go']);
    await expectIcon(install!.getByRole('tab', { name: 'Python' }).locator(':is(svg, i.icon)'));
    await expect(install!.getByRole('tab', { name: 'Node.js' })).toHaveAttribute('aria-selected', 'true');
    await expect(install!.getByText('npm install @acme/sdk')).toBeVisible();
    await expect(install!.getByText('pip install acme-sdk')).toBeHidden();

    await install!.getByRole('tab', { name: 'Python' }).click();
    await expect(install!.getByText('pip install acme-sdk')).toBeVisible();
    await expect(install!.getByText('npm install @acme/sdk')).toBeHidden();
    // The next group on the page follows, by title.
    await expect(configure!.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
    await expect(configure!.getByText('acme = Acme(key=')).toBeVisible();

    await install!.getByRole('tab', { name: 'Python' }).press('ArrowRight');
    await expect(install!.getByRole('tab', { name: 'Go' })).toBeFocused();
    await expect(install!.getByText('go get github.com/acme/acme-go')).toBeVisible();

    // defaultTabIndex={1} and sync={false}.
    await expect(regions!.getByRole('tab', { name: 'Europe' })).toHaveAttribute('aria-selected', 'true');
    await expect(regions!.getByText('Frankfurt')).toBeVisible();
    await expect(regions!.getByText('Virginia')).toBeHidden();
  });

  test('without JavaScript, every tab shows under its title', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/components/tabs');
    for (const text of ['npm install @acme/sdk', 'pip install acme-sdk', 'Virginia', 'Frankfurt']) await expect(content(page).getByText(text)).toBeVisible();
    await expect(content(page).locator('[data-tab-title]', { hasText: 'Python' }).first()).toBeVisible();
    await context.close();
  });
});

test.describe('accordions', () => {
  test('accordions open and close by click and keyboard; defaultOpen starts open', async ({ page }) => {
    await page.goto('/components/accordions');
    const region = content(page).locator('details', { hasText: 'Can I move a workspace' });
    await expect(region.getByText('Not yet.')).toBeHidden();
    await region.getByText('Can I move a workspace to another region?').click();
    await expect(region.getByText('Not yet.')).toBeVisible();
    await expectIcon(region.locator('summary :is(svg, i.icon)').last());

    const sso = content(page).locator('details', { hasText: 'Which single sign-on' });
    await expect(sso.locator('summary')).toContainText('SAML 2.0 and OpenID Connect');
    await sso.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(sso.getByText('Okta')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(sso.getByText('Okta')).toBeHidden();

    await expect(content(page).locator('details', { hasText: 'audit logs' }).getByText('400 days')).toBeVisible();
  });
});

test.describe('code groups', () => {
  test('code blocks become tabs named by their titles, or else their languages', async ({ page }) => {
    await page.goto('/components/code-groups');
    const [track, tail] = [0, 1].map((index) => content(page).locator('.code-group').nth(index));
    await expect(track!.getByRole('tab')).toHaveText(['track.js', 'track.py', 'track.go']);
    await expect(track!.getByText("await acme.track('checkout_completed'")).toBeVisible();
    await track!.getByRole('tab', { name: 'track.go' }).click();
    await expect(track!.getByText('client.Track("checkout_completed"')).toBeVisible();
    await expect(track!.getByText("await acme.track('checkout_completed'")).toBeHidden();
    await expect(tail!.getByRole('tab')).toHaveText(['bash', 'powershell']);
    await tail!.getByRole('tab', { name: 'powershell' }).click();
    await expect(tail!.getByText('acme.exe events tail')).toBeVisible();
    // A lone block keeps its title.
    await expect(content(page).locator('.code-block[data-title=".env"] .code-block-title')).toHaveText('.env');
  });
});

test.describe('API fields and examples', () => {
  test('fields show their name, type, place and facts; Expandable opens; examples switch', async ({ page }) => {
    await page.goto('/components/api-fields');
    const workspace = content(page).locator('.field', { has: page.locator('.field-name', { hasText: 'workspace_id' }) });
    await expect(workspace.locator('.field-head')).toContainText(/workspace_id\s*string\s*path\s*required/);
    // Each field has Mintlify's anchor, which links from other pages reach.
    await expect(workspace).toHaveAttribute('id', 'param-workspace-id');
    await page.goto('/components/api-fields#param-dry-run');
    await expect(content(page).locator('#param-dry-run')).toBeInViewport();
    await expect(content(page).locator('.field', { has: page.locator('.field-name', { hasText: 'dry_run' }) })).toContainText('Default: false');
    await expect(content(page).locator('.field-flag', { hasText: 'header' })).toBeVisible();
    await expect(content(page).locator('.field-deprecated')).toBeVisible();

    const owner = content(page).locator('details.expandable').first();
    await expect(owner.getByText("The member's email address.").or(owner.getByText('The member’s email address.'))).toBeHidden();
    await owner.locator('summary').click();
    await expect(owner.getByText(/The member.s email address\./)).toBeVisible();
    await expect(owner.locator('summary')).toHaveText(/Hide owner properties/);
    await expect(content(page).locator('details.expandable').nth(1).getByText('Acme Query Language')).toBeVisible();

    const request = page.getByRole('region', { name: 'Request example' });
    await expect(request.getByRole('tab')).toHaveText(['cURL', 'Node.js']);
    await request.getByRole('tab', { name: 'Node.js' }).click();
    await expect(request.getByText('acme.dashboards.create')).toBeVisible();
    const response = page.getByRole('region', { name: 'Response example' });
    await response.getByRole('tab', { name: '422' }).click();
    await expect(response.getByText('title_missing')).toBeVisible();
  });
});

test.describe('the side column', () => {
  test('on a wide screen, examples and panels take the place of the table of contents and follow the reader', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.goto('/components/api-fields');
    const article = (await page.locator('article').boundingBox())!;
    const request = page.getByRole('region', { name: 'Request example' });
    expect((await request.boundingBox())!.x).toBeGreaterThan(article.x + article.width);
    await expect(page.getByRole('navigation', { name: 'On this page' })).toBeHidden();
    await page.getByText('The chart’s query, in Acme Query Language.').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect(request).toBeInViewport();
    await expect(page.getByRole('region', { name: 'Response example' })).toBeInViewport();

    // Narrower, they go back to their places in the page (once the browser has told the
    // page's script that the screen changed: retried until then).
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(async () => {
      const inPage = (await page.locator('article').boundingBox())!;
      const box = (await request.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(inPage.x);
      expect(box.x + box.width).toBeLessThanOrEqual(inPage.x + inPage.width + 1);
    }).toPass();
  });
});

test.describe('frames, icons, tooltips and badges', () => {
  test('a frame captions its image; icons of both libraries are drawn at their size and colour', async ({ page }) => {
    await page.goto('/components/media');
    const figure = content(page).getByRole('figure');
    await expect(figure.locator('figcaption')).toHaveText('The Live dashboard, with the workspace menu on the left.');
    await expect(figure.locator('figcaption strong')).toHaveText('Live');
    expect(await figure.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    const icons = content(page).locator('.inline-icon');
    await expect(icons).toHaveCount(4);
    for (const icon of await icons.all()) await expectIcon(icon.locator(':is(svg, i.icon)'));
    await expect(icons.nth(1)).toHaveCSS('color', 'rgb(217, 119, 6)');
    expect((await icons.nth(2).locator(':is(svg, i.icon)').boundingBox())!.width).toBeCloseTo(20, 0);
  });

  test('a tooltip shows on hover and on focus, and Escape hides it', async ({ page }) => {
    await page.goto('/components/media');
    const term = content(page).getByText('stream', { exact: true });
    const tip = page.getByRole('tooltip').filter({ hasText: 'A named series of events' });
    await expect(tip).toBeHidden();
    await term.hover();
    await expect(tip).toBeVisible();
    await expect(tip.getByRole('link', { name: 'Learn about streams' })).toHaveAttribute('href', '/components/api-fields');
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();

    const minute = content(page).getByText('minute', { exact: true });
    await minute.focus();
    await expect(minute).toHaveAccessibleDescription('The shortest interval a chart can show is one minute.');
    await expect(page.getByRole('tooltip').filter({ hasText: 'one minute' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip').filter({ hasText: 'one minute' })).toBeHidden();
  });

  test('badges carry their colour, shape and icon', async ({ page }) => {
    await page.goto('/components/media');
    const team = content(page).locator('.badge', { hasText: 'Team' });
    const enterprise = content(page).locator('.badge', { hasText: 'Enterprise' });
    expect(await team.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      await enterprise.evaluate((element) => getComputedStyle(element).backgroundColor),
    );
    await expectIcon(enterprise.locator(':is(svg, i.icon)'));
    const radius = (badge: Locator) => badge.evaluate((element) => parseFloat(getComputedStyle(element).borderTopLeftRadius));
    expect(await radius(enterprise), 'pill').toBeGreaterThan(await radius(team));
  });
});

test.describe('changelog', () => {
  test('each update is a section with its label as an anchor, its description and tags', async ({ page }) => {
    await page.goto('/components/changelog');
    const update = content(page).getByRole('region', { name: '2025-06-02' });
    await expect(update).toHaveAttribute('id', '2025-06-02');
    await expect(update.getByRole('link', { name: '2025-06-02' })).toHaveAttribute('href', '#2025-06-02');
    await expect(update).toContainText('v2.4.0');
    await expect(update.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['Dashboards', 'SDK']);
    await page.goto('/components/changelog#2025-05-12');
    await expect(content(page).getByRole('region', { name: '2025-05-12' })).toBeInViewport();
  });
});

test.describe('trees, colours, tiles, panels, visibility, prompts and views', () => {
  test('a tree folder opens and closes; colours show their swatches', async ({ page }) => {
    await page.goto('/components/more');
    const tree = content(page).getByRole('list', { name: 'Files' });
    await expect(tree.getByText('signups.yaml')).toBeVisible();
    await expect(tree.getByText('growth.json')).toBeHidden();
    await tree.getByText('dashboards', { exact: true }).click();
    await expect(tree.getByText('growth.json')).toBeVisible();
    // openable={false}: always open, not a toggle.
    await expect(tree.getByText('state.lock')).toBeVisible();
    await expect(tree.locator('summary', { hasText: '.acme' })).toHaveCount(0);

    const swatch = (name: string) => content(page).locator('.color-item', { hasText: name }).locator('.color-swatch');
    await expect(swatch('acme-green')).toHaveCSS('background-color', 'rgb(13, 147, 115)');
    await expect(swatch('critical')).toHaveCSS('background-color', 'rgb(220, 40, 40)');
    await expect(content(page).getByRole('rowheader', { name: 'Alerts' }).locator('strong')).toHaveText('Alerts');
  });

  test('tiles link with a preview that follows the theme; a panel holds its content', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/components/more');
    const tile = content(page).getByRole('link', { name: /Cards/ });
    await expect(tile).toHaveAttribute('href', '/components/cards');
    await expect(tile.getByRole('img', { name: 'A card widget', exact: true })).toBeVisible();
    await expect(tile.getByRole('img', { name: 'A card widget, dark' })).toBeHidden();
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(tile.getByRole('img', { name: 'A card widget, dark' })).toBeVisible();
    await expect(tile.getByRole('img', { name: 'A card widget', exact: true })).toBeHidden();
    await expect(page.locator('.side-panel').getByRole('complementary', { name: 'Info' })).toContainText('Ask in the community forum');
  });

  test('Visibility shows readers their content and agents theirs, in the Markdown copy', async ({ page, request }) => {
    await page.goto('/components/more');
    await expect(content(page)).toContainText('Use the search box at the top of the page');
    await expect(content(page)).not.toContainText('fetch /llms.txt');
    const markdown = await (await request.get('/components/more.md')).text();
    expect(markdown).toContain('To list every page of these docs, fetch `/llms.txt`');
    expect(markdown).not.toContain('Use the search box');
  });

  test('a prompt copies its text and opens in Cursor', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/components/more');
    const prompt = content(page).locator('[data-prompt]');
    await expect(prompt).toContainText('Have your AI assistant write an Acme tracking plan.');
    await prompt.getByRole('button', { name: 'Copy prompt' }).click();
    await expect(prompt.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(prompt.getByRole('status')).toHaveText('Prompt copied to the clipboard');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^You are an analytics engineer\. Write an Acme tracking plan[\s\S]*dashboard uses it\.$/);
    const cursor = new URL((await prompt.getByRole('link', { name: /Open in Cursor/ }).getAttribute('href'))!);
    expect(cursor.searchParams.get('text')).toBe(copied);
  });

  test('views: a menu chooses the one shown', async ({ page }) => {
    await page.goto('/components/more');
    const menu = content(page).getByRole('combobox', { name: 'View' });
    await expect(menu).toHaveValue('React');
    await expect(content(page).getByText('useTrack()')).toBeVisible();
    await expect(content(page).getByText('app.use(acme)')).toBeHidden();
    await menu.selectOption('Vue');
    await expect(content(page).getByText('app.use(acme)')).toBeVisible();
    await expect(content(page).getByText('useTrack()')).toBeHidden();
  });
});

test.describe('unknown components', () => {
  test('a component nobody provides shows its content, and nothing of its own', async ({ page }) => {
    await page.goto('/forgiving-mdx');
    const text = content(page).getByText('Release notes are published every spring.');
    await expect(text).toBeVisible();
    await expect(content(page)).not.toContainText('Spring release');
    expect(await content(page).evaluate((element) => element.innerHTML)).not.toMatch(/<acmebanner/i);
  });
});
