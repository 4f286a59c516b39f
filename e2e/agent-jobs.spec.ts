import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'playwright/test';
import { E2E_ADMIN_KEY } from './stand-in.ts';

// This is the only test that opens /products/agent-jobs/overview in a browser: the
// stand-in admin API starts a job's clock when it is first read.
test('<AgentJobStatus> follows a job from active to completed, with its pull request', async ({ page }) => {
  const responses: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/agent/')) responses.push(await response.text());
  });
  await page.goto('/products/agent-jobs/overview');
  const job = page.locator('agent-job-status');
  await expect(job.locator('.agent-job-status')).toHaveText('Active');
  await expect(job).toContainText('agent/rate-limits');
  await expect(job).toContainText('Not yet: the agent is still working.');
  await expect(job.locator('.agent-job-status')).toHaveText('Completed', { timeout: 20_000 });
  await expect(job.getByRole('link', { name: 'https://github.com/example/docs/pull/42' })).toHaveAttribute('href', 'https://github.com/example/docs/pull/42');
  await expect(job.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  expect(responses.length).toBeGreaterThan(1);
  for (const body of responses) expect(body).not.toContain(E2E_ADMIN_KEY);
});

test('the endpoint answers with JSON errors and keeps the key to itself', async ({ request }) => {
  const notAllowed = await request.get('/api/agent/elsewhere/job/job_docs_update');
  expect(notAllowed.status()).toBe(404);
  const invalid = await request.get('/api/agent/demo/job/not%20valid');
  expect(invalid.status()).toBe(400);
  expect(invalid.headers()['cache-control']).toBe('no-store');
  const missing = await request.get('/api/agent/demo/job/job_missing');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ error: 'Agent job not found' });
  for (const response of [notAllowed, invalid, missing]) expect(await response.text()).not.toContain(E2E_ADMIN_KEY);
});

test('no file of the built client holds the admin key', () => {
  const client = fileURLToPath(new URL('../dist/client/', import.meta.url));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? files(path.join(dir, name)) : [path.join(dir, name)]));
  const all = files(client);
  expect(all.length).toBeGreaterThan(100);
  for (const file of all) expect(readFileSync(file).includes(E2E_ADMIN_KEY), file).toBe(false);
});

// The server believes X-Forwarded-For from the loopback address (the example's
// trustedProxies), so each address below is a client of its own, apart from the other tests.
test('one client\'s made-up ids get 404s and then its own 429, while another client\'s job is still answered', async ({ request }) => {
  const stranger = { 'X-Forwarded-For': '203.0.113.7' };
  // Three ids, repeated: the admin API is asked about each once, then its 404 is kept.
  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => request.get(`/api/agent/demo/job/job_made_up_${i % 3}`, { headers: stranger })));
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
  expect(statuses.filter((status) => status === 404).length).toBeGreaterThanOrEqual(60);
  const refused = answers.filter((answer) => answer.status() === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(Number(refused[0]!.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(await refused[0]!.json()).toEqual({ error: 'Too many requests from this client; try again later.' });

  const reader = { 'X-Forwarded-For': '198.51.100.7' };
  const known = await request.get('/api/agent/demo/job/job_no_changes', { headers: reader });
  expect(known.status()).toBe(200);
  expect((await known.json()).id).toBe('job_no_changes');
  // Not of the form the example's idPattern sets: answered without asking the admin API.
  const notAJob = await request.get('/api/agent/demo/job/made-up', { headers: reader });
  expect([notAJob.status(), await notAJob.json()]).toEqual([404, { error: 'Agent job not found.' }]);
});
