/**
 * The call to the admin API's `GET /v2/agent/{projectId}/job/{id}`, and what its answer
 * becomes here. Whatever the admin API does (take too long, drop the connection, fail, send
 * something that is not a job or far too much of it, refuse with any Retry-After) turns into
 * one of the endpoint's documented JSON errors: nothing of the upstream's own body passes
 * through but a valid job or a 404's message.
 */
import { error, FAILURE_TTL_MS, ACTIVE_TTL_MS, FINAL_TTL_MS, NOT_FOUND_TTL_MS, json, refusalTtl, retryAfterSeconds, type AgentJobResponse, type KeptAnswer } from './responses.ts';
import { agentJobSchema, errorBodySchema, FINAL_STATUSES } from './schema.ts';
import { readBodyWithin } from '../core/traffic/request-body.ts';

/** A job is a few hundred bytes: anything near this is not one, and is not read further. */
export const MAX_UPSTREAM_BODY_BYTES = 256 * 1024;

/** What to ask the admin API: which job, with which key, at which address. */
export interface UpstreamRequest {
  projectId: string;
  id: string;
  key: string;
  baseUrl: string;
}

export interface UpstreamDependencies {
  fetch: typeof fetch;
  now: () => number;
  /** For failures worth an operator's attention; never given the key. */
  log: (message: string) => void;
}

class TooLarge extends Error {}

/** The body as text, up to `limit` bytes; past it, the rest is not read and the connection is let go. */
async function readCapped(response: Response, limit: number): Promise<string> {
  const received = await readBodyWithin(response, limit);
  if (received.ok) return received.text();
  throw received.reason === 'too-large' ? new TooLarge() : new Error('the answer broke off');
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The admin API's response and its body, read within the time-out; or the answer when they could not be had. */
async function fetchJob(request: UpstreamRequest, timeoutMs: number, { fetch, log }: UpstreamDependencies): Promise<{ upstream: Response; body: unknown } | KeptAnswer> {
  const url = `${request.baseUrl}/v2/agent/${encodeURIComponent(request.projectId)}/job/${encodeURIComponent(request.id)}`;
  // The time-out covers the answer's body too.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The admin API took too long.', 'TimeoutError')), timeoutMs);
  try {
    const upstream = await fetch(url, { headers: { Authorization: `Bearer ${request.key}`, Accept: 'application/json' }, signal: controller.signal });
    return { upstream, body: parse(await readCapped(upstream, MAX_UPSTREAM_BODY_BYTES)) };
  } catch (failure) {
    if (failure instanceof TooLarge) {
      log(`agent jobs: the admin API sent more than ${MAX_UPSTREAM_BODY_BYTES} bytes`);
      return { response: error(502, 'The admin API sent an answer too large to be an agent job.'), ttl: FAILURE_TTL_MS };
    }
    if (controller.signal.aborted) {
      log(`agent jobs: the admin API did not answer within ${timeoutMs} ms`);
      return { response: error(504, `The admin API did not answer within ${timeoutMs} ms.`), ttl: FAILURE_TTL_MS };
    }
    log(`agent jobs: the admin API could not be reached (${(failure as Error).message})`);
    return { response: error(502, 'The admin API could not be reached.'), ttl: FAILURE_TTL_MS };
  } finally {
    clearTimeout(timer);
  }
}

/** What the admin API's response becomes here, by its status: only a job that matches the schema passes through. */
function shapeAnswer(upstream: Response, body: unknown, { now, log }: UpstreamDependencies): KeptAnswer {
  if (upstream.status === 200) {
    const job = agentJobSchema.safeParse(body);
    if (!job.success) {
      log(`agent jobs: the admin API sent a job that does not match the AgentJob schema (${job.error.issues.map((i) => i.path.join('.')).join(', ')})`);
      return { response: error(502, 'The admin API sent an agent job this site cannot read.'), ttl: FAILURE_TTL_MS };
    }
    return { response: json(200, job.data), ttl: FINAL_STATUSES.has(job.data.status) ? FINAL_TTL_MS : ACTIVE_TTL_MS };
  }
  if (upstream.status === 404) {
    const parsed = errorBodySchema.safeParse(body);
    return { response: error(404, parsed.success ? parsed.data.error.slice(0, 200) : 'Agent job not found.'), ttl: NOT_FOUND_TTL_MS };
  }
  if (upstream.status === 401 || upstream.status === 403) {
    log(`agent jobs: the admin API refused the key (${upstream.status})`);
    return { response: error(502, `The admin API refused this site's admin key (${upstream.status}).`), ttl: FAILURE_TTL_MS };
  }
  if (upstream.status === 429) {
    const ttl = refusalTtl(upstream.headers.get('Retry-After'), now());
    return { response: error(429, 'Too many requests to the admin API for this project; try again later.', { 'Retry-After': retryAfterSeconds(ttl) }), ttl };
  }
  log(`agent jobs: the admin API answered ${upstream.status}`);
  return { response: error(502, `The admin API failed (${upstream.status}).`), ttl: FAILURE_TTL_MS };
}

/** The admin API's answer as this endpoint passes it on, and how long to keep it. */
export async function callUpstream(request: UpstreamRequest, timeoutMs: number, dependencies: UpstreamDependencies): Promise<KeptAnswer> {
  const fetched = await fetchJob(request, timeoutMs, dependencies);
  return 'upstream' in fetched ? shapeAnswer(fetched.upstream, fetched.body, dependencies) : fetched;
}

const DEFAULT_ADMIN_API_URL = 'https://api.mintlify.com';
/** Admin keys are `<prefix>_<secret>`, like `mint_...` (spec 5.2). */
const ADMIN_KEY = /^[A-Za-z0-9]+_[A-Za-z0-9_-]+$/;

/**
 * The call to make for a job, with the key and address from the environment (read at run
 * time, never at build time); or the 503 to answer when either is missing or unusable.
 */
export function upstreamRequest(
  projectId: string,
  id: string,
  env: (name: string) => string | undefined,
  log: (message: string) => void,
): UpstreamRequest | AgentJobResponse {
  const key = env('DOCS_ADMIN_API_KEY')?.trim();
  if (!key || !ADMIN_KEY.test(key)) {
    log(key ? 'agent jobs: DOCS_ADMIN_API_KEY does not look like an admin key (<prefix>_<secret>)' : 'agent jobs: DOCS_ADMIN_API_KEY is not set');
    return error(503, 'Agent jobs are not available: the site has no valid admin key configured.');
  }
  const baseUrl = (env('DOCS_ADMIN_API_URL')?.trim() || DEFAULT_ADMIN_API_URL).replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(baseUrl)) {
    log('agent jobs: DOCS_ADMIN_API_URL is not an http(s) URL');
    return error(503, 'Agent jobs are not available: the admin API address is not configured correctly.');
  }
  return { projectId, id, key, baseUrl };
}
