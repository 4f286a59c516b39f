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

export class DiagramThread {
  private readonly thread = new OffThread<string, DiagramProblem | undefined>(new URL(READER_MODULE, import.meta.url), readDiagram);

  /** Why Mermaid cannot draw `text`, or nothing when it can (`diagrams.ts`' `diagramProblem` takes it as its reader). */
  readonly read: DiagramReader = (text) => this.thread.ask(text);

  /** Ends the thread; what it was still asked, and is asked from now on, is read here. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
