// What a page says about itself beyond its content, on a docs repository made here: its
// last-modified date from Git, the code themes docs.json names, and a page for signed-in
// readers that a build without sign-in leaves out. Built with the command line
// (`astro-docs-json build`) and served with its `preview`, as a Mintlify team would.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from 'playwright/test';
import { previewedRepository, type PreviewedRepository } from './previewed-repository.ts';
import { PORT } from './stand-in.ts';

// After the example site (PORT), its stand-ins and the fixtures' servers (PORT + 1 to PORT + 9).
const port = PORT + 10;
const baseURL = `http://127.0.0.1:${port}`;
const COMMIT_DATE = '2024-05-17T09:30:00Z';

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Page meta',
    metadata: { timestamp: true },
    styling: { codeblocks: { theme: { light: 'min-light', dark: 'nord' } } },
    navigation: {
      languages: [
        { language: 'en', default: true, groups: [{ group: 'Guides', pages: ['index', 'team-only', 'dated', 'last'] }] },
        { language: 'fr', groups: [{ group: 'Guides', pages: ['fr/index'] }] },
      ],
    },
  }),
  'index.mdx': '---\ntitle: Home\n---\n\nSee the [team page](/team-only).\n\n```js\nconst answer = 42;\n```\n',
  'team-only.mdx': '---\ntitle: Team only\ngroups: ["staff"]\n---\n\nSecret staff notes.\n',
  'dated.mdx': '---\ntitle: Dated\nlastUpdatedDate: "2023-01-02"\n---\n\nCopied from elsewhere.\n',
  'last.mdx': '---\ntitle: Last\ntimestamp: false\n---\n\nNo date here.\n',
  'fr/index.mdx': '---\ntitle: Accueil\n---\n\nBonjour.\n',
};

let site: PreviewedRepository;

// One worker runs this file's tests, in order (`previewed-repository.ts`).
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const identity = { GIT_AUTHOR_NAME: 'Docs', GIT_AUTHOR_EMAIL: 'docs@example.com', GIT_COMMITTER_NAME: 'Docs', GIT_COMMITTER_EMAIL: 'docs@example.com' };
  const commit = (repo: string) => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env: { ...process.env, ...identity, GIT_AUTHOR_DATE: COMMIT_DATE, GIT_COMMITTER_DATE: COMMIT_DATE }, stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'The docs');
  };
  site = await previewedRepository('page-meta', FILES, port, { prepare: commit, buildArgs: ['--site', 'https://docs.example.com'] });
});

test.afterAll(() => site?.close());

const dist = (file: string) => site.built(file);

test("a page shows the date of the last commit that touched it, in its language, or its frontmatter's", async ({ page }) => {
  await page.goto(`${baseURL}/`);
  const date = page.locator('.last-updated time');
  await expect(page.locator('.last-updated')).toHaveText('Last updated May 17, 2024');
  await expect(date).toHaveAttribute('datetime', '2024-05-17T09:30:00.000Z');

  await page.goto(`${baseURL}/fr`);
  await expect(page.locator('.last-updated')).toHaveText('Dernière mise à jour le 17 mai 2024');

  await page.goto(`${baseURL}/dated`);
  await expect(page.locator('.last-updated time')).toHaveAttribute('datetime', '2023-01-02T00:00:00.000Z');
  await page.goto(`${baseURL}/last`);
  await expect(page.locator('.last-updated')).toHaveCount(0);

  // The sitemap dates each page the same way.
  expect(dist('sitemap-0.xml')).toContain('<loc>https://docs.example.com/dated</loc><lastmod>2023-01-02T00:00:00.000Z</lastmod>');
});

/** The colour of the first token that reads `text` in the page's first code block. */
const tokenColor = (page: Page, text: string) =>
  page.locator('.code-block span:not(.line)', { hasText: text }).first().evaluate((element) => getComputedStyle(element).color);

