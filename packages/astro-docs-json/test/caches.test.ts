// What builds keep for the next one: search shards (a page stays in its shard as others come
// and go), and what was worked out from files.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openFileCache } from '../src/core/file-cache.ts';
import { SizeBoundedCache } from '../src/core/size-bounded-cache.ts';
import { planSearchShards } from '../src/core/discovery/search-shards.ts';
import { scopeKey } from '../src/core/site/scopes.ts';
import { analyzePageContent } from '../src/core/markdown/page-content.ts';
import { pageCacheKeys } from '../src/core/pages/cache-keys.ts';
import { analyzer, analyzeText, readAndAnalyze, type AnalysisRequest, type FileAnalysis } from '../src/core/pages/file-analysis.ts';
import { rememberedReads, type DiagramProblem } from '../src/core/markdown/diagrams.ts';
import { keptByKey, recordPageKeys } from '../src/astro/build/page-keys.ts';
import type { OffThread } from '../src/core/off-thread.ts';
import { makeDocs } from './helpers.ts';

const pagesOf = (count: number, version: string | null = null, language: string | null = null) =>
  Array.from({ length: count }, (_, i) => ({ url: `/${version ?? 'x'}/${language ?? 'x'}/page-${i}`, version, language }));

const guide = (count: number) => Array.from({ length: count }, (_, i) => `/guide/page-${i}`);
const runs = (urls: string[], bound: number) => planSearchShards(urls.map((url) => ({ url, version: null, language: null })), bound).shards.map((shard) => shard.urls);

describe('search shards', () => {
  it('gives each version and language indexes of its own, one while it fits', () => {
    const plan = planSearchShards([...pagesOf(3, 'v1'), ...pagesOf(3, 'v2'), ...pagesOf(2, 'v2', 'fr')], 10);
    assert.equal(plan.shards.length, 3);
    assert.deepEqual(plan.byScope[scopeKey('v1', null)], ['0']);
    assert.deepEqual(plan.byScope[scopeKey('v2', null)], ['1']);
    assert.deepEqual(plan.byScope[scopeKey('v2', 'fr')], ['2']);
    assert.deepEqual(plan.shards[2]!.urls, ['/v2/fr/page-0', '/v2/fr/page-1']);
  });

  it('cuts a large one into runs of consecutive pages, each between three quarters of the bound and the bound', () => {
    const urls = guide(3000);
    const shards = runs(urls, 500);
    assert.deepEqual(shards.flat(), urls, 'every page once, in the site order, which the build renders them in');
    assert.ok(shards.length >= 6 && shards.length <= 8, `${shards.length} shards`);
    for (const shard of shards.slice(0, -1)) assert.ok(shard.length >= 375 && shard.length <= 500, `a shard of ${shard.length}`);
    // Not all at the bound: the cuts are the pages', not every 500th.
    assert.ok(shards.some((shard) => shard.length < 500));
    assert.deepEqual(runs(guide(3), 1), [['/guide/page-0'], ['/guide/page-1'], ['/guide/page-2']]);
  });

  it('changes the shard of a page added or removed, and seldom the next, not every one after it', () => {
    const urls = guide(5000);
    const before = new Set(runs(urls, 500).map((shard) => shard.join('\n')));
    let changed = 0;
    for (const at of [17, 1234, 2500, 4999]) {
      const added = [...urls.slice(0, at), '/guide/new', ...urls.slice(at)];
      const removed = [...urls.slice(0, at), ...urls.slice(at + 1)];
      for (const edited of [runs(added, 500), runs(removed, 500)]) {
        const differing = edited.filter((shard) => !before.has(shard.join('\n'))).length;
        assert.ok(differing <= 2, `${differing} shards changed for an edit at ${at}`);
        changed += differing;
      }
    }
    // Cut every 500th page, an edit near the start would change all ten.
    assert.ok(changed <= 12, `${changed} shards changed over 8 edits`);
  });
});

