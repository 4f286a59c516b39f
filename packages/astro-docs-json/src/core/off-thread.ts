/**
 * Work done on a thread of its own while the calling thread goes on (Mermaid reading
 * diagrams, the analysis of a large site's files, MDX compiled ahead of the rendering). Each request is sent to the thread, whose
 * module answers it with `answerOnThread`. The thread starts with the first request and ends
 * with `close`. Where it cannot start, stops, or fails on a request, the request is done on
 * the calling thread (`here`), as it would be without the thread, so that what fails there
 * is reported as it always is.
 */
import { parentPort, Worker, type WorkerOptions } from 'node:worker_threads';

interface Asked<Request, Answer> {
  request: Request;
  resolve: (answer: Promise<Answer> | Answer) => void;
}

/** The data the thread's module starts with (`workerData`), and a bound on its heap. */
type ThreadOptions = Pick<WorkerOptions, 'workerData' | 'resourceLimits'>;

interface Reply<Answer> {
  id: number;
  answer?: Answer;
  /** The thread could not answer: the calling thread does the request itself. */
  failed?: boolean;
}

export class OffThread<Request, Answer> {
  private readonly module: URL;
  private readonly here: (request: Request) => Promise<Answer> | Answer;
  private readonly options: ThreadOptions;
  private worker: Worker | undefined;
  /** The thread could not start, stopped, or was closed: requests are done here. */
  private ended = false;
  private readonly asked = new Map<number, Asked<Request, Answer>>();
  private next = 0;

  constructor(module: URL, here: (request: Request) => Promise<Answer> | Answer, options: ThreadOptions = {}) {
    this.module = module;
    this.here = here;
    this.options = options;
  }

  /** The requests sent to the thread and not answered yet. */
  get pending(): number {
    return this.asked.size;
  }

  ask(request: Request): Promise<Answer> {
    const worker = this.started();
    if (!worker) return this.doneHere(request);
    const id = this.next++;
    // Held while it has requests to answer, and only then: a build that fails does not wait for it.
    if (this.asked.size === 0) worker.ref();
    return new Promise((resolve) => {
      this.asked.set(id, { request, resolve });
      worker.postMessage({ id, request });
    });
  }

  /** Ends the thread; what it was still asked, and what it is asked from now on, is done here. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ended = true;
    this.answerHere();
    // Held until it has exited: waiting on a thread the process does not hold lets the event
    // loop run dry, which ends a process (a test's, a command's) with the wait unresolved.
    worker?.ref();
    await worker?.terminate();
  }

  private started(): Worker | undefined {
    if (this.worker || this.ended) return this.worker;
    try {
      const worker = new Worker(this.module, this.options);
      worker.on('message', ({ id, answer, failed }: Reply<Answer>) => {
        // An answer that comes after `close` was done here already; the thread is being ended, and held till then.
        if (this.worker !== worker) return;
        const asked = this.asked.get(id);
        this.asked.delete(id);
        if (this.asked.size === 0) worker.unref();
        if (asked) asked.resolve(failed ? this.doneHere(asked.request) : answer!);
      });
      worker.once('error', () => this.stopped(worker));
      worker.once('exit', () => this.stopped(worker));
      worker.unref();
      this.worker = worker;
    } catch {
      this.ended = true;
    }
    return this.worker;
  }

  private stopped(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.ended = true;
    this.answerHere();
  }

  private answerHere(): void {
    for (const { request, resolve } of this.asked.values()) resolve(this.doneHere(request));
    this.asked.clear();
  }

  /** The request done on this thread: what `here` throws is the promise's rejection. */
  private doneHere(request: Request): Promise<Answer> {
    return new Promise((resolve) => resolve(this.here(request)));
  }
}

/** The thread's side of an `OffThread`: each request answered by `answer`, or said to have failed. */
export function answerOnThread<Request, Answer>(answer: (request: Request) => Promise<Answer> | Answer): void {
  parentPort!.on('message', async ({ id, request }: { id: number; request: Request }) => {
    try {
      parentPort!.postMessage({ id, answer: await answer(request) } satisfies Reply<Answer>);
    } catch {
      // A failure, or an answer that cannot cross to the calling thread, which does the request again.
      parentPort!.postMessage({ id, failed: true } satisfies Reply<Answer>);
    }
  });
}
