/**
 * The search index (Pagefind): the indexable pages, in the shards of `core/discovery/search-shards.ts`
 * (each version and language apart, large ones split), so the search box finds only pages
 * of the reader's language and version. Fed while the pages are rendered; what a page gives
 * search is `searchable-page.ts`'s, and what a build keeps for the next `search-index-cache.ts`'s.
 */
import { existsSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { openFileCache, type DiskFileCache, type FileCache } from '../../core/file-cache.ts';
import { mapBounded } from '../../core/map-bounded.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { textDigest } from '../../core/text-digest.ts';
import { advanceProgress } from './build-progress.ts';
import { writtenIdentity, type OutputRecord } from './kept-output.ts';
import { digestOf, keep, PAGE_DIGESTS, PAGEFIND_VERSION, prune, restore } from './search-index-cache.ts';
import { htmlFileOf, readSearchableHtml, searchableHtml, searchablePage, type SearchablePage } from './searchable-page.ts';
import type { SearchShard, SearchShardPlan } from '../../core/discovery/search-shards.ts';

/**
 * The search index, built while the pages are rendered: each page's HTML is handed over as
 * it is rendered (`add`) and sent to Pagefind, which indexes it in its own process, on the
 * other core, while this one renders the next pages. `finish` reads from the output the
 * pages that were not handed over (an incremental build leaves unchanged pages as they
 * are; a build with an adapter renders without us), and writes the indexes.
 */
export interface SearchIndexer {
  /** A page as rendered, at its URL in the site; resolves when Pagefind can take more. */
  add(url: string, html: Uint8Array): Promise<void>;
  /**
   * Astro's bundle is built, and the pages are rendered next: a rebuild's shards are fed the
   * pages left in place from now (`IndexerOptions.leftInPlace`). Not before: Vite's bundling
   * uses both cores, and reading them beside it slowed a rebuild of 3,000 pages by half a second.
   */
  renderingStarts(): void;
  /** Reads what was not handed over and writes the indexes; asked again, the same promise. */
  finish(): Promise<void>;
  /** The build failed: Pagefind's process is stopped, and nothing more is written. */
  abort(): Promise<void>;
  /** The output's folders of the indexes, each written or linked whole from the cache by this build. */
  readonly folders: readonly string[];
}

/**
 * Indexes the built pages into `<outDir>/pagefind/<shard>/`. Pagefind holds each shard's
 * index in memory until it writes it, so at most `MAX_FED_SHARDS` are fed while the pages
 * are rendered; the pages of the others are read from the output at the end, and their
 * shards indexed `READERS` at a time. Only then: Astro writes a page's file after it is
 * handed over, and on a busy machine well after, so a shard written while the pages are
 * rendered is one fed, which holds every page it has not yet sent to Pagefind. A shard whose first page comes while every place is
 * taken waits for a complete shard's index to be written, when one is being written: the
 * shards of a site's versions and languages complete one after the other, faster than
 * Pagefind writes them, and would otherwise nearly all be read back at the end. (A second Pagefind process, on the second core, took
 * 2 s off a clean build of 3,000 pages and added 150 MiB to its peak: memory is what large
 * sites run out of.) With `cacheDir`, each shard's index is kept there by the digest of
 * what it indexes, and a shard whose pages' searchable parts are those of a build before is
 * copied from it, not indexed again; a page whose file is the one the build before indexed
 * (same size and time) is not read again to tell.
 */
export function searchIndexer(outDir: string, plan: SearchShardPlan, base: string, logger: AstroIntegrationLogger, { cacheDir, leftInPlace, found }: IndexerOptions = {}): SearchIndexer {
  return new ShardedSearchIndex({ inFlight: { count: 0, last: Promise.resolve() }, outDir, base, logger, cacheDir, found, fromOutput: { read: 0, refed: 0 } }, plan, leftInPlace);
}

export interface IndexerOptions {
  /** Where each shard's index is kept for the next build. */
  cacheDir?: string | undefined;
  /**
   * In a rebuild that keeps the output, the pages it is expected not to render again (their
   * files are those of the build before). A shard that holds some of them and a page to be
   * rendered is fed those from the output while the pages are rendered, not once they are:
   * a rebuild after one edit then waits at its end only for Pagefind to write that shard.
   * A guess, checked: a shard fed a page that then changed is indexed again at the end.
   */
  leftInPlace?: ((url: string) => boolean) | undefined;
  /** In such a rebuild, the output as the build found it: the pages not handed over are as it records them. */
  found?: OutputRecord | undefined;
}

/** Shards fed to Pagefind while the pages are rendered. */
const MAX_FED_SHARDS = 8;
/**
 * Shards read from the output and indexed at once, each held whole in Pagefind's memory
 * until it is written. A fed shard is written as soon as it is complete, whatever the
 * others do: its index is held already. The pages of a large shard are spread over the
 * whole build (`search-shards.ts` places them by their URL's hash), so most shards are
 * complete only once the pages are rendered: written one after the other, the 6 shards of
 * 3,000 pages took 5.7 s after the rendering, and 2.3 s written at once.
 */
const READERS = 2;
/** Pages sent to Pagefind and not yet indexed by it, beyond which rendering waits. */
const MAX_IN_FLIGHT = 64;
/** Pages of a shard read from the output at once, when it is written. */
const READ_AT_ONCE = 16;
/** Pages of a shard rendered ahead of their turn whose HTML is held; those beyond are read from the output. */
const MAX_AHEAD = 64;

/** The pages sent to Pagefind, of every shard, and not yet indexed; the last one sent (Pagefind answers in order). */
interface InFlight {
  count: number;
  last: Promise<unknown>;
}

interface IndexSettings {
  /** Shared by the index's shards. */
  inFlight: InFlight;
  outDir: string;
  base: string;
  logger: AstroIntegrationLogger;
  cacheDir: string | undefined;
  found: OutputRecord | undefined;
  /** Of a rebuild's shards fed the pages left in place from the output: the pages read, and the shards fed again at the end since some of those had changed. */
  fromOutput: { read: number; refed: number };
}

class ShardedSearchIndex implements SearchIndexer {
  private readonly counts = { reused: 0, fed: 0 };
  /** The cached indexes this build uses; the others are removed. */
  private readonly kept = new Set([PAGE_DIGESTS]);
  private readonly known: Promise<DiskFileCache<string>> | undefined;
  private readonly shardOf: Map<string, number>;
  private readonly feeds: ShardFeed[];
  private readonly settled = new Set<number>();
  /** Shards of a rebuild written before the end, once their pages were read or handed over (`ShardFeed.covered`). */
  private readonly early = new Set<number>();
  /** Of those, the shards that got a page handed over after all: written again at the end (`writeAgain`). */
  private readonly again = new Set<number>();
  /** Every page handed over: its file is not as the output was found (`IndexerOptions.found`). */
  private readonly handed = new Set<string>();
  private fed = 0;
  /** Fed shards complete, whose index is being written. */
  private writingFed = 0;
  /** Every shard's index written so far, written or failed. */
  private chain: Promise<unknown> = Promise.resolve();
  /** Shards read from the output being indexed (`READERS` at most), and those waiting for their turn. */
  private reading = 0;
  private readonly waiting: Array<() => void> = [];
  private failure: unknown;
  private finished: Promise<void> | undefined;
  private readonly settings: IndexSettings;
  private readonly plan: SearchShardPlan;
  readonly folders: readonly string[];
  private readonly leftInPlace: ((url: string) => boolean) | undefined;

  constructor(settings: IndexSettings, plan: SearchShardPlan, leftInPlace?: (url: string) => boolean) {
    this.settings = settings;
    this.plan = plan;
    this.leftInPlace = leftInPlace;
    this.folders = plan.shards.map((shard) => shardFolder(settings.outDir, shard));
    this.known = settings.cacheDir ? openFileCache<string>(path.join(settings.cacheDir, PAGE_DIGESTS), PAGEFIND_VERSION) : undefined;
    this.shardOf = new Map(plan.shards.flatMap((shard, index) => shard.urls.map((url) => [url, index] as const)));
    this.feeds = plan.shards.map((shard) => new ShardFeed(shard, settings));
    advanceProgress({ toIndex: this.shardOf.size });
  }

  async add(url: string, html: Uint8Array): Promise<void> {
    const index = this.shardOf.get(url);
    this.handed.add(url);
    if (index !== undefined && this.early.has(index)) this.again.add(index);
    if (index === undefined || this.settled.has(index) || this.failure) return;
    const feed = this.feeds[index]!;
    const content = searchableHtml(Buffer.from(html.buffer, html.byteOffset, html.byteLength)) ?? null;
    // A shard is fed from its first page or not at all. Never waits for shards still being fed: their pages may yet come, after this one.
    if (feed.digests.size === 0 && !feed.feeding) {
      while (this.fed >= MAX_FED_SHARDS && this.writingFed > 0) await this.chain;
      if (this.fed < MAX_FED_SHARDS) {
        feed.feeding = true;
        this.fed++;
        this.counts.fed++;
      }
    }
    if (!feed.take(url, content)) {
      this.fed--;
      this.counts.fed--;
    }
    // A page's file is written by Astro once this page is handed over, sometimes well after:
    // only a fed shard, which holds every page it has not sent, is written before the end.
    if (feed.complete && feed.feeding) this.settle(index);
    else if (feed.covered) this.settleEarly(index);
    // Rendering waits while Pagefind is behind: what waits for it stays bounded.
    const { inFlight } = this.settings;
    if (inFlight.count > MAX_IN_FLIGHT) await inFlight.last;
  }

  /** The shards that hold pages left in place and pages to be rendered are fed the first from the output. */
  renderingStarts(): void {
    const { leftInPlace } = this;
    if (!leftInPlace) return;
    for (const [index, feed] of this.feeds.entries()) {
      if (this.fed >= MAX_FED_SHARDS) return;
      const kept = feed.shard.urls.filter(leftInPlace).length;
      if (kept === 0 || kept === feed.shard.urls.length) continue;
      this.fed++;
      this.counts.fed++;
      feed.feedFromOutput(leftInPlace, () => this.settleEarly(index));
    }
  }

  finish(): Promise<void> {
    this.finished ??= this.finishing();
    return this.finished;
  }

  private async finishing(): Promise<void> {
    const started = performance.now();
    try {
      this.plan.shards.forEach((_, index) => this.settle(index));
      await this.chain;
      await this.writeAgain();
      if (this.failure) throw this.failure;
      if (this.settings.cacheDir) await prune(this.settings.cacheDir, this.kept);
      await this.remember();
      this.settings.logger.info(this.summary(performance.now() - started));
    } finally {
      await pagefind.close();
    }
  }

  async abort(): Promise<void> {
    this.failure ??= new Error('The build failed.');
    await this.chain;
    await pagefind.close();
  }

  /** Once, after the shard's last page or at the end: its index written, at once when it was fed, else in its turn. */
  private settle(index: number): void {
    if (this.settled.has(index)) return;
    this.settled.add(index);
    const { feeding } = this.feeds[index]!;
    if (feeding) this.writingFed++;
    const write = () => (this.failure ? this.feeds[index]!.discard() : this.writeShard(index));
    const written = (feeding ? write() : this.inTurn(write))
      .catch((error: unknown) => (this.failure ??= error))
      .finally(() => {
        if (!feeding) return;
        this.fed--;
        this.writingFed--;
      });
    this.chain = Promise.all([this.chain, written]);
  }

  /**
   * A rebuild's shard whose pages are all read from the output or handed over is written at
   * once, while Astro checks the other routes, rather than once the output is tidied: Pagefind's
   * writing was the end of a rebuild's longest wait (0.5 s at 3,000 pages, begun 0.4 s after
   * the edited page was handed over).
   */
  private settleEarly(index: number): void {
    if (this.settled.has(index) || this.failure) return;
    this.early.add(index);
    this.settle(index);
  }

  /**
   * The shards written early that got a page handed over after all (the guess that it would be
   * left in place was wrong), written again once every page is rendered and written: all of
   * each read from the output, as a shard never fed.
   */
  private async writeAgain(): Promise<void> {
    for (const index of this.again) {
      if (this.failure) return;
      this.settings.fromOutput.refed++;
      this.feeds[index] = new ShardFeed(this.feeds[index]!.shard, this.settings, true);
      await this.writeShard(index).catch((error: unknown) => (this.failure ??= error));
    }
  }

  /** Runs `write` once fewer than `READERS` shards are being read; one that ends hands its place to the next one waiting. */
  private async inTurn(write: () => Promise<void>): Promise<void> {
    if (this.reading < READERS) this.reading++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      await write();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.reading--;
    }
  }

  /** A shard's index, from its pages (those not handed over read from the output), or as a build before left it. */
  private async writeShard(index: number): Promise<void> {
    const { outDir, base, cacheDir, found } = this.settings;
    const feed = this.feeds[index]!;
    const known = await this.known;
    const pageOf = async (url: string) => {
      const handed = feed.pageOf(url, base);
      return handed === undefined ? searchablePage(outDir, url, base, known, this.handed.has(url) ? undefined : found) : (handed ?? undefined);
    };
    const pages = (await mapBounded(feed.shard.urls, 16, pageOf)).filter((page) => page !== undefined);
    feed.indexed = pages.length;
    const target = shardFolder(outDir, feed.shard);
    const cached = cacheDir ? path.join(cacheDir, digestOf(pages)) : undefined;
    if (cached) this.kept.add(path.basename(cached));
    if (cached && existsSync(cached)) {
      await feed.discard();
      await restore(cached, target);
      this.counts.reused++;
    } else {
      await feed.write(pages, target, cached);
    }
    if (!feed.counted) advanceProgress({ indexed: feed.shard.urls.length });
  }

  /** The pages handed over, recorded as the files the build wrote: the next build knows them without reading them. */
  private async remember(): Promise<void> {
    const known = await this.known;
    if (!known) return;
    for (const feed of this.feeds) {
      for (const [url, digest] of feed.digests) {
        const identity = writtenIdentity(htmlFileOf(this.settings.outDir, url));
        if (identity) known.set(url, identity, digest);
      }
    }
    await known.save();
  }

  private summary(ms: number): string {
    const { reused, fed } = this.counts;
    const pages = this.feeds.reduce((sum, feed) => sum + feed.indexed, 0);
    const { read, refed } = this.settings.fromOutput;
    const shards = this.plan.shards.length;
    const fromOutput = read ? ` (${read} ${read === 1 ? 'page' : 'pages'} left in place read from the output meanwhile${refed ? `; ${refed} of those indexes fed again: pages read had changed since` : ''})` : '';
    const early = fed ? `, ${fed} of ${shards} indexes fed while the pages were rendered${fromOutput}` : '';
    const kept = reused ? `, ${reused} of ${shards} indexes as they were` : '';
    return `Search index: ${pages} pages in ${Math.round(ms)} ms after the pages were rendered${early}${kept}`;
  }
}

