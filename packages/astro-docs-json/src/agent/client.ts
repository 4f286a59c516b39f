/**
 * The client of the site's agent job endpoint, for browsers and Node: read a job once,
 * or poll it until it ends (spec 3.1), backing off on errors and honouring Retry-After.
 */
import { FINAL_STATUSES, type AgentJob } from './schema.ts';

export type { AgentJob, AgentJobStatusValue } from './schema.ts';

/** The endpoint the integration serves by default; `{projectId}` and `{id}` are filled in. */
export const DEFAULT_ENDPOINT = '/api/agent/{projectId}/job/{id}';

export interface ClientOptions {
  /** The endpoint's URL template, like `https://docs.example.com/api/agent/{projectId}/job/{id}`. */
  endpoint?: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export interface PollOptions extends ClientOptions {
  /** Called with the job whenever it changes. */
  onUpdate?: (job: AgentJob) => void;
  /** Between two reads of an active job; 5 seconds by default. */
  intervalMs?: number;
}

export class AgentJobError extends Error {
  readonly status: number;
  /** From a 429 answer's Retry-After. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'AgentJobError';
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

function endpointUrl(template: string, projectId: string, id: string): string {
  return template
    .replace(/\{projectId\}|\[projectId\]/, encodeURIComponent(projectId))
    .replace(/\{id\}|\[id\]/, encodeURIComponent(id));
}

export async function getAgentJob(projectId: string, id: string, options: ClientOptions = {}): Promise<AgentJob> {
  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(endpointUrl(options.endpoint ?? DEFAULT_ENDPOINT, projectId, id), {
      headers: { Accept: 'application/json' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (failure) {
    if ((failure as Error).name === 'AbortError') throw failure;
    throw new AgentJobError(0, `The agent job endpoint could not be reached: ${(failure as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  if (response.ok) return body as AgentJob;
  const retryAfter = response.headers.get('Retry-After');
  throw new AgentJobError(
    response.status,
    typeof body.error === 'string' ? body.error : `The agent job endpoint answered ${response.status}.`,
    retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : undefined,
  );
}

/** Errors worth retrying: the network, rate limits, and the server side being unavailable. */
function isTransient(error: AgentJobError): boolean {
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const MAX_BACKOFF_MS = 60_000;

/**
 * Reads the job until its status is `completed`, `archived` or `failed`, and resolves
 * with it. Transient errors back off (doubling, up to a minute, or as Retry-After says);
 * a job that does not exist or a request the endpoint refuses rejects at once.
 */
export async function pollAgentJob(projectId: string, id: string, options: PollOptions = {}): Promise<AgentJob> {
  const intervalMs = options.intervalMs ?? 5_000;
  let failures = 0;
  let last = '';
  for (;;) {
    let wait = intervalMs;
    try {
      const job = await getAgentJob(projectId, id, options);
      failures = 0;
      const seen = JSON.stringify(job);
      if (seen !== last) {
        last = seen;
        options.onUpdate?.(job);
      }
      if (FINAL_STATUSES.has(job.status)) return job;
    } catch (error) {
      if (!(error instanceof AgentJobError) || !isTransient(error)) throw error;
      failures++;
      wait = error.retryAfterMs ?? Math.min(intervalMs * 2 ** failures, MAX_BACKOFF_MS);
    }
    await sleep(wait, options.signal);
  }
}
