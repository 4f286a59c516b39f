import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AgentJobError, getAgentJob, pollAgentJob, type AgentJob } from '../src/agent/client.ts';
import { createAgentJobHandler, refusalTtl, type HandlerDependencies } from '../src/agent/handler.ts';
import { startMockAdminApi } from '../src/agent/mock-admin-api.ts';

const KEY = 'mint_test_secret_value';

const job = (overrides: Partial<AgentJob> = {}): AgentJob => ({
  id: 'job_1',
  status: 'active',
  source: { repository: 'https://github.com/example/docs', ref: 'agent/x' },
  model: 'standard',
  prLink: null,
  createdAt: '2026-11-02T09:30:00Z',
  archivedAt: null,
  ...overrides,
});

interface Call {
  url: string;
  authorization: string | null;
}

/** A handler whose upstream is `answer`, with the calls it makes and a clock the test moves. */
function setup(answer: (call: Call, init: RequestInit) => Promise<Response> | Response, env: Record<string, string | undefined> = { DOCS_ADMIN_API_KEY: KEY }, projectIds?: string[]) {
  const calls: Call[] = [];
  const logs: string[] = [];
  let clock = 1_000_000;
  const dependencies: HandlerDependencies = {
    env: (name) => env[name],
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const call = { url: String(input), authorization: new Headers(init?.headers).get('Authorization') };
      calls.push(call);
      return answer(call, init ?? {});
    }) as typeof fetch,
    now: () => clock,
    log: (message) => logs.push(message),
  };
  const handle = createAgentJobHandler({ timeoutMs: 50, ...(projectIds ? { projectIds } : {}) }, dependencies);
  return { handle, calls, logs, advance: (ms: number) => (clock += ms) };
}

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('the agent job endpoint', () => {
  it('passes a valid job on, asking the admin API with the key, and says no-store', async () => {
    const { handle, calls } = setup(() => respond(200, job()));
    const response = await handle('proj_1', 'job_1');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, job());
    assert.equal(response.headers['Cache-Control'], 'no-store');
    assert.match(response.headers['Content-Type']!, /^application\/json/);
    assert.deepEqual(calls, [{ url: 'https://api.mintlify.com/v2/agent/proj_1/job/job_1', authorization: `Bearer ${KEY}` }]);
  });

  it('uses DOCS_ADMIN_API_URL as the base', async () => {
    const { handle, calls } = setup(() => respond(200, job()), { DOCS_ADMIN_API_KEY: KEY, DOCS_ADMIN_API_URL: 'http://127.0.0.1:9/' });
    await handle('p', 'j');
    assert.equal(calls[0]!.url, 'http://127.0.0.1:9/v2/agent/p/job/j');
  });

  it('answers 502 when the admin API sends something that is not an AgentJob', async () => {
    for (const body of [{ id: 'x' }, job({ status: 'paused' as never }), job({ createdAt: 'yesterday' }), 'not json']) {
      const { handle, logs } = setup(() => (typeof body === 'string' ? new Response(body) : respond(200, body)));
      const response = await handle('p', 'j');
      assert.equal(response.status, 502, JSON.stringify(body));
      assert.deepEqual(response.body, { error: 'The admin API sent an agent job this site cannot read.' });
      assert.equal(logs.length, 1);
    }
  });

  it('passes a 404 on as the admin API words it', async () => {
    const { handle } = setup(() => respond(404, { error: 'Agent job not found for this project' }));
    assert.deepEqual(await handle('p', 'j'), {
      status: 404,
      body: { error: 'Agent job not found for this project' },
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  });

  it('answers 404 for a project outside projectIds, and 400 for bad ids, without calling upstream', async () => {
    const { handle, calls } = setup(() => respond(200, job()), undefined, ['allowed']);
    assert.equal((await handle('other', 'job_1')).status, 404);
    for (const [projectId, id] of [['allowed', 'a/b'], ['allowed', '../x'], ['al lowed', 'x'], ['allowed', 'x'.repeat(129)], ['allowed', ''], [undefined, 'x']]) {
      assert.equal((await handle(projectId, id)).status, 400, `${projectId} ${id}`);
    }
    assert.equal(calls.length, 0);
  });

  it('answers 502 when the admin API refuses the key, never echoing it', async () => {
    for (const status of [401, 403]) {
      const { handle, logs } = setup(() => respond(status, { error: `Invalid key ${KEY}` }));
      const response = await handle('p', 'j');
      assert.equal(response.status, 502);
      assert.deepEqual(response.body, { error: `The admin API refused this site's admin key (${status}).` });
      assert.doesNotMatch(JSON.stringify(response) + logs.join(), new RegExp(KEY));
    }
  });

  it('answers 429 with Retry-After when the admin API limits the project', async () => {
    const { handle } = setup(() => respond(429, { error: 'slow down' }, { 'Retry-After': '120' }));
    const response = await handle('p', 'j');
    assert.equal(response.status, 429);
    assert.equal(response.headers['Retry-After'], '120');
    const { handle: withoutHeader } = setup(() => respond(429, {}));
    assert.equal((await withoutHeader('p', 'j')).headers['Retry-After'], '5', 'a missing Retry-After means a few seconds');
  });

  it('answers 502 on other failures and 504 on a time-out', async () => {
    for (const status of [500, 503, 400]) assert.equal((await setup(() => respond(status, {})).handle('p', 'j')).status, 502);
    const network = await setup(() => Promise.reject(new TypeError('fetch failed'))).handle('p', 'j');
    assert.deepEqual([network.status, network.body], [502, { error: 'The admin API could not be reached.' }]);
    const slow = setup(
      (_call, init) =>
        new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    const timedOut = await slow.handle('p', 'j');
    assert.deepEqual([timedOut.status, timedOut.body], [504, { error: 'The admin API did not answer within 50 ms.' }]);
  });

  it('answers 503 without a key, or with one that is not an admin key', async () => {
    for (const env of [{}, { DOCS_ADMIN_API_KEY: '' }, { DOCS_ADMIN_API_KEY: 'no-underscore' }]) {
      const { handle, calls, logs } = setup(() => respond(200, job()), env as Record<string, string | undefined>);
      const response = await handle('p', 'j');
      assert.equal(response.status, 503);
      assert.equal(calls.length, 0);
      assert.doesNotMatch(logs.join(), /no-underscore/);
    }
  });

  it('shares one upstream call between concurrent requests, and caches briefly by status', async () => {
    let status: AgentJob['status'] = 'active';
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { handle, calls, advance } = setup(async () => {
      await gate;
      return respond(200, job({ status }));
    });
    const answers = Promise.all(Array.from({ length: 20 }, () => handle('p', 'j')));
    release();
    assert.ok((await answers).every((answer) => answer.status === 200));
    assert.equal(calls.length, 1, 'twenty readers, one upstream call');

    await handle('p', 'j');
    assert.equal(calls.length, 1, 'an active job is kept a moment');
    advance(3_500);
    status = 'completed';
    await handle('p', 'j');
    assert.equal(calls.length, 2);
    advance(30_000);
    await handle('p', 'j');
    assert.equal(calls.length, 2, 'an ended job is kept longer');
    advance(60_000);
    await handle('p', 'j');
    assert.equal(calls.length, 3);
  });

  it('reads Retry-After as seconds or an HTTP date, kept at least 1 s and at most 5 minutes', () => {
    const at = Date.parse('2026-11-02T09:30:00Z');
    const cases: Array<[string | null, number]> = [
      ['30', 30_000],
      [' 120 ', 120_000],
      [new Date(at + 45_000).toUTCString(), 45_000],
      ['86400', 300_000],
      ['99999999999999999999999', 300_000],
      [new Date(at + 86_400_000).toUTCString(), 300_000],
      ['0', 1_000],
      [new Date(at - 60_000).toUTCString(), 1_000],
      [null, 5_000],
      ['', 5_000],
      ['soon', 5_000],
      ['-5', 1_000],
    ];
    for (const [header, ttl] of cases) assert.equal(refusalTtl(header, at), ttl, String(header));
  });

  it('keeps a 429 for its Retry-After: 500 readers make one upstream call, and are told the time left', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { handle, calls, logs, advance } = setup(async () => {
      await gate;
      return respond(429, { error: `slow down, ${KEY}` }, { 'Retry-After': '30' });
    });
    const burst = Promise.all(Array.from({ length: 500 }, () => handle('p', 'j')));
    release();
    for (const answer of await burst) {
      assert.deepEqual([answer.status, answer.headers['Retry-After']], [429, '30']);
    }
    for (let i = 0; i < 500; i++) assert.equal((await handle('p', 'j')).status, 429);
    assert.equal(calls.length, 1, 'a thousand reads within the window, one upstream call');

    advance(10_000);
    assert.equal((await handle('p', 'j')).headers['Retry-After'], '20');
    advance(19_500);
    const last = await handle('p', 'j');
    assert.deepEqual([last.status, last.headers['Retry-After']], [429, '1'], 'rounded up, never 0');
    assert.equal(calls.length, 1);
    advance(500);
    await handle('p', 'j');
    assert.equal(calls.length, 2, 'asked again once the window has passed');
    assert.doesNotMatch(JSON.stringify(last) + logs.join(), new RegExp(KEY));
  });

  it('keeps a 429 given as an HTTP date until that date, within 5 minutes', async () => {
    let retryAfter = '';
    const { handle, calls, advance } = setup(() => respond(429, {}, { 'Retry-After': retryAfter }));
    // The test's clock starts at 1,000,000 ms after the epoch.
    retryAfter = new Date(1_000_000 + 45_000).toUTCString();
    assert.equal((await handle('p', 'j')).headers['Retry-After'], '45');
    advance(44_999);
    await handle('p', 'j');
    assert.equal(calls.length, 1);
    advance(1);
    retryAfter = 'Fri, 31 Dec 9999 23:59:59 GMT';
    assert.equal((await handle('p', 'j')).headers['Retry-After'], '300');
    assert.equal(calls.length, 2);
    advance(299_999);
    await handle('p', 'j');
    assert.equal(calls.length, 2);
    advance(1);
    await handle('p', 'j');
    assert.equal(calls.length, 3);
  });

  it('holds a 429 for every job of the project, and only that project', async () => {
    const { handle, calls } = setup(({ url }) => (url.includes('/limited/') ? respond(429, {}, { 'Retry-After': '60' }) : respond(200, job())));
    assert.equal((await handle('limited', 'job_1')).status, 429);
    const other = await handle('limited', 'job_2');
    assert.deepEqual([other.status, other.headers['Retry-After']], [429, '60']);
    assert.equal(calls.length, 1, 'the admin API limits the project, so another of its jobs is not asked for');
    assert.equal((await handle('free', 'job_1')).status, 200);
    assert.equal(calls.length, 2);
  });

  it('keeps a 5xx or a garbled answer for five seconds, however many read it', async () => {
    const answers: Array<[string, () => Response]> = [
      ['500', () => respond(500, {})],
      ['503', () => respond(503, { error: 'down' })],
      ['not JSON', () => new Response('<html>Bad gateway</html>', { status: 200 })],
      ['wrong shape', () => respond(200, { id: 'x' })],
      ['an unknown status', () => respond(200, job({ status: 'paused' as never }))],
    ];
    for (const [name, answer] of answers) {
      let fixed = false;
      const { handle, calls, logs, advance } = setup(() => (fixed ? respond(200, job()) : answer()));
      const burst = await Promise.all(Array.from({ length: 500 }, () => handle('p', 'j')));
      assert.ok(burst.every((response) => response.status === 502), name);
      for (let i = 0; i < 500; i++) await handle('p', 'j');
      assert.equal(calls.length, 1, `${name}: a thousand reads, one upstream call`);
      assert.equal(logs.length, 1, `${name}: logged once`);
      fixed = true;
      advance(4_999);
      assert.equal((await handle('p', 'j')).status, 502, name);
      advance(1);
      assert.equal((await handle('p', 'j')).status, 200, `${name}: a recovered admin API shows after five seconds`);
      assert.equal(calls.length, 2, name);
    }
  });

  it('shares one in-flight upstream call whatever its outcome', async () => {
    const outcomes: Array<[number, () => Response]> = [
      [429, () => respond(429, {}, { 'Retry-After': '30' })],
      [502, () => respond(500, {})],
      [502, () => new Response('garbled', { status: 200 })],
      [404, () => respond(404, { error: 'Agent job not found' })],
      [200, () => respond(200, job())],
    ];
    for (const [status, answer] of outcomes) {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const { handle, calls } = setup(async () => {
        await gate;
        return answer();
      });
      const readers = Promise.all(Array.from({ length: 500 }, () => handle('p', 'j')));
      release();
      assert.ok((await readers).every((response) => response.status === status), String(status));
      assert.equal(calls.length, 1, String(status));
    }
  });
});

describe('the agent job client', () => {
  /** A fetch that serves the site's endpoint from a list of answers, in turn. */
  function endpoint(answers: Array<() => Response>) {
    const urls: string[] = [];
    const fake = (async (input: string | URL | Request) => {
      urls.push(String(input));
      return answers[Math.min(urls.length - 1, answers.length - 1)]!();
    }) as typeof fetch;
    return { fake, urls };
  }

  it('reads a job from the endpoint, with the ids encoded into it', async () => {
    const { fake, urls } = endpoint([() => respond(200, job())]);
    assert.deepEqual(await getAgentJob('my proj', 'job/1', { fetch: fake, endpoint: 'https://docs.example.com/api/agent/[projectId]/job/[id]' }), job());
    assert.deepEqual(urls, ['https://docs.example.com/api/agent/my%20proj/job/job%2F1']);
  });

  it('rejects with the endpoint\'s error and status', async () => {
    const { fake } = endpoint([() => respond(404, { error: 'Agent job not found' })]);
    await assert.rejects(getAgentJob('p', 'j', { fetch: fake }), (error: AgentJobError) => error.status === 404 && error.message === 'Agent job not found');
  });

  it('polls until the job ends, reporting each change, and backs off on errors as Retry-After says', async () => {
    const { fake, urls } = endpoint([
      () => respond(200, job()),
      () => respond(200, job()),
      () => respond(502, { error: 'The admin API failed (500).' }),
      () => respond(429, { error: 'Too many' }, { 'Retry-After': '0' }),
      () => respond(200, job({ status: 'completed', prLink: 'https://github.com/example/docs/pull/1' })),
    ]);
    const updates: string[] = [];
    const started = Date.now();
    const final = await pollAgentJob('p', 'j', { fetch: fake, intervalMs: 5, onUpdate: (update) => updates.push(update.status) });
    assert.equal(final.status, 'completed');
    assert.deepEqual(updates, ['active', 'completed'], 'unchanged reads are not reported');
    assert.equal(urls.length, 5);
    assert.ok(Date.now() - started < 2_000);
  });

  it('stops at once on a job that does not exist, and when aborted', async () => {
    const { fake, urls } = endpoint([() => respond(404, { error: 'Agent job not found' })]);
    await assert.rejects(pollAgentJob('p', 'j', { fetch: fake, intervalMs: 5 }), AgentJobError);
    assert.equal(urls.length, 1);
    const controller = new AbortController();
    const active = endpoint([() => respond(200, job())]);
    const polling = pollAgentJob('p', 'j', { fetch: active.fake, intervalMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(polling, { name: 'AbortError' });
  });

  it('ends at archived and failed too (spec 3.1)', async () => {
    for (const status of ['archived', 'failed'] as const) {
      const { fake } = endpoint([() => respond(200, job({ status }))]);
      assert.equal((await pollAgentJob('p', 'j', { fetch: fake })).status, status);
    }
  });
});

describe('the stand-in admin API', () => {
  it('checks the key, knows its jobs, and moves them on after their first read', async () => {
    let clock = 0;
    const api = await startMockAdminApi({
      port: 0,
      key: KEY,
      now: () => clock,
      jobs: [{ projectId: 'p', id: 'j', repository: 'https://github.com/x/y', ref: null, model: 'm', outcome: 'completed', prLink: 'https://github.com/x/y/pull/7', activeMs: 1_000 }],
    });
    try {
      const get = (path: string, key?: string) => fetch(`${api.url}${path}`, key ? { headers: { Authorization: `Bearer ${key}` } } : {});
      assert.equal((await get('/v2/agent/p/job/j')).status, 401);
      assert.equal((await get('/v2/agent/p/job/j', 'mint_wrong')).status, 403);
      assert.deepEqual(await (await get('/v2/agent/p/job/nope', KEY)).json(), { error: 'Agent job not found' });
      const first = (await (await get('/v2/agent/p/job/j', KEY)).json()) as AgentJob;
      assert.deepEqual([first.status, first.prLink], ['active', null]);
      clock += 1_000;
      const later = (await (await get('/v2/agent/p/job/j', KEY)).json()) as AgentJob;
      assert.deepEqual([later.status, later.prLink], ['completed', 'https://github.com/x/y/pull/7']);
      assert.equal(api.calls.get('p'), 3, 'refused requests are not counted');
    } finally {
      await api.close();
    }
  });

  it('limits each project to 100 calls an hour', async () => {
    const api = await startMockAdminApi({ port: 0, key: KEY, rateLimitPerHour: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${api.url}/v2/agent/demo/job/job_fails`, { headers: { Authorization: `Bearer ${KEY}` } })).status);
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    } finally {
      await api.close();
    }
  });

  it('lets the site\'s cache spare it: many readers cost a handful of calls', async () => {
    const api = await startMockAdminApi({ port: 0, key: KEY });
    try {
      const handle = createAgentJobHandler({ timeoutMs: 2_000 }, { env: (name) => ({ DOCS_ADMIN_API_KEY: KEY, DOCS_ADMIN_API_URL: api.url })[name], fetch, now: Date.now, log: () => {} });
      const answers = await Promise.all(Array.from({ length: 50 }, () => handle('demo', 'job_docs_update')));
      assert.ok(answers.every((answer) => answer.status === 200));
      assert.equal(api.calls.get('demo'), 1);
    } finally {
      await api.close();
    }
  });

  it('is asked once, not once a reader, when it rate-limits the project', async () => {
    const api = await startMockAdminApi({ port: 0, key: KEY, rateLimitPerHour: 0 });
    try {
      const handle = createAgentJobHandler({ timeoutMs: 2_000 }, { env: (name) => ({ DOCS_ADMIN_API_KEY: KEY, DOCS_ADMIN_API_URL: api.url })[name], fetch, now: Date.now, log: () => {} });
      const burst = await Promise.all(Array.from({ length: 250 }, () => handle('demo', 'job_docs_update')));
      const sequential = [];
      for (let i = 0; i < 250; i++) sequential.push(await handle('demo', i % 2 ? 'job_fails' : 'job_docs_update'));
      for (const answer of [...burst, ...sequential]) {
        assert.equal(answer.status, 429);
        // The stand-in asks for the rest of the hour; the site asks again after 5 minutes at most.
        assert.ok(Number(answer.headers['Retry-After']) <= 300 && Number(answer.headers['Retry-After']) >= 299, answer.headers['Retry-After']);
      }
      assert.equal(api.calls.get('demo'), 1);
    } finally {
      await api.close();
    }
  });
});
