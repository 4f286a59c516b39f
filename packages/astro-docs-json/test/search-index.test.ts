// The search index fed page by page while the pages are rendered is the one built from the
// output afterwards, whatever order the pages are rendered in and whichever of them are not
// handed over.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import type { AstroIntegrationLogger } from 'astro';
import { planSearchShards } from '../src/core/discovery/search-shards.ts';
import { buildSearchIndex, searchIndexer } from '../src/astro/build/search-index.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'search-index-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const logged: string[] = [];
const logger = { info: (line: string) => logged.push(line), warn: (line: string) => logged.push(line) } as unknown as AstroIntegrationLogger;

const WORDS = ['lantern', 'harbor', 'quartz', 'meadow', 'copper', 'falcon', 'glacier', 'orchid'];
const urls = Array.from({ length: 12 }, (_, i) => `/guide/page-${i}`);
const html = (url: string, i: number) =>
  `<!doctype html><html lang="en"><head><title>Page ${i}</title></head><body><nav>${'<a href="/x">Sidebar</a>'.repeat(5)}</nav>` +
  `<main><article data-pagefind-body><h1>Page ${i}</h1><p>${WORDS[i % WORDS.length]} and ${WORDS[(i * 3) % WORDS.length]}.</p></article></main></body></html>`;

/** An output folder with the pages written, as Astro leaves it. */
function output(name: string): string {
  const outDir = path.join(scratch, name);
  urls.forEach((url, i) => {
    mkdirSync(path.dirname(path.join(outDir, `${url}.html`)), { recursive: true });
    writeFileSync(path.join(outDir, `${url}.html`), html(url, i));
  });
  return outDir;
}

/** Every file under `dir`, by its path, with its bytes. */
function tree(dir: string): Map<string, string> {
  const names = readdirSync(dir, { recursive: true }).map(String).filter((name) => statSync(path.join(dir, name)).isFile());
  return new Map(names.sort().map((name) => [name, readFileSync(path.join(dir, name)).toString('base64')]));
}

