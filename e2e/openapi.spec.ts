import { expect, test } from 'playwright/test';

test.describe('OpenAPI pages', () => {
  test('a generated page shows the operation, its parameters, responses and samples', async ({ page }) => {
    // Narrower than the side column needs: the examples and the table of contents stay in the page.
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto('/api-reference/agent/get-an-agent-job');
    await expect(page).toHaveTitle('Get an agent job - astro-docs-json');
    const operation = page.getByRole('region', { name: 'GET /v2/agent/{projectId}/job/{id}' });
    await expect(operation.locator('.api-endpoint > .method')).toHaveText('GET');
    await expect(operation.locator('.api-endpoint > code')).toHaveText('/v2/agent/{projectId}/job/{id}');
    await expect(operation.locator('.api-servers')).toContainText('https://api.mintlify.com');
    await expect(operation.locator('.api-description')).toContainText('A failed job is a 200 response');

    await expect(page.getByRole('heading', { name: 'Path parameters' })).toBeVisible();
    await expect(operation.locator('.field-name', { hasText: 'projectId' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Authorizations' })).toBeVisible();
    await expect(operation.locator('.api-security')).toContainText('bearerAuth HTTP bearer');

    // Responses by status, the schema as a tree; their examples, the spec's named ones, as tabs.
    const ok = operation.locator('details.api-response', { hasText: '200' });
    await expect(ok.locator('.field', { hasText: 'status' }).first()).toContainText('active, completed, archived, failed');
    await expect(operation.locator('details.api-response', { hasText: '404' })).toContainText('not found');
    const examples = page.getByRole('tablist', { name: 'Response examples' });
    await expect(examples.getByRole('tab')).toHaveText(['200 · An active job', '200 · A completed job with a pull request', '404']);
    await examples.getByRole('tab', { name: '200 · A completed job with a pull request' }).click();
    await expect(page.getByRole('region', { name: 'Response examples' }).getByRole('tabpanel')).toContainText('https://github.com/example/docs/pull/42');

    // Request samples: curl first; the arrow keys move between tabs.
    const samples = page.getByRole('tablist', { name: 'Request samples' });
    await expect(samples.getByRole('tab')).toHaveText(['cURL', 'JavaScript', 'Python', 'Go', 'Java']);
    const panel = page.locator('[data-tabs][aria-label="Request samples"] [role="tabpanel"]:not([hidden])');
    await expect(panel).toContainText("curl --request GET");
    await expect(panel).toContainText("--header 'Authorization: Bearer <token>'");
    await samples.getByRole('tab', { name: 'cURL' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(samples.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel).toContainText("fetch('https://api.mintlify.com/v2/agent/{projectId}/job/{id}', options)");
    await page.keyboard.press('ArrowRight');
    await expect(panel).toContainText('requests.request("GET", url, headers=headers)');

    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveText(['Authorizations', 'Path parameters', 'Responses']);

    // Mintlify's hooks for the example panels, which the docs' own CSS targets.
    await expect(page.locator('#request-example')).toHaveAttribute('aria-label', 'Request samples');
    await expect(page.locator('#response-example')).toHaveAttribute('aria-label', 'Response examples');
  });

  test("the spec's own request samples (x-codeSamples) come first, and the playground leaves them as written", async ({ page }) => {
    await page.goto('/api-reference/get-health');
    const samples = page.getByRole('tablist', { name: 'Request samples' });
    await expect(samples.getByRole('tab')).toHaveText(['SDK', 'cURL', 'JavaScript', 'Python', 'Go', 'Java']);
    const panel = page.locator('[data-tabs][aria-label="Request samples"] [role="tabpanel"]:not([hidden])');
    await expect(panel).toContainText('const status = await new Docs().health();');
    await expect(panel.locator('.line span[style]').first()).toBeVisible();
  });

  test('the API tab lists operations by tag with method badges', async ({ page }) => {
    await page.goto('/api-reference/agent/create-an-agent-job');
    const sidebar = page.locator('#sidebar');
    await expect(sidebar.locator('li.group > p')).toHaveText(['Agent', 'Updates', 'API Reference']);
    const create = sidebar.getByRole('link', { name: /Create an agent job/ });
    await expect(create).toHaveAttribute('aria-current', 'page');
    await expect(create.locator('.method')).toHaveText('POST');
    await expect(sidebar.getByRole('link', { name: 'GET GET /health' })).toHaveAttribute('href', '/api-reference/get-health');
    await expect(sidebar.getByRole('link', { name: 'WEBHOOK Agent job finished' })).toBeVisible();
    // x-hidden: built, but in no sidebar; x-excluded: no page at all.
    await expect(sidebar.getByText('Internal metrics')).toHaveCount(0);
    expect((await page.request.get('/api-reference/updates/internal-metrics')).status()).toBe(200);
    await expect(sidebar.getByText('Delete an agent job')).toHaveCount(0);
    expect((await page.request.get('/api-reference/agent/delete-an-agent-job')).status()).toBe(404);
  });

  test('a body schema shows recursion, and a response shows oneOf variants with their discriminator', async ({ page }) => {
    await page.goto('/api-reference/agent/send-a-message-to-an-agent-job');
    const body = page.locator('.api-body').first();
    // A message's replies are messages: the tree says so rather than nesting forever.
    const replies = body.locator('.field-head', { has: page.locator('.field-name', { hasText: 'replies' }) });
    await expect(replies).toContainText('array<object>');
    await expect(replies.locator('.field-flag', { hasText: 'recursive' })).toBeVisible();

    await page.goto('/api-reference/updates/get-an-updates-status');
    const ok = page.locator('details.api-response', { hasText: '200' });
    await expect(ok).toContainText('The variant is chosen by status: queued, in_progress, success, failure');
    await expect(ok).toContainText('Exactly one of:');
    await expect(ok.locator('.field-name', { hasText: 'Pending update' })).toBeVisible();
    await expect(ok.locator('.field-name', { hasText: 'Finished update' })).toBeVisible();
  });

  test('a hand-picked operation in another section has a page of its own', async ({ page }) => {
    // Not /products/agent-jobs/overview: agent-jobs.spec.ts watches the job shown there.
    await page.goto('/agent-jobs/api/agent/create-an-agent-job');
    const endpoints = page.locator('#sidebar li.group', { hasText: 'Endpoints' }).locator('ul a');
    await expect(endpoints).toHaveText(['POSTCreate an agent job', 'GETGet an agent job', 'WEBHOOKAgent job finished']);
    await endpoints.filter({ hasText: 'Get an agent job' }).click();
    await expect(page).toHaveURL(/\/agent-jobs\/api\/agent\/get-an-agent-job$/);
    await expect(page.locator('.api-endpoint')).toContainText('/v2/agent/{projectId}/job/{id}');
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'true');
  });

  test('an MDX page with openapi in its frontmatter shows the operation below its content', async ({ page }) => {
    await page.goto('/clients/http');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('HTTP endpoint');
    await expect(page.getByRole('heading', { name: 'The upstream operation' })).toBeVisible();
    const operation = page.getByRole('region', { name: 'GET /v2/agent/{projectId}/job/{id}' });
    await expect(operation).toBeVisible();
    // The page's content comes first.
    const contentBox = (await page.getByRole('heading', { name: 'The upstream operation' }).boundingBox())!;
    const operationBox = (await operation.boundingBox())!;
    expect(operationBox.y).toBeGreaterThan(contentBox.y);
    await expect(page.locator('#sidebar').getByRole('link', { name: /Overview/ }).locator('.method')).toHaveText('GET');
  });
});
