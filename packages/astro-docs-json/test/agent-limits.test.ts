// What keeps one client from spending the admin key's quota: the bounded map the endpoint
// keeps answers and known jobs in, the upstream budget with its reserve, the id checks made
// before any call, and the handler putting them together (a fake upstream, a fake clock).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAgentJobHandler, type AgentJobsConfig } from '../src/agent/handler.ts';
import { createJobIdCheck } from '../src/agent/job-ids.ts';
import { MAX_UPSTREAM_BODY_BYTES } from '../src/agent/upstream.ts';
import type { AgentJob } from '../src/agent/schema.ts';
import { RecentMap } from '../src/core/traffic/recent-map.ts';
import { createUpstreamBudget } from '../src/core/traffic/upstream-budget.ts';
import { agentJobsOptionsSchema } from '../src/options.ts';

const KEY = 'mint_test_secret_value';

const job = (id: string, status: AgentJob['status'] = 'active'): AgentJob => ({
  id,
  status,
  source: { repository: 'https://github.com/example/docs', ref: null },
  model: 'standard',
  prLink: null,
  createdAt: '2026-11-02T09:30:00Z',
  archivedAt: null,
});

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A handler whose upstream knows the jobs `real` (any other id is a 404), on a clock the test moves. */
function setup(config: Partial<AgentJobsConfig>, real = ['job_real'], answer?: (url: string) => Response | undefined) {
  const urls: string[] = [];
  let clock = 1_000_000;
  const handle = createAgentJobHandler(
    { timeoutMs: 1_000, ...config },
    {
      env: (name) => ({ DOCS_ADMIN_API_KEY: KEY })[name],
      fetch: (async (input: string | URL | Request) => {
        const url = String(input);
        urls.push(url);
        const id = decodeURIComponent(url.split('/').pop()!);
        return answer?.(url) ?? (real.includes(id) ? respond(200, job(id)) : respond(404, { error: 'Agent job not found' }));
      }) as typeof fetch,
      now: () => clock,
      log: () => {},
    },
  );
  return { handle, urls, advance: (ms: number) => (clock += ms) };
}

describe('RecentMap', () => {
  it('forgets an entry at its expiry', () => {
    const map = new RecentMap<string>(10);
    map.set('a', 'A', 100);
    assert.equal(map.get('a', 99), 'A');
    assert.equal(map.expires('a', 99), 100);
    assert.equal(map.get('a', 100), undefined);
    assert.equal(map.size, 0, 'an expired entry read is dropped');
  });

  it('holds at most its size, forgetting the least recently used first', () => {
    const map = new RecentMap<number>(3);
    for (const key of ['a', 'b', 'c']) map.set(key, 1, 1_000);
    map.get('a', 0);
    map.set('d', 1, 1_000);
    assert.deepEqual(['a', 'b', 'c', 'd'].map((key) => map.get(key, 0) !== undefined), [true, false, true, true]);
    for (let i = 0; i < 10_000; i++) map.set(`x${i}`, i, 1_000);
    assert.equal(map.size, 3);
  });
});

describe('the upstream budget', () => {
  it('keeps its reserve for known requests, and refills by the hour', () => {
    const take = createUpstreamBudget({ callsPerHour: 10, reservedForKnown: 4 });
    const unknown = Array.from({ length: 7 }, () => take('p', false, 0));
    assert.deepEqual(unknown.slice(0, 6), [0, 0, 0, 0, 0, 0]);
    // 6 minutes (360 s) bring back one call: 10 an hour.
    assert.equal(unknown[6], 360_000);
    const knownCalls = Array.from({ length: 5 }, () => take('p', true, 0));
    assert.deepEqual(knownCalls, [0, 0, 0, 0, 360_000]);
    assert.equal(take('p', false, 360_000 * 4), 360_000, 'four calls back are the reserve, refilled first');
    assert.equal(take('p', false, 360_000 * 5), 0);
  });

  it('gives each scope a budget of its own', () => {
    const take = createUpstreamBudget({ callsPerHour: 1, reservedForKnown: 0 });
    assert.equal(take('a', false, 0), 0);
    assert.ok(take('a', false, 0) > 0);
    assert.equal(take('b', false, 0), 0);
  });

  it('is checked by the options: the reserve is less than the budget', () => {
    assert.throws(() => agentJobsOptionsSchema.parse({ upstreamBudget: { callsPerHour: 5, reservedForKnown: 5 } }));
    assert.throws(() => agentJobsOptionsSchema.parse({ idPattern: '(' }));
    const defaults = agentJobsOptionsSchema.parse({});
    assert.deepEqual([defaults.perClient, defaults.upstreamBudget, defaults.allowedJobs], [{ burst: 60, perMinute: 300 }, { callsPerHour: 80, reservedForKnown: 20 }, undefined]);
    assert.equal(agentJobsOptionsSchema.parse({ perClient: false }).perClient, false);
  });
});

describe('the id checks', () => {
  it('answers 400 for what is not an id, 404 for ids outside the rules, and lets the rest through', () => {
    const check = createJobIdCheck({ projectIds: ['demo'], idPattern: 'job_[a-z0-9]{4}' });
    assert.equal(check('demo', 'a/b')?.status, 400);
    assert.equal(check('other', 'job_abcd')?.status, 404);
    assert.equal(check('demo', 'job_abcd'), undefined);
    // Anchored whatever the pattern says: a part of an id that matches is not enough.
    assert.equal(check('demo', 'xjob_abcdx')?.status, 404);
    assert.equal(check('demo', 'job_ABCD')?.status, 404);
  });

  it('serves only the listed jobs when allowedJobs is given', () => {
    const check = createJobIdCheck({ allowedJobs: ['job_docs_update'] });
    assert.equal(check('demo', 'job_docs_update'), undefined);
    assert.deepEqual(check('demo', 'job_other')?.body, { error: 'Agent job not found.' });
  });
});