/**
 * One shard's Pagefind index, fed as its pages are rendered. Pages are added in the shard's
 * order, whatever the order they are rendered in, since Pagefind's output depends on it: a
 * page rendered ahead of its turn waits for the pages before it.
 */
class ShardFeed {
  /** Whether this shard's pages go to Pagefind as they come (`MAX_FED_SHARDS`). */
  feeding = false;
  /** The digest of each page handed over ('' for one with nothing to search). */
  readonly digests = new Map<string, string>();
  /** Pages handed over and not yet sent: their searchable part, null for none. */
  private readonly ahead = new Map<string, string | null>();
  /** Settles once the index fed before the shard stopped being fed is dropped. */
  private stopped: Promise<void> = Promise.resolve();
  /** In a rebuild, the pages expected to be left in place, which are read from the output in their turn. */
  private leftInPlace: ((url: string) => boolean) | undefined;
  /** Told when the pages left in place are read and the others handed over (`covered`). */
  private onCovered: (() => void) | undefined;
  /** Pages in the index last written, and whether the build's progress counted the shard already (a shard written again). */
  indexed = 0;
  readonly counted: boolean;
  /** The pages sent as read from the output, with their digests ('' for nothing to search). */
  private readonly readFromOutput = new Map<string, string>();
  /** Whether pages left in place are being read (`readLeftInPlace`), and when that stops. */
  private reading = false;
  private read: Promise<void> = Promise.resolve();
  /** The shard's pages before this one were sent. */
  private next = 0;
  private index: Promise<pagefind.PagefindIndex> | undefined;
  private readonly sent: Array<Promise<void>> = [];
  readonly shard: SearchShard;
  private readonly settings: IndexSettings;

