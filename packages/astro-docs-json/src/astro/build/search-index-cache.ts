/**
 * The search indexes a build keeps for the next: each shard's index under the digest of
 * what it indexes, linked into the cache and back into the output rather than copied, and
 * those a build did not use removed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { mapBounded } from '../../core/map-bounded.ts';
import type { SearchablePage } from './searchable-page.ts';

export const PAGE_DIGESTS = 'pages.json';
export const PAGEFIND_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8')) as { version: string }).version;

/** What a shard's index is made from: its pages as indexed, and Pagefind's version. */
export function digestOf(pages: readonly SearchablePage[]): string {
  const hash = createHash('sha256').update(PAGEFIND_VERSION);
  for (const page of pages) hash.update(`\u0000${page.url}\u0000${page.digest}`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * Keeps a shard's index, as written into the output, in the cache, whole or not at all:
 * its files linked there (copied where the cache is on another file system), which costs a
 * fraction of Pagefind writing them again. Pagefind names its files by their content and
 * writes new ones rather than change them, and a build removes the output's index before
 * writing it again, so the output and the cache never change each other's copy. A cache
 * that cannot be written only makes the next build slower.
 */
export async function keep(written: string, cached: string): Promise<void> {
  const partial = `${cached}.${process.pid}.partial`;
  await linkTree(written, partial)
    .then(() => rename(partial, cached))
    .catch(() => rm(partial, { recursive: true, force: true }).catch(() => undefined));
}

/**
 * A cached index into the output: linked there, as `keep` linked it into the cache, unless
 * the output holds its files already (a rebuild that kept the output, whose index of these
 * pages is the one the cache holds). Copying the unchanged indexes of 3,000 pages took a
 * rebuild 2.5 s.
 */
export async function restore(cached: string, target: string): Promise<void> {
  const entry = 'pagefind-entry.json';
  const [kept, written] = await Promise.all([stat(path.join(cached, entry)), stat(path.join(target, entry)).catch(() => undefined)]);
  if (written && written.ino === kept.ino && written.dev === kept.dev) return;
  await rm(target, { recursive: true, force: true });
  await linkTree(cached, target);
}

async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await mapBounded(await readdir(from, { withFileTypes: true }), 16, async (entry) => {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) await linkTree(source, target);
    else await link(source, target).catch(() => copyFile(source, target));
  });
}

/** Removes the cached indexes this build did not use. */
export async function prune(dir: string, kept: ReadonlySet<string>): Promise<void> {
  const entries = await readdir(dir).catch(() => []);
  await Promise.all(entries.filter((name) => !kept.has(name)).map((name) => rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined)));
}
