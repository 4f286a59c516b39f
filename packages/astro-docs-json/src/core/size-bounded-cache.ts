/**
 * A map that keeps values up to a budget of their size (characters, bytes: the caller's
 * measure), forgetting the least recently used first. For what a build works out once and
 * meets again on many pages (a highlighted code block, a typeset formula): the same page in
 * each version and language of a site.
 */
export class SizeBoundedCache<V> {
  private readonly kept = new Map<string, V>();
  private size = 0;
  private readonly budget: number;
  private readonly sizeOf: (key: string, value: V) => number;

  constructor(budget: number, sizeOf: (key: string, value: V) => number) {
    this.budget = budget;
    this.sizeOf = sizeOf;
  }

  get(key: string): V | undefined {
    const value = this.kept.get(key);
    if (value === undefined) return undefined;
    // The most recently used last: the first is the one to forget.
    this.kept.delete(key);
    this.kept.set(key, value);
    return value;
  }

  /** Keeps `value`, in place of what `key` held (two pages may work out the same value at once), unless it alone is over the budget. */
  set(key: string, value: V): void {
    const held = this.kept.get(key);
    if (held !== undefined) {
      this.kept.delete(key);
      this.size -= this.sizeOf(key, held);
    }
    const size = this.sizeOf(key, value);
    if (size > this.budget) return;
    this.kept.set(key, value);
    this.size += size;
    for (const [oldest, kept] of this.kept) {
      if (this.size <= this.budget) break;
      this.kept.delete(oldest);
      this.size -= this.sizeOf(oldest, kept);
    }
  }
}
