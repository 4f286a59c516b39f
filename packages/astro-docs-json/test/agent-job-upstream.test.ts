// The agent job endpoint against the stand-in admin API, over HTTP: one client's made-up ids
// cost at most the budgeted calls and do not stop another client's known job; and each way
// the admin API can misbehave (MOCK_FAULTS) gives the endpoint's documented JSON error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAgentJobHandler, type AgentJobsConfig } from '../src/agent/handler.ts';
import { DEFAULT_MOCK_JOBS, MOCK_FAULTS, mockJobSchema, startMockAdminApi, type MockAdminApi, type MockFault } from '../src/agent/mock-admin-api.ts';
import { agentJobsOptionsSchema } from '../src/options.ts';

const KEY = 'mint_test_secret_value';
/** A job active for an hour: its answer is kept a few seconds only, so each read past that asks upstream. */
const JOBS = [...DEFAULT_MOCK_JOBS, mockJobSchema.parse({ projectId: 'demo', id: 'job_long', activeMs: 3_600_000 })];

/** The stand-in and a handler with the options' defaults, both on `now`. */
async function withStandIn(
  test: (context: { api: MockAdminApi; handle: ReturnType<typeof createAgentJobHandler>; advance: (ms: number) => void; logs: string[] }) => Promise<void>,
  options: { config?: Partial<AgentJobsConfig>; fault?: MockFault; realClock?: boolean } = {},
) {
  let clock = Date.parse('2026-11-02T09:30:00Z');
  const now = options.realClock ? Date.now : () => clock;
  const api = await startMockAdminApi({ port: 0, key: KEY, now, jobs: JOBS, slowMs: 5_000, ...(options.fault ? { fault: options.fault } : {}) });
  const logs: string[] = [];
  const config = { ...agentJobsOptionsSchema.parse({ projectIds: ['demo'] }), ...options.config };
  const handle = createAgentJobHandler(config, {
    env: (name) => ({ DOCS_ADMIN_API_KEY: KEY, DOCS_ADMIN_API_URL: api.url })[name],
    fetch,
    now,
    log: (message) => logs.push(message),
  });
  try {
    await test({ api, handle, advance: (ms) => (clock += ms), logs });
  } finally {
    await api.close();
  }
}

/** `count` requests for made-up ids, `concurrency` at a time, each from `clientOf(i)`. */
async function madeUpIds(handle: ReturnType<typeof createAgentJobHandler>, count: number, clientOf: (i: number) => string, concurrency = 50) {
  const statuses = new Map<number, number>();
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, k) => handle('demo', `job_x${start + k}`, clientOf(start + k)));
    for (const answer of await Promise.all(batch)) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  }
  return statuses;
}