describe('size-bounded cache', () => {
  it('keeps values up to its budget, forgets the least recently used first, and keeps none over the budget alone', () => {
    const cache = new SizeBoundedCache<string>(10, (key, value) => key.length + value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    assert.equal(cache.get('a'), 'xxxx', 'a is now the most recently used');
    cache.set('c', 'xxxx');
    assert.equal(cache.get('b'), undefined);
    assert.equal(cache.get('a'), 'xxxx');
    assert.equal(cache.get('c'), 'xxxx');
    cache.set('d', 'x'.repeat(20));
    assert.equal(cache.get('d'), undefined);
    assert.equal(cache.get('a'), 'xxxx');
    // A key set again counts once: a and c still fit beside it.
    cache.set('c', 'xxxx');
    cache.set('c', 'xxxx');
    assert.equal(cache.get('a'), 'xxxx');
    assert.equal(cache.get('c'), 'xxxx');
  });
});

describe('file cache', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'file-cache-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'nested', 'cache.json');

  it('keeps a value by file and digest, and only those of files asked for since it was opened', async () => {
    const first = await openFileCache<number>(file, 'v1');
    assert.equal(first.get('a.mdx', 'd1'), undefined);
    first.set('a.mdx', 'd1', 1);
    first.set('b.mdx', 'd2', 2);
    first.set('__proto__', 'd3', 3);
    assert.equal(first.get('a.mdx', 'd1'), 1, 'what this build set, for the rest of the build');
    assert.equal(first.get('a.mdx', 'other'), undefined);
    await first.save();

    const second = await openFileCache<number>(file, 'v1');
    assert.equal(second.get('a.mdx', 'd1'), 1);
    assert.equal(second.get('b.mdx', 'changed'), undefined, 'another text, another value');
    assert.equal(second.get('__proto__', 'd3'), 3);
    assert.equal(second.get('toString', 'd1'), undefined);
    await second.save();
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(file, 'utf8')).files).sort(), ['__proto__', 'a.mdx']);

    const otherCode = await openFileCache<number>(file, 'v2');
    assert.equal(otherCode.get('a.mdx', 'd1'), undefined, 'what other code worked out is not used');
  });

  it('is not written again when nothing was set and every file of it was asked for', async () => {
    const own = path.join(dir, 'unchanged.json');
    const first = await openFileCache<number>(own, 'v1');
    first.set('a.mdx', 'd1', 1);
    first.set('b.mdx', 'd2', 2);
    await first.save();
    const written = readFileSync(own, 'utf8');
    const reopen = async (...names: string[]) => {
      writeFileSync(own, written.replace('"value":1', '"value":1 '));
      const cache = await openFileCache<number>(own, 'v1');
      names.forEach((name) => assert.ok(cache.get(name, name === 'a.mdx' ? 'd1' : 'd2')));
      await cache.save();
      return readFileSync(own, 'utf8');
    };
    assert.notEqual(await reopen('a.mdx', 'b.mdx', 'a.mdx'), written, 'as it was: not written again');
    assert.equal(await reopen('a.mdx'), written.replace(/,"b\.mdx":\{[^}]*\}/, ''), 'one file fewer: written');
  });

  it('keeps the entries not asked for, when asked to, up to a bound that drops the oldest', async () => {
    const own = path.join(dir, 'kept.json');
    const first = await openFileCache<number>(own, 'v1', { keepUnasked: 3 });
    ['a', 'b', 'c'].forEach((name, value) => first.set(name, name, value));
    await first.save();
    const second = await openFileCache<number>(own, 'v1', { keepUnasked: 3 });
    second.set('d', 'd', 3);
    await second.save();
    const third = await openFileCache<number>(own, 'v1', { keepUnasked: 3 });
    assert.deepEqual(['a', 'b', 'c', 'd'].map((name) => third.get(name, name)), [undefined, 1, 2, 3]);
  });

  it('does not fail when it cannot be written: the next build is only slower', async () => {
    const blocked = path.join(dir, 'a-file');
    writeFileSync(blocked, '');
    const cache = await openFileCache<number>(path.join(blocked, 'cache.json'), 'v1');
    cache.set('a.mdx', 'd1', 1);
    await assert.doesNotReject(cache.save());
    assert.equal(cache.get('a.mdx', 'd1'), 1, 'the build goes on with what it worked out');
    assert.equal(readFileSync(blocked, 'utf8'), '', 'what stood in the way is left as it was');
  });

  it('starts empty from a file that is not one of its own', async () => {
    writeFileSync(file, '{not json');
    const cache = await openFileCache<number>(file, 'v1');
    assert.equal(cache.get('a.mdx', 'd1'), undefined);
  });
});

describe('file analyses by identity', () => {
  const analyse = (dir: string, caches: { analysisCache: ReturnType<typeof memoryCache<FileAnalysis>>; identityCache: ReturnType<typeof memoryCache<string>> }) =>
    readAndAnalyze(dir, 'page.mdx', true, { ...caches, readDiagram: async () => undefined, analyze: analyzeText }, new Map());

  it('are found without reading a file whose size, times and variables are those of a build before', async () => {
    const dir = makeDocs({ 'page.mdx': '---\ntitle: First\n---\nText.\n' });
    const caches = { analysisCache: memoryCache<FileAnalysis>(), identityCache: memoryCache<string>() };
    assert.equal((await analyse(dir, caches)).frontmatter.title, 'First');
    // What a build before found for this identity: a digest that reading the file would not give, so an answer from it was not read.
    const [identity] = [...caches.identityCache.entries.keys()];
    const { content } = await analyse(dir, caches);
    caches.analysisCache.entries.set('unread', { content, frontmatter: { title: 'Unread' }, diagnostics: [] });
    caches.identityCache.entries.set(identity!, 'unread');
    assert.equal((await analyse(dir, caches)).frontmatter.title, 'Unread');
  });

  it('read again a file changed in place, even with its size and time kept', async () => {
    const dir = makeDocs({ 'page.mdx': '---\ntitle: First\n---\nText.\n' });
    const caches = { analysisCache: memoryCache<FileAnalysis>(), identityCache: memoryCache<string>() };
    await analyse(dir, caches);
    const file = path.join(dir, 'page.mdx');
    const { atime, mtime } = statSync(file);
    await new Promise((resolve) => setTimeout(resolve, 20));
    writeFileSync(file, '---\ntitle: Other\n---\nText.\n');
    utimesSync(file, atime, mtime);
    assert.equal((await analyse(dir, caches)).frontmatter.title, 'Other', 'its change time is new');
  });
});

