/**
 * A token bucket: `capacity` tokens, refilled at `perSecond`. Each request takes one; an
 * empty bucket says how long until the next token. Pure: the caller passes the time.
 */
export interface BucketRate {
  /** The burst a full bucket allows. */
  capacity: number;
  /** Tokens added back each second, up to `capacity`. */
  perSecond: number;
}

export class TokenBucket {
  readonly rate: BucketRate;
  #tokens: number;
  #updated: number;

  constructor(rate: BucketRate, at: number) {
    this.rate = rate;
    this.#tokens = rate.capacity;
    this.#updated = at;
  }

  /** The tokens there are at `at`. */
  tokens(at: number): number {
    const elapsed = Math.max(0, at - this.#updated) / 1_000;
    this.#tokens = Math.min(this.rate.capacity, this.#tokens + elapsed * this.rate.perSecond);
    this.#updated = Math.max(this.#updated, at);
    return this.#tokens;
  }

  /**
   * Takes a token if one is there beyond the `keep` held back (for other kinds of request):
   * 0 when taken, or the milliseconds until one will be.
   */
  take(at: number, keep = 0): number {
    const tokens = this.tokens(at);
    if (tokens - keep >= 1) {
      this.#tokens = tokens - 1;
      return 0;
    }
    return this.rate.perSecond > 0 ? Math.ceil(((1 + keep - tokens) / this.rate.perSecond) * 1_000) : Number.POSITIVE_INFINITY;
  }
}

/**
 * One bucket per client (an address), at most `maxClients` of them: the least recently
 * seen goes first when a new one comes, so a flood of addresses cannot grow memory without
 * bound. `take` answers 0 when the client may go on, or the milliseconds it should wait.
 */
export function createClientLimiter(rate: BucketRate, maxClients = 10_000) {
  const buckets = new Map<string, TokenBucket>();
  return function take(client: string, at: number): number {
    let bucket = buckets.get(client);
    if (bucket) buckets.delete(client);
    else bucket = new TokenBucket(rate, at);
    buckets.set(client, bucket);
    if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value!);
    return bucket.take(at);
  };
}

export type ClientLimiter = ReturnType<typeof createClientLimiter>;

/** Retry-After in whole seconds, never 0: a client told 0 comes straight back to a refusal. */
export const retryAfterSeconds = (ms: number) => String(Math.max(1, Math.ceil(ms / 1_000)));
