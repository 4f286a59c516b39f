/**
 * The files of the docs folder that pages point at: images, and the snippets and modules
 * they import, found as the bundler finds them. A docs repository takes pull requests from
 * strangers, so a file counts only when its real path (symbolic links followed) lies inside
 * the docs folder's real path: a link that leads out is neither read nor published.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { docsIgnore } from './mintignore.ts';

/** Extensions an import may leave out, as the bundler tries them. */
const IMPORT_EXTENSIONS = ['', '.mdx', '.md', '.jsx', '.tsx', '.js', '.ts'];

/** The docs folder's file a reference points at, relative to it; undefined outside it. */
export function referencedFile(fromFile: string, url: string): string | undefined {
  let target: string;
  try {
    target = decodeURI(url.replace(/[?#].*$/, ''));
  } catch {
    return undefined; // A malformed `%` escape names no file.
  }
  const joined = target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(fromFile), target);
  const normalized = path.posix.normalize(joined);
  return normalized.startsWith('..') ? undefined : normalized;
}

/** Whether an import names a file of the docs folder (`/snippets/x.mdx`, `./x`) rather than a package. */
export const isDocsImport = (specifier: string) => specifier.startsWith('/') || specifier.startsWith('.');

export type FileStatus = 'inside' | 'outside' | 'missing' | 'ignored';

/**
 * Where the file at `file` (absolute) really is: inside the docs folder, outside it (a
 * symbolic link, or a link on the way, that leads out), or nowhere; or inside, but left out
 * by `.mintignore` (`mintignore.ts`), so that nothing reads or publishes it.
 */
export function fileStatus(docsDir: string, file: string): FileStatus {
  const key = `${docsDir}\0${file}`;
  let status = statusThisTurn.get(key);
  if (status === undefined) {
    if (statusThisTurn.size === 0) setImmediate(() => statusThisTurn.clear());
    status = currentStatus(docsDir, file);
    statusThisTurn.set(key, status);
  }
  return status;
}

/**
 * The statuses found in this turn of the event loop. Loading a site resolves each page's
 * imports in several passes (its cache key, import cycles, how it renders), one loop over
 * the pages each, and pages import the same few snippets: at 25,200 pages, 0.6 s of
 * following the same links again. Forgotten at the next turn, so that a file added, moved
 * or linked elsewhere since is seen as it is.
 */
const statusThisTurn = new Map<string, FileStatus>();

function currentStatus(docsDir: string, file: string): FileStatus {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return 'missing';
  }
  const relative = path.relative(realDocsDir(docsDir), real);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return 'outside';
  // The path as written decides, as it does for `.gitignore`; the real one when it is not under the folder as given.
  const written = path.relative(docsDir, file);
  const checked = written.startsWith('..') || path.isAbsolute(written) ? relative : written;
  return docsIgnore(docsDir).ignores(checked.split(path.sep).join('/')) ? 'ignored' : 'inside';
}

const realDocsDirs = new Map<string, string>();
function realDocsDir(docsDir: string): string {
  let real = realDocsDirs.get(docsDir);
  if (real === undefined) {
    real = existsSync(docsDir) ? realpathSync(docsDir) : docsDir;
    realDocsDirs.set(docsDir, real);
  }
  return real;
}

/**
 * The file of the docs folder an import resolves to, relative to it (`status: 'inside'`),
 * or the path it would have and why it is not used.
 */
export function resolveImport(docsDir: string, fromFile: string, specifier: string): { file?: string; status: FileStatus } {
  const target = referencedFile(fromFile, specifier);
  if (target === undefined) return { status: 'missing' };
  for (const extension of IMPORT_EXTENSIONS) {
    const file = path.join(docsDir, target + extension);
    if (file.endsWith(path.sep)) continue;
    const status = fileStatus(docsDir, file);
    if (status !== 'missing') return { file: target + extension, status };
  }
  return { status: 'missing' };
}

/** The files of the docs folder that a page or snippet imports, relative to it. */
export function importedFiles(docsDir: string, file: string, references: ReadonlyArray<{ kind: string; url: string }>): string[] {
  return references.flatMap((reference) => (reference.kind === 'import' ? (importedFile(docsDir, file, reference.url) ?? []) : []));
}

/** The file of the docs folder an import resolves to, relative to it, or undefined when there is none inside it. */
export function importedFile(docsDir: string, fromFile: string, specifier: string): string | undefined {
  const { file, status } = resolveImport(docsDir, fromFile, specifier);
  return status === 'inside' ? file : undefined;
}
