/**
 * The playground proxy against an API that misbehaves on purpose (the stand-in admin API's
 * faults, `agent/mock-admin-api.ts`): each fault gets the answer the playground documents
 * (deploy/server/limits.mdx), a healthy API is still answered while a slow one is waited
 * on, and no connection to the API is left open afterwards.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { startMockAdminApi, type MockAdminApi, type MockFault } from '../src/agent/mock-admin-api.ts';
import { createPlaygroundProxy, PLAYGROUND_PROXY_LIMITS, type PlaygroundProxyConfig, type ProxiedResponse } from '../src/playground/proxy.ts';
import { optionsSchema } from '../src/options.ts';

const PROXY_URL = 'https://docs.example.com/_playground/proxy';
const JOB_PATH = '/v2/agent/demo/job/job_docs_update';

type Answer = { status: number; body: ProxiedResponse & { error?: string } };

async function call(api: MockAdminApi, config: Partial<PlaygroundProxyConfig> = {}): Promise<Answer> {
  const proxy = createPlaygroundProxy({ servers: [{ url: api.url, variables: [] }], ...config });
  const envelope = { method: 'GET', url: `${api.url}${JOB_PATH}`, headers: [['Authorization', 'Bearer key']] };
  const response = await proxy(new Request(PROXY_URL, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(envelope) }));
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** The API's open connections, once the proxy has let go of them (closing is not instant). */
async function openConnections(api: MockAdminApi): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const count = await new Promise<number>((resolve) => api.server.getConnections((_error, open) => resolve(open)));
    if (count === 0) return 0;
    await delay(10);
  }
  return new Promise<number>((resolve) => api.server.getConnections((_error, open) => resolve(open)));
}

const header = (answer: Answer, name: string) => answer.body.headers.find(([key]) => key === name)?.[1];

describe('the playground proxy when the API misbehaves', () => {
  let faulty: MockAdminApi;
  let healthy: MockAdminApi;
  const withFault = async (fault: MockFault, config: Partial<PlaygroundProxyConfig> = {}) => {
    faulty.setFault(fault);
    const answer = await call(faulty, config);
    assert.equal(await openConnections(faulty), 0, `a connection to the API is left open after ${fault}`);
    return answer;
  };

  before(async () => {
    faulty = await startMockAdminApi({ port: 0, key: 'key', slowMs: 60_000 });
    healthy = await startMockAdminApi({ port: 0, key: 'key' });
  });
  after(() => Promise.all([faulty.close(), healthy.close()]));

  it('answers 504 with its JSON error when the API is slower than the deadline', async () => {
    const answer = await withFault('slow', { timeoutMs: 100 });
    assert.deepEqual(answer, { status: 504, body: { error: 'The API did not answer within 0.1 s.' } });
  });

  it('answers a healthy API while a slow one is waited on', async () => {
    faulty.setFault('slow');
    let slowDone = false;
    const slow = call(faulty, { timeoutMs: 5_000 }).finally(() => (slowDone = true));
    const quick = await call(healthy);
    assert.equal(quick.status, 200);
    assert.equal(quick.body.status, 200);
    assert.equal(slowDone, false, 'the healthy call waited for the slow one');
    faulty.setFault(undefined);
    faulty.server.closeAllConnections();
    assert.equal((await slow).status, 502);
  });

  it('answers 502 naming the host when the API closes the connection', async () => {
    const answer = await withFault('close');
    assert.equal(answer.status, 502);
    assert.equal(answer.body.error, `The API at ${new URL(faulty.url).host} closed the connection before answering in full.`);
  });

  it('passes a 500 through as the API\'s status, with its body', async () => {
    const answer = await withFault('error');
    assert.equal(answer.status, 200);
    assert.deepEqual([answer.body.status, answer.body.body, answer.body.bodyEncoding], [500, '<h1>Internal Server Error</h1>', 'text']);
  });

  it('passes malformed JSON through as the text it is', async () => {
    const answer = await withFault('malformed');
    assert.deepEqual([answer.status, answer.body.status, answer.body.body], [200, 200, '{"id": "job_docs_update", "status": ']);
  });

  it('passes a 2 MiB body through under the 5 MiB default, and refuses it with 502 under a smaller cap', async () => {
    assert.equal(PLAYGROUND_PROXY_LIMITS.maxResponseBytes, 5 * 1024 * 1024);
    const whole = await withFault('huge');
    assert.equal(whole.body.status, 200);
    assert.ok(whole.body.body.length > 2 * 1024 * 1024);
    const capped = await withFault('huge', { maxResponseBytes: 1024 * 1024 });
    assert.deepEqual(capped, { status: 502, body: { error: 'The API\'s response is larger than 1 MiB.' } });
  });

  it('takes its limits from the `playgroundProxy` option, each field defaulting on its own', () => {
    assert.deepEqual(optionsSchema.parse({}).playgroundProxy, PLAYGROUND_PROXY_LIMITS);
    assert.deepEqual(optionsSchema.parse({ playgroundProxy: { timeoutMs: 5_000 } }).playgroundProxy, { ...PLAYGROUND_PROXY_LIMITS, timeoutMs: 5_000 });
    assert.equal(optionsSchema.safeParse({ playgroundProxy: { maxResponseBytes: 0 } }).success, false);
  });

  it('passes a 429 through with its Retry-After as sent, a date or garbage', async () => {
    const dated = await withFault('retry-date');
    assert.equal(dated.body.status, 429);
    assert.ok(!Number.isNaN(Date.parse(header(dated, 'retry-after') ?? '')), header(dated, 'retry-after'));
    const garbage = await withFault('retry-garbage');
    assert.deepEqual([garbage.status, garbage.body.status, header(garbage, 'retry-after')], [200, 429, 'soon, maybe']);
  });
});
