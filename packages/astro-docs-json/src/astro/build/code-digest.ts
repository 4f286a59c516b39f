/**
 * A digest of some of this package's code, for the caches whose entries it shapes: a new
 * version of the package does not use what an older one wrote.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const digests = new Map<string, string>();

/** `.ts` where the package runs from its sources (the workspace), `.js` where it runs compiled (`dist/`, as published). */
export const MODULE_EXTENSION = path.extname(fileURLToPath(import.meta.url));
/** A module named as in the sources (`x.ts`), as it is named here. */
export const moduleFile = (name: string) => name.replace(/\.ts$/, MODULE_EXTENSION);

/** The code that analyses and checks files: caches of what it found (each file's analysis, each page's lint) are by its digest. */
export const CORE_CODE = ['core/', '../package.json'];

/** The package's code: `src/` in the workspace, `dist/` as published. */
const CODE_ROOT = new URL('../../', import.meta.url);

/** `relatives` are paths from the package's code (`core/`, `../package.json`); a folder (ending in `/`) counts with its modules, nested ones too. Read once per process. */
export function digestOfCode(relatives: readonly string[]): string {
  const id = relatives.join('\0');
  let digest = digests.get(id);
  if (!digest) {
    const hash = createHash('sha256');
    for (const relative of relatives) {
      const absolute = fileURLToPath(new URL(moduleFile(relative), CODE_ROOT));
      const files = relative.endsWith('/')
        ? readdirSync(absolute, { recursive: true }).map(String).filter((name) => name.endsWith(MODULE_EXTENSION)).sort().map((name) => path.join(absolute, name))
        : [absolute];
      for (const file of files) hash.update(readFileSync(file)).update('\0');
    }
    digest = hash.digest('hex').slice(0, 40);
    digests.set(id, digest);
  }
  return digest;
}