describe('the endpoint under one client asking too much', () => {
  it('answers a client past its limit with its own 429 and Retry-After, without a call, and others still', async () => {
    const { handle, urls, advance } = setup({ perClient: { burst: 3, perMinute: 60 } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await handle('demo', `job_x${i}`, '192.0.2.1'));
    assert.deepEqual(answers.map((answer) => answer.status), [404, 404, 404, 429, 429]);
    assert.deepEqual(answers[3]!.body, { error: 'Too many requests from this client; try again later.' });
    assert.equal(answers[3]!.headers['Retry-After'], '1');
    assert.equal(urls.length, 3);
    assert.equal((await handle('demo', 'job_real', '192.0.2.2')).status, 200, 'another client is not held back');
    advance(1_000);
    assert.equal((await handle('demo', 'job_x9', '192.0.2.1')).status, 404, 'one request a second comes back');
  });

  it('makes no call for ids outside allowedJobs or idPattern', async () => {
    const { handle, urls } = setup({ allowedJobs: ['job_real'], idPattern: 'job_[a-z]+' });
    for (const id of ['job_x1', 'job_other', 'nope']) assert.equal((await handle('demo', id, 'c')).status, 404);
    assert.equal((await handle('demo', 'job_real', 'c')).status, 200);
    assert.equal(urls.length, 1);
  });

  it('keeps an unknown id as a 404 for five minutes', async () => {
    const { handle, urls, advance } = setup({});
    await handle('demo', 'job_made_up');
    advance(299_999);
    assert.equal((await handle('demo', 'job_made_up')).status, 404);
    assert.equal(urls.length, 1);
    advance(1);
    await handle('demo', 'job_made_up');
    assert.equal(urls.length, 2);
  });

  it('lets unknown ids spend the budget down to its reserve, which known jobs still use', async () => {
    const { handle, urls, advance } = setup({ upstreamBudget: { callsPerHour: 10, reservedForKnown: 3 } });
    assert.equal((await handle('demo', 'job_real')).status, 200);
    const made = [];
    for (let i = 0; i < 100; i++) made.push(await handle('demo', `job_x${i}`));
    assert.equal(urls.length, 7, 'one call for the known job, six for made-up ids, three kept');
    assert.deepEqual(made.slice(0, 6).map((answer) => answer.status), [404, 404, 404, 404, 404, 404]);
    assert.equal(made[6]!.status, 503);
    assert.match(made[6]!.headers['Retry-After']!, /^\d+$/);
    advance(3_500);
    const fresh = await handle('demo', 'job_real');
    assert.deepEqual([fresh.status, fresh.headers['X-Agent-Job-Stale']], [200, undefined], 'a known job calls out of the reserve');
    assert.equal(urls.length, 8);
  });

  it('serves a known job its last answer, stale and aged, once the whole budget is spent', async () => {
    const { handle, urls, advance } = setup({ upstreamBudget: { callsPerHour: 2, reservedForKnown: 1 } });
    await handle('demo', 'job_real');
    advance(3_500);
    await handle('demo', 'job_real');
    advance(10_000);
    const last = await handle('demo', 'job_real');
    assert.equal(urls.length, 2);
    assert.deepEqual([last.status, last.headers['X-Agent-Job-Stale'], last.headers.Age], [200, 'true', '10']);
    assert.deepEqual(last.body, job('job_real'));
  });

  it('serves a known job stale while the admin API limits the project, and others its 429', async () => {
    let limited = false;
    const { handle, advance } = setup({}, ['job_real', 'job_other'], () => (limited ? respond(429, {}, { 'Retry-After': '60' }) : undefined));
    await handle('demo', 'job_real');
    limited = true;
    advance(4_000);
    const known = await handle('demo', 'job_real');
    assert.deepEqual([known.status, known.headers['X-Agent-Job-Stale'], known.headers.Age], [200, 'true', '4']);
    const unknown = await handle('demo', 'job_other');
    assert.deepEqual([unknown.status, unknown.headers['Retry-After']], [429, '60']);
    advance(2_000);
    assert.equal((await handle('demo', 'job_real')).headers.Age, '6', 'the project\'s refusal, kept, still serves it stale');
  });

  it('does not read past 256 KiB of an upstream body', async () => {
    let pulled = 0;
    const endless = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            pulled += 64 * 1024;
            controller.enqueue(new Uint8Array(64 * 1024).fill(32));
          },
        }),
        { status: 200 },
      );
    const { handle } = setup({}, [], endless);
    const answer = await handle('demo', 'job_real');
    assert.deepEqual([answer.status, answer.body], [502, { error: 'The admin API sent an answer too large to be an agent job.' }]);
    assert.ok(pulled <= MAX_UPSTREAM_BODY_BYTES + 2 * 64 * 1024, String(pulled));
    const declared = setup({}, [], () => new Response('{}', { status: 200, headers: { 'Content-Length': String(MAX_UPSTREAM_BODY_BYTES + 1) } }));
    assert.equal((await declared.handle('demo', 'job_real')).status, 502);
  });
});
