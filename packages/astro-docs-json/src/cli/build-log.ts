/**
 * What `build` prints. Astro prints a line for every file it renders: tens of thousands on
 * a large site, where what the user wants is how far it is. This destination for Astro's
 * logger (its `logger.entrypoint`) passes Astro's other lines through and shows the
 * build's progress (`build-progress.ts`) instead: one line redrawn in place on a terminal,
 * and a plain line at every tenth of the way where output is kept (CI, a file).
 */
import type { AstroLoggerDestination, AstroLoggerLevel, AstroLoggerMessage } from 'astro';
import nodeDestination from 'astro/logger/node';
import { advanceProgress, buildProgress, onBuildProgress, type BuildProgress } from '../astro/build/build-progress.ts';

/** Where progress is written. */
export interface ProgressOutput {
  write(text: string): unknown;
}

/** The progress shown: one per process, though Astro makes a destination each time it loads the configuration, and bundles one more into the code that renders. */
const VIEW = Symbol.for('astro-docs-json.progress-view');

export default function buildLog(config: { level?: AstroLoggerLevel } = {}): AstroLoggerDestination {
  const global = globalThis as { [VIEW]?: ProgressView };
  global[VIEW] ??= showingProgress(process.stdout, Boolean(process.stdout.isTTY) && !process.env.CI);
  return progressLog(nodeDestination(config), global[VIEW]);
}

/** The build's progress, shown on `out` as it changes: live on a terminal, plain lines elsewhere. */
export function showingProgress(out: ProgressOutput, live: boolean): ProgressView {
  const view = live ? new LiveProgress(out) : new PlainProgress(out);
  onBuildProgress((progress) => view.show(progress));
  return view;
}

/**
 * Astro's lines but those of each file rendered, which are counted as the build's progress
 * instead. Astro writes a file's line in two, its name and then, once it is rendered (or
 * kept from the build before), its time; several files render at once.
 */
export function progressLog(astro: AstroLoggerDestination, view: ProgressView): AstroLoggerDestination {
  let openFileLines = 0;
  return {
    write(event) {
      // Counted when the files to render are known: not when an adapter renders them.
      if (isFileLine(event) && buildProgress().toRender) {
        if (event.newLine) advanceProgress({ rendered: 1 });
        else openFileLines++;
      } else if (openFileLines && event.label === 'SKIP_FORMAT') {
        openFileLines--;
        advanceProgress({ rendered: 1 });
      } else {
        view.around(() => astro.write(event));
      }
    },
    flush: () => astro.flush?.(),
    close: () => astro.close?.(),
  };
}

// eslint-disable-next-line no-control-regex
const COLORS = /\x1b\[[0-9;]*m/g;

/** `  ├─ /guides/intro/index.html`: a file Astro renders (or keeps, from an incremental build). */
function isFileLine(event: AstroLoggerMessage): boolean {
  return event.level === 'info' && event.label === null && /^\s*[├└]─ /.test(event.message.replace(COLORS, ''));
}

const count = (value: number) => value.toLocaleString('en-US');

export function progressText(progress: Readonly<BuildProgress>): string {
  const { rendered, toRender, indexed, toIndex } = progress;
  const percent = Math.floor((rendered / toRender) * 100);
  const search = toIndex ? ` · search index: ${count(indexed)} of ${count(toIndex)} pages` : '';
  return `${count(rendered)} of ${count(toRender)} files rendered (${percent}%)${search}`;
}

const isDone = (progress: Readonly<BuildProgress>) => progress.rendered >= progress.toRender && progress.indexed >= progress.toIndex;

export interface ProgressView {
  show(progress: Readonly<BuildProgress>): void;
  /** Another line is written: the progress line makes way for it. */
  around(write: () => void): void;
  end(): void;
}

/** On a terminal: one line, redrawn at most every 100 ms (and when the files are rendered), which other lines push down. */
class LiveProgress implements ProgressView {
  private line = '';
  private drawnAt = -Infinity;
  private readonly out: ProgressOutput;

  constructor(out: ProgressOutput) {
    this.out = out;
  }

  show(progress: Readonly<BuildProgress>): void {
    if (!progress.toRender) return;
    this.line = `  ${progressText(progress)}`;
    const now = performance.now();
    if (now - this.drawnAt < 100 && progress.rendered !== progress.toRender) return;
    this.drawnAt = now;
    this.out.write(`\r\x1b[2K${this.line}`);
    if (isDone(progress)) this.end();
  }

  around(write: () => void): void {
    if (this.line) this.out.write('\r\x1b[2K');
    write();
    if (this.line) this.out.write(this.line);
  }

  end(): void {
    if (this.line) this.out.write('\n');
    this.line = '';
  }
}

/** Where output is kept: a line at every tenth of the files rendered, and when search is done. */
class PlainProgress implements ProgressView {
  private step = -1;
  private readonly out: ProgressOutput;

  constructor(out: ProgressOutput) {
    this.out = out;
  }

  show(progress: Readonly<BuildProgress>): void {
    if (!progress.toRender) return;
    const step = progress.rendered >= progress.toRender ? (isDone(progress) ? 11 : 10) : Math.floor((progress.rendered / progress.toRender) * 10);
    if (step <= this.step) return;
    this.step = step;
    this.out.write(`  ${progressText(progress)}\n`);
  }

  around(write: () => void): void {
    write();
  }

  end(): void {}
}
