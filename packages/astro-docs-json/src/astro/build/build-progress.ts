/**
 * How far a build has come (files rendered, pages in the search index), for whoever shows
 * it: the command line draws it as one line on a terminal and as a few plain lines in CI
 * (`cli/build-log.ts`), and counts the files rendered from Astro's lines. Kept on `globalThis`, since a docs folder's own astro.config may load
 * the integration from another copy of this package than the command line's.
 */
export interface BuildProgress {
  /** Files Astro renders (pages, their Markdown copies, llms.txt…), and those rendered. */
  toRender: number;
  rendered: number;
  /** Pages the search index will hold, and those it holds. */
  toIndex: number;
  indexed: number;
}

type Listener = (progress: Readonly<BuildProgress>) => void;

interface ProgressChannel {
  progress: BuildProgress;
  listeners: Set<Listener>;
}

const CHANNEL = Symbol.for('astro-docs-json.build-progress');

function channel(): ProgressChannel {
  const global = globalThis as { [CHANNEL]?: ProgressChannel };
  global[CHANNEL] ??= { progress: emptyProgress(), listeners: new Set() };
  return global[CHANNEL];
}

const emptyProgress = (): BuildProgress => ({ toRender: 0, rendered: 0, toIndex: 0, indexed: 0 });

/** A build begins: nothing rendered or indexed yet. */
export function resetProgress(): void {
  channel().progress = emptyProgress();
}

export function buildProgress(): Readonly<BuildProgress> {
  return channel().progress;
}

/** Adds to the counts, and tells the listeners. */
export function advanceProgress(change: Partial<BuildProgress>): void {
  const { progress, listeners } = channel();
  for (const [key, value] of Object.entries(change) as Array<[keyof BuildProgress, number]>) progress[key] += value;
  for (const listener of listeners) listener(progress);
}

/** Calls `listener` on every change, until the function returned is called. */
export function onBuildProgress(listener: Listener): () => void {
  const { listeners } = channel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
