// The `real-world` fixture: a repository with languages inside versions, React components,
// and the slips Mintlify builds through (a page never written, a snippet never committed,
// an image left out, operations its spec lacks, redirects without a leading slash, link
// objects among `pages`, an empty icon, a frontmatter that is not strict YAML).
import { expect, realWorldTest as test } from './fixture-site.ts';
import { REACT_SCRIPT, requestsMatching } from './requests.ts';

test.describe('languages inside versions', () => {
  const banner = (page: import('playwright/test').Page) => page.getByRole('region', { name: 'Announcement' });
  const links = (page: import('playwright/test').Page) => page.getByRole('navigation', { name: 'Links' });

  test('each page shows the banner, navbar and footer of its own language element', async ({ page }) => {
    await page.goto('/v2/en');
    await expect(banner(page)).toHaveText(/Orbit 2 is here: read what changed\./);
    await expect(links(page).getByRole('link', { name: 'Status page' })).toHaveAttribute('href', 'https://status.orbit.example');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Github' })).toHaveAttribute('href', 'https://github.com/orbit-en');

    await page.goto('/v2/fr');
    await expect(banner(page)).toHaveText(/Orbit 2 est arrivé/);
    await expect(links(page).getByRole('link', { name: 'État du service' })).toHaveAttribute('href', 'https://status.orbit.example/fr');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'X' })).toHaveAttribute('href', 'https://x.com/orbit_fr');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Github' })).toHaveCount(0);

    // The same language in the older version has none of the newer one's settings.
    await page.goto('/v1/en');
    await expect(page.getByRole('heading', { level: 1, name: 'Orbit 1' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Status page' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Github' })).toHaveCount(0);
  });
});

test.describe('components written for React', () => {
  test('a component defined in the page renders on the server and counts down once hydrated', async ({ page }) => {
    await page.goto('/v2/en/interactive');
    const countdown = page.getByRole('button', { name: 'T-minus 3' });
    await expect(countdown).toBeVisible();
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2);
    for (const label of ['T-minus 2', 'T-minus 1', 'Liftoff']) {
      await page.locator('.countdown').click();
      await expect(page.locator('.countdown')).toHaveText(label);
    }
  });

  test('a .jsx snippet using React hooks without importing them is interactive', async ({ page }) => {
    await page.goto('/v2/en/interactive');
    const status = page.getByRole('status').filter({ hasText: 'checked' });
    await expect(status).toHaveText('0 of 3 checked');
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Crew' }).check();
    await page.getByRole('checkbox', { name: 'Weather' }).check();
    await expect(status).toHaveText('2 of 3 checked');
  });

  test('pages without such components load no React', async ({ page }) => {
    expect(await requestsMatching(page, '/v2/en/mission-control', REACT_SCRIPT, 'script')).not.toEqual([]);
    expect(await requestsMatching(page, '/v2/en', REACT_SCRIPT, 'script')).toEqual([]);
  });
});

