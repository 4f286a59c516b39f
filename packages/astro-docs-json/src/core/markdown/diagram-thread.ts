/**
 * Mermaid reading diagrams on a thread of its own (`diagram-reader.ts`). On a site with
 * many diagrams, reading them is half of the pages' analysis, which the calling thread goes
 * on with meanwhile: a clean build of 3,000 pages, one in seven with a diagram, spent 2 s
 * of its 8 s before rendering in Mermaid. The thread starts with the first diagram asked
 * for and ends with `close`; where it cannot start, or stops, the diagrams are read on the
 * calling thread, as they would be without it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readDiagram, type DiagramProblem, type DiagramReader } from './diagrams.ts';

/** The thread's module, by a name that a bundler does not follow (the routes reach this module, and never start the thread). */
const READER_MODULE = `./diagram-reader${path.extname(fileURLToPath(import.meta.url))}`;

/** A diagram asked of the thread, and what it was asked: read here if the thread stops. */
interface Asked {
  text: string;
  resolve: (problem: Promise<DiagramProblem | undefined> | DiagramProblem | undefined) => void;
}

export interface ReaderAnswer {
  id: number;
  problem: DiagramProblem | undefined;
}

export class DiagramThread {
  private worker: Worker | undefined;
  private failed = false;
  private readonly asked = new Map<number, Asked>();
  private next = 0;

  /** Why Mermaid cannot draw `text`, or nothing when it can (`diagrams.ts`' `diagramProblem` takes it as its reader). */
  readonly read: DiagramReader = (text) => {
    const worker = this.started();
    if (!worker) return readDiagram(text);
    const id = this.next++;
    // Held while it has diagrams to answer for, and only then: a build that fails does not wait for it.
    if (this.asked.size === 0) worker.ref();
    return new Promise((resolve) => {
      this.asked.set(id, { text, resolve });
      worker.postMessage({ id, text });
    });
  };

  /** Ends the thread; what it was still asked is read here. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.readHere();
    await worker?.terminate();
  }

  private started(): Worker | undefined {
    if (this.worker || this.failed) return this.worker;
    try {
      const worker = new Worker(new URL(READER_MODULE, import.meta.url));
      worker.on('message', ({ id, problem }: ReaderAnswer) => {
        this.asked.get(id)?.resolve(problem);
        this.asked.delete(id);
        if (this.asked.size === 0) worker.unref();
      });
      worker.once('error', () => this.stopped(worker));
      worker.once('exit', () => this.stopped(worker));
      worker.unref();
      this.worker = worker;
    } catch {
      this.failed = true;
    }
    return this.worker;
  }

  private stopped(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.failed = true;
    this.readHere();
  }

  private readHere(): void {
    for (const { text, resolve } of this.asked.values()) resolve(readDiagram(text));
    this.asked.clear();
  }
}
