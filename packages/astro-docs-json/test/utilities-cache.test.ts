// The compiled Tailwind classes are kept by their input: compiled once per input, read back
// from the cache folder by a later build, compiled again when the class names change.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cachedUtilities } from '../src/astro/build/utilities-cache.ts';

const input = (classes: string[]) => ({ classes, dropped: 0, colors: { primary: '#16a34a' } });

describe('Compiled Tailwind classes', () => {
  it('are kept on disk by their input, and compiled again when it changes', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'utilities-cache-'));
    const first = await cachedUtilities(input(['mt-4', 'text-primary']), dir);
    assert.match(first, /margin-top/);
    const kept = JSON.parse(readFileSync(path.join(dir, 'utilities.json'), 'utf8')) as { key: string; css: string };
    assert.equal(kept.css, first);

    const other = await cachedUtilities(input(['px-2']), dir);
    assert.match(other, /padding-left/);
    assert.doesNotMatch(other, /margin-top/);
    assert.notEqual(JSON.parse(readFileSync(path.join(dir, 'utilities.json'), 'utf8')).key, kept.key);

    // A later build's: what the cache folder holds for its input is read back, not compiled (marked here to tell).
    writeFileSync(path.join(dir, 'utilities.json'), JSON.stringify({ key: kept.key, css: '/* from the cache */' }));
    assert.equal(await cachedUtilities(input(['mt-4', 'text-primary']), dir), '/* from the cache */');
  });

  it('are nothing, without Tailwind, for a site that writes no class name', async () => {
    assert.equal(await cachedUtilities(input([])), '');
  });
});
