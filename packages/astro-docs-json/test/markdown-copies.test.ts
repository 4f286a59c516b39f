import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { llmsFullFromCopies } from '../src/astro/build/markdown-copies.ts';

const INSTRUCTIONS = '> Cite the page you read.';
const copyOf = (title: string, text: string) => `# ${title}\n\n${text}\n\n${INSTRUCTIONS}\n`;

/** An output folder with each page's Markdown copy, and a record file for the next write. */
function output(pages: Record<string, string>): { outDir: string; keeping: { file: string; version: string } } {
  const outDir = mkdtempSync(path.join(tmpdir(), 'llms-full-'));
  for (const [url, text] of Object.entries(pages)) writeCopy(outDir, url, text);
  return { outDir, keeping: { file: path.join(mkdtempSync(path.join(tmpdir(), 'llms-cache-')), 'llms-full.json'), version: 'v1' } };
}

/** Each copy's time in whole seconds, which a file's time can be set back to exactly. */
const WRITTEN_AT = 1_790_000_000;

function writeCopy(outDir: string, url: string, text: string): void {
  const file = path.join(outDir, `${url.slice(1)}.md`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, WRITTEN_AT, WRITTEN_AT);
}

/** The copy's text changed, its size and time not: a file the record says is the one it read. */
function disguise(outDir: string, url: string, text: string): void {
  assert.equal(Buffer.byteLength(text), statSync(path.join(outDir, `${url.slice(1)}.md`)).size);
  writeCopy(outDir, url, text);
}

const address = (url: string) => `https://docs.example.com${url}.md`;
const URLS = ['/a', '/b', '/c', '/d'];
const PAGES = { '/a': copyOf('A', 'Alpha.'), '/b': copyOf('B', 'Bravo, é.'), '/c': copyOf('C', 'Charlie.'), '/d': copyOf('D', 'Delta.') };

/** llms-full.txt written from scratch, for the same copies: what a rebuild must match byte for byte. */
async function fresh(outDir: string, { urls = URLS, instructions = INSTRUCTIONS, addressOf = address } = {}): Promise<string> {
  const other = mkdtempSync(path.join(tmpdir(), 'llms-fresh-'));
  for (const url of urls) writeCopy(other, url, readFileSync(path.join(outDir, `${url.slice(1)}.md`), 'utf8'));
  await llmsFullFromCopies(other, urls, addressOf, instructions);
  return readFileSync(path.join(other, 'llms-full.txt'), 'utf8');
}

const llmsFull = (outDir: string) => readFileSync(path.join(outDir, 'llms-full.txt'), 'utf8');

describe('llms-full.txt from the Markdown copies', () => {
  it('holds the instructions once, then each page under its address', async () => {
    const { outDir } = output(PAGES);
    await llmsFullFromCopies(outDir, URLS, address, INSTRUCTIONS);
    const text = llmsFull(outDir);
    assert.ok(text.startsWith(`${INSTRUCTIONS}\n\n# A\nSource: https://docs.example.com/a.md\n`));
    assert.equal(text.split(INSTRUCTIONS).length, 2);
    assert.ok(text.includes('# B\nSource: https://docs.example.com/b.md\n\nBravo, é.\n'));
  });

  it('is written again from the copies that changed, the others taken from the file as it was', async () => {
    const { outDir, keeping } = output(PAGES);
    await llmsFullFromCopies(outDir, URLS, address, INSTRUCTIONS, keeping);
    assert.equal(llmsFull(outDir), await fresh(outDir));
    // b changes; a and d change too, unseen (same size and time): they are taken from the file.
    writeCopy(outDir, '/b', copyOf('B', 'Bravo, edited at length.'));
    disguise(outDir, '/a', copyOf('A', 'ALPHA.'));
    disguise(outDir, '/d', copyOf('D', 'DELTA.'));
    await llmsFullFromCopies(outDir, URLS, address, INSTRUCTIONS, keeping);
    const text = llmsFull(outDir);
    assert.ok(text.includes('Bravo, edited at length.') && text.includes('Alpha.') && text.includes('Delta.'));
    assert.ok(!text.includes('ALPHA.') && !text.includes('DELTA.'));
    // Byte for byte what a write from scratch gives, once the unseen changes are undone.
    disguise(outDir, '/a', copyOf('A', 'Alpha.'));
    disguise(outDir, '/d', copyOf('D', 'Delta.'));
    assert.equal(text, await fresh(outDir));
    // And the record it left serves the next write as well: a page removed, one moved.
    const urls = ['/d', '/a', '/c'];
    await llmsFullFromCopies(outDir, urls, address, INSTRUCTIONS, keeping);
    assert.equal(llmsFull(outDir), await fresh(outDir, { urls }));
  });

  it('reads every copy again when the file, the instructions or the code are not those of the record', async () => {
    const { outDir, keeping } = output(PAGES);
    const unseenChange = () => disguise(outDir, '/c', copyOf('C', 'CHARLIE.'));
    await llmsFullFromCopies(outDir, URLS, address, INSTRUCTIONS, keeping);
    unseenChange();
    // The file changed since it was written.
    writeFileSync(path.join(outDir, 'llms-full.txt'), 'edited');
    await llmsFullFromCopies(outDir, URLS, address, INSTRUCTIONS, keeping);
    assert.ok(llmsFull(outDir).includes('CHARLIE.'));
    disguise(outDir, '/c', copyOf('C', 'Charlie.'));
    await llmsFullFromCopies(outDir, URLS, address, INSTRUCTIONS, keeping);
    assert.ok(llmsFull(outDir).includes('CHARLIE.'), 'the file as written by the last run is kept: unchanged copies are taken from it');
    // Other instructions, another version of the code: the record does not hold.
    await llmsFullFromCopies(outDir, URLS, address, '> Other.', keeping);
    assert.ok(llmsFull(outDir).includes('Charlie.'));
    unseenChange();
    await llmsFullFromCopies(outDir, URLS, address, '> Other.', { ...keeping, version: 'v2' });
    assert.ok(llmsFull(outDir).includes('CHARLIE.'));
  });

  it('reads a page again under a new address, and leaves no partial file', async () => {
    const { outDir, keeping } = output(PAGES);
    await llmsFullFromCopies(outDir, URLS, address, undefined, keeping);
    const moved = (url: string) => (url === '/c' ? 'https://docs.example.org/c.md' : address(url));
    await llmsFullFromCopies(outDir, URLS, moved, undefined, keeping);
    assert.equal(llmsFull(outDir), await fresh(outDir, { instructions: '', addressOf: moved }));
    // A page whose copy is gone is left out.
    rmSync(path.join(outDir, 'a.md'));
    await llmsFullFromCopies(outDir, URLS, moved, undefined, keeping);
    assert.equal(llmsFull(outDir), await fresh(outDir, { urls: ['/b', '/c', '/d'], instructions: '', addressOf: moved }));
    assert.deepEqual(readdirSync(outDir).filter((name) => name.startsWith('llms-full')), ['llms-full.txt']);
  });
});
