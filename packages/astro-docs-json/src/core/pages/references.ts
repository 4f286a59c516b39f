/**
 * The files of the docs folder that pages point at: images, and the snippets and modules
 * they import, found as the bundler finds them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

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

/** The file of the docs folder an import resolves to, relative to it, or undefined when there is none. */
export function importedFile(docsDir: string, fromFile: string, specifier: string): string | undefined {
  const target = referencedFile(fromFile, specifier);
  if (target === undefined) return undefined;
  const extension = IMPORT_EXTENSIONS.find((candidate) => {
    const file = path.join(docsDir, target + candidate);
    return existsSync(file) && !file.endsWith(path.sep);
  });
  return extension === undefined ? undefined : target + extension;
}