  constructor(shard: SearchShard, settings: IndexSettings, counted = false) {
    this.shard = shard;
    this.settings = settings;
    this.counted = counted;
  }

  get complete(): boolean {
    return this.digests.size === this.shard.urls.length;
  }

  /**
   * The page handed over: sent in its turn, held until then. False when the shard stops
   * being fed here: more of its pages came ahead of their turn than are held, and it is
   * indexed at the end, from the output, like a shard never fed.
   */
  take(url: string, content: string | null): boolean {
    if (this.digests.has(url)) return true;
    this.digests.set(url, content ? textDigest(content) : '');
    if (!this.feeding) return true;
    if (this.ahead.size >= MAX_AHEAD) {
      this.stopFeeding();
      return false;
    }
    this.ahead.set(url, content);
    this.sendInTurn();
    return true;
  }

  /** Fed from now on: the pages left in place first, read from the output up to the first one to be rendered; `covered` once all are in hand. */
  feedFromOutput(leftInPlace: (url: string) => boolean, covered: () => void): void {
    this.feeding = true;
    this.leftInPlace = leftInPlace;
    this.onCovered = covered;
    this.sendInTurn();
  }

  /** Sends the pages whose turn has come: those handed over, then, from a page left in place on, those read from the output. */
  private sendInTurn(): void {
    this.sendHeld();
    const turn = this.shard.urls[this.next];
    if (this.reading || turn === undefined || !this.leftInPlace?.(turn)) return;
    this.reading = true;
    this.read = this.readLeftInPlace();
  }

