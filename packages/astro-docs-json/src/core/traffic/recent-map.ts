/**
 * A map that forgets: each entry holds until its expiry, and past `maxEntries` the least
 * recently used goes first. For what a server keeps about requests strangers choose (job
 * ids, addresses): however many different keys they send, memory stays bounded. Pure: the
 * caller passes the time.
 */
export class RecentMap<V> {
  readonly maxEntries: number;
  #entries = new Map<string, { value: V; expires: number }>();

  constructor(maxEntries: number) {
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value kept under `key` at `at`, or undefined once it has expired. */
  get(key: string, at: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= at) return undefined;
    // Read again: the most recently used, so the last to be forgotten.
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** When the entry under `key` expires, if it is there at `at`. */
  expires(key: string, at: number): number | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expires > at ? entry.expires : undefined;
  }

  set(key: string, value: V, expires: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expires });
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
