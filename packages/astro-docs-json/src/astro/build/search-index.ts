/**
 * The search index (Pagefind): the indexable pages, in the shards of `core/discovery/search-shards.ts`
 * (each version and language apart, large ones split), so the search box finds only pages
 * of the reader's language and version.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { openFileCache, type FileCache } from '../../core/file-cache.ts';
import { mapBounded } from '../../core/map-bounded.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { textDigest } from '../../core/pages/page-files.ts';
import type { SearchShardPlan } from '../../core/discovery/search-shards.ts';

/**
 * The part of a built page that search needs: its language, title and article. Pagefind
 * then parses a tenth of the HTML (no sidebar, no top bar).
 */
export function searchableHtml(page: Buffer | string): string | undefined {
  // Searched as bytes, and only the head and the article decoded: on a large site the
  // sidebar is most of each page, and decoding it all, page after page, costs memory.
  const html = typeof page === 'string' ? Buffer.from(page) : page;
  // The article that carries Pagefind's attribute, whatever the order of its attributes.
  const marked = html.indexOf(' data-pagefind-body');
  const start = marked === -1 ? -1 : html.lastIndexOf('<article', marked);
  const end = html.lastIndexOf('</article>', html.indexOf('</main>'));
  if (start === -1 || end === -1) return undefined;
  const head = html.subarray(0, Math.max(0, html.indexOf('</head>'))).toString('utf8');
  const lang = /<html[^>]*\slang="([^"]*)"/.exec(head)?.[1] ?? 'en';
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0] ?? '';
  return `<html lang="${lang}"><head>${title}</head><body>${html.subarray(start, end + '</article>'.length).toString('utf8')}</body></html>`;
}

interface SearchablePage {
  /** The page's URL in the site (`/guides/intro`), and as search links to it (with the base). */
  page: string;
  url: string;
  /** The digest of `content`. */
  digest: string;
  /** Read only when the shard is indexed: a page known from the build before is not read to tell it did not change. */
  content?: string;
}

/**
 * Indexes the built pages into `<outDir>/pagefind/<shard>/`, one shard after the other, so
 * that Pagefind holds one bounded index at a time, never the whole site. (A second Pagefind
 * process, on the second core, took 2 s off a clean build of 3,000 pages and added 150 MiB
 * to its peak: memory is what large sites run out of.) With `cacheDir`, each shard's index
 * is kept there by the digest of what it indexes, and a shard whose pages' searchable parts
 * are those of a build before is copied from it, not indexed again; a page whose file is the
 * one the build before indexed (same size and time) is not read again to tell.
 */
export async function buildSearchIndex(outDir: string, plan: SearchShardPlan, base: string, logger: AstroIntegrationLogger, cacheDir?: string): Promise<void> {
  const started = performance.now();
  const counts = { pages: 0, reused: 0 };
  const kept = new Set([PAGE_DIGESTS]);
  const known = cacheDir ? await openFileCache<string>(path.join(cacheDir, PAGE_DIGESTS), PAGEFIND_VERSION) : undefined;
  try {
    for (const shard of plan.shards) {
      const pages = (await mapBounded(shard.urls, 16, (url) => searchablePage(outDir, url, base, known))).filter((page) => page !== undefined);
      counts.pages += pages.length;
      const target = path.join(outDir, 'pagefind', shard.name);
      const cached = cacheDir ? path.join(cacheDir, digestOf(pages)) : undefined;
      if (cached) kept.add(path.basename(cached));
      if (cached && existsSync(cached)) {
        await cp(cached, target, { recursive: true });
        counts.reused++;
        continue;
      }
      await indexShard(pages, outDir, target, cached, logger);
    }
    if (cacheDir) await prune(cacheDir, kept);
    await known?.save();
    const reused = counts.reused ? `, ${counts.reused} of ${plan.shards.length} indexes as they were` : '';
    logger.info(`Search index: ${counts.pages} pages in ${Math.round(performance.now() - started)} ms${reused}`);
  } finally {
    await pagefind.close();
  }
}

const PAGE_DIGESTS = 'pages.json';
const PAGEFIND_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8')) as { version: string }).version;

const htmlFileOf = (outDir: string, url: string) => path.join(outDir, url === '/' ? 'index.html' : `${url.slice(1)}.html`);

/** A page's searchable part, or its digest when the file is the one a build before read (`known`); none when it has none. */
async function searchablePage(outDir: string, url: string, base: string, known: FileCache<string> | undefined): Promise<SearchablePage | undefined> {
  const file = htmlFileOf(outDir, url);
  const stats = await stat(file).catch(() => undefined);
  if (!stats) return undefined;
  const identity = `${stats.size}:${stats.mtimeMs}`;
  const digest = known?.get(url, identity);
  if (digest !== undefined) return digest ? { page: url, url: hrefFor(url, base), digest } : undefined;
  const content = searchableHtml(await readFile(file));
  known?.set(url, identity, content ? textDigest(content) : '');
  return content ? { page: url, url: hrefFor(url, base), digest: textDigest(content), content } : undefined;
}

/** Indexes a shard's pages, and writes the index to `target`, then (by Pagefind too, not copied here) to `cached`. */
async function indexShard(pages: readonly SearchablePage[], outDir: string, target: string, cached: string | undefined, logger: AstroIntegrationLogger): Promise<void> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  await mapBounded(pages, 16, async (page) => {
    const content = page.content ?? searchableHtml(await readFile(htmlFileOf(outDir, page.page))) ?? '';
    const { errors: pageErrors } = await index.addHTMLFile({ url: page.url, content });
    if (pageErrors.length) logger.warn(`Search index, ${page.url}: ${pageErrors.join('; ')}`);
  });
  await index.writeFiles({ outputPath: target });
  if (cached) await keep(index, cached);
  await index.deleteIndex();
}

/** What a shard's index is made from: its pages as indexed, and Pagefind's version. */
function digestOf(pages: readonly SearchablePage[]): string {
  const hash = createHash('sha256').update(PAGEFIND_VERSION);
  for (const page of pages) hash.update(`\u0000${page.url}\u0000${page.digest}`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * Writes a shard's index into the cache, whole or not at all; a cache that cannot be
 * written only makes the next build slower.
 */
async function keep(index: pagefind.PagefindIndex, cached: string): Promise<void> {
  const partial = `${cached}.${process.pid}.partial`;
  const { errors } = await index.writeFiles({ outputPath: partial });
  await (errors.length ? Promise.reject(new Error(errors.join('; '))) : rename(partial, cached)).catch(() => rm(partial, { recursive: true, force: true }).catch(() => undefined));
}

/** Removes the cached indexes this build did not use. */
async function prune(dir: string, kept: ReadonlySet<string>): Promise<void> {
  const entries = await readdir(dir).catch(() => []);
  await Promise.all(entries.filter((name) => !kept.has(name)).map((name) => rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined)));
}
