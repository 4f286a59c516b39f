/**
 * How the search index is split. A reader searches the pages of their version and
 * language, so each version and language pair gets indexes of its own; a pair with more
 * pages than `pagesPerIndex` gets several, which the browser merges when it searches. A
 * build then indexes one bounded part at a time (Pagefind holds a whole index in memory
 * while it writes it), and after a page is edited only the index that holds it is built again.
 */
import { scopeKey } from '../site/scopes.ts';
import { searchableRoutes } from '../site/indexing.ts';
import type { Site } from '../site/load-site.ts';

export interface ShardablePage {
  url: string;
  version: string | null;
  language: string | null;
}

export interface SearchShard {
  /** Its folder under `pagefind/`. */
  name: string;
  urls: string[];
}

export interface SearchShardPlan {
  shards: SearchShard[];
  /** The shards' names for each version and language pair (`scopeKey`), the first one first. */
  byScope: Record<string, string[]>;
}

/** FNV-1a: a small, stable hash, so that a page stays in its shard from build to build. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * A pair's pages cut into runs of consecutive pages, in the site's order, which is the order
 * the build renders them: each shard is complete, and written, while the rendering goes on,
 * so Pagefind holds one or two shards at a time rather than all of a version's until its
 * last page. A shard ends after a page whose URL's hash says so, once it holds three
 * quarters of `pagesPerIndex`, and at `pagesPerIndex` at the latest. The cuts depend on
 * the pages there, not on where they stand in the list (content-defined chunking): a page
 * added or removed changes its own shard, and seldom the next, not every shard after it.
 */
function consecutiveRuns(urls: readonly string[], pagesPerIndex: number): string[][] {
  if (urls.length <= pagesPerIndex) return [[...urls]];
  const fewest = Math.ceil(pagesPerIndex * 0.75);
  // A page ends a shard once in this many: shards average about seven eighths of the bound.
  const oneIn = Math.max(1, Math.round(pagesPerIndex / 8));
  const runs: string[][] = [[]];
  for (const url of urls) {
    const run = runs.at(-1)!;
    run.push(url);
    if (run.length >= pagesPerIndex || (run.length >= fewest && hashOf(url) % oneIn === 0)) runs.push([]);
  }
  if (runs.at(-1)!.length === 0) runs.pop();
  return runs;
}

export function planSearchShards(pages: readonly ShardablePage[], pagesPerIndex: number): SearchShardPlan {
  const scopes = new Map<string, string[]>();
  for (const page of pages) {
    const key = scopeKey(page.version, page.language);
    if (!scopes.has(key)) scopes.set(key, []);
    scopes.get(key)!.push(page.url);
  }
  const shards: SearchShard[] = [];
  const byScope: Record<string, string[]> = {};
  for (const [key, urls] of scopes) {
    byScope[key] = [];
    for (const run of consecutiveRuns(urls, pagesPerIndex)) {
      const shard = { name: String(shards.length), urls: run };
      shards.push(shard);
      byScope[key].push(shard.name);
    }
  }
  return { shards, byScope };
}

/** The shards of the pages a site's search lists (`isSearchable`), the same for its pages and its build. */
export function planSiteSearch(site: Site, pagesPerIndex: number): SearchShardPlan {
  return planSearchShards(searchableRoutes(site), pagesPerIndex);
}
