/**
 * `.mintignore`: the files of the docs folder that Mintlify leaves out of the site altogether
 * (no page, no asset, no search entry, no snippet or spec to read), written in `.gitignore`'s
 * syntax, on top of the files Mintlify ignores by default. Only the docs folder's own
 * `.mintignore` counts: none above it, nor one that a symbolic link leads out to.
 *
 * Matching uses `ignore` (the `.gitignore` matcher ESLint and Prettier use, and Mintlify's own
 * builds): with its defaults, as Mintlify calls it, so names match whatever their case. The
 * rules are compiled once per docs folder, and again each time the site is loaded
 * (`loadSite`), so that a change to `.mintignore` in `astro dev` is seen as a docs.json one is;
 * every reader of the docs folder (`walk.ts`, `discover.ts`, `fileStatus`, `isAssetPath`) asks
 * `docsIgnore`.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { Diagnostic } from '../diagnostics.ts';

export const MINTIGNORE = '.mintignore';

/** What Mintlify ignores without being told, as its page "Exclude files from publishing" lists it; `.mintignore` comes after, so `!` can take one back. */
export const DEFAULT_IGNORED = [
  '.git', '.github', '.claude', '.agents', '.idea', '.vscode', 'node_modules', 'build', 'dist', 'coverage', '.cache', 'tmp', 'temp',
  'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md',
];

/** The rule that ignores a file: a line of `.mintignore`, or one of Mintlify's defaults (no line). */
export interface IgnoreRule {
  pattern: string;
  line?: number;
  /** The folder above the file that the rule ignores, when it ignores the file with its folder. */
  folder?: string;
}

/** The compiled rules of one docs folder. Paths are relative to it, with `/` separators. */
export class DocsIgnore {
  readonly #matcher: Ignore;

  /** `text`: the docs folder's `.mintignore`, if it has one. */
  constructor(text = '') {
    const lines = text.split(/\r?\n/).map((pattern, index) => ({ pattern: pattern.trim(), mark: String(index + 1) }));
    this.#matcher = ignore().add(DEFAULT_IGNORED).add(lines);
  }

  /** Whether the file (or, with `folder`, the folder) at `relative` is left out, by its own rule or its folder's. */
  ignores(relative: string, folder = false): boolean {
    return isInside(relative) && this.#matcher.ignores(folder ? `${relative}/` : relative);
  }

  /** The rule that leaves out the file at `relative`, for a message; undefined when none does. */
  ruleFor(relative: string): IgnoreRule | undefined {
    if (!isInside(relative)) return undefined;
    const { rule } = this.#matcher.test(relative);
    if (!rule) return undefined;
    const segments = relative.split('/');
    const folder = segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/')).find((above) => this.#matcher.ignores(`${above}/`));
    return { pattern: rule.pattern, ...(rule.mark ? { line: Number(rule.mark) } : {}), ...(folder ? { folder } : {}) };
  }
}

/** `ignore` takes paths inside the folder only: `..`, an absolute path or the folder itself are none. */
const isInside = (relative: string) => relative !== '' && relative !== '..' && !relative.startsWith('../') && !path.isAbsolute(relative);

/** Where a rule comes from, for a message: its line of `.mintignore` and pattern, or Mintlify's default. */
export function describeRule(rule: IgnoreRule): string {
  return rule.line === undefined ? `Mintlify's default ignore rule \`${rule.pattern}\`` : `\`${MINTIGNORE}\` line ${rule.line} (\`${rule.pattern}\`)`;
}

/**
 * How to publish a file a rule ignores, for a hint. A `!` line takes a default back; one of
 * the file's own takes back a file, but not a file of an ignored folder, as in `.gitignore`.
 */
export function unignoreHint(file: string, rule: IgnoreRule): string {
  if (rule.line === undefined) return `To publish it, add a line \`!${rule.folder ? `${rule.folder}/` : file}\` to \`${MINTIGNORE}\`.`;
  if (!rule.folder) return `To publish it, remove that line, or add a line \`!${file}\` below it.`;
  return `To publish it, remove that line; a \`!\` line cannot take back a file of an ignored folder, so to publish this one alone, ignore \`${rule.folder}/*\` instead and add \`!${file}\` below it.`;
}

const byDocsDir = new Map<string, DocsIgnore>();

/** The docs folder's rules, as last read: read now if nothing has read them yet. */
export function docsIgnore(docsDir: string): DocsIgnore {
  const key = path.resolve(docsDir);
  return byDocsDir.get(key) ?? readDocsIgnore(key).ignore;
}

/** Reads the docs folder's `.mintignore` again, for every reader after this; one that leads out of the folder is not read. */
export function readDocsIgnore(docsDir: string): { ignore: DocsIgnore; diagnostics: Diagnostic[] } {
  const key = path.resolve(docsDir);
  const diagnostics: Diagnostic[] = [];
  let text: string | undefined;
  try {
    const real = realpathSync(path.join(key, MINTIGNORE));
    const relative = path.relative(realpathSync(key), real);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      diagnostics.push({
        severity: 'warning',
        code: 'outside-docs',
        file: MINTIGNORE,
        message: `\`${MINTIGNORE}\` is a symbolic link that leads out of the docs folder: it is not read, and only Mintlify's default rules apply.`,
        hint: `Put the file itself in the docs folder.`,
      });
    } else text = readFileSync(real, 'utf8');
  } catch {
    // No `.mintignore`: the defaults alone.
  }
  const compiled = new DocsIgnore(text);
  byDocsDir.set(key, compiled);
  return { ignore: compiled, diagnostics };
}

/** A file that is there but ignored, and the rule that ignores it. */
export interface IgnoredFile {
  file: string;
  rule: IgnoreRule;
}

/**
 * The first of `files` (relative to the docs folder) that exists but is ignored, with its
 * rule: what a page or link names is then not missing but ignored. Asked only of what
 * leads nowhere, for its message.
 */
export function ignoredFile(docsDir: string, files: readonly string[]): IgnoredFile | undefined {
  const rules = docsIgnore(docsDir);
  for (const file of files) {
    const rule = rules.ruleFor(file);
    if (rule && statSync(path.join(docsDir, file), { throwIfNoEntry: false })?.isFile()) return { file, rule };
  }
  return undefined;
}

/** The page file a navigation entry (`drafts/intro`) names, when it is there but ignored. */
export const ignoredPageFile = (docsDir: string, page: string) => ignoredFile(docsDir, [`${page}.mdx`, `${page}.md`]);
