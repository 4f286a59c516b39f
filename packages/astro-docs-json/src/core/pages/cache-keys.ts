/**
 * What each page's output is made of, beyond what every page shares (the site's data and
 * the code that renders it, which Astro's incremental build hashes itself): its own text
 * and that of every page or snippet it imports (`PageContent.digest`), and what each of its
 * imports resolves to (a snippet that appears changes the page, and so does a package that
 * is installed). Code and images that
 * pages import are modules of the bundler's, which Astro hashes with the rest. A page
 * whose key is the one of the previous build is not rendered again.
 */
import { createHash } from 'node:crypto';
import type { ContentFile } from './render-path.ts';
import { droppedImport } from './package-imports.ts';
import { isDocsImport, resolveImport } from './references.ts';

/** The key of each file of `files` (pages and snippets) read from the docs folder, salted with `salt` (what else shapes the output). */
export function pageCacheKeys(docsDir: string, files: readonly ContentFile[], salt: string): Map<string, string> {
  const byFile = new Map(files.map((entry) => [entry.file, entry.content]));
  // What each file's imports resolve to, found once: a snippet is imported by many pages.
  // A package's import is kept or left out as the package is installed or not (`droppedImport`).
  const resolved = new Map<string, Array<{ url: string; target: { file?: string; status: string } }>>();
  const importsOf = (file: string) => {
    let imports = resolved.get(file);
    if (!imports) {
      imports = byFile
        .get(file)!
        .references.filter((reference) => reference.kind === 'import')
        .map(({ url }) => ({ url, target: isDocsImport(url) ? resolveImport(docsDir, file, url) : { status: droppedImport(docsDir, file, url) ?? 'kept' } }));
      resolved.set(file, imports);
    }
    return imports;
  };
  const keys = new Map<string, string>();
  for (const { file, content } of files) {
    if (!content.digest) continue;
    const parts = new Map<string, string>();
    const pending = [file];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const own = byFile.get(next);
      if (parts.has(next) || !own) continue;
      parts.set(next, own.digest ?? '');
      for (const { url, target } of importsOf(next)) {
        parts.set(`${next} imports ${url}`, target.file ?? target.status);
        if (target.file) pending.push(target.file);
      }
    }
    const hash = createHash('sha256').update(salt);
    for (const [name, part] of [...parts].sort(([a], [b]) => a.localeCompare(b))) hash.update(`\0${name}\0${part}`);
    keys.set(file, hash.digest('base64url').slice(0, 32));
  }
  return keys;
}
