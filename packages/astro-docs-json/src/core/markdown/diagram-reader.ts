/** The thread that reads diagrams with Mermaid (`diagram-thread.ts`): a text in, Mermaid's problem with it out. */
import { parentPort } from 'node:worker_threads';
import type { ReaderAnswer } from './diagram-thread.ts';
import { readDiagram } from './diagrams.ts';

parentPort!.on('message', async ({ id, text }: { id: number; text: string }) => {
  parentPort!.postMessage({ id, problem: await readDiagram(text) } satisfies ReaderAnswer);
});
