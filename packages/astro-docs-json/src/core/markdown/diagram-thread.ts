/**
 * Mermaid reading diagrams on a thread of its own (`diagram-reader.ts`). On a site with
 * many diagrams, reading them is half of the pages' analysis, which the calling thread goes
 * on with meanwhile: a clean build of 3,000 pages, one in seven with a diagram, spent 2 s
 * of its 8 s before rendering in Mermaid. The thread starts with the first diagram asked
 * for and ends with `close`; where it cannot start, or stops, the diagrams are read on the
 * calling thread, as they would be without it (`off-thread.ts`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OffThread } from '../off-thread.ts';
import { readDiagram, type DiagramProblem, type DiagramReader } from './diagrams.ts';

/** The thread's module, by a name that a bundler does not follow (the routes reach this module, and never start the thread). */
const READER_MODULE = `./diagram-reader${path.extname(fileURLToPath(import.meta.url))}`;

/** A diagram the thread reads only to load Mermaid (`warmUp`); never read on the calling thread. */
const WARM_UP = 'graph TD\n  A --> B';

export class DiagramThread {
  private readonly thread = new OffThread<string, DiagramProblem | undefined>(new URL(READER_MODULE, import.meta.url), (text) => (text === WARM_UP ? undefined : readDiagram(text)));

  /** Why Mermaid cannot draw `text`, or nothing when it can (`diagrams.ts`' `diagramProblem` takes it as its reader). */
  readonly read: DiagramReader = (text) => this.thread.ask(text);

  /**
   * Starts the thread and has it load Mermaid now, on a core that has nothing else to do
   * while a small site loads, rather than when the first diagram is found: loading Mermaid
   * takes longer than reading a small site's files, which then waited for it (0.2 s of a
   * 100-page build). A site without diagrams only spends that time on the other core.
   */
  warmUp(): void {
    void this.thread.ask(WARM_UP);
  }

  /** Ends the thread; what it was still asked, and is asked from now on, is read here. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
