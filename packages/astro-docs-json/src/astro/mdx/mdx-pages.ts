/**
 * MDX pages rendered from their source when their route is rendered (`render-path.ts`
 * says which), not compiled into a module each: the bundler holds every module of the
 * site in memory until it is done, which a site of tens of thousands of pages cannot
 * afford. Each file is compiled here, with what the site's MDX integration would use (the
 * Markdown processor's plugins and features, Shiki, heading ids) and what Mintlify provides
 * around it (`functionBodySource`), into the body of a function that the page's route runs
 * (`mdx-content.ts`).
 *
 * Compiled files are kept on disk by their content and everything else their output
 * depends on (this package's code that shapes it, the site's settings, what their imports
 * resolve to), so a build after changing one page compiles one page. After a complete
 * build, the cache keeps the entries of the files as they are, and nothing else.
 *
 * It runs in the integration, and is handed to the routes on `globalThis` (`build-context.ts`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig } from 'astro';
import type { PageContent } from '../../core/markdown/page-content.ts';
import { replaceVariables, type Variables } from '../../core/markdown/variables.ts';
import { resolveImport } from '../../core/pages/references.ts';
import { textDigest } from '../../core/text-digest.ts';
import type { DocsJson } from '../../core/schema/docs-json.ts';
import { digestOfCode } from '../build/code-digest.ts';
import type { MdxCompiler } from './build-context.ts';
import { aheadWorkerData, CompileAhead } from './mdx-compile-ahead.ts';
import { MdxCompilation, type CacheEntry, type MdxSettings, type SatteriOptions } from './mdx-compile.ts';

/** The package's files whose code shapes compiled MDX: a change to one of them is a change of output. */
const SHAPING_CODE = ['core/markdown/', 'core/html/', 'astro/mdx/', '../package.json'];
/** How many files the worker compiles ahead of the page being rendered. */
const AHEAD = 16;

/** What compiling a file reads besides the file: what loading the site found in it, and docs.json `variables`. */
export interface SiteText {
  /** What loading the site found in a file, so that compiling it need not analyse it again. */
  contentOf(file: string): PageContent | undefined;
  /** docs.json `variables` as the site has them now, replaced in each file before it is compiled. */
  variables(): Variables | undefined;
  /** docs.json, for the worker that compiles ahead, which rebuilds the Markdown it asks for. */
  config(): DocsJson | undefined;
  /** The languages the site's code blocks name. */
  languages(): string[];
}

/** Called by the integration once Astro's config is final, for each build. */
export function createMdxCompiler(config: AstroConfig, docsDir: string, site: SiteText): MdxCompiler {
  return new MdxFromSource(mdxCacheDir(config), docsDir, mdxSettings(config), site);
}

/**
 * A compiler with settings rebuilt on another thread (`render-worker.ts`): it shares the
 * cache of the build's, under the keys of the build's settings (`settingsKeyOf`, on the
 * settings as the main thread has them).
 */
export function mdxCompilerWith(cacheDir: string, docsDir: string, settings: MdxSettings, settingsKey: string, site: SiteText): MdxCompiler {
  return new MdxFromSource(cacheDir, docsDir, settings, site, settingsKey);
}

/** Part of every cache entry's key: the same code and settings, the same output. */
export function settingsKeyOf(settings: MdxSettings): string {
  return hash(codeHash(), JSON.stringify(settings, (_, value: unknown) => (typeof value === 'function' ? String(value) : value)));
}

export const mdxCacheDir = (config: AstroConfig) => fileURLToPath(new URL('astro-docs-json/mdx/', config.cacheDir));

/** The site's MDX settings: its Markdown processor's plugins and features, with Astro's Markdown settings. */
export function mdxSettings(config: AstroConfig): MdxSettings {
  const processor = config.markdown.processor as unknown as { options: SatteriOptions };
  const { mdastPlugins, hastPlugins, features } = processor.options;
  const { syntaxHighlight, shikiConfig, gfm, smartypants } = config.markdown;
  return { mdastPlugins, hastPlugins, features, syntaxHighlight, shikiConfig, gfm, smartypants };
}

class MdxFromSource implements MdxCompiler {
  readonly docsDir: string;
  readonly site: SiteText;
  readonly cacheDir: string;
  readonly settings: MdxSettings;
  /** Part of every entry's key (`settingsKeyOf`). */
  readonly settingsKey: string;
  readonly compilation: MdxCompilation;
  /** Compiles under way, by key: pages rendered at once that import one snippet compile it once. */
  readonly pending = new Map<string, Promise<CacheEntry>>();
  /** Entries being written to the cache: the pages render on meanwhile, and a complete build waits for them (`prune`). */
  readonly writing = new Set<Promise<void>>();
  cacheFolder: Promise<unknown> | undefined;
  /** In a build, the worker compiling the pages to come (`compileAhead`), and what it was given. */
  ahead: { worker: CompileAhead; order: Map<string, number>; files: string[]; next: number; started: Map<string, Promise<CacheEntry>> } | undefined;

  constructor(cacheDir: string, docsDir: string, settings: MdxSettings, site: SiteText, settingsKey = settingsKeyOf(settings)) {
    this.docsDir = docsDir;
    this.site = site;
    this.cacheDir = cacheDir;
    this.settings = settings;
    this.settingsKey = settingsKey;
    this.compilation = new MdxCompilation(docsDir, this.settings, site.languages());
    // Loaded now, before the first page is rendered: plain Markdown pages share the highlighter.
    void this.compilation.highlighter().catch(() => undefined);
  }

