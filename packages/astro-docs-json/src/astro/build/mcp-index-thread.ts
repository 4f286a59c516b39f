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

/**
 * A site of fewer pages writes its index on the calling thread. On 2 cores, the thread made
 * the end of a build of 1,000 pages 0.25 s longer (it takes 0.3 s to start), of 7,200 pages
 * 0.1 to 1.5 s shorter, of 25,200 pages 3 s shorter.
 */
const PAGES_FOR_A_THREAD = 5_000;

export async function writeMcpIndexOf({ outDir, source, address, wordsCache }: McpIndexJob): Promise<void> {
  const words = wordsCache ? await openFileCache<KeptWords>(wordsCache.file, wordsCache.version) : undefined;
  await writeMcpIndex(outDir, source, address, words);
  await words?.save();
}

/** The index written on a thread (`onThread`; by default, for a large site on a machine of more than one core), else here. */
export async function writeMcpIndexBeside(job: McpIndexJob, onThread = job.source.pages.length >= PAGES_FOR_A_THREAD && availableParallelism() > 1): Promise<void> {
  if (!onThread) return writeMcpIndexOf(job);
  const thread = new OffThread(new URL(moduleFile('./mcp-index-writer.ts'), import.meta.url), writeMcpIndexOf);
  try {
    await thread.ask(job);
  } finally {
    await thread.close();
  }
}