test('code takes the light theme in light mode and the dark one in dark mode', async ({ page }) => {
  // min-light's keywords are rgb(211, 47, 47); nord's are rgb(129, 161, 193).
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${baseURL}/`);
  expect(await tokenColor(page, 'const')).toBe('rgb(211, 47, 47)');
  const lightBackground = await page.locator('.code-block').first().evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(lightBackground).toBe('rgb(255, 255, 255)');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  expect(await tokenColor(page, 'const')).toBe('rgb(129, 161, 193)');
  expect(await page.locator('.code-block').first().evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(46, 52, 64)');

  // The reader's own choice, with the theme toggle, wins over the system's.
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await tokenColor(page, 'const')).toBe('rgb(211, 47, 47)');
});

test('a page for signed-in readers is left out: no page, no sidebar entry, nothing to search, not in llms.txt or the sitemap', async ({ page, request }) => {
  expect((await request.get(`${baseURL}/team-only`)).status()).toBe(404);

  await page.goto(`${baseURL}/`);
  const sidebar = page.locator('#sidebar');
  await expect(sidebar.getByRole('link', { name: 'Dated' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Team only' })).toHaveCount(0);
  // The link to it leads where a link to a missing page does.
  await page.getByRole('link', { name: 'team page' }).click();
  await expect(page.locator('h1')).not.toHaveText('Team only');
  // The 404 page sends the reader on (Mintlify's default): the next visit waits for it.
  await page.waitForURL((url) => !url.pathname.startsWith('/team-only'));
  // Its neighbours link past it.
  await page.goto(`${baseURL}/`);
  await expect(page.locator('.pagination .next')).toContainText('Dated');

  expect(dist('llms.txt')).not.toContain('team-only');
  expect(dist('llms-full.txt')).not.toContain('Secret staff notes');
  expect(dist('sitemap-0.xml')).not.toContain('team-only');
  expect(dist('_docs/pages.json')).not.toContain('team-only');
  // The MCP server's index, whose first page is the home page: built, and without it.
  expect(dist('_docs/mcp.json')).toContain('Home');
  expect(dist('_docs/mcp.json')).not.toMatch(/team-only|Secret staff/);

  await page.goto(`${baseURL}/`);
  await page.keyboard.press('Control+k');
  const box = page.getByRole('searchbox', { name: 'Search' });
  await expect(box).toBeFocused();
  await box.fill('staff');
  // Pagefind's first search loads its WebAssembly and index: with the other browser tests
  // running beside it on two cores, that once took longer than the default five seconds.
  await expect(page.locator('.search-status')).toContainText(/no result/i, { timeout: 15_000 });
});

test.describe('the example site', () => {
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });

  test('dates its pages from its own Git history, colours its own language, and leaves out its page for maintainers', async ({ page, request }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/writing/components/code-blocks');
    await expect(page.locator('.last-updated')).toContainText('Last updated');
    expect(await page.locator('.last-updated time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    // `release-notes` is the docs folder's grammar (languages/release-notes.json); github-light's section names are rgb(111, 66, 193).
    const version = page.locator('.code-block[data-language="release-notes"] span:not(.line)', { hasText: 'v2.1.0' });
    expect(await version.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(111, 66, 193)');

    expect((await request.get('/writing/advanced/team-handbook')).status()).toBe(404);
    await expect(page.locator('#sidebar').getByRole('link', { name: 'Team handbook' })).toHaveCount(0);
  });

  test('a page with a blank title shows its own heading, and is named elsewhere by its sidebar title', async ({ page, request }) => {
    await page.goto('/writing/advanced/generated-reference');
    await expect(page).toHaveTitle(/^docs-cli deploy/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'docs-cli deploy');
    // The site draws no heading above the page's own; screen readers still find the title.
    await expect(page.locator('#page-title')).toHaveClass(/visually-hidden/);
    await expect(page.locator('#page-title')).toHaveText('docs-cli deploy');
    const own = page.locator('#mdx-content h1');
    await expect(own).toBeVisible();
    await expect(own).toHaveText('docs-cli deploy');
    expect((await own.boundingBox())!.y).toBeLessThan(400);
    await expect(page.locator('#sidebar').getByRole('link', { name: 'docs-cli deploy' })).toHaveAttribute('aria-current', 'page');

    const markdown = await (await request.get('/writing/advanced/generated-reference.md')).text();
    expect(markdown.startsWith('> A page written by a tool, which draws its own heading.\n\n# `docs-cli deploy`\n')).toBe(true);
    expect(await (await request.get('/llms.txt')).text()).toContain('[docs-cli deploy](');
  });
});
