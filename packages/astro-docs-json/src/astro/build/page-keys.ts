/**
 * Each page's key for Astro's incremental build, as the last complete build gave it, kept
 * in our cache folder by the page's URL. A rebuild compares them with its own before Astro
 * renders anything, to tell which pages Astro will leave in place: the search index is fed
 * those from the output while the others are rendered (`search-index.ts`). It is a guess,
 * which the index checks: Astro decides by more than the key (its config and lockfile), and
 * a page it renders after all is indexed again as rendered.
 */
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The pages' keys by URL (`/guides/intro`); a page without a key is always rendered. */
export type PageKeys = ReadonlyMap<string, string | undefined>;

/** Records the keys a complete build rendered by. A record that cannot be written only makes the next rebuild guess nothing. */
export async function recordPageKeys(record: string, keys: PageKeys): Promise<void> {
  const byUrl = Object.fromEntries([...keys].filter(([, key]) => key !== undefined));
  try {
    await mkdir(path.dirname(record), { recursive: true });
    await writeFile(record, JSON.stringify(byUrl));
  } catch {
    // The next rebuild feeds the search index from the output once its pages are rendered, as a clean build does.
  }
}

/** Whether a page of this build has the key it had in the last one, which Astro's incremental build then leaves in place. */
export function keptByKey(record: string, keys: PageKeys): (url: string) => boolean {
  let before: Record<string, string>;
  try {
    before = JSON.parse(readFileSync(record, 'utf8')) as Record<string, string>;
  } catch {
    return () => false; // none recorded: every page may be rendered
  }
  return (url) => {
    const key = keys.get(url);
    return key !== undefined && Object.hasOwn(before, url) && before[url] === key;
  };
}