  /** Sends the pages handed over whose turn has come. */
  private sendHeld(): void {
    while (this.next < this.shard.urls.length) {
      const turn = this.shard.urls[this.next]!;
      const held = this.ahead.get(turn);
      if (held === undefined) return;
      this.ahead.delete(turn);
      this.next++;
      if (held !== null) this.send(turn, held);
    }
  }

  /**
   * The pages left in place, from the shard's next turn, read from the output `READ_AT_ONCE`
   * at a time and sent, up to a page yet to be handed over. They are sent without waiting for
   * Pagefind, and the rendering does not wait for them: they are one shard's at most, and
   * Pagefind, which takes its input only at this thread's turns, is then fed as fast as Astro
   * lets this thread go (a rebuild of 3,000 pages fed its 378 pages in 0.5 s rather than 0.9 s).
   */
  private async readLeftInPlace(): Promise<void> {
    const { urls } = this.shard;
    try {
      for (;;) {
        this.sendHeld();
        const batch: string[] = [];
        for (let at = this.next; at < urls.length && batch.length < READ_AT_ONCE && !this.ahead.has(urls[at]!) && this.leftInPlace!(urls[at]!); at++) batch.push(urls[at]!);
        if (batch.length === 0 || !this.feeding) return;
        for (const url of batch) {
          const content = searchableOrNone(htmlFileOf(this.settings.outDir, url));
          this.readFromOutput.set(url, content ? textDigest(content) : '');
          this.settings.fromOutput.read++;
          this.next++;
          if (content !== null) this.send(url, content, false);
        }
        // Pages handed over meanwhile are taken, and Pagefind's answers.
        await setImmediate();
      }
    } finally {
      this.reading = false;
      if (this.covered) this.onCovered?.();
    }
  }

