import { expect, test, type Page } from 'playwright/test';
import { expectNamedIcon } from './drawn-icon.ts';

const sidebar = (page: Page) => page.locator('#sidebar');
const topbar = (page: Page) => page.locator('header.topbar');

test.describe('switching sections', () => {
  test('tabs lead to their first page and show their own sidebar', async ({ page }) => {
    await page.goto('/quickstart');
    const tabs = topbar(page).getByRole('navigation', { name: 'Sections' });
    await expect(tabs.getByRole('link', { name: 'Documentation' })).toHaveAttribute('aria-current', 'true');
    await tabs.getByRole('link', { name: 'Deploy' }).click();
    await expect(page).toHaveURL(/\/deploy\/static\/overview$/);
    await expect(tabs.getByRole('link', { name: 'Deploy' })).toHaveAttribute('aria-current', 'true');
    await expect(sidebar(page).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).getByRole('link', { name: 'Quickstart' })).toHaveCount(0);
    // A tab with href links out.
    await expect(tabs.getByRole('link', { name: /Blog/ })).toHaveAttribute('href', 'https://example.com/blog');
  });

  test('anchors sit at the top of the sidebar, global anchors on every page', async ({ page }) => {
    await page.goto('/deploy/static/cdn');
    const anchors = sidebar(page).locator('ul.anchors');
    await expect(anchors.getByRole('link')).toHaveText(['Community', 'Status', 'Static hosting', 'Node server']);
    await expect(anchors.getByRole('link', { name: 'Static hosting' })).toHaveAttribute('aria-current', 'true');
    await anchors.getByRole('link', { name: 'Node server' }).click();
    await expect(page).toHaveURL(/\/deploy\/server\/overview$/);
    await expect(sidebar(page).getByRole('link', { name: 'Docker' })).toBeVisible();
    await page.goto('/fr/quickstart');
    await expect(sidebar(page).locator('ul.anchors').getByRole('link', { name: 'Community' })).toBeVisible();
  });

  test('dropdowns, products and tab menus switch as menus', async ({ page }) => {
    await page.goto('/discoverability/search-engines/sitemap');
    const sections = topbar(page).getByRole('navigation', { name: 'Sections' });
    await sections.getByLabel('Section: Search engines').click();
    await sections.getByRole('link', { name: 'AI crawlers' }).click();
    await expect(page).toHaveURL(/\/discoverability\/ai\/llms-txt$/);

    await page.goto('/products/site-builder/overview');
    await sections.getByLabel('Product: Site builder').click();
    await expect(sections.getByText('Follow documentation agents from your site')).toBeVisible();
    // The tab's global product is in the same menu, with its description, leading out of the site.
    const astro = sections.getByRole('link', { name: /^Astro/ });
    await expect(astro).toHaveAttribute('href', 'https://astro.build');
    await expect(astro).toContainText('The web framework the site builder runs on');
    await expect(astro.getByLabel('(external)')).toBeVisible();
    await expect(sections.locator('.nav-tabs').getByRole('link', { name: /^Astro/ })).toHaveCount(0);
    await sections.getByRole('link', { name: /Agent jobs/ }).click();
    await expect(page).toHaveURL(/\/products\/agent-jobs\/overview$/);

    await page.goto('/clients/javascript');
    await sections.getByLabel('Menu: JavaScript').click();
    await sections.getByRole('link', { name: /HTTP/ }).click();
    await expect(page).toHaveURL(/\/clients\/http$/);
    await expect(sections.getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('versions and languages', () => {
  test('the version selector shows tags, the default first, and keeps the page', async ({ page }) => {
    await page.goto('/quickstart');
    const versions = topbar(page).locator('details.version-menu');
    await versions.locator('summary').click();
    await expect(versions.getByRole('link')).toHaveText(['v2Latest', 'v1Deprecated']);
    await versions.getByRole('link', { name: /v1/ }).click();
    await expect(page).toHaveURL(/\/v1\/quickstart$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quickstart for version 1');
    await expect(topbar(page).locator('details.version-menu summary')).toContainText('v1');
  });

  test('a page with no counterpart leads to the first page of that version', async ({ page }) => {
    await page.goto('/concepts/navigation');
    const versions = topbar(page).locator('details.version-menu');
    await versions.locator('summary').click();
    await versions.getByRole('link', { name: /v1/ }).click();
    await expect(page).toHaveURL(/\/v1$/);
  });

  test('the language selector goes to the same page in the other language', async ({ page }) => {
    await page.goto('/quickstart');
    const languages = topbar(page).locator('details.language-menu');
    await languages.locator('summary').click();
    await languages.getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/fr\/quickstart$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // The language's own navbar, banner and interface words.
    await expect(topbar(page).getByRole('link', { name: 'Commencer' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Announcement' })).toContainText('La version 2 est disponible');
    await expect(page.getByRole('link', { name: 'Aller au contenu' })).toBeAttached();

    await topbar(page).locator('details.language-menu summary').click();
    await topbar(page).getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/quickstart$/);
  });

  test('a page with no translation leads to the first page of that language', async ({ page }) => {
    await page.goto('/deploy/server/docker');
    await topbar(page).locator('details.language-menu summary').click();
    await topbar(page).getByRole('link', { name: 'Français' }).click();
    await expect(page).toHaveURL(/\/fr$/);
  });
});

test.describe('the sidebar', () => {
  test('marks the current page and expands the groups above it', async ({ page }) => {
    await page.goto('/writing/reference/page-urls');
    const current = sidebar(page).locator('a[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText('Page URLs');
    await expect(sidebar(page).locator('details', { hasText: 'Reference' })).toHaveAttribute('open', '');
  });

  test('nested groups collapse and expand; top-level groups cannot collapse', async ({ page }) => {
    await page.goto('/quickstart');
    const reference = sidebar(page).locator('details', { hasText: 'Reference' });
    const markdown = reference.getByRole('link', { name: 'Markdown' });
    await expect(markdown).toBeHidden();
    // The disclosure arrow, beside the group's title.
    const summary = reference.locator('summary');
    const box = (await summary.boundingBox())!;
    await summary.click({ position: { x: box.width - 8, y: box.height / 2 } });
    await expect(markdown).toBeVisible();
    await expect(page).toHaveURL(/\/quickstart$/);
    await summary.click({ position: { x: box.width - 8, y: box.height / 2 } });
    await expect(markdown).toBeHidden();
    // expanded: true opens a nested group by default.
    await expect(sidebar(page).locator('details', { hasText: 'Advanced' }).getByRole('link', { name: 'Snippets' })).toBeVisible();
    // Top-level groups are plain lists, always open.
    await expect(sidebar(page).locator('li.group > p', { hasText: 'Getting started' })).toBeVisible();
    await expect(sidebar(page).locator('li.group > details')).toHaveCount(0);
  });

  test('with drilldown, choosing a group goes to its first page', async ({ page }) => {
    await page.goto('/quickstart');
    await sidebar(page).locator('details', { hasText: 'Reference' }).getByRole('link', { name: 'Reference' }).click();
    await expect(page).toHaveURL(/\/writing\/reference\/markdown$/);
    await expect(sidebar(page).locator('details', { hasText: 'Reference' })).toHaveAttribute('open', '');
  });

  test('a group with a root page links its title to it', async ({ page }) => {
    await page.goto('/quickstart');
    await sidebar(page).getByRole('link', { name: 'Installation New' }).click();
    await expect(page).toHaveURL(/\/installation$/);
    await expect(sidebar(page).getByRole('link', { name: 'Installation New' })).toHaveAttribute('aria-current', 'page');
  });

  test('groups show their icon and tag badge', async ({ page }) => {
    await page.goto('/quickstart');
    const installation = sidebar(page).getByRole('link', { name: 'Installation New' });
    await expect(installation.locator('.tag')).toHaveText('New');
    const id = await expectNamedIcon(installation.locator('i.icon'));
    // The icon style sheet, under a name that changes with it, has the icon's rule.
    const sheet = await page.locator('link[rel="stylesheet"][href*="/_docs/icons-"]').getAttribute('href');
    expect(sheet).toMatch(/^\/_docs\/icons-[0-9a-f]+\.css$/);
    const response = await page.request.get(sheet!);
    expect(response.headers()['content-type']).toContain('text/css');
    expect(await response.text()).toContain(`.icon.${id}{--icon-mask:url("data:image/svg+xml,`);
  });
});

test.describe('the page', () => {
  test('breadcrumbs show the navigation path', async ({ page }) => {
    await page.goto('/writing/advanced/snippets');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Documentation', 'Writing content', 'Advanced']);
    await crumbs.getByRole('link', { name: 'Writing content' }).click();
    await expect(page).toHaveURL(/\/writing$/);
  });

  test('a card directory lists the group below its root page', async ({ page }) => {
    await page.goto('/concepts');
    const listing = page.locator('section.directory-card');
    await expect(listing.locator('a.card strong')).toHaveText(['Navigation', 'Versions', 'Languages', 'Page layout']);
    await expect(listing.locator('a.card', { hasText: 'Versions' })).toContainText('Publish several versions');
    await listing.locator('a.card', { hasText: 'Languages' }).click();
    await expect(page).toHaveURL(/\/concepts\/languages$/);
  });

  test('an accordion directory lists the group by section', async ({ page }) => {
    await page.goto('/writing');
    const listing = page.locator('section.directory-accordion');
    await expect(listing.locator('summary')).toHaveText(['In this section', 'Advanced', 'Components', 'Reference']);
    await expect(listing.getByRole('link', { name: 'Pages' })).toBeVisible();
    const reference = listing.locator('details', { hasText: 'Reference' });
    await expect(reference.getByRole('link', { name: 'Page URLs' })).toBeHidden();
    await reference.locator('summary').click();
    await expect(reference.getByRole('link', { name: 'Page URLs' })).toBeVisible();
    await expect(reference).toContainText('The rules that turn a page file path into the URL');
  });

  test('previous and next links follow the sidebar', async ({ page }) => {
    await page.goto('/quickstart');
    const pagination = page.locator('nav.pagination');
    await expect(pagination.locator('a[rel="prev"]')).toContainText('Introduction');
    await pagination.locator('a[rel="next"]').click();
    await expect(page).toHaveURL(/\/installation$/);
  });

  test('the table of contents lists the headings', async ({ page }) => {
    await page.goto('/quickstart');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    const first = toc.getByRole('link').first();
    const target = (await first.getAttribute('href'))!;
    await expect(page.locator(target)).toHaveCount(1);
  });

  test('relative links and images in content work', async ({ page }) => {
    await page.goto('/writing/pages');
    await expect(page.getByRole('link', { name: 'its sibling on frontmatter' })).toHaveAttribute('href', '/writing/frontmatter');
    const image = page.getByRole('img', { name: 'How a page file becomes a URL' });
    await expect(image).toBeVisible();
    // Loaded lazily, once near the viewport; laid out before it is loaded: wait for its pixels rather than read them at once.
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'the navigation concepts' }).click();
    await expect(page).toHaveURL(/\/concepts\/navigation$/);
  });
});
