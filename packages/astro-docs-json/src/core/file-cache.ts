/**
 * What was worked out from a file's text, kept on disk between builds by the file's name and
 * text digest (`textDigest`): analysing what each page holds is most of loading a large site,
 * and most files have not changed since the build before. One JSON file, read once and
 * written once; it keeps only the files asked for since it was opened, so it does not grow
 * with edits.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileCache<T> {
  get(file: string, digest: string): T | undefined;
  set(file: string, digest: string, value: T): void;
}

export interface DiskFileCache<T> extends FileCache<T> {
  /**
   * Writes the entries of the files asked for since it was opened, whole or not at all. A
   * cache that cannot be written (a read-only folder) makes the next build slower, never
   * this one fail.
   */
  save(): Promise<void>;
}

interface Stored<T> {
  /** The code that worked the entries out: another version's are not used. */
  version: string;
  files: Record<string, { digest: string; value: T }>;
}

export interface FileCacheOptions {
  /**
   * Keeps the entries not asked for too, up to this many (the oldest go first): for what is
   * asked only when a file changed (Mermaid's reading of a diagram), which a cache of the
   * entries asked for would lose at each build that changed nothing.
   */
  keepUnasked?: number;
}

export async function openFileCache<T>(file: string, version: string, { keepUnasked }: FileCacheOptions = {}): Promise<DiskFileCache<T>> {
  const stored = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Stored<T>)
    .catch(() => undefined);
  const previous = stored?.version === version ? stored.files : {};
  // Without a prototype: a file may be named `__proto__`.
  const next: Stored<T> = { version, files: Object.create(null) as Stored<T>['files'] };
  // Nothing set, and every entry of the file asked for: the file holds what `save` would write
  // (at 25,200 pages, writing the analyses again took 0.1 s of each dev server's start).
  let unchanged = stored?.version === version;
  let asked = 0;
  return {
    get(name, digest) {
      // What this build set, else what the build before left.
      const entry = next.files[name] ?? (Object.hasOwn(previous, name) ? previous[name] : undefined);
      if (entry?.digest !== digest) return undefined;
      if (!Object.hasOwn(next.files, name)) asked++;
      next.files[name] = entry;
      return entry.value;
    },
    set(name, digest, value) {
      unchanged = false;
      next.files[name] = { digest, value };
    },
    async save() {
      if (unchanged && (keepUnasked !== undefined || asked === Object.keys(previous).length)) return;
      const partial = `${file}.${process.pid}.partial`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(partial, JSON.stringify(keepUnasked === undefined ? next : { version, files: withUnasked(previous, next.files, keepUnasked) }));
        await rename(partial, file);
      } catch {
        await rm(partial, { force: true }).catch(() => undefined);
      }
    },
  };
}

/** The entries of the build before, then this build's, the oldest of them left out beyond `bound`. */
function withUnasked<T>(previous: Stored<T>['files'], current: Stored<T>['files'], bound: number): Stored<T>['files'] {
  const files = Object.assign(Object.create(null) as Stored<T>['files'], previous, current);
  const names = Object.keys(files);
  for (const name of names.slice(0, Math.max(0, names.length - bound))) delete files[name];
  return files;
}
