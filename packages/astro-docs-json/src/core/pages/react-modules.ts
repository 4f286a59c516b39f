/**
 * Which code files of the docs folder (`.jsx`, `.tsx`, `.js` snippets) are written for
 * React, as Mintlify runs them: React renders and hydrates their components. A file is when
 * its code calls hooks or handles events (`isInteractiveReact`), or when the components it
 * renders are all React's, imported from such files: a wrapper that passes its children on
 * to a React component is one too, so that the React component inside stays interactive.
 * A file that renders built-in components (Astro's) is not: Astro renders it on the server,
 * React components inside included.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { componentTagsIn, isInteractiveReact } from '../markdown/jsx-in-code.ts';
import { importedFile } from './references.ts';

/** `import A, { B, C as D } from '…'`: the default name, the braces, and the specifier. */
const IMPORT_STATEMENT = /^\s*import\s+(?:([A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{([^}]*)\}\s*)?from\s*['"]([^'"]+)['"]/gm;
/** `export const A = …`, `export function B`, `const C = …`: the names a file defines. */
const DECLARATION = /^\s*(?:export\s+)?(?:const|let|var|function|class)\s+([A-Za-z_$][\w$]*)/gm;

export const SCRIPT_MODULE = /\.[jt]sx?$/;

/** A test of whether a docs file is a React module; each file is read once. */
export function reactModuleTest(docsDir: string, read: (file: string) => string = (file) => readFileSync(path.join(docsDir, file), 'utf8')): (file: string) => boolean {
  const verdicts = new Map<string, boolean>();
  const isReact = (file: string): boolean => {
    const known = verdicts.get(file);
    if (known !== undefined) return known;
    verdicts.set(file, false); // an import cycle decides nothing
    let verdict = false;
    try {
      verdict = SCRIPT_MODULE.test(file) && rendersForReact(docsDir, file, read(file), isReact);
    } catch {
      // A file that cannot be read: its importer's compiler says so.
    }
    verdicts.set(file, verdict);
    return verdict;
  };
  return isReact;
}

function rendersForReact(docsDir: string, file: string, code: string, isReact: (file: string) => boolean): boolean {
  if (isInteractiveReact(code)) return true;
  const own = new Set([...code.matchAll(DECLARATION)].map((match) => match[1]!));
  const fromReact = new Set<string>();
  for (const [, defaultName, named, specifier] of code.matchAll(IMPORT_STATEMENT)) {
    const target = importedFile(docsDir, file, specifier!);
    if (target === undefined || !isReact(target)) continue;
    if (defaultName) fromReact.add(defaultName);
    for (const entry of (named ?? '').split(',')) {
      const local = entry.trim().split(/\s+as\s+/).pop();
      if (local) fromReact.add(local);
    }
  }
  const rendered = componentTagsIn(code).map((tag) => tag.name.split('.')[0]!).filter((name) => !own.has(name));
  return rendered.length > 0 && rendered.every((name) => fromReact.has(name));
}
