/**
 * The site's compiled Tailwind classes, kept by what they are compiled from: the class names
 * and colours the pages write (`utilityInput`), Tailwind's version and this package's code.
 * Loading and running Tailwind costs each build some 0.2 s, and a rebuild or a dev server's
 * reload after an edit mostly writes no new class name: kept in memory for the dev server,
 * and on disk between builds, it is compiled only when that input changes.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compileUtilities, type UtilityInput } from '../../core/theme/tailwind.ts';
import { textDigest } from '../../core/text-digest.ts';
import { CORE_CODE, digestOfCode } from './code-digest.ts';

let last: { key: string; css: Promise<string> } | undefined;

/** `input` compiled, or as compiled before; `cacheDir` keeps it between processes (one file, the last input's). */
export function cachedUtilities(input: UtilityInput, cacheDir?: string): Promise<string> {
  if (input.classes.length === 0) return Promise.resolve('');
  const key = textDigest(`${digestOfCode(CORE_CODE)}\0${tailwindVersion()}\0${JSON.stringify(input)}`);
  if (last?.key !== key) last = { key, css: fromDiskOrCompiled(input, key, cacheDir) };
  const kept = last;
  // A failure is not kept: the next reload tries again.
  kept.css.catch(() => (last === kept ? (last = undefined) : undefined));
  return kept.css;
}

async function fromDiskOrCompiled(input: UtilityInput, key: string, cacheDir: string | undefined): Promise<string> {
  const file = cacheDir && path.join(cacheDir, 'utilities.json');
  if (file) {
    const kept = await readFile(file, 'utf8').then((text) => JSON.parse(text) as { key?: string; css?: string }, () => undefined);
    if (kept?.key === key && typeof kept.css === 'string') return kept.css;
  }
  const css = await compileUtilities(input);
  if (file) {
    // Whole or not at all; a folder that cannot be written only costs the next build the compiling.
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify({ key, css }))
      .then(() => rename(temporary, file))
      .catch(() => undefined);
  }
  return css;
}

let version: string | undefined;
function tailwindVersion(): string {
  version ??= (createRequire(import.meta.url)('tailwindcss/package.json') as { version: string }).version;
  return version;
}