  /**
   * A build renders `files` in this order: a worker compiles each a few pages before its
   * turn. Where the worker cannot compile as this thread does, this thread compiles them all.
   */
  compileAhead(files: readonly string[]): void {
    const data = aheadWorkerData(this.docsDir, this.settings, this.site.config(), this.compilation.languages);
    if (!data || files.length < 2) return;
    this.ahead = { worker: new CompileAhead(data), order: new Map(files.map((file, index) => [file, index])), files: [...files], next: 0, started: new Map() };
  }

  async compile(file: string): Promise<CacheEntry> {
    const { text, key } = await this.keyed(file);
    const ahead = this.ahead?.started.get(file);
    this.lookAhead(file);
    if (ahead) {
      this.ahead!.started.delete(file);
      const entry = await ahead;
      if (entry.key === key) return entry;
    }
    return this.compileOnce(file, text, key);
  }

  /** Keyed by the text compiled, variables replaced: a change of a variable is a change of the pages that use it. */
  async keyed(file: string): Promise<{ text: string; key: string }> {
    const text = replaceVariables(await readFile(path.join(this.docsDir, file), 'utf8'), this.site.variables());
    return { text, key: hash(this.settingsKey, file, textDigest(text)) };
  }

  compileOnce(file: string, text: string, key: string, onWorker = false): Promise<CacheEntry> {
    let entry = this.pending.get(key);
    if (!entry) {
      entry = this.cachedOrFresh(file, text, key, onWorker).finally(() => this.pending.delete(key));
      this.pending.set(key, entry);
    }
    return entry;
  }

  /** Starts the files that follow `file` on the worker, up to `AHEAD` of it; forgets those left behind (pages a rebuild skips). */
  lookAhead(file: string): void {
    const ahead = this.ahead;
    const index = ahead?.order.get(file);
    if (!ahead || index === undefined) return;
    for (const [started] of ahead.started) if (ahead.order.get(started)! < index) ahead.started.delete(started);
    for (ahead.next = Math.max(ahead.next, index + 1); ahead.next <= index + AHEAD && ahead.next < ahead.files.length; ahead.next++) {
      const next = ahead.files[ahead.next]!;
      const started = this.keyed(next).then(({ text, key }) => this.compileOnce(next, text, key, true));
      // Awaited by the page's own compile; a page the build skips leaves it unawaited.
      started.catch(() => undefined);
      ahead.started.set(next, started);
    }
  }

  async written(): Promise<void> {
    await Promise.all(this.writing);
  }

  async prune(files: ReadonlyArray<{ file: string; digest: string }>): Promise<void> {
    await this.ahead?.worker.close();
    this.ahead = undefined;
    await Promise.all(this.writing);
    // By the files as they are, not by what this build compiled: pages that Astro's
    // incremental build reused were not compiled, and their entries are still current.
    const current = new Set(files.map(({ file, digest }) => hash(this.settingsKey, file, digest)));
    const entries = await readdir(this.cacheDir).catch(() => [] as string[]);
    await Promise.all(entries.filter((name) => !current.has(name.replace(/\.json$/, ''))).map((name) => rm(path.join(this.cacheDir, name), { force: true })));
  }

  async cachedOrFresh(file: string, text: string, key: string, onWorker: boolean): Promise<CacheEntry> {
    const cached = await readEntry(this.cacheDir, key);
    if (cached && cached.resolved.every(([specifier, target]) => (resolveImport(this.docsDir, file, specifier).file ?? null) === target)) return cached;
    const content = this.site.contentOf(file);
    // What the worker could not compile is compiled here, to fail as it always does.
    const entry = (onWorker ? await this.ahead?.worker.compile({ file, text, key, content }) : undefined) ?? (await this.compilation.compile(file, text, key, content));
    this.keep(entry);
    return entry;
  }

  /** Writes the entry to the cache beside the rendering, into a folder made once per build. */
  keep(entry: CacheEntry): void {
    const folder = (this.cacheFolder ??= mkdir(this.cacheDir, { recursive: true }).catch(() => undefined));
    const written: Promise<void> = folder.then(() => writeEntry(this.cacheDir, entry)).finally(() => this.writing.delete(written));
    this.writing.add(written);
  }

}

function hash(...parts: Array<string | Buffer>): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part).update('\0');
  return digest.digest('hex').slice(0, 40);
}

/** A digest of the package's code that shapes compiled MDX (`SHAPING_CODE`), and the pages rendered from their source. */
export function codeHash(): string {
  return digestOfCode(SHAPING_CODE);
}

async function readEntry(cacheDir: string, key: string): Promise<CacheEntry | undefined> {
  try {
    return JSON.parse(await readFile(path.join(cacheDir, `${key}.json`), 'utf8')) as CacheEntry;
  } catch {
    return undefined; // not there, or a write cut short: compiled again
  }
}

/**
 * Written whole or not at all: a build stopped halfway leaves no half entry. A cache that
 * cannot be written (a read-only folder) only costs the next build its time.
 */
async function writeEntry(cacheDir: string, entry: CacheEntry): Promise<void> {
  const file = path.join(cacheDir, `${entry.key}.json`);
  const temporary = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(entry));
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true });
  }
}
