// The dev server's watcher of the docs folder: one watch per folder, whose changes reach
// Vite's watcher as chokidar's events would, and which Vite's watcher leaves alone.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { DocsFolderWatcher } from '../src/astro/vite/docs-watcher.ts';
import { makeDocs } from './helpers.ts';

/** Vite's watcher, as the docs watcher sees it: what it is sent. */
class Sink extends EventEmitter {
  readonly events: string[] = [];
  constructor(root: string) {
    super();
    this.on('all', (event: string, file: string) => this.events.push(`${event} ${path.relative(root, file)}`));
  }
  add() {}
  /** Waits until the events include each of `expected`, then takes every event so far. */
  async take(...expected: string[]): Promise<string[]> {
    for (let tries = 0; tries < 100 && !expected.every((event) => this.events.includes(event)); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    // What else the same changes send comes within the settling time.
    await new Promise((resolve) => setTimeout(resolve, 150));
    return this.events.splice(0).sort();
  }
}

const watchers: DocsFolderWatcher[] = [];
afterEach(() => watchers.splice(0).forEach((watcher) => watcher.close()));

function watched(files: Record<string, string>) {
  const dir = makeDocs(files);
  const watcher = new DocsFolderWatcher(dir);
  watchers.push(watcher);
  watcher.leaveOut([path.join(dir, 'dist')]);
  const sink = new Sink(dir);
  watcher.start(sink);
  return { dir, watcher, sink };
}

describe('the docs folder watcher', () => {
  it('tells of files added, changed and removed, as chokidar would', async () => {
    const { dir, sink } = watched({ 'docs.json': '{}', 'guide/intro.mdx': '# Intro\n' });
    writeFileSync(path.join(dir, 'guide/intro.mdx'), '# Intro, edited\n');
    assert.deepEqual(await sink.take('change guide/intro.mdx'), ['change guide/intro.mdx']);
    writeFileSync(path.join(dir, 'guide/next.mdx'), '# Next\n');
    assert.deepEqual(await sink.take('add guide/next.mdx'), ['add guide/next.mdx']);
    rmSync(path.join(dir, 'guide/next.mdx'));
    assert.deepEqual(await sink.take('unlink guide/next.mdx'), ['unlink guide/next.mdx']);
  });

  it("takes an editor's save by renaming another file over the page as one change of the page", async () => {
    const { dir, sink } = watched({ 'docs.json': '{}', 'intro.mdx': '# Intro\n' });
    writeFileSync(path.join(dir, '.intro.mdx.swp'), '# Saved\n');
    renameSync(path.join(dir, '.intro.mdx.swp'), path.join(dir, 'intro.mdx'));
    // The other file came and went before its events settled: nothing is told of it.
    assert.deepEqual(await sink.take('change intro.mdx'), ['change intro.mdx']);
  });

  it('watches a folder added with its files, and tells of each file of a folder removed', async () => {
    const { dir, sink } = watched({ 'docs.json': '{}', 'old/a.mdx': 'A\n', 'old/deep/b.mdx': 'B\n' });
    mkdirSync(path.join(dir, 'new/deep'), { recursive: true });
    writeFileSync(path.join(dir, 'new/deep/c.mdx'), 'C\n');
    const added = await sink.take('add new/deep/c.mdx');
    assert.ok(added.includes('addDir new'), added.join(', '));
    writeFileSync(path.join(dir, 'new/deep/c.mdx'), 'C, edited\n');
    assert.deepEqual(await sink.take('change new/deep/c.mdx'), ['change new/deep/c.mdx']);
    rmSync(path.join(dir, 'old'), { recursive: true });
    assert.deepEqual(await sink.take('unlinkDir old'), ['unlink old/a.mdx', 'unlink old/deep/b.mdx', 'unlinkDir old', 'unlinkDir old/deep']);
  });

  it('follows a link to a folder inside the docs folder once, and no link that leads out or round', async () => {
    const outside = makeDocs({ 'secret.mdx': 'Outside.\n' });
    const dir = makeDocs({ 'docs.json': '{}', 'shared/page.mdx': 'Shared.\n' });
    symlinkSync(path.join(dir, 'shared'), path.join(dir, 'v2'));
    symlinkSync(dir, path.join(dir, 'shared/loop'));
    symlinkSync(outside, path.join(dir, 'outside'));
    const watcher = new DocsFolderWatcher(dir);
    watchers.push(watcher);
    const sink = new Sink(dir);
    watcher.start(sink);
    writeFileSync(path.join(outside, 'secret.mdx'), 'Changed outside.\n');
    writeFileSync(path.join(dir, 'shared/page.mdx'), 'Shared, edited.\n');
    assert.deepEqual(await sink.take('change shared/page.mdx', 'change v2/page.mdx'), ['change shared/page.mdx', 'change v2/page.mdx']);
    // Links made while it watches, the same way: round a loop, or to a folder reached already, not followed.
    symlinkSync(dir, path.join(dir, 'shared/loop-later'));
    symlinkSync(path.join(dir, 'shared'), path.join(dir, 'v3'));
    writeFileSync(path.join(dir, 'shared/page.mdx'), 'Shared, edited again.\n');
    assert.deepEqual(await sink.take('change shared/page.mdx', 'change v2/page.mdx'), ['change shared/page.mdx', 'change v2/page.mdx']);
  });

  it("leaves to Vite's watcher what is not the docs folder's, and what Vite's ignores", async () => {
    const { dir, watcher, sink } = watched({ 'docs.json': '{}', 'node_modules/kit/index.js': '', 'dist/index.html': '' });
    assert.equal(watcher.covers(path.join(dir, 'guide/intro.mdx')), true);
    assert.equal(watcher.covers(dir), true);
    assert.equal(watcher.covers(path.join(dir, '.astro/types.d.ts')), true);
    assert.equal(watcher.covers(path.join(dir, 'node_modules/kit/index.js')), false);
    assert.equal(watcher.covers(path.join(dir, 'dist/index.html')), false);
    assert.equal(watcher.covers(`${dir}-other/page.mdx`), false);
    assert.equal(watcher.covers(path.dirname(dir)), false);
    writeFileSync(path.join(dir, 'node_modules/kit/index.js'), 'changed');
    writeFileSync(path.join(dir, 'dist/index.html'), 'changed');
    writeFileSync(path.join(dir, 'docs.json'), '{"name":"x"}');
    assert.deepEqual(await sink.take('change docs.json'), ['change docs.json']);
  });
});
