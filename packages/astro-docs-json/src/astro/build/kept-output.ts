/**
 * A rebuild leaves the pages of the build before in place. Astro's incremental build then
 * keeps a page it need not render where it is, instead of copying it back from its cache
 * (on a large site, copying every page was most of a rebuild). The output folder is kept
 * only when it is exactly as the last complete build left it (a record of its files' sizes
 * and times); after the build, every file it neither wrote nor kept is removed, so the
 * folder holds what a clean build writes.
 */
import { lstatSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { mapBounded } from '../../core/map-bounded.ts';
import { OffThread } from '../../core/off-thread.ts';
import { moduleFile } from './code-digest.ts';

/** The files of an output folder, by their paths in it, with their sizes and times. */
export type OutputRecord = Record<string, [size: number, mtimeMs: number]>;

/**
 * Every file under `dir` (links too, as links) but its `.git` (which Astro keeps too), by
 * its path from `dir`, with its size and time. The sizes are read one after the other, on
 * this thread: a rebuild reads the 12,000 files of a 3,000-page site twice, and each
 * read through the thread pool cost five times as much (0.2 s against 0.04 s).
 */
async function filesUnder(dir: string): Promise<OutputRecord> {
  const root = path.resolve(dir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const record: OutputRecord = Object.create(null) as OutputRecord;
  // Names by slicing the entries' folders, which all start with `root`: `path.relative` on
  // each of tens of thousands of files cost more than the sizes.
  for (const entry of entries) {
    if (entry.isDirectory()) continue;
    const file = `${entry.parentPath}${path.sep}${entry.name}`;
    const name = file.slice(root.length + 1);
    if (name === '.git' || name.startsWith(`.git${path.sep}`)) continue;
    const stats = lstatSync(file, { throwIfNoEntry: false });
    if (stats) record[name] = [stats.size, stats.mtimeMs];
  }
  return record;
}

/**
 * A file as a build wrote it, by its size and time (`size:mtime`); undefined when there is
 * none. A rebuild leaves in place the files it need not write again, so what a cache worked
 * out from a file holds while this is the same. Read on this thread, as `filesUnder` reads them.
 */
export function writtenIdentity(file: string): string | undefined {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats && `${stats.size}:${stats.mtimeMs}`;
}

/** A file's identity as `writtenIdentity` gives it, from a record of the folder (`name` is its path there). */
export function foundIdentity(record: OutputRecord, name: string): string | undefined {
  const found = Object.hasOwn(record, name) ? record[name] : undefined;
  return found && `${found[0]}:${found[1]}`;
}

/** Every file under `dir` by its path in it, written with `/`, and its size. */
export async function fileSizes(dir: string): Promise<Record<string, number>> {
  const files = await filesUnder(dir);
  return Object.fromEntries(Object.keys(files).map((name) => [name.split(path.sep).join('/'), files[name]![0]]));
}

/**
 * Removes each of `folders` that holds nothing, then each of their parents up to `root` that
 * holds nothing then. A folder is removed only while empty (not with what it holds): the
 * search index may be writing into the output meanwhile.
 */
async function removeEmptyFolders(root: string, folders: Iterable<string>): Promise<void> {
  for (let round = new Set(folders); round.size > 0; ) {
    const parents = new Set<string>();
    // Longest first: a folder's own folders before it.
    for (const folder of [...round].sort((a, b) => b.length - a.length)) {
      if (!folder.startsWith(root + path.sep) || !(await rmdir(folder).then(() => true, () => false))) continue;
      parents.add(path.dirname(folder));
    }
    round = parents;
  }
}

const unchanged = (record: OutputRecord, name: string, [size, mtimeMs]: [number, number]) => {
  const before = Object.hasOwn(record, name) ? record[name] : undefined;
  return before?.[0] === size && before[1] === mtimeMs;
};

/**
 * What `outDir` holds, when it is what the last complete build left there: no more, no less,
 * unchanged. The folder is listed on a thread of its own (`output-check.ts`, where the
 * machine has more than one core), while this one loads the docs folder: at 10,000 pages,
 * listing its 40,000 files took this thread 0.1 s.
 */
export async function outputAsLeft(outDir: string, recordFile: string, onThread = availableParallelism() > 1): Promise<OutputRecord | undefined> {
  // No record, no thread: a clean build.
  const recorded = await readRecord(outDir, recordFile);
  if (!recorded) return undefined;
  if (!onThread) return (await holdsExactly(outDir, recorded)) ? recorded : undefined;
  const thread = new OffThread(new URL(moduleFile('./output-check.ts'), import.meta.url), outputMatchesRecord);
  try {
    return (await thread.ask({ outDir, recordFile })) ? recorded : undefined;
  } finally {
    await thread.close();
  }
}

/** Whether `outDir` is what the last complete build left there (`outputAsLeft`), as its thread tells. */
export async function outputMatchesRecord({ outDir, recordFile }: { outDir: string; recordFile: string }): Promise<boolean> {
  const recorded = await readRecord(outDir, recordFile);
  return recorded !== undefined && (await holdsExactly(outDir, recorded));
}

/** The files the last complete build left in `outDir`, as it recorded them; none for a record of another folder. */
async function readRecord(outDir: string, recordFile: string): Promise<OutputRecord | undefined> {
  const recorded = await readFile(recordFile, 'utf8')
    .then((text) => JSON.parse(text) as { outDir: string; files: OutputRecord })
    .catch(() => undefined);
  return recorded?.outDir === outDir ? recorded.files : undefined;
}

/** Whether `outDir` holds the files `recorded` names, with their sizes and times, and no other. */
async function holdsExactly(outDir: string, recorded: OutputRecord): Promise<boolean> {
  const present = await filesUnder(outDir);
  const names = Object.keys(present);
  if (names.length === 0 || names.length !== Object.keys(recorded).length) return false;
  return names.every((name) => unchanged(recorded, name, present[name]!));
}

/**
 * Removes the files of the build before (`before`) that this one did not write (they are
 * as they were: same size, same time) and did not keep (`kept`: the pages Astro may have
 * left in place, by their paths in `outDir`; `keptFolders`: the search indexes, which are
 * this build's whatever their files' times, since an unchanged index is linked from the
 * cache as it was).
 */
export async function removeStaleOutput(outDir: string, before: OutputRecord, kept: ReadonlySet<string>, keptFolders: readonly string[] = []): Promise<void> {
  // By their paths in `outDir`: a file is in one when one of its folders is (a few lookups a
  // file, whatever the number of folders; one for a file outside their first folder).
  const folders = new Set(keptFolders.map((folder) => path.relative(outDir, folder)));
  const tops = new Set([...folders].map((folder) => folder.split(path.sep)[0]));
  const inKeptFolder = (name: string) => {
    if (!tops.has(name.slice(0, name.indexOf(path.sep)))) return false;
    for (let folder = path.dirname(name); folder !== '.'; folder = path.dirname(folder)) if (folders.has(folder)) return true;
    return false;
  };
  // Only a file the build before left can be stale: each of those that are neither kept nor
  // in a kept folder is looked at, rather than the folder listed again (the pages, most of
  // the files, are kept). Its size and time are read on this thread, as `filesUnder` reads them.
  const stale = Object.keys(before)
    .filter((name) => !kept.has(name) && !inKeptFolder(name))
    .filter((name) => {
      const stats = lstatSync(path.join(outDir, name), { throwIfNoEntry: false });
      return stats !== undefined && unchanged(before, name, [stats.size, stats.mtimeMs]);
    })
    .map((name) => path.join(outDir, name));
  await mapBounded(stale, 64, (file) => rm(file, { force: true }));
  await removeEmptyFolders(outDir, stale.map((file) => path.dirname(file)));
}

/**
 * Records what a complete build left in `outDir`, for the next build to check. Without a
 * record (a folder that cannot be written), the next build starts from an empty folder.
 */
export async function recordOutput(outDir: string, recordFile: string): Promise<void> {
  const partial = `${recordFile}.${process.pid}.partial`;
  try {
    await mkdir(path.dirname(recordFile), { recursive: true });
    await writeFile(partial, JSON.stringify({ outDir, files: await filesUnder(outDir) }));
    await rename(partial, recordFile);
  } catch {
    await rm(partial, { force: true }).catch(() => undefined);
  }
}