describe('diagrams read by a build before', () => {
  it('are answered from the cache, drawable or not, and only new texts are read', async () => {
    const cache = memoryCache<DiagramProblem | null>();
    const texts: string[] = [];
    const reader = async (text: string) => (texts.push(text), text.startsWith('bad') ? { message: 'cannot draw', line: 1 } : undefined);
    const first = rememberedReads(reader, cache);
    assert.equal(await first('flowchart LR\n  A --> B'), undefined);
    assert.deepEqual(await first('bad diagram'), { message: 'cannot draw', line: 1 });
    // The next build's reader: what the build before read is not read again.
    const next = rememberedReads(async () => assert.fail('read again'), cache);
    assert.equal(await next('flowchart LR\n  A --> B'), undefined);
    assert.deepEqual(await next('bad diagram'), { message: 'cannot draw', line: 1 });
    assert.deepEqual(await rememberedReads(reader, cache)('flowchart LR\n  A --> C'), undefined);
    assert.deepEqual(texts, ['flowchart LR\n  A --> B', 'bad diagram', 'flowchart LR\n  A --> C']);
  });
});

describe('the analysis thread', () => {
  it('is asked only once a scan has analysed some files itself: a rebuild analyses the few that changed here', async () => {
    let asked = 0;
    const thread = { pending: 0, ask: async (request: AnalysisRequest) => (asked++, analyzeText(request)) } as unknown as OffThread<AnalysisRequest, FileAnalysis>;
    const analyse = analyzer(thread);
    const request = { file: 'a.mdx', source: '---\ntitle: A\n---\n', page: true };
    for (let n = 0; n < 32; n++) assert.equal((analyse(request) as FileAnalysis).frontmatter.title, 'A');
    assert.equal(asked, 0);
    assert.equal((await analyse(request)).frontmatter.title, 'A');
    assert.equal(asked, 1);
  });
});

/** A FileCache in memory, its entries by key alone (one file per test). */
function memoryCache<T>() {
  const entries = new Map<string, T>();
  return { entries, get: (_file: string, key: string) => entries.get(key), set: (_file: string, key: string, value: T) => void entries.set(key, value) };
}

describe('page cache keys', () => {
  it('change when a package a page imports is installed: its import is then kept, not left out', () => {
    const dir = makeDocs({ 'a.mdx': "import { Chart } from 'chart-kit';\n\n<Chart />\n" });
    const files = [{ file: 'a.mdx', content: { ...analyzePageContent('a.mdx', readFileSync(path.join(dir, 'a.mdx'), 'utf8')), digest: 'same text' } }];
    const before = pageCacheKeys(dir, files, 'salt').get('a.mdx');
    assert.equal(pageCacheKeys(dir, files, 'salt').get('a.mdx'), before);
    mkdirSync(path.join(dir, 'node_modules/chart-kit'), { recursive: true });
    writeFileSync(path.join(dir, 'node_modules/chart-kit/package.json'), '{}');
    assert.notEqual(pageCacheKeys(dir, files, 'salt').get('a.mdx'), before);
  });
});

describe("pages' keys for Astro's incremental build", () => {
  it('tell a rebuild the pages whose key is the one recorded; none without a record', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-keys-'));
    const record = path.join(dir, 'cache/page-keys.json');
    assert.equal(keptByKey(record, new Map([['/a', 'k1']]))('/a'), false, 'no record: every page may be rendered');
    await recordPageKeys(record, new Map([['/a', 'k1'], ['/b', 'k2'], ['/failed', undefined]]));
    const kept = keptByKey(record, new Map([['/a', 'k1'], ['/b', 'k2-edited'], ['/new', 'k3'], ['/failed', undefined]]));
    assert.deepEqual(['/a', '/b', '/new', '/failed'].map(kept), [true, false, false, false]);
    rmSync(dir, { recursive: true, force: true });
  });
});