describe('one client asking for made-up ids', () => {
  it('1,000 made-up ids from one client: its own 429s, a few calls, and a second client\'s known job still fresh', async () => {
    await withStandIn(async ({ api, handle, advance }) => {
      assert.equal((await handle('demo', 'job_docs_update', '198.51.100.2')).status, 200);
      const statuses = await madeUpIds(handle, 1_000, () => '203.0.113.9');
      // 404s while the client's burst lasts (503 if the budget runs down first), then its own 429s.
      assert.deepEqual([...statuses.keys()].filter((status) => ![404, 429, 503].includes(status)), [], JSON.stringify([...statuses]));
      assert.ok(statuses.get(429)! >= 900, JSON.stringify([...statuses]));
      // One call for the known job; made-up ids at most the default burst of one client (60).
      assert.ok(api.calls.get('demo')! <= 61, String(api.calls.get('demo')));
      const before = api.calls.get('demo')!;
      advance(3_500);
      const again = await handle('demo', 'job_docs_update', '198.51.100.2');
      assert.equal(api.calls.get('demo'), before + 1, 'asked upstream again: the answer is fresh');
      assert.deepEqual([again.status, again.headers['X-Agent-Job-Stale']], [200, undefined]);
      assert.equal((again.body as { id: string }).id, 'job_docs_update');
    });
  });

  it('1,000 made-up ids from 1,000 addresses: at most the budget less its reserve upstream, and the known job still fresh, many times', async () => {
    await withStandIn(async ({ api, handle, advance }) => {
      const reader = '198.51.100.2';
      assert.equal((await handle('demo', 'job_long', reader)).status, 200);
      const statuses = await madeUpIds(handle, 1_000, (i) => `203.0.113.${i % 250}`);
      const { callsPerHour, reservedForKnown } = agentJobsOptionsSchema.parse({}).upstreamBudget;
      const calls = api.calls.get('demo')!;
      assert.ok(calls <= 1 + callsPerHour - reservedForKnown, `${calls} calls`);
      assert.equal(statuses.get(503), 1_000 - statuses.get(404)!, 'past the budget, made-up ids wait');
      // The reserve holds for the known job: every read past the cache's time gets a fresh answer.
      for (let i = 0; i < reservedForKnown - 1; i++) {
        advance(3_500);
        const answer = await handle('demo', 'job_long', reader);
        assert.deepEqual([answer.status, answer.headers['X-Agent-Job-Stale']], [200, undefined], `read ${i}`);
      }
      assert.equal(api.calls.get('demo'), calls + reservedForKnown - 1);
      assert.ok(api.calls.get('demo')! < 100, 'the stand-in\'s own limit was never reached');
    });
  });
});

/** What each fault of the stand-in becomes: the status, the error, and the Retry-After when there is one. */
const EXPECTED: Record<MockFault, { status: number; error: RegExp; retryAfter?: (value: number) => boolean }> = {
  slow: { status: 504, error: /^The admin API did not answer within 200 ms\.$/ },
  close: { status: 502, error: /^The admin API could not be reached\.$/ },
  error: { status: 502, error: /^The admin API failed \(500\)\.$/ },
  malformed: { status: 502, error: /^The admin API sent an agent job this site cannot read\.$/ },
  huge: { status: 502, error: /^The admin API sent an answer too large to be an agent job\.$/ },
  'retry-date': { status: 429, error: /^Too many requests to the admin API/, retryAfter: (value) => value >= 55 && value <= 60 },
  'retry-garbage': { status: 429, error: /^Too many requests to the admin API/, retryAfter: (value) => value === 5 },
};

describe('the admin API misbehaving', () => {
  for (const fault of MOCK_FAULTS) {
    it(`${fault}: the documented JSON error, with no key in it or in the logs`, async () => {
      await withStandIn(
        async ({ api, handle, logs }) => {
          const expected = EXPECTED[fault];
          const answer = await handle('demo', 'job_long', '198.51.100.2');
          assert.equal(answer.status, expected.status);
          assert.equal(answer.headers['Content-Type'], 'application/json; charset=utf-8');
          assert.match((answer.body as { error: string }).error, expected.error);
          if (expected.retryAfter) assert.ok(expected.retryAfter(Number(answer.headers['Retry-After'])), answer.headers['Retry-After']);
          else assert.equal(answer.headers['Retry-After'], undefined);
          assert.doesNotMatch(JSON.stringify(answer) + logs.join(), new RegExp(KEY));
        },
        { fault, realClock: true, config: { timeoutMs: 200 } },
      );
    });
  }

  it('a known job stays answerable, stale, while the admin API refuses with a date or garbage', async () => {
    for (const fault of ['retry-date', 'retry-garbage'] as const) {
      await withStandIn(async ({ api, handle, advance }) => {
        assert.equal((await handle('demo', 'job_docs_update', 'a')).status, 200);
        api.setFault(fault);
        advance(3_500);
        const answer = await handle('demo', 'job_docs_update', 'a');
        assert.deepEqual([answer.status, answer.headers['X-Agent-Job-Stale'], answer.headers.Age], [200, 'true', '3'], fault);
        assert.equal((await handle('demo', 'job_no_changes', 'a')).status, 429, `${fault}: a job not seen gets the refusal`);
      });
    }
  });
});
