/**
 * A stand-in for the admin API, for development and tests: a real HTTP server with
 * `GET /v2/agent/{projectId}/job/{id}`. It checks the bearer key, limits each project to
 * 100 calls an hour, and moves its jobs from `active` to their outcome some time after
 * they are first read. It can also misbehave on purpose (`fault`), for tests and the
 * serving benchmark: what the site answers when its upstream fails in each of these ways.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as z from 'zod';
import type { AgentJob } from './schema.ts';

export const mockJobSchema = z.object({
  projectId: z.string(),
  id: z.string(),
  repository: z.string().default('https://github.com/example/docs'),
  ref: z.string().nullable().default(null),
  model: z.string().default('standard'),
  /** What the job becomes once `activeMs` has passed since it was first read. */
  outcome: z.enum(['completed', 'failed', 'archived']).default('completed'),
  prLink: z.url().nullable().default(null),
  activeMs: z.number().int().nonnegative().default(4_000),
});
export type MockJob = z.infer<typeof mockJobSchema>;

export const DEFAULT_MOCK_JOBS: MockJob[] = [
  { projectId: 'demo', id: 'job_docs_update', outcome: 'completed', prLink: 'https://github.com/example/docs/pull/42', ref: 'agent/rate-limits' },
  { projectId: 'demo', id: 'job_no_changes', outcome: 'completed', ref: 'agent/typos', activeMs: 2_000 },
  { projectId: 'demo', id: 'job_fails', outcome: 'failed', ref: 'agent/broken', activeMs: 2_000 },
  { projectId: 'demo', id: 'job_archived', outcome: 'archived', activeMs: 0 },
].map((job) => mockJobSchema.parse(job));

/**
 * How the stand-in misbehaves, on every call once set: `slow` answers after `slowMs`;
 * `close` drops the connection without an answer; `error` answers 500; `malformed` sends
 * a 200 whose body is not JSON; `huge` a 200 whose JSON body is 2 MiB; `retry-date` a 429
 * whose Retry-After is an HTTP date a minute ahead, `retry-garbage` one whose Retry-After
 * is not a value at all.
 */
export const MOCK_FAULTS = ['slow', 'close', 'error', 'malformed', 'huge', 'retry-date', 'retry-garbage'] as const;
export type MockFault = (typeof MOCK_FAULTS)[number];

export interface MockAdminApiOptions {
  port: number;
  host?: string;
  /** The admin key requests must carry. */
  key: string;
  jobs?: MockJob[];
  now?: () => number;
  rateLimitPerHour?: number;
  fault?: MockFault;
  /** How long a `slow` answer takes; a minute by default, past any sensible time-out. */
  slowMs?: number;
}

export interface MockAdminApi {
  url: string;
  server: Server;
  /** Upstream calls received, by project: what the site's cache saves. */
  calls: Map<string, number>;
  /** Sets or clears the fault from the next call on. */
  setFault(fault: MockFault | undefined): void;
  close(): Promise<void>;
}

/** Answers a call the way `fault` says; false when there is no fault to act out. */
function actOutFault(fault: MockFault | undefined, slowMs: number, response: ServerResponse, proceed: () => void): boolean {
  switch (fault) {
    case undefined:
      return false;
    case 'slow': {
      const timer = setTimeout(proceed, slowMs);
      response.once('close', () => clearTimeout(timer));
      return true;
    }
    case 'close':
      response.socket?.destroy();
      return true;
    case 'error':
      response.writeHead(500, { 'Content-Type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      return true;
    case 'malformed':
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id": "job_docs_update", "status": ');
      return true;
    case 'huge':
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 'job_huge', padding: 'x'.repeat(2 * 1024 * 1024) }));
      return true;
    case 'retry-date':
    case 'retry-garbage': {
      const retryAfter = fault === 'retry-date' ? new Date(Date.now() + 60_000).toUTCString() : 'soon, maybe';
      response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': retryAfter }).end(JSON.stringify({ error: 'Rate limit exceeded' }));
      return true;
    }
  }
}

/** The stand-in's jobs as read at `now()`: each starts its clock at its first read. */
function jobBook(jobList: MockJob[], now: () => number) {
  const jobs = new Map(jobList.map((job) => [`${job.projectId}/${job.id}`, job]));
  const firstRead = new Map<string, number>();
  return function read(projectId: string, id: string): AgentJob | undefined {
    const key = `${projectId}/${id}`;
    const job = jobs.get(key);
    if (!job) return undefined;
    if (!firstRead.has(key)) firstRead.set(key, now());
    const started = firstRead.get(key)!;
    const ended = now() - started >= job.activeMs;
    return {
      id: job.id,
      status: ended ? job.outcome : 'active',
      source: { repository: job.repository, ref: job.ref },
      model: job.model,
      prLink: ended && job.outcome === 'completed' ? job.prLink : null,
      // Created a minute before it was first read.
      createdAt: new Date(started - 60_000).toISOString(),
      archivedAt: ended && job.outcome === 'archived' ? new Date(started + job.activeMs).toISOString() : null,
    };
  };
}

/** The admin API's limit per project an hour: the Retry-After seconds of a refusal, or undefined when the call counts. */
function hourlyLimit(limit: number, now: () => number) {
  const window = new Map<string, number[]>();
  return function refuse(projectId: string): number | undefined {
    const recent = (window.get(projectId) ?? []).filter((time) => now() - time < 3_600_000);
    if (recent.length >= limit) {
      // With a limit of 0 there is no call to wait out: the whole hour is left.
      const oldest = recent[0] ?? now();
      return Math.ceil((oldest + 3_600_000 - now()) / 1000);
    }
    window.set(projectId, [...recent, now()]);
    return undefined;
  };
}

export async function startMockAdminApi(options: MockAdminApiOptions): Promise<MockAdminApi> {
  const now = options.now ?? Date.now;
  const read = jobBook(options.jobs ?? DEFAULT_MOCK_JOBS, now);
  const refuse = hourlyLimit(options.rateLimitPerHour ?? 100, now);
  const calls = new Map<string, number>();

  let fault = options.fault;
  const server = createServer((request, response) => {
    if (actOutFault(fault, options.slowMs ?? 60_000, response, () => answer(request, response))) return;
    answer(request, response);
  });

  function answer(request: IncomingMessage, response: ServerResponse) {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
    };
    const match = /^\/v2\/agent\/([^/]+)\/job\/([^/?]+)$/.exec(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (request.method !== 'GET' || !match) return send(404, { error: 'Not found' });
    const authorization = request.headers.authorization ?? '';
    if (!authorization.startsWith('Bearer ')) return send(401, { error: 'Missing admin API key' });
    if (authorization.slice('Bearer '.length) !== options.key) return send(403, { error: 'Invalid admin API key' });

    let projectId: string;
    let id: string;
    try {
      [projectId, id] = [decodeURIComponent(match[1]!), decodeURIComponent(match[2]!)];
    } catch {
      return send(400, { error: 'Malformed path' });
    }
    calls.set(projectId, (calls.get(projectId) ?? 0) + 1);
    const retryAfter = refuse(projectId);
    if (retryAfter !== undefined) return send(429, { error: 'Rate limit exceeded' }, { 'Retry-After': String(retryAfter) });
    const job = read(projectId, id);
    return job ? send(200, job) : send(404, { error: 'Agent job not found' });
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    server,
    calls,
    setFault: (next) => {
      fault = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A slow answer in progress would hold the server open for its minute.
        server.closeAllConnections();
      }),
  };
}
