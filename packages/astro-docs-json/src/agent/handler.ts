/**
 * The server side of agent jobs: answers `GET <route>` by calling the admin API's
 * `GET /v2/agent/{projectId}/job/{id}` with the admin key, which never leaves the server.
 *
 * The admin API allows about 100 calls per project per hour, so concurrent requests for
 * one job share one upstream call, and answers are kept briefly: a few seconds while the
 * job is active, longer once it has ended. Many readers watching a job then cost a
 * handful of upstream calls. Refusals are kept too, or a burst of readers would turn each
 * one into an upstream call: a 429 for as long as its Retry-After says (for the whole
 * project, which is what the admin API limits), any other failure for a few seconds.
 */
import { agentJobSchema, errorBodySchema, FINAL_STATUSES, PATH_PARAMETER } from './schema.ts';

export interface AgentJobsConfig {
  /** When given, the only projects the endpoint serves. */
  projectIds?: readonly string[];
  timeoutMs: number;
}

export interface AgentJobResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface HandlerDependencies {
  /** Reads an environment variable at run time (never at build time). */
  env: (name: string) => string | undefined;
  fetch: typeof fetch;
  now: () => number;
  /** For failures worth an operator's attention; never given the key. */
  log: (message: string) => void;
}

const DEFAULT_ADMIN_API_URL = 'https://api.mintlify.com';
const ACTIVE_TTL_MS = 3_000;
const FINAL_TTL_MS = 60_000;
const NOT_FOUND_TTL_MS = 10_000;
/** Long enough to absorb a burst of readers, short enough that a recovered admin API shows soon. */
const FAILURE_TTL_MS = 5_000;
/** A 429 is kept as its Retry-After says, within these bounds: a year-long Retry-After must not pin the cache. */
const MIN_REFUSAL_TTL_MS = 1_000;
const MAX_REFUSAL_TTL_MS = 300_000;
const MAX_CACHED = 1_000;
/** Admin keys are `<prefix>_<secret>`, like `mint_...` (spec 5.2). */
const ADMIN_KEY = /^[A-Za-z0-9]+_[A-Za-z0-9_-]+$/;

function json(status: number, body: unknown, headers: Record<string, string> = {}): AgentJobResponse {
  return { status, body, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers } };
}

const error = (status: number, message: string, headers?: Record<string, string>) => json(status, { error: message }, headers);

interface CacheEntry {
  response: AgentJobResponse;
  expires: number;
}

/**
 * How long to keep a 429, from its Retry-After: delay-seconds or an HTTP date (RFC 9110
 * 10.2.3), within bounds, and a few seconds when it is missing or unreadable.
 */
export function refusalTtl(retryAfter: string | null, at: number): number {
  const value = retryAfter?.trim() ?? '';
  const date = Date.parse(value);
  const ms = /^\d+$/.test(value) ? Number(value) * 1_000 : Number.isNaN(date) ? FAILURE_TTL_MS : date - at;
  return Math.min(MAX_REFUSAL_TTL_MS, Math.max(MIN_REFUSAL_TTL_MS, ms));
}

/** Retry-After in whole seconds, never 0: a reader told 0 would come straight back to a refusal still kept. */
const retryAfterSeconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1_000)));

/** A kept answer as served at `at`: a refusal's Retry-After counts down to when it expires. */
function served(entry: CacheEntry | undefined, at: number): AgentJobResponse | undefined {
  if (!entry || entry.expires <= at) return undefined;
  if (!('Retry-After' in entry.response.headers)) return entry.response;
  return { ...entry.response, headers: { ...entry.response.headers, 'Retry-After': retryAfterSeconds(entry.expires - at) } };
}

/** What to ask the admin API: which job, with which key, at which address. */
interface UpstreamRequest {
  projectId: string;
  id: string;
  key: string;
  baseUrl: string;
}

/** An answer as this endpoint passes it on, and how long to keep it. */
interface KeptAnswer {
  response: AgentJobResponse;
  ttl: number;
}

/**
 * The call to make upstream for a request, or the answer when there is none to make:
 * parameters that are not ids, a project not served, no usable admin key or address.
 */
function validateRequest(
  projectId: string | undefined,
  id: string | undefined,
  config: AgentJobsConfig,
  { env, log }: HandlerDependencies,
): UpstreamRequest | AgentJobResponse {
  if (!projectId || !id || !PATH_PARAMETER.test(projectId) || !PATH_PARAMETER.test(id)) {
    return error(400, 'projectId and id are 1 to 128 letters, digits, "_" or "-".');
  }
  if (config.projectIds && !config.projectIds.includes(projectId)) return error(404, 'Agent job not found.');

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

/** The admin API's response and its body, read within the time-out; or the answer when they could not be had. */
async function fetchJob(
  { projectId, id, key, baseUrl }: UpstreamRequest,
  timeoutMs: number,
  dependencies: HandlerDependencies,
): Promise<{ upstream: Response; body: unknown } | KeptAnswer> {
  const { log } = dependencies;
  const url = `${baseUrl}/v2/agent/${encodeURIComponent(projectId)}/job/${encodeURIComponent(id)}`;
  // The time-out covers the answer's body too.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The admin API took too long.', 'TimeoutError')), timeoutMs);
  try {
    const upstream = await dependencies.fetch(url, {
      headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
      signal: controller.signal,
    });
    const body: unknown = await upstream.json().catch(() => undefined);
    return { upstream, body };
  } catch (failure) {
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
function shapeAnswer(upstream: Response, body: unknown, { now, log }: HandlerDependencies): KeptAnswer {
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
    return { response: error(404, parsed.success ? parsed.data.error : 'Agent job not found.'), ttl: NOT_FOUND_TTL_MS };
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
async function callUpstream(request: UpstreamRequest, timeoutMs: number, dependencies: HandlerDependencies): Promise<KeptAnswer> {
  const fetched = await fetchJob(request, timeoutMs, dependencies);
  return 'upstream' in fetched ? shapeAnswer(fetched.upstream, fetched.body, dependencies) : fetched;
}

export function createAgentJobHandler(config: AgentJobsConfig, dependencies: HandlerDependencies) {
  const { now } = dependencies;
  const inFlight = new Map<string, Promise<AgentJobResponse>>();
  const cache = new Map<string, CacheEntry>();

  function remember(key: string, response: AgentJobResponse, ttl: number) {
    cache.delete(key);
    cache.set(key, { response, expires: now() + ttl });
    // The oldest entries go first when the cache is full.
    while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  }

  return async function handle(projectId: string | undefined, id: string | undefined): Promise<AgentJobResponse> {
    const request = validateRequest(projectId, id, config, dependencies);
    if ('status' in request) return request;

    // A job's own answer first, then a refusal of its project (kept under the bare project
    // id, which no job key is: those always hold a "/").
    const cacheKey = `${request.projectId}/${request.id}`;
    const at = now();
    const cached = served(cache.get(cacheKey), at) ?? served(cache.get(request.projectId), at);
    if (cached) return cached;

    // Whatever the outcome, readers who arrive while the call is under way share it.
    let pending = inFlight.get(cacheKey);
    if (!pending) {
      pending = callUpstream(request, config.timeoutMs, dependencies).then(({ response, ttl }) => {
        // The admin API limits calls per project: its 429 holds for every job of the project.
        remember(response.status === 429 ? request.projectId : cacheKey, response, ttl);
        return response;
      });
      inFlight.set(cacheKey, pending);
      void pending.finally(() => inFlight.delete(cacheKey));
    }
    return pending;
  };
}
