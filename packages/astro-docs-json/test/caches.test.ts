// What builds keep for the next one: search shards, and what was worked out from files.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { openFileCache } from '../src/core/file-cache.ts';
import { planSearchShards } from '../src/core/discovery/search-shards.ts';
import { scopeKey } from '../src/core/site/site-model.ts';

const pagesOf = (count: number, version: string | null = null, language: string | null = null) =>
  Array.from({ length: count }, (_, i) => ({ url: `/${version ?? 'x'}/${language ?? 'x'}/page-${i}`, version, language }));

describe('search shards', () => {
  it('gives each version and language indexes of its own, one while it fits', () => {
    const plan = planSearchShards([...pagesOf(3, 'v1'), ...pagesOf(3, 'v2'), ...pagesOf(2, 'v2', 'fr')], 10);
    assert.equal(plan.shards.length, 3);
    assert.deepEqual(plan.byScope[scopeKey('v1', null)], ['0']);
    assert.deepEqual(plan.byScope[scopeKey('v2', null)], ['1']);
    assert.deepEqual(plan.byScope[scopeKey('v2', 'fr')], ['2']);
    assert.deepEqual(plan.shards[2]!.urls, ['/v2/fr/page-0', '/v2/fr/page-1']);
  });

  it('splits a large one into indexes of about `pagesPerIndex` pages, each page in one, where it stays as pages are added', () => {
    const pages = pagesOf(999);
    const plan = planSearchShards(pages, 250);
    assert.equal(plan.shards.length, 4);
    assert.deepEqual(plan.byScope[scopeKey(null, null)], ['0', '1', '2', '3']);
    assert.deepEqual(plan.shards.flatMap((shard) => shard.urls).sort(), pages.map((page) => page.url).sort());
    for (const shard of plan.shards) assert.ok(shard.urls.length > 150 && shard.urls.length < 350, `${shard.urls.length} pages in one index`);
    // One more page (the number of indexes the same): every other page keeps its index.
    const grown = planSearchShards([...pages, { url: '/new', version: null, language: null }], 250);
    const shardOf = (p: typeof plan, url: string) => p.shards.find((shard) => shard.urls.includes(url))!.name;
    assert.ok(pages.every((page) => shardOf(plan, page.url) === shardOf(grown, page.url)));
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

  it('does not fail when it cannot be written: the next build is only slower', async () => {
    const blocked = path.join(dir, 'a-file');
    writeFileSync(blocked, '');
    const cache = await openFileCache<number>(path.join(blocked, 'cache.json'), 'v1');
    cache.set('a.mdx', 'd1', 1);
    await cache.save();
  });

  it('starts empty from a file that is not one of its own', async () => {
    writeFileSync(file, '{not json');
    const cache = await openFileCache<number>(file, 'v1');
    assert.equal(cache.get('a.mdx', 'd1'), undefined);
  });
});
