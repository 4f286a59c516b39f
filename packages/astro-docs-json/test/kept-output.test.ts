// A rebuild that kept the output removes what the build before wrote and this one neither
// wrote nor kept, and the folders that leaves empty: the folder then holds what a clean
// build writes.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { outputAsLeft, recordOutput, removeStaleOutput } from '../src/astro/build/kept-output.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'kept-output-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

describe('kept output', () => {
  it('removes the files of the build before that this one neither wrote nor kept, and the folders left empty', async () => {
    const outDir = path.join(scratch, 'dist');
    const record = path.join(scratch, 'output.json');
    write(outDir, {
      'guide/a.html': 'a',
      'guide/b.html': 'b',
      'old/deep/er/gone.html': 'gone',
      'old/deep/also-gone.txt': 'gone',
      'pagefind/shard/index.pf': 'index',
      '_astro/style.1.css': 'old style',
      'llms.txt': 'before',
    });
    await recordOutput(outDir, record);
    const before = (await outputAsLeft(outDir, record))!;
    assert.ok(before, 'the folder is as the build recorded it');

    // This build: a page written again, a new style, the search index being written.
    write(outDir, { 'guide/a.html': 'a, edited', '_astro/style.2.css': 'new style', 'llms.txt': 'after, longer' });
    const kept = new Set([path.join('guide', 'b.html')]);
    await removeStaleOutput(outDir, before, kept, [path.join(outDir, 'pagefind/shard')]);

    const left = readdirSync(outDir, { recursive: true }).map(String).sort();
    assert.deepEqual(left, ['_astro', '_astro/style.2.css', 'guide', 'guide/a.html', 'guide/b.html', 'llms.txt', 'pagefind', 'pagefind/shard', 'pagefind/shard/index.pf']);
    assert.equal(existsSync(path.join(outDir, 'old')), false, 'a folder emptied, with the folders that held only it');
  });

  it('trusts a folder only as the record left it, listed on a thread or on this one alike', async () => {
    const outDir = path.join(scratch, 'checked');
    const record = path.join(scratch, 'checked.json');
    write(outDir, { 'a.html': 'a', 'deep/b.md': 'b' });
    await recordOutput(outDir, record);
    for (const onThread of [true, false]) assert.deepEqual(Object.keys((await outputAsLeft(outDir, record, onThread)) ?? {}).sort(), ['a.html', path.join('deep', 'b.md')]);
    for (const change of [{ 'a.html': 'a, longer' }, { 'c.txt': 'new' }] as Array<Record<string, string>>) {
      write(outDir, change);
      for (const onThread of [true, false]) assert.equal(await outputAsLeft(outDir, record, onThread), undefined, JSON.stringify(change));
      await recordOutput(outDir, record);
    }
    assert.equal(await outputAsLeft(path.join(scratch, 'elsewhere'), record), undefined, 'a record of another folder');
  });
});