  /**
   * Whether every page of the shard is in hand, fed from the output in a rebuild: read from
   * there, or handed over. A page expected to be left in place may yet be handed over: the
   * index written now is then written again at the end (`ShardedSearchIndex.writeAgain`).
   */
  get covered(): boolean {
    return this.feeding && this.leftInPlace !== undefined && !this.reading && this.shard.urls.every((url) => this.digests.has(url) || this.readFromOutput.has(url));
  }

  /** Whether a page sent as read from the output is not as the shard's pages are now (rendered after all, or read while written). */
  private outputChanged(pages: readonly SearchablePage[]): boolean {
    const digests = new Map(pages.map((page) => [page.page, page.digest]));
    for (const [url, digest] of this.readFromOutput) if ((digests.get(url) ?? '') !== digest) return true;
    return false;
  }

  /** What was sent is dropped, once Pagefind has taken it; the index is made again when the shard is written. */
  private stopFeeding(): void {
    this.feeding = false;
    this.next = 0;
    this.ahead.clear();
    this.readFromOutput.clear();
    const [sent, index] = [this.sent.splice(0), this.index];
    this.index = undefined;
    this.stopped = Promise.all(sent).then(async () => void (await (await index)?.deleteIndex()));
  }

  /** A page handed over, as the shard's digest needs it; undefined when it was not. */
  pageOf(url: string, base: string): SearchablePage | null | undefined {
    const digest = this.digests.get(url);
    if (digest === undefined) return undefined;
    return digest ? { page: url, url: hrefFor(url, base), digest } : null;
  }

