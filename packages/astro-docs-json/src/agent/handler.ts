/**
 * The server side of agent jobs: answers `GET <route>` by calling the admin API's
 * `GET /v2/agent/{projectId}/job/{id}` with the admin key, which never leaves the server.
 *
 * The admin API allows about 100 calls per project per hour, and that quota is the site
 * owner's, so the endpoint spends it on the site's readers, not on whoever sends the most
 * requests:
 * - each client may send a burst, then so many requests a minute (`perClient`);
 * - ids that cannot be jobs of the site (`idPattern`, `allowedJobs`, `projectIds`) are
 *   answered without a call;
 * - calls come out of a budget per project (`upstreamBudget`), part of which only jobs
 *   already seen may use: an unknown id waits (503) once the rest is spent, and a known job
 *   whose fresh answer cannot be had gets its last one, marked stale;
 * - concurrent requests for one job share one call, and answers are kept: a few seconds
 *   while the job is active, longer once it has ended, five minutes for an id the admin API
 *   does not know, a 429 for its Retry-After (for the whole project, which is what the admin
 *   API limits), any other failure a few seconds.
 */
import { createClientLimiter } from '../core/traffic/token-bucket.ts';
import { RecentMap } from '../core/traffic/recent-map.ts';
import { createUpstreamBudget, type UpstreamBudgetRate } from '../core/traffic/upstream-budget.ts';
import { createJobIdCheck, type JobIdRules } from './job-ids.ts';
import { budgetSpent, served, stale, tooManyFromClient, type AgentJobResponse, type KeptAnswer } from './responses.ts';
import { callUpstream, upstreamRequest, type UpstreamDependencies, type UpstreamRequest } from './upstream.ts';

export { refusalTtl } from './responses.ts';
export type { AgentJobResponse } from './responses.ts';

export interface AgentJobsConfig extends JobIdRules {
  timeoutMs: number;
  /** Requests one client may send; none or `false`: no limit. */
  perClient?: { burst: number; perMinute: number } | false | undefined;
  /** Upstream calls per project an hour; none: no budget. */
  upstreamBudget?: UpstreamBudgetRate | undefined;
}

export interface HandlerDependencies extends UpstreamDependencies {
  /** Reads an environment variable at run time (never at build time). */
  env: (name: string) => string | undefined;
}

const MAX_CACHED = 1_000;
/** Jobs seen, with their last answer: bounded, and only real jobs enter (the admin API answered 200 for them). */
const MAX_KNOWN = 1_000;
/** How long a job's last answer may still be served stale. */
const KNOWN_TTL_MS = 24 * 3_600_000;

interface KnownJob {
  response: AgentJobResponse;
  answeredAt: number;
}

export function createAgentJobHandler(config: AgentJobsConfig, dependencies: HandlerDependencies) {
  const { now } = dependencies;
  const checkIds = createJobIdCheck(config);
  const limitClient = config.perClient ? createClientLimiter({ capacity: config.perClient.burst, perSecond: config.perClient.perMinute / 60 }) : undefined;
  const budget = config.upstreamBudget ? createUpstreamBudget(config.upstreamBudget) : undefined;
  const inFlight = new Map<string, Promise<AgentJobResponse>>();
  // A job's answer under `<project>/<id>`, a refusal of a project under its bare id (which no job key is).
  const cache = new RecentMap<AgentJobResponse>(MAX_CACHED);
  const known = new RecentMap<KnownJob>(MAX_KNOWN);

  /** A kept answer for the job, if there is one still fresh: its own, or its project's refusal. */
  function fromCache(jobKey: string, projectId: string, at: number): AgentJobResponse | undefined {
    const own = cache.get(jobKey, at);
    if (own) return served(own, cache.expires(jobKey, at)!, at);
    const refusal = cache.get(projectId, at);
    if (!refusal) return undefined;
    const last = known.get(jobKey, at);
    return last ? stale(last.response, last.answeredAt, at) : served(refusal, cache.expires(projectId, at)!, at);
  }

  /** What a call's answer becomes once kept: a known job refused by the admin API gets its last answer. */
  function keep(request: UpstreamRequest, jobKey: string, { response, ttl }: KeptAnswer): AgentJobResponse {
    const at = now();
    // The admin API limits calls per project: its 429 holds for every job of the project.
    cache.set(response.status === 429 ? request.projectId : jobKey, response, at + ttl);
    if (response.status === 200) known.set(jobKey, { response, answeredAt: at }, at + KNOWN_TTL_MS);
    const last = response.status === 429 ? known.get(jobKey, at) : undefined;
    return last ? stale(last.response, last.answeredAt, at) : response;
  }

  /** The upstream call for a job, shared by whoever asks while it is under way, if the budget allows one. */
  function ask(request: UpstreamRequest, jobKey: string, at: number): Promise<AgentJobResponse> | AgentJobResponse {
    const last = known.get(jobKey, at);
    // Without a list of projects, made-up project ids must not each bring a budget of their own.
    const wait = budget?.(config.projectIds ? request.projectId : '*', last !== undefined, at) ?? 0;
    if (wait > 0) return last ? stale(last.response, last.answeredAt, at) : budgetSpent(wait);
    const pending = callUpstream(request, config.timeoutMs, dependencies).then((answer) => keep(request, jobKey, answer));
    inFlight.set(jobKey, pending);
    void pending.finally(() => inFlight.delete(jobKey));
    return pending;
  }

  /** The answer to `GET <route>` for a job, asked by `client` (its address; see createClientAddress; none: not limited). */
  return async function handle(projectId: string | undefined, id: string | undefined, client?: string): Promise<AgentJobResponse> {
    const at = now();
    const wait = client === undefined ? 0 : (limitClient?.(client, at) ?? 0);
    if (wait > 0) return tooManyFromClient(wait);
    const refused = checkIds(projectId, id);
    if (refused) return refused;
    const request = upstreamRequest(projectId!, id!, dependencies.env, dependencies.log);
    if ('status' in request) return request;
    const jobKey = `${request.projectId}/${request.id}`;
    return fromCache(jobKey, request.projectId, at) ?? inFlight.get(jobKey) ?? ask(request, jobKey, at);
  };
}
