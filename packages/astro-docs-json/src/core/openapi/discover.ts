/**
 * Every OpenAPI document of the docs folder: as on Mintlify, any `.json`, `.yaml` or
 * `.yml` file whose top level has an `openapi` (or `swagger`) key is a spec that a page's
 * frontmatter can use, whether docs.json names it or not. Finding them must stay cheap:
 * a docs folder can hold many data files of several MB, so each file is only scanned for
 * its top-level keys here; validating one happens later, and only when a page needs it.
 */
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { docsIgnore } from '../pages/mintignore.ts';
import { normalizePagePath } from '../paths/page-path.ts';
import { mapBounded } from '../map-bounded.ts';

export interface DiscoverOptions {
  /** Folders, relative to the docs folder, to leave out (Astro's output, say). */
  exclude?: readonly string[];
}

/** A larger file is a data dump, not a spec anyone writes; reading it is not worth the time. */
export const MAX_SPEC_BYTES = 50 * 1024 * 1024;
const SPEC_EXTENSIONS = /\.(json|ya?ml)$/i;
const SKIPPED_FOLDERS = new Set(['node_modules']);
const PARALLEL_READS = 16;

/** The docs folder's specs, by their path relative to it (`/` separators), sorted. */
export async function discoverSpecFiles(docsDir: string, options: DiscoverOptions = {}): Promise<string[]> {
  const candidates = await candidateFiles(docsDir, options);
  const realDocsDir = await realpath(docsDir);
  const found = await mapBounded(candidates, PARALLEL_READS, async (relative) =>
    (await isSpecFile(realDocsDir, path.join(docsDir, relative))) ? relative : undefined,
  );
  return found.filter((relative): relative is string => relative !== undefined).sort();
}

/**
 * The `.json`/`.yaml`/`.yml` files, outside dot-folders, `node_modules`, the excluded
 * folders and what `.mintignore` ignores. Symbolic links are not followed: a `Dirent` of a
 * link is neither a file nor a folder, so a link cannot lead the walk out of the docs folder.
 */
async function candidateFiles(docsDir: string, options: DiscoverOptions): Promise<string[]> {
  const excluded = new Set((options.exclude ?? []).map((folder) => normalizePagePath(folder)));
  const rules = docsIgnore(docsDir);
  const files: string[] = [];
  async function walk(relativeDir: string): Promise<void> {
    const entries = await readdir(path.join(docsDir, relativeDir), { withFileTypes: true }).catch(() => []);
    const folders: Array<Promise<void>> = [];
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (rules.ignores(relative, entry.isDirectory())) continue;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !excluded.has(relative)) folders.push(walk(relative));
      } else if (entry.isFile() && SPEC_EXTENSIONS.test(entry.name)) files.push(relative);
    }
    await Promise.all(folders);
  }
  await walk('');
  return files;
}

async function isSpecFile(realDocsDir: string, file: string): Promise<boolean> {
  try {
    // The real path, not the written one, must be inside the docs folder.
    const relative = path.relative(realDocsDir, await realpath(file));
    if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
    if ((await stat(file)).size > MAX_SPEC_BYTES) return false;
    return declaresSpec(await readFile(file, 'utf8'));
  } catch {
    return false; // unreadable: not a spec anyone can use
  }
}

const SPEC_KEYS = new Set(['openapi', 'swagger']);

/**
 * Whether a JSON or YAML text's top-level mapping has an `openapi` or `swagger` key,
 * without parsing the rest of it.
 */
export function declaresSpec(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) return jsonTopLevelKeys(start).some((key) => SPEC_KEYS.has(key));
  if (start.startsWith('[')) return false;
  // YAML: a top-level key starts its line, and no deeper line (or block scalar) does.
  return /^["']?(?:openapi|swagger)["']?[ \t]*:/m.test(text);
}

/**
 * The keys of a JSON object's top level, read in one pass that skips over the values:
 * `openapi` may come after a large `components` in a file whose keys are sorted.
 */
export function jsonTopLevelKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      const end = stringEnd(text, i);
      if (depth === 1 && expectingKey) {
        keys.push(text.slice(i + 1, end));
        expectingKey = false;
      }
      i = end;
    } else if (char === '{' || char === '[') {
      depth++;
      if (depth === 1) expectingKey = true;
    } else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) break;
    } else if (char === ',' && depth === 1) expectingKey = true;
  }
  return keys;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
}