  /** The index written to `target`, then (by Pagefind too, not copied here) to `cached`: the pages not yet sent are sent first. */
  async write(pages: readonly SearchablePage[], target: string, cached: string | undefined): Promise<void> {
    // Written whole: Pagefind does not write again a file it finds as it would write it (its
    // names are its content's), and a file of the build before is removed after the build.
    await Promise.all([this.stopped, this.read]);
    const removed = removeAside(target);
    // What was read from the output and changed since is in the index as it was: the shard is indexed again.
    if (this.outputChanged(pages)) {
      this.settings.fromOutput.refed++;
      this.stopFeeding();
      await this.stopped;
    }
    const unsent = new Set(this.shard.urls.slice(this.next));
    const toSend = pages.filter((page) => unsent.has(page.page));
    // Read 16 at a time (one at a time, a rebuild spent 1.5 s reading a shard of 500 pages),
    // and each 16 sent in order as soon as they are read: Pagefind indexes them while the
    // next are read.
    for (let at = 0; at < toSend.length; at += READ_AT_ONCE) {
      const batch = toSend.slice(at, at + READ_AT_ONCE);
      for (const page of batch) this.send(page.page, this.ahead.get(page.page) ?? page.content ?? readSearchableHtml(htmlFileOf(this.settings.outDir, page.page)) ?? '');
      await setImmediate();
    }
    await Promise.all(this.sent);
    const index = await this.open();
    const [{ errors }] = await Promise.all([index.writeFiles({ outputPath: target }), removed]);
    if (errors.length) throw new Error(`Pagefind could not write the search index: ${errors.join('; ')}`);
    await this.discard();
    if (cached) await keep(target, cached);
  }

  /** The shard's index in Pagefind, removed: a cached copy serves, or the build failed. */
  async discard(): Promise<void> {
    await Promise.all([this.stopped, this.read]);
    const index = this.index;
    this.index = undefined;
    this.ahead.clear();
    if (index) await (await index).deleteIndex();
  }

  private open(): Promise<pagefind.PagefindIndex> {
    this.index ??= pagefind.createIndex({}).then(({ index, errors }) => index ?? Promise.reject(new Error(`Pagefind could not start: ${errors.join('; ')}`)));
    return this.index;
  }

  /** Sends a page to Pagefind; `bounded`, it counts among the pages in flight that the rendering waits for. */
  private send(page: string, content: string, bounded = true): void {
    const url = hrefFor(page, this.settings.base);
    const { inFlight } = this.settings;
    if (bounded) inFlight.count++;
    const sent = this.open()
      .then((index) => index.addHTMLFile({ url, content }))
      .then(({ errors }) => void (errors.length && this.settings.logger.warn(`Search index, ${url}: ${errors.join('; ')}`)))
      .finally(() => bounded && inFlight.count--);
    this.sent.push(sent);
    inFlight.last = sent.catch(() => undefined);
  }
}

/** A page's searchable part as its file holds it; null for none, or for a file gone. */
function searchableOrNone(file: string): string | null {
  try {
    return readSearchableHtml(file) ?? null;
  } catch {
    return null;
  }
}

/** Indexes the built pages, all read from the output (`searchIndexer`). */
export async function buildSearchIndex(outDir: string, plan: SearchShardPlan, base: string, logger: AstroIntegrationLogger, options: IndexerOptions = {}): Promise<void> {
  await searchIndexer(outDir, plan, base, logger, options).finish();
}

const shardFolder = (outDir: string, shard: SearchShard) => path.join(outDir, 'pagefind', shard.name);

/**
 * The folder moved out of the way at once, and removed while Pagefind writes a new one in its
 * place: removing a shard's index of 500 pages, file by file, took a rebuild 0.1 s before
 * Pagefind could start. Resolves once it is removed.
 */
function removeAside(folder: string): Promise<void> {
  const aside = `${folder}.${process.pid}.old`;
  try {
    renameSync(folder, aside);
  } catch {
    return rm(folder, { recursive: true, force: true }); // none there, or not a folder that can be moved
  }
  return rm(aside, { recursive: true, force: true });
}
