/**
 * `new`: a starter repository (`core/starter/starter.ts`) in a folder, which must be empty
 * unless `--force` says to write into it.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { THEMES } from '../core/schema/docs-json.ts';
import { isTheme, starterFiles } from '../core/starter/starter.ts';

export interface NewSiteOptions {
  name?: string;
  theme?: string;
  force?: boolean;
}

export function newSite(dir: string, options: NewSiteOptions): number {
  if (options.theme !== undefined && !isTheme(options.theme)) {
    process.stderr.write(`--theme takes one of ${THEMES.join(', ')}; not ${JSON.stringify(options.theme)}.\n`);
    return 2;
  }
  if (existsSync(dir) && readdirSync(dir).length > 0 && !options.force) {
    process.stderr.write(`${dir} is not empty: give an empty or new folder (astro-docs-json new my-docs), or --force to write the starter's files into it.\n`);
    return 1;
  }
  const name = options.name?.trim() || titleOf(path.basename(dir));
  const files = starterFiles(name, options.theme && isTheme(options.theme) ? options.theme : undefined);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  const where = path.relative(process.cwd(), dir) || '.';
  process.stdout.write(`Wrote a starter for ${JSON.stringify(name)} to ${where}: ${Object.keys(files).length} files. Next:\n  cd ${where}\n  npx astro-docs-json dev\n`);
  return 0;
}

/** `my-docs` → `My docs`. */
function titleOf(folder: string): string {
  const words = folder.replace(/[-_]+/g, ' ').trim() || 'Docs';
  return words.charAt(0).toUpperCase() + words.slice(1);
}
