/**
 * The answers the agent job endpoint gives, and how long each is kept. Every error is JSON
 * `{ error }` with `Cache-Control: no-store`: a reader's browser or a CDN must not keep a
 * job's state or a refusal longer than the endpoint does.
 */
import { retryAfterSeconds } from '../core/traffic/token-bucket.ts';

export { retryAfterSeconds };

export interface AgentJobResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** An answer as this endpoint passes it on, and how long to keep it. */
export interface KeptAnswer {
  response: AgentJobResponse;
  ttl: number;
}

export const ACTIVE_TTL_MS = 3_000;
export const FINAL_TTL_MS = 60_000;
/** Job ids do not come back to life: a made-up id asked for again costs no call for this long. */
export const NOT_FOUND_TTL_MS = 300_000;
/** Long enough to absorb a burst of readers, short enough that a recovered admin API shows soon. */
export const FAILURE_TTL_MS = 5_000;
/** A 429 is kept as its Retry-After says, within these bounds: a year-long Retry-After must not pin the cache. */
const MIN_REFUSAL_TTL_MS = 1_000;
const MAX_REFUSAL_TTL_MS = 300_000;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): AgentJobResponse {
  return { status, body, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers } };
}

export const error = (status: number, message: string, headers?: Record<string, string>) => json(status, { error: message }, headers);

export const notFound = () => error(404, 'Agent job not found.');

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

/** A kept answer as served at `at`: a refusal's Retry-After counts down to when it expires. */
export function served(response: AgentJobResponse, expires: number, at: number): AgentJobResponse {
  if (!('Retry-After' in response.headers)) return response;
  return { ...response, headers: { ...response.headers, 'Retry-After': retryAfterSeconds(expires - at) } };
}

/**
 * A job's last answer, served when no fresh one can be had (the budget is spent, or the
 * admin API limits the project): still a 200, marked stale and aged, so a reader keeps
 * following its job and can tell.
 */
export function stale(response: AgentJobResponse, answeredAt: number, at: number): AgentJobResponse {
  const age = String(Math.max(0, Math.floor((at - answeredAt) / 1_000)));
  return { ...response, headers: { ...response.headers, 'X-Agent-Job-Stale': 'true', Age: age } };
}

/** Our own 429, for a client that sent too many requests: no upstream call was made. */
export const tooManyFromClient = (waitMs: number) =>
  error(429, 'Too many requests from this client; try again later.', { 'Retry-After': retryAfterSeconds(waitMs) });

/** Our own 503, for an unknown id while the admin API calls left are kept for jobs already seen. */
export const budgetSpent = (waitMs: number) =>
  error(503, "This site's admin API calls are spent for now; try again later.", { 'Retry-After': retryAfterSeconds(waitMs) });
