/**
 * The pages that failed, or whose components failed, in the last build
 * (`render-failures.ts`), kept in Astro's cache folder: the next build renders them again
 * rather than reusing their output (Astro's incremental build), so that their failures are
 * reported again, and fail a `strict` build, until they are fixed.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../core/diagnostics.ts';

export function pagesThatFailed(record: string): Set<string> {
  try {
    return new Set(JSON.parse(readFileSync(record, 'utf8')) as string[]);
  } catch {
    return new Set(); // none recorded, or a write cut short: every page keeps its key
  }
}

export async function recordPagesThatFailed(record: string, failures: readonly Diagnostic[]): Promise<void> {
  const files = [...new Set(failures.flatMap((failure) => (failure.file ? [failure.file] : [])))].sort();
  try {
    await mkdir(path.dirname(record), { recursive: true });
    await writeFile(record, JSON.stringify(files));
  } catch {
    // A cache that cannot be written: the next build may reuse a failing page's output, with no warning.
  }
}
