/**
 * How the search index is split. A reader searches the pages of their version and
 * language, so each version and language pair gets indexes of its own; a pair with more
 * pages than `pagesPerIndex` gets several, each page placed by a hash of its URL, which
 * the browser merges when it searches. A build then indexes one bounded part at a time
 * (Pagefind holds a whole index in memory while it writes it), and after a page is edited
 * only the index that holds it is built again.
 */

import { scopeKey, searchableRoutes } from '../site/site-model.ts';
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
    const count = Math.ceil(urls.length / pagesPerIndex);
    const buckets: string[][] = Array.from({ length: count }, () => []);
    for (const url of urls) buckets[hashOf(url) % count]!.push(url);
    byScope[key] = [];
    for (const bucket of buckets.filter((list) => list.length > 0)) {
      const shard = { name: String(shards.length), urls: bucket };
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
