/**
 * The API playground: Try it, the form, Send, the answer; straight from the browser on the
 * static fixture site (to the stand-in echo API, which allows CORS), and through the proxy
 * on the example site, which has a server (to the stand-in admin API).
 */
import { expect, test as exampleTest, type Page } from 'playwright/test';
import { test } from './fixture-site.ts';
import { E2E_ADMIN_KEY, ECHO_PORT, MOCK_PORT } from './stand-in.ts';

const ECHO = `http://127.0.0.1:${ECHO_PORT}`;

interface Received {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
}

async function receivedAt(page: Page, path: string): Promise<Received> {
  let found: Received | undefined;
  await expect(async () => {
    const all = (await (await page.request.get(`${ECHO}/__received`)).json()) as Received[];
    found = all.find((entry) => entry.path === path);
    expect(found).toBeDefined();
  }).toPass();
  return found!;
}

test.describe('the playground on a static site', () => {
  test('Try it sends what the form holds, from the browser, and shows the answer', async ({ page }) => {
    await page.goto('/api-reference/widgets/add-a-note-to-a-widget');
    await page.getByRole('button', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog', { name: /POST \/widgets\/\{id\}\/notes/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Sent from your browser')).toBeVisible();

    await dialog.getByLabel('Server').selectOption({ label: 'http://127.0.0.1:4334' });
    await dialog.getByLabel(/^id required/).fill('wdg 7/a');
    await dialog.getByLabel('Token').fill('tok_browser');
    await dialog.getByLabel('notify').selectOption('everyone');
    await dialog.getByLabel('X-Trace-Id').fill('trace-1');
    await dialog.getByLabel('Body').fill('{"text": "Checked the bearings."}');
    // The samples follow the form.
    const samples = page.getByRole('region', { name: 'Request samples' });
    await expect(samples).toContainText("--url 'http://127.0.0.1:4334/widgets/wdg%207%2Fa/notes?notify=everyone'");
    await expect(samples).toContainText('Authorization: Bearer tok_browser');

    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/^201 Created · \d+ ms$/);
    await expect(dialog.getByLabel('Response body')).toContainText('"echoed"');
    await expect(dialog.getByLabel('Response body')).toContainText('/widgets/wdg%207%2Fa/notes');

    const received = await receivedAt(page, '/widgets/wdg%207%2Fa/notes');
    expect(received.method).toBe('POST');
    expect(received.query).toBe('?notify=everyone');
    expect(received.headers.authorization).toBe('Bearer tok_browser');
    expect(received.headers['x-trace-id']).toBe('trace-1');
    expect(received.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received.body)).toEqual({ text: 'Checked the bearings.' });

    // Escape closes the dialog; the token is kept for the session, never in the URL.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.reload();
    await page.getByRole('button', { name: 'Try it' }).click();
    await expect(page.getByRole('dialog').getByLabel('Token')).toHaveValue('tok_browser');
    expect(page.url()).not.toContain('tok_browser');
  });

  test('a page that documents an API in MDX gets the playground from its fields', async ({ page }) => {
    await page.goto('/components/api-fields');
    await page.getByRole('button', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('workspace_id').fill('ws_42');
    await dialog.getByLabel('X-Acme-Key').fill('key_mdx');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/^201 Created · \d+ ms$/);
    const received = await receivedAt(page, '/v1/workspaces/ws_42/dashboards');
    expect(received.query).toBe('?dry_run=false');
    expect(received.headers['x-acme-key']).toBe('key_mdx');
    expect(JSON.parse(received.body)).toMatchObject({ title: '' });
  });

  test('a refused request says why, not a blank panel', async ({ page }) => {
    // The first server is not reachable from here: the browser gets no answer it may read.
    await page.route('https://api.acme.example.com/**', (route) => route.abort('connectionrefused'));
    await page.goto('/api-reference/widgets/get-a-widget');
    await page.getByRole('button', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^id required/).fill('wdg_1');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toContainText('No answer could be read from https://api.acme.example.com');
    await expect(dialog.getByRole('status')).toContainText('CORS');
  });

  test('the keyboard opens it, and a required field left empty is named', async ({ page }) => {
    await page.goto('/api-reference/widgets/get-a-widget');
    await page.getByRole('button', { name: 'Try it' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Fill in id/);
    await expect(dialog.getByLabel(/^id required/)).toBeFocused();
  });

  test('display "simple" shows samples without Try it; "none" shows neither', async ({ page }) => {
    await page.goto('/guides/simple-playground');
    await expect(page.getByRole('region', { name: 'Request samples' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try it' })).toHaveCount(0);
    await page.goto('/guides/no-playground');
    await expect(page.getByRole('region', { name: 'GET /widgets/{id}' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Request samples' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try it' })).toHaveCount(0);
  });

  test('api.params.expanded opens nested fields', async ({ page }) => {
    await page.goto('/api-reference/widgets/add-a-note-to-a-widget');
    const author = page.locator('details.field-children').filter({ has: page.locator('summary', { hasText: 'Fields of author' }) });
    await expect(author.getByText('name', { exact: true })).toBeVisible();
  });

  test('samples come in the languages docs.json names, in its order', async ({ page }) => {
    await page.goto('/api-reference/widgets/get-a-widget');
    const samples = page.getByRole('tablist', { name: 'Request samples' });
    await expect(samples.getByRole('tab')).toHaveText(['cURL', 'Python', 'JavaScript', 'Go', 'Ruby', 'PHP', 'Java']);
  });

  test('wide screens show the samples and response examples beside the page; narrow ones in it', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/api-reference/widgets/add-a-note-to-a-widget');
    const article = (await page.locator('article').boundingBox())!;
    for (const name of ['Request samples', 'Response examples']) {
      expect((await page.getByRole('region', { name }).boundingBox())!.x).toBeGreaterThan(article.x + article.width);
    }
    await page.setViewportSize({ width: 900, height: 900 });
    await page.goto('/api-reference/widgets/add-a-note-to-a-widget');
    const narrow = (await page.locator('article').boundingBox())!;
    const box = (await page.getByRole('region', { name: 'Request samples' }).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(narrow.x + narrow.width + 1);
  });
});

exampleTest.describe('the playground through the proxy', () => {
  exampleTest('Send goes through the site to the declared stand-in API', async ({ page }) => {
    await page.goto('/api-reference/agent/get-an-agent-job');
    await page.getByRole('button', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Sent through this site')).toBeVisible();
    await dialog.getByLabel('Server').selectOption({ index: 1 });
    await dialog.getByLabel('projectId').fill('demo');
    await dialog.getByLabel(/^id required/).fill('job_docs_update');
    await dialog.getByLabel('Token').fill(E2E_ADMIN_KEY);
    const viaProxy = page.waitForRequest((request) => request.url().endsWith('/_docs/playground-proxy'));
    await dialog.getByRole('button', { name: 'Send' }).click();
    const sent = await viaProxy;
    expect(sent.postDataJSON()).toMatchObject({ method: 'GET', url: `http://127.0.0.1:${MOCK_PORT}/v2/agent/demo/job/job_docs_update` });
    await expect(dialog.getByRole('status')).toHaveText(/^200 OK · \d+ ms$/);
    await expect(dialog.getByLabel('Response body')).toContainText('"id": "job_docs_update"');
    // The key typed into the page goes to the API (and into the samples, as typed), never into the URL or the site's pages.
    expect(page.url()).not.toContain(E2E_ADMIN_KEY);
    expect(await (await page.request.get(page.url())).text()).not.toContain(E2E_ADMIN_KEY);
  });

  exampleTest('the proxy refuses hosts the docs do not declare, loopback ones included', async ({ request }) => {
    const forward = (url: string) => request.post('/_docs/playground-proxy', { data: { method: 'GET', url, headers: [] } });
    for (const url of ['https://evil.example.net/steal', `${ECHO}/anything`, `http://localhost:${MOCK_PORT}/v2/agent/demo/job/x`]) {
      const response = await forward(url);
      expect(response.status(), url).toBe(400);
      expect((await response.json()).error).toMatch(/not a server these docs declare|address/);
    }
    const bad = await request.post('/_docs/playground-proxy', { data: 'not json', headers: { 'Content-Type': 'application/json' } });
    expect(bad.status()).toBe(400);
    expect((await request.get('/_docs/playground-proxy')).status()).toBe(405);
    const crossSite = await request.post('/_docs/playground-proxy', { data: { method: 'GET', url: `http://127.0.0.1:${MOCK_PORT}/health`, headers: [] }, headers: { Origin: 'https://elsewhere.example' } });
    expect(crossSite.status()).toBe(403);
  });
});
