/**
 * The pages' Markdown copies in the output (`x.md` beside `x.html`), and llms-full.txt,
 * written from them: every indexable page's Markdown in navigation order. A build that keeps
 * a record (`LlmsFullRecord`) writes the next llms-full.txt from the copies that changed,
 * and takes the other pages' bytes from the file as it was.
 */
import { once } from 'node:events';
import { closeSync, createWriteStream, openSync, readFileSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { setImmediate } from 'node:timers/promises';
import { llmsFullPage } from '../../core/discovery/llms.ts';
import { withoutAgentInstructions } from '../../core/markdown/agent-instructions.ts';
import { markdownPath } from '../../core/mcp/docs-index.ts';
import { textDigest } from '../../core/text-digest.ts';
import { CORE_CODE } from './code-digest.ts';
import { writtenIdentity } from './kept-output.ts';

let reads = 0;

/**
 * A page's `.md` copy, read at once: of the tens of thousands of small files a large site
 * has, an asynchronous read costs several times as much (each of its steps a round trip to
 * Node's thread pool). Every few hundred reads it lets what runs beside it (Pagefind's
 * messages) have its turn.
 */
export async function readMarkdownCopy(outDir: string, url: string): Promise<string | undefined> {
  if (++reads % 200 === 0) await setImmediate();
  try {
    return readFileSync(path.join(outDir, markdownPath(url)), 'utf8');
  } catch {
    return undefined; // a page whose copy was not written
  }
}

/** The code whose digest versions an llms-full.txt record: what shapes a page's entry, and this module. */
export const LLMS_FULL_CODE = [...CORE_CODE, 'astro/build/markdown-copies.ts'];

/**
 * What an llms-full.txt was written from: the file as written (its identity, `writtenIdentity`),
 * what every entry depends on (`head`: the code's version and docs.json's instructions to
 * agents), and each page's entry: the copy it was made from, the address under its title,
 * and its bytes in the file.
 */
interface LlmsFullRecord {
  outDir: string;
  file: string;
  head: string;
  pages: Array<[url: string, copy: string, source: string, offset: number, length: number]>;
}

type RecordedEntry = { copy: string; source: string; offset: number; length: number };

/** Where a build keeps its record, and the version of the code (`digestOfCode(LLMS_FULL_CODE)`). */
export interface LlmsFullKeeping {
  file: string;
  version: string;
}

/**
 * llms-full.txt from the `.md` copies in `outDir`, one at a time: on a site of tens of
 * thousands of pages it is hundreds of megabytes, more than should be held in memory. With
 * `keeping`, a page whose copy is the file the last record names (same size and time), under
 * the same address, is copied from the file as it was, runs of such pages in one read: a
 * rebuild after one edit reads one copy, not every one (0.25 s of its end at 10,000 pages).
 */
export async function llmsFullFromCopies(outDir: string, urls: readonly string[], addressOf: (url: string) => string, instructions?: string, keeping?: LlmsFullKeeping): Promise<void> {
  const target = path.join(outDir, 'llms-full.txt');
  const head = textDigest(`${keeping?.version ?? ''}\0${instructions ?? ''}`);
  const before = keeping ? recordedEntries(keeping.file, outDir, target, head) : undefined;
  // Written beside it, then renamed over it: the file as it was is read meanwhile.
  const partial = `${target}.${process.pid}.partial`;
  const writer = new LlmsFullWriter(partial, before && openSync(target, 'r'));
  try {
    // docs.json's instructions to agents once, before the pages, whose copies each end with them.
    if (instructions) await writer.header(`${instructions}\n`);
    for (const url of urls) {
      const source = addressOf(url);
      const copy = writtenIdentity(path.join(outDir, markdownPath(url)));
      const kept = copy === undefined ? undefined : before?.get(url);
      if (kept && kept.copy === copy && kept.source === source) {
        await writer.reuse(url, copy, source, kept);
        continue;
      }
      const markdown = withoutAgentInstructions((await readMarkdownCopy(outDir, url)) ?? '', instructions);
      if (markdown) await writer.entry(url, copy ?? '', source, llmsFullPage(markdown, source));
    }
    await writer.end();
    renameSync(partial, target);
  } catch (error) {
    writer.close();
    await rm(partial, { force: true });
    throw error;
  }
  if (keeping) saveRecord(keeping.file, { outDir, file: writtenIdentity(target)!, head, pages: writer.entries });
}

/** The entries of the last record, when the file is still the one it describes; else none. */
function recordedEntries(recordFile: string, outDir: string, target: string, head: string): Map<string, RecordedEntry> | undefined {
  let record: LlmsFullRecord;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8')) as LlmsFullRecord;
  } catch {
    return undefined;
  }
  if (record.outDir !== outDir || record.head !== head || record.file !== writtenIdentity(target)) return undefined;
  return new Map(record.pages.map(([url, copy, source, offset, length]) => [url, { copy, source, offset, length }]));
}

