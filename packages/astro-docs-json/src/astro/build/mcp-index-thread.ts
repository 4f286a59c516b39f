/**
 * The MCP index (`writeMcpIndex`) written on a thread of its own (`mcp-index-writer.ts`),
 * while the calling thread writes llms-full.txt, the folder pages and the score. Counting
 * the words of every page's copy is the longest step of a large site's end (5 s at 25,200
 * pages), and by then the pages are rendered and the second core idle.
 */
import { availableParallelism } from 'node:os';
import { openFileCache } from '../../core/file-cache.ts';
import type { McpSource } from '../../core/mcp/docs-index.ts';
import { OffThread } from '../../core/off-thread.ts';
import { moduleFile } from './code-digest.ts';
import { writeMcpIndex, type KeptWords } from './output-files.ts';

export interface McpIndexJob {
  outDir: string;
  source: McpSource;
  address: { site?: string; base: string };
  /** The cache of the pages' words, for a build that keeps its output for the next: its file, and the version of the code that counts them. */
  wordsCache?: { file: string; version: string };
}

/** A site of fewer pages writes its index on the calling thread: it takes less than the thread would to start. */
const PAGES_FOR_A_THREAD = 300;

export async function writeMcpIndexOf({ outDir, source, address, wordsCache }: McpIndexJob): Promise<void> {
  const words = wordsCache ? await openFileCache<KeptWords>(wordsCache.file, wordsCache.version) : undefined;
  await writeMcpIndex(outDir, source, address, words);
  await words?.save();
}

/** The index written on a thread where the machine has a core to spare, else here. */
export async function writeMcpIndexBeside(job: McpIndexJob): Promise<void> {
  if (job.source.pages.length < PAGES_FOR_A_THREAD || availableParallelism() < 2) return writeMcpIndexOf(job);
  const thread = new OffThread(new URL(moduleFile('./mcp-index-writer.ts'), import.meta.url), writeMcpIndexOf);
  try {
    await thread.ask(job);
  } finally {
    await thread.close();
  }
}
