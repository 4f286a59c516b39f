/**
 * The files of the docs folder, as pages and assets are found: symbolic links are followed
 * when they lead to a file or folder inside the docs folder (a page shared by two versions,
 * say), as Mintlify follows them, and named when they lead out, so that nothing they point
 * at is read and nothing is left out silently. Dot-files and dot-folders are skipped, and so
 * is what `.mintignore` ignores (`mintignore.ts`): an ignored folder is not even read.
 */
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { docsIgnore } from './mintignore.ts';
import { fileStatus } from './references.ts';

export interface WalkOptions {
  /** Whether to leave out the folder at `relative` (with `/` separators), and all in it. */
  skipFolder(relative: string, name: string): boolean;
  /** Whether the file at `relative` is one the walk looks for. */
  wanted(relative: string, name: string): boolean;
}

export interface Walked {
  /** The wanted files, relative to the docs folder with `/` separators, sorted. */
  files: string[];
  /** Symbolic links that lead out of the docs folder, as paths relative to it, sorted. */
  outsideLinks: string[];
}

export async function walkDocsFolder(docsDir: string, options: WalkOptions): Promise<Walked> {
  const files: string[] = [];
  const outsideLinks: string[] = [];
  // Folders by real path: a link to a folder above it would otherwise loop.
  const seen = new Set<string>([await realpath(docsDir).catch(() => docsDir)]);
  const rules = docsIgnore(docsDir);

  /** What an entry is, with symbolic links followed inside the docs folder only. */
  const kindOf = async (entry: Dirent, absolute: string, relative: string): Promise<'file' | 'folder' | undefined> => {
    if (!entry.isSymbolicLink()) return entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : undefined;
    if (seen.has(await realpath(absolute).catch(() => ''))) return undefined; // the docs folder itself, or a folder above the link
    const status = fileStatus(docsDir, absolute);
    if (status === 'outside') outsideLinks.push(relative);
    if (status !== 'inside') return undefined;
    const stats = await stat(absolute);
    if (!stats.isDirectory()) return stats.isFile() ? 'file' : undefined;
    const real = await realpath(absolute);
    if (seen.has(real)) return undefined;
    seen.add(real);
    return 'folder';
  };

  async function walk(relativeDir: string): Promise<void> {
    const entries = await readdir(path.join(docsDir, relativeDir), { withFileTypes: true });
    const folders: Array<Promise<void>> = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (rules.ignores(relative, entry.isDirectory())) continue;
      if ((entry.isDirectory() || entry.isSymbolicLink()) && options.skipFolder(relative, entry.name)) continue;
      const kind = await kindOf(entry, path.join(docsDir, relative), relative);
      // A link to a folder, which a rule for folders only (`drafts/`) may ignore.
      if (kind === 'folder' && entry.isSymbolicLink() && rules.ignores(relative, true)) continue;
      if (kind === 'folder') folders.push(walk(relative));
      else if (kind === 'file' && options.wanted(relative, entry.name)) files.push(relative);
    }
    await Promise.all(folders);
  }
  await walk('');
  return { files: files.sort(), outsideLinks: outsideLinks.sort() };
}