test.describe('React interop as Mintlify runs it', () => {
  test('components an MDX snippet exports with hooks, imported by name, are interactive', async ({ page }) => {
    await page.goto('/v2/en/mission-control');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // every island hydrated
    const counter = page.locator('.stage-counter').filter({ hasText: 'of 3 stages' });
    await expect(counter.getByRole('status')).toHaveText('0 of 3 stages fired');
    await counter.getByRole('button', { name: 'Fire stage 1' }).click();
    await expect(counter.getByRole('status')).toHaveText('1 of 3 stages fired');
    await counter.getByRole('button', { name: 'Fire stage 2' }).click();
    await expect(counter.getByRole('status')).toHaveText('2 of 3 stages fired');
  });

  test('a snippet’s own content uses its React component, and a snippet importing a snippet renders it too', async ({ page }) => {
    await page.goto('/v2/en/mission-control');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // every island hydrated
    // The planner snippet's content, imported by default, with its own two-stage counter.
    const rehearsal = page.locator('.stage-counter').filter({ hasText: 'of 2 stages' });
    await expect(page.getByText('A two-stage rehearsal, straight from the planner snippet:')).toBeVisible();
    await rehearsal.getByRole('button', { name: 'Fire stage 1' }).click();
    await expect(rehearsal.getByRole('status')).toHaveText('1 of 2 stages fired');
    // The mission log snippet's two gauges come from the planner snippet; each keeps its own state.
    const tanks = page.locator('.twin-tanks .fuel-gauge');
    await expect(tanks).toHaveCount(2);
    await tanks.nth(0).getByRole('button', { name: 'Burn' }).click();
    await expect(tanks.nth(0)).toContainText('Fuel 25%');
    await expect(tanks.nth(1)).toContainText('Fuel 75%');
  });

  test('a page component passes Markdown and a built-in component as children into a React component, which stays interactive', async ({ page }) => {
    await page.goto('/v2/en/mission-control');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // every island hydrated
    const briefing = page.locator('.collapsible').filter({ has: page.getByRole('button', { name: 'Pre-flight briefing' }) });
    await expect(briefing.locator('strong')).toHaveText('fuel lines');
    const note = briefing.getByRole('complementary', { name: 'Note' });
    await expect(note).toHaveText('The crew boards two hours before launch.');
    const toggle = briefing.getByRole('button', { name: 'Pre-flight briefing' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(note).toHaveCount(0);
    await toggle.click();
    await expect(note).toBeVisible();
    await expect(briefing.locator('strong')).toHaveText('fuel lines');
  });

  test('a .jsx snippet that wraps a React component passes its children on the same way', async ({ page }) => {
    await page.goto('/v2/en/mission-control');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // every island hydrated
    const recovery = page.locator('.briefing-card');
    await expect(recovery.locator('em')).toHaveText('downrange');
    await expect(recovery.locator('.card-title')).toHaveText('Recovery fleet');
    await expect(recovery.locator('.card-icon i.icon')).toHaveCount(1);
    await recovery.getByRole('button', { name: 'Recovery plan' }).click();
    await expect(recovery.locator('.card-title')).toHaveCount(0);
  });

  test('a component that throws leaves a notice in its place, and the rest of the page renders', async ({ page }) => {
    await page.goto('/v2/en/mission-control');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // every island hydrated
    const notice = page.getByRole('note', { name: 'Component error' }).filter({ hasText: '<Telemetry>' });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('This part of the page could not be shown.');
    await expect(notice).toContainText('<Telemetry>');
    await expect(notice).toContainText('the rest of the page is complete');
    // What follows it, and the headings around it, are there.
    const next = page.getByText('Telemetry resumes after stage separation.');
    await expect(next).toBeVisible();
    expect(await notice.evaluate((element, after) => element.nextElementSibling?.textContent === after, 'Telemetry resumes after stage separation.')).toBe(true);
    await expect(page.getByRole('heading', { level: 2, name: 'Telemetry' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Telemetry', exact: true })).toHaveAttribute('href', '#telemetry');
  });

  test('a component imported by a name its snippet does not export leaves a notice too', async ({ page }) => {
    await page.goto('/v2/en/mission-control');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0); // every island hydrated
    const notices = page.getByRole('note', { name: 'Component error' });
    await expect(notices).toHaveCount(2);
    const clock = notices.filter({ hasText: '<MissionClock>' });
    await expect(clock).toContainText('This part of the page could not be shown.');
    await expect(page.getByText('The planner snippet never exported a mission clock.')).toBeVisible();
    // The snippet's other components, imported in the same statement, work.
    await expect(page.locator('.fuel-gauge').first()).toBeVisible();
  });
});

test.describe('what Mintlify builds through', () => {
  test('a built-in component inside an attribute renders, a missing snippet renders nothing, a missing image shows as missing', async ({ page }) => {
    await page.goto('/v2/en');
    const content = page.locator('article .content');
    const update = page.getByRole('heading', { level: 2, name: 'Launch day' });
    await expect(update).toBeVisible();
    await expect(update.locator('i.icon')).toHaveCount(1);
    await expect(content).toContainText('Orbit 2 sends many satellites at once.');
    await expect(content).toContainText('That snippet was never committed: the page builds without it.');
    const image = content.getByRole('img', { name: 'The fleet in orbit' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  });

  test('the navigation leaves out the page never written and the operation its spec lacks, and keeps the rest', async ({ page }) => {
    await page.goto('/v2/en');
    const sidebar = page.getByRole('navigation', { name: 'In this section' });
    await expect(sidebar.getByRole('link')).toHaveText(['Orbit 2', 'Interactive components', 'Mission control', 'Launch weather', /^Launch tracker/, /List agents$/, 'Legacy launches', 'Back to mission control']);
    expect((await page.request.get('/v2/en/not-written-yet')).status()).toBe(404);
  });

  test('link objects among a group\'s pages are sidebar links: out of the site in a new tab, or to one of its pages', async ({ page }) => {
    await page.goto('/v2/en/mission-control');
    const sidebar = page.getByRole('navigation', { name: 'In this section' });
    const tracker = sidebar.getByRole('link', { name: 'Launch tracker (opens in a new tab)' });
    await expect(tracker).toHaveAttribute('href', 'https://tracker.orbit.example/live');
    await expect(tracker).toHaveAttribute('target', '_blank');
    await expect(tracker.locator('svg.link-out')).toBeVisible();
    // The page's own entry is the current one, not the link to it; the group with an empty icon shows none.
    await expect(sidebar.locator('[aria-current="page"]')).toHaveText('Mission control');
    await expect(sidebar.locator('.sidebar-group', { hasText: 'API' }).locator('.sidebar-group-header .icon')).toHaveCount(0);
    await page.goto('/v2/en/agents');
    await sidebar.getByRole('link', { name: 'Back to mission control' }).click();
    await expect(page).toHaveURL(/\/v2\/en\/mission-control$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mission control' })).toBeVisible();
    // Previous and next lead past the links: the page before them (Launch weather) to the page after them.
    await page.goto('/v2/en/launch-weather');
    await expect(page.getByRole('link', { name: /Next/ })).toHaveAttribute('href', /\/v2\/en\/agents$/);
  });

  test('a frontmatter description whose next line starts at the margin reads as Mintlify reads it; reference-style links lead where defined', async ({ page }) => {
    await page.goto('/v2/en/legacy');
    await expect(page.locator('article header')).toContainText('How launches worked before Orbit 2. Kept for the records of old missions.');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'How launches worked before Orbit 2. Kept for the records of old missions.');
    const content = page.locator('article .content');
    await expect(content.getByRole('link', { name: 'launch log' })).toHaveAttribute('href', 'https://log.orbit.example/legacy');
    await expect(content.getByRole('link', { name: 'mission archive' })).toHaveAttribute('href', '/v2/en/mission-control');
  });

  test('a page names an operation of a spec docs.json does not name; a page whose operation is gone keeps its content', async ({ page }) => {
    await page.goto('/v2/en/agents');
    await expect(page.locator('article')).toContainText('Agents watch the fleet.');
    await expect(page.locator('article')).toContainText('/agents');
    await expect(page.locator('article')).toContainText('How many agents to return.');

    await page.goto('/v2/en/legacy');
    await expect(page.locator('article')).toContainText('Legacy launches were retired; the spec no longer has them, and this page stays.');
    await expect(page.locator('article')).not.toContainText('/launches/legacy');
  });

  test('a page whose code throws while it is built shows a notice in place of its content, and keeps its title and its place', async ({ page }) => {
    await page.goto('/v2/en/launch-weather');
    await expect(page.getByRole('heading', { level: 1, name: 'Launch weather' })).toBeVisible();
    await expect(page.locator('#header')).toContainText('Wind and cloud limits for a launch window.');
    const notice = page.getByRole('note', { name: 'Page error' });
    await expect(notice).toHaveText('This page could not be rendered. Its content failed while the site was built; the rest of the site is complete.');
    await expect(notice).toHaveAttribute('data-pagefind-ignore', '');
    await expect(page.locator('article')).not.toContainText('forecast');
    const sidebar = page.getByRole('navigation', { name: 'In this section' });
    await expect(sidebar.getByRole('link', { name: 'Launch weather' })).toHaveAttribute('aria-current', 'page');
    // The pages around it are built as ever.
    await page.locator('nav.pagination a[rel="next"]').click();
    await expect(page.locator('article')).toContainText('Agents watch the fleet.');
  });

  test('a redirect written without its leading slash works from the root', async ({ page }) => {
    await page.goto('/start-here');
    await expect(page).toHaveURL(/\/v2\/en(\/index)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orbit 2' })).toBeVisible();
  });
});