/** A record that cannot be written only makes the next build read every copy. */
function saveRecord(file: string, record: LlmsFullRecord): void {
  try {
    writeFileSync(file, JSON.stringify(record));
  } catch {
    // the cache folder is not writable
  }
}

/** Bytes of the file as it was copied at once, in the stream's buffer size. */
const CHUNK = 1024 * 1024;

/**
 * The new file, written in order: fresh entries, and runs of entries copied from the old file
 * (`from`), each run read once its last entry is known. Entries are separated by a newline,
 * which a run holds between its entries as the old file did.
 */
class LlmsFullWriter {
  readonly entries: LlmsFullRecord['pages'] = [];
  private readonly output;
  private from: number | undefined;
  /** Bytes written so far. */
  private at = 0;
  private first = true;
  /** Entries of the old file to copy, adjacent there: where the run starts in the old file and in the new. */
  private run: { oldStart: number; oldEnd: number; newStart: number } | undefined;

  constructor(file: string, from: number | undefined) {
    // A buffer of a mebibyte: at the stream's 16 KiB, nearly each page waited for the file to
    // catch up, a turn of the thread pool each (0.3 s of a rebuild of 3,000 pages, against 0.1 s).
    this.output = createWriteStream(file, { highWaterMark: CHUNK });
    this.from = from;
  }

  /** What comes before the first entry, which is then separated from it as from the others. */
  async header(text: string): Promise<void> {
    await this.write(text);
    this.first = false;
  }

  private async write(chunk: string | Buffer): Promise<void> {
    this.at += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    // Waits while the file catches up, so that no more than a mebibyte and a page are held.
    if (!this.output.write(chunk)) await once(this.output, 'drain');
  }

  async entry(url: string, copy: string, source: string, text: string): Promise<void> {
    await this.flushRun();
    await this.separate();
    const offset = this.at;
    await this.write(text);
    this.entries.push([url, copy, source, offset, this.at - offset]);
  }

  /** An entry as the old file holds it: joins the run when it follows the run's last entry there. */
  async reuse(url: string, copy: string, source: string, { offset, length }: RecordedEntry): Promise<void> {
    if (this.run && this.run.oldEnd + 1 !== offset) await this.flushRun();
    if (this.run) this.run.oldEnd = offset + length;
    else {
      await this.separate();
      this.run = { oldStart: offset, oldEnd: offset + length, newStart: this.at };
    }
    this.entries.push([url, copy, source, this.run.newStart + (offset - this.run.oldStart), length]);
  }

  async end(): Promise<void> {
    await this.flushRun();
    this.close();
    this.output.end();
    await finished(this.output);
  }

  /** The old file closed, once. */
  close(): void {
    if (this.from !== undefined) closeSync(this.from);
    this.from = undefined;
  }

  private async separate(): Promise<void> {
    if (!this.first) await this.write('\n');
    this.first = false;
  }

  private async flushRun(): Promise<void> {
    const run = this.run;
    if (!run) return;
    this.run = undefined;
    for (let position = run.oldStart; position < run.oldEnd; ) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, run.oldEnd - position));
      const read = readSync(this.from!, chunk, 0, chunk.length, position);
      if (read !== chunk.length) throw new Error('llms-full.txt changed while it was read.');
      position += read;
      await this.write(chunk);
    }
  }
}