describe('search index', () => {
  const plan = planSearchShards(urls.map((url) => ({ url, version: null, language: null })), 5);

  it('is the same fed while pages render, in any order, some not handed over, as read from the output', async () => {
    const read = output('read');
    await buildSearchIndex(read, plan, '/docs', logger);

    const fed = output('fed');
    const indexer = searchIndexer(fed, plan, '/docs', logger);
    // Rendered out of order, and the fourth page never handed over (left in place by an incremental build).
    const order = [5, 1, 0, 2, 11, 10, 9, 8, 7, 6, 4];
    for (const i of order) await indexer.add(urls[i]!, new TextEncoder().encode(html(urls[i]!, i)));
    await indexer.finish();

    assert.ok(plan.shards.length > 1);
    assert.deepEqual(tree(path.join(fed, 'pagefind')), tree(path.join(read, 'pagefind')));
    assert.match(logged.at(-1)!, /Search index: 12 pages in \d+ ms after the pages were rendered, \d of \d indexes fed while the pages were rendered/);
  });

  it('feeds every shard of a site of many versions, each shard waiting for one written when all places are taken', async () => {
    // Twelve versions of one page each: twelve shards, complete one after the other, more than the eight fed at once.
    const versions = urls.map((url, i) => ({ url, version: `v${i}`, language: null }));
    const versioned = planSearchShards(versions, 5);
    assert.equal(versioned.shards.length, 12);
    const read = output('versions-read');
    await buildSearchIndex(read, versioned, '', logger);
    const fed = output('versions-fed');
    const indexer = searchIndexer(fed, versioned, '', logger);
    for (const [i, url] of urls.entries()) await indexer.add(url, new TextEncoder().encode(html(url, i)));
    await indexer.finish();
    assert.match(logged.at(-1)!, /12 of 12 indexes fed while the pages were rendered/);
    assert.deepEqual(tree(path.join(fed, 'pagefind')), tree(path.join(read, 'pagefind')));
  });

  it('does not wait for a place while the shards fed are still taking pages', { timeout: 60_000 }, async () => {
    // One version in six shards of two pages each, every shard's pages far apart in the rendering: none completes before the end.
    const shards = Array.from({ length: 6 }, (_, i) => ({ name: String(i), urls: [urls[i]!, urls[i + 6]!] }));
    const interleaved = { shards, byScope: { '': shards.map((shard) => shard.name) } };
    const outDir = output('interleaved');
    const indexer = searchIndexer(outDir, interleaved, '', logger);
    for (const [i, url] of [...urls.entries()].reverse()) await indexer.add(url, new TextEncoder().encode(html(url, i)));
    await indexer.finish();
    assert.match(logged.at(-1)!, /Search index: 12 pages/);
  });

  it('never reads a page handed over from the output before the build has written it', async () => {
    // Astro writes a page's file after our prerenderer hands it over, and on a busy machine
    // well after: here no file is written until every page is handed over. Nine shards of
    // two pages, rendered a page of each in turn: the ninth starts while eight are fed, and
    // completes while the pages are still being rendered. And a shard of 70 pages whose
    // first comes last: more pages ahead of their turn than are held.
    const pairs = Array.from({ length: 9 }, (_, i) => ({ name: `pair-${i}`, urls: [`/pair/${i}-a`, `/pair/${i}-b`] }));
    const long = { name: 'long', urls: Array.from({ length: 70 }, (_, i) => `/long/${i}`) };
    const shards = [...pairs, long];
    const plan = { shards, byScope: { '': shards.map((shard) => shard.name) } };
    const order = [...pairs.map((shard) => shard.urls[0]!), ...pairs.map((shard) => shard.urls[1]!), ...long.urls.slice(1), long.urls[0]!];
    const page = (url: string) => html(url, Number(/\d+/.exec(url)![0]));
    const read = path.join(scratch, 'late-read');
    const late = path.join(scratch, 'late');
    const write = (outDir: string) => order.forEach((url) => {
      mkdirSync(path.dirname(path.join(outDir, `${url}.html`)), { recursive: true });
      writeFileSync(path.join(outDir, `${url}.html`), page(url));
    });
    write(read);
    await buildSearchIndex(read, plan, '', logger);

    const indexer = searchIndexer(late, plan, '', logger);
    for (const url of order) await indexer.add(url, new TextEncoder().encode(page(url)));
    await new Promise((resolve) => setTimeout(resolve, 200)); // what the indexer starts by itself, started
    write(late);
    await indexer.finish();
    assert.deepEqual(tree(path.join(late, 'pagefind')), tree(path.join(read, 'pagefind')));
  });

  it('feeds a rebuild the pages left in place from the output while the others render, and checks them', async () => {
    // The build before wrote every page; this one renders pages 4 and 9 again, edited.
    const edited = (url: string, i: number) => html(url, i).replace('</article>', '<p>Edited: tundra.</p></article>');
    const rendered = new Set([4, 9]);
    // A page fed from the output that turns out to be rendered again: the first of a shard that holds page 4 or 9 later on.
    const shardRead = plan.shards.find((shard) => [4, 9].some((i) => shard.urls.indexOf(urls[i]!) > 0))!;
    const other = urls.indexOf(shardRead.urls[0]!);
    const rebuilt = (outDir: string, wrongly: number[] = []) =>
      [...rendered, ...wrongly].forEach((i) => writeFileSync(path.join(outDir, `${urls[i]}.html`), edited(urls[i]!, i)));
    const read = output('left-read');
    rebuilt(read, [other]);
    await buildSearchIndex(read, plan, '', logger);

    // Guessed right: only pages 4 and 9 rendered; the files of 4 and 9 written once handed over, as Astro writes them.
    const fed = output('left-fed');
    rebuilt(fed, [other]);
    const indexer = searchIndexer(fed, plan, '', logger, { leftInPlace: (url) => !rendered.has(urls.indexOf(url)) });
    indexer.renderingStarts();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the pages left in place read meanwhile
    for (const i of rendered) await indexer.add(urls[i]!, new TextEncoder().encode(edited(urls[i]!, i)));
    // Each index that holds page 4 or 9 is written once all its pages are in hand, before the end.
    const early = plan.shards.filter((shard) => shard.urls.some((url) => rendered.has(urls.indexOf(url))) && shard.urls.some((url) => !rendered.has(urls.indexOf(url))));
    const entry = (shard: { name: string }) => path.join(fed, 'pagefind', shard.name, 'pagefind-entry.json');
    for (let waited = 0; waited < 10_000 && !early.every((shard) => existsSync(entry(shard))); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(early.length > 0 && early.every((shard) => existsSync(entry(shard))), 'written before the end');
    await indexer.finish();
    assert.deepEqual(tree(path.join(fed, 'pagefind')), tree(path.join(read, 'pagefind')));
    // Those of the shards that hold page 4 or 9; a shard of pages all left in place is not fed.
    const readAhead = plan.shards.filter((shard) => shard.urls.some((url) => rendered.has(urls.indexOf(url)))).flatMap((shard) => shard.urls).length - rendered.size;
    assert.ok(readAhead > 0 && readAhead < urls.length - rendered.size);
    assert.match(logged.at(-1)!, new RegExp(`indexes fed while the pages were rendered \\(${readAhead} pages left in place read from the output meanwhile\\)`));

    // Guessed wrong: the other page, expected to be left in place, is rendered again, edited, after it was read.
    const wrong = output('left-wrong');
    const guessed = searchIndexer(wrong, plan, '', logger, { leftInPlace: (url) => !rendered.has(urls.indexOf(url)) });
    guessed.renderingStarts();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const i of [...rendered, other]) await guessed.add(urls[i]!, new TextEncoder().encode(edited(urls[i]!, i)));
    rebuilt(wrong, [other]);
    await guessed.finish();
    assert.deepEqual(tree(path.join(wrong, 'pagefind')), tree(path.join(read, 'pagefind')));
    assert.match(logged.at(-1)!, /1 of those indexes fed again: pages read had changed since/);
  });

  it('takes a rebuild\'s pages left in place as the output was found, but for a page handed over after all', async () => {
    const edited = (url: string, i: number) => html(url, i).replace('</article>', '<p>Edited: tundra.</p></article>');
    const rendered = new Set([4, 9]);
    const shardRead = plan.shards.find((shard) => [4, 9].some((i) => shard.urls.indexOf(urls[i]!) > 0))!;
    const other = urls.indexOf(shardRead.urls[0]!);
    const rebuilt = (outDir: string, pages: number[]) => pages.forEach((i) => writeFileSync(path.join(outDir, `${urls[i]}.html`), edited(urls[i]!, i)));
    // A second page of that index, rendered again after all, later still.
    const later = urls.indexOf(shardRead.urls.find((url, at) => at > 0 && !rendered.has(urls.indexOf(url)))!);
    const read = output('found-read');
    rebuilt(read, [...rendered, other, later]);
    await buildSearchIndex(read, plan, '', logger);

    // The build before indexed every page, and knows each by its file; the output as this build finds it.
    const outDir = output('found');
    const cacheDir = path.join(scratch, 'found-cache');
    await buildSearchIndex(outDir, plan, '', logger, { cacheDir });
    const found = Object.fromEntries(urls.map((url) => [`${url.slice(1)}.html`, (({ size, mtimeMs }) => [size, mtimeMs] as [number, number])(statSync(path.join(outDir, `${url}.html`)))]));
    const entry = path.join(outDir, 'pagefind', shardRead.name, 'pagefind-entry.json');
    const before = statSync(entry).ino;
    const indexer = searchIndexer(outDir, plan, '', logger, { cacheDir, leftInPlace: (url) => !rendered.has(urls.indexOf(url)), found });
    indexer.renderingStarts();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const i of rendered) await indexer.add(urls[i]!, new TextEncoder().encode(edited(urls[i]!, i)));
    const written = () => (statSync(entry, { throwIfNoEntry: false })?.ino ?? before) !== before;
    for (let waited = 0; waited < 10_000 && !written(); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(written(), 'the index that holds the other page, written before the end');
    // Written early; then the other page is rendered again after all, its file written anew.
    rebuilt(outDir, [...rendered, other]);
    await indexer.add(urls[other]!, new TextEncoder().encode(edited(urls[other]!, other)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    rebuilt(outDir, [later]);
    await indexer.add(urls[later]!, new TextEncoder().encode(edited(urls[later]!, later)));
    await indexer.finish();
    assert.deepEqual(tree(path.join(outDir, 'pagefind')), tree(path.join(read, 'pagefind')));
  });

  it('takes only the pages it indexes, each once', async () => {
    const outDir = output('once');
    const indexer = searchIndexer(outDir, plan, '', logger);
    await indexer.add('/not-a-page', new TextEncoder().encode(html('/not-a-page', 0)));
    await indexer.add(urls[0]!, new TextEncoder().encode(html(urls[0]!, 0)));
    await indexer.add(urls[0]!, new TextEncoder().encode(html(urls[0]!, 0)));
    await indexer.finish();
    assert.match(logged.at(-1)!, /Search index: 12 pages/);
  });
});
