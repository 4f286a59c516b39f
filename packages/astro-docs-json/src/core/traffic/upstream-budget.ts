/**
 * How many calls a server may make to an upstream that limits them (the admin API allows
 * about 100 per project an hour), shared by everyone who reads through it. Part of the
 * budget is kept for requests already known to be worth a call (jobs seen before), so a
 * stranger asking for made-up ids runs out while the site's real readers still get answers.
 * Pure: the caller passes the time.
 */
import { TokenBucket } from './token-bucket.ts';

export interface UpstreamBudgetRate {
  /** Calls an hour, and the burst a full budget allows. */
  callsPerHour: number;
  /** Of those, how many only known requests may use. */
  reservedForKnown: number;
}

/**
 * One budget per scope (a project), at most `maxScopes` of them. `take` answers 0 when the
 * call may be made, or the milliseconds until it could be.
 */
export function createUpstreamBudget(rate: UpstreamBudgetRate, maxScopes = 1_000) {
  const buckets = new Map<string, TokenBucket>();
  const bucketRate = { capacity: rate.callsPerHour, perSecond: rate.callsPerHour / 3_600 };
  return function take(scope: string, known: boolean, at: number): number {
    let bucket = buckets.get(scope);
    if (!bucket) {
      bucket = new TokenBucket(bucketRate, at);
      buckets.set(scope, bucket);
      // Scopes are the site's projects, few; the bound is there in case they are not.
      if (buckets.size > maxScopes) buckets.delete(buckets.keys().next().value!);
    }
    return bucket.take(at, known ? 0 : rate.reservedForKnown);
  };
}

export type UpstreamBudget = ReturnType<typeof createUpstreamBudget>;
