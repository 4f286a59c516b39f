/**
 * `{"$ref": "./fr.json"}` anywhere in the config is replaced by that file's content
 * (relative to the file that refers to it), with sibling keys overriding it. This runs
 * before validation, so the schema sees one merged config; the origins it records let
 * a diagnostic name the file and line that a part of the merged config came from.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { formatJsonPath, type Diagnostic, type JsonPath, type Locate, type Severity } from '../diagnostics.ts';
import { locate, MAX_DEPTH, parseJsonDocument, type JsonDocument } from './json-document.ts';

/** The part of the merged config at `at` came from `filePath` in `document`. */
interface Origin {
  at: JsonPath;
  document: JsonDocument;
  filePath: JsonPath;
}

/** A file being included: its path as the references name it, and where it really is. */
interface Link {
  file: string;
  real: string;
}

export interface ResolvedConfig {
  value: unknown;
  /** Every JSON file read, as absolute paths: the watch list for `astro dev`. */
  files: string[];
  /** Where a `$ref` failed: diagnostics below these paths would only repeat that error. */
  brokenPaths: JsonPath[];
  diagnostics: Diagnostic[];
  /** The file, line and column that produced the part of the config at `at`. */
  locate: Locate;
}

/** Reads a file's text. A parameter so that a test can count the reads. */
export type ReadText = (file: string) => Promise<string>;

const readText: ReadText = (file) => readFile(file, 'utf8');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isInside = (dir: string, file: string) => file === dir || file.startsWith(dir + path.sep);

/**
 * Sets `key` as an own property. Assigning would not: `object.__proto__ = x` replaces the
 * object's prototype, and a `"__proto__"` key of docs.json must stay a key like any other.
 */
function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

export async function resolveConfigRefs(rootFile: string, docsDir: string, read: ReadText = readText): Promise<ResolvedConfig> {
  const relative = (absolute: string) => path.relative(docsDir, absolute).split(path.sep).join('/');
  // A `$ref` must really lie in the docs folder, wherever that folder itself really is.
  const realDocsDir = realpath(docsDir).catch(() => docsDir);
  /**
   * Each file is read and parsed once per load, however many references name it: 1,000
   * `$ref`s to one file must not open it 1,000 times. Keyed by real path; the promise is
   * stored, so that references met while the file is still being read share that read.
   */
  const documents = new Map<string, Promise<JsonDocument | undefined>>();
  const files = new Set<string>();
  const origins: Origin[] = [];
  const brokenPaths: JsonPath[] = [];
  const diagnostics: Diagnostic[] = [];
  let reportedTooDeep = false;

  function load({ file, real }: Link): Promise<JsonDocument | undefined> {
    let document = documents.get(real);
    if (!document) {
      document = read(real).then((text) => {
        const parsed = parseJsonDocument(relative(file), text);
        if (parsed.diagnostic) diagnostics.push(parsed.diagnostic);
        return parsed.document;
      });
      documents.set(real, document);
    }
    return document;
  }

  async function resolve(
    value: unknown,
    document: JsonDocument,
    filePath: JsonPath,
    at: JsonPath,
    chain: Link[],
  ): Promise<unknown> {
    if (typeof value !== 'object' || value === null) return value;
    // Each file is at most MAX_DEPTH deep, but what its `$ref`s include nests below it:
    // the merged config is cut where it crosses the limit, before validation recurses.
    if (at.length >= MAX_DEPTH) {
      tooDeep(document, filePath, at, `The config nests objects and arrays more than ${MAX_DEPTH} levels deep here, counting what \`$ref\`s include: this part is left out.`);
      return undefined;
    }
    if (Array.isArray(value)) {
      // One element after another, so that the first problem in document order is the one
      // reported when only one is (a config too deep), whichever file is read fastest.
      const items: unknown[] = [];
      for (const [index, item] of value.entries()) {
        items.push(await resolve(item, document, [...filePath, index], [...at, index], chain));
      }
      return items;
    }

    const { $ref: ref, ...siblings } = value as Record<string, unknown>;
    const resolvedSiblings: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(siblings)) {
      setOwn(resolvedSiblings, key, await resolve(child, document, [...filePath, key], [...at, key], chain));
    }
    if (!Object.hasOwn(value, '$ref')) return resolvedSiblings;

    for (const key of Object.keys(siblings)) origins.push({ at: [...at, key], document, filePath: [...filePath, key] });
    const resolved = await resolveRef(ref, document, filePath, at, chain);
    if (resolved.broken) brokenPaths.push(at);
    const { target } = resolved;
    if (target === undefined) return resolvedSiblings;
    if (Object.keys(siblings).length === 0) return target;
    if (!isPlainObject(target)) {
      fail(document, [...filePath, '$ref'], at, `The file that \`$ref\` names holds ${describe(target)}, so the keys beside \`$ref\` cannot be merged into it.`, 'Keys beside `$ref` override keys of an object; remove them, or make the referenced file an object.');
      brokenPaths.push(at);
      return resolvedSiblings;
    }
    // Spreading defines own properties, so a `__proto__` key stays a key here too.
    return { ...target, ...resolvedSiblings };
  }

  /**
   * The content a `$ref` stands for, or none. `broken` when the config is incomplete
   * because of an error reported here, so that what is missing below is not reported again.
   */
  async function resolveRef(
    ref: unknown,
    document: JsonDocument,
    filePath: JsonPath,
    at: JsonPath,
    chain: Link[],
  ): Promise<{ target?: unknown; broken: boolean }> {
    const broken = { broken: true };
    const refPath = [...filePath, '$ref'];
    if (typeof ref !== 'string' || ref.trim() === '') {
      fail(document, refPath, at, '`$ref` must be the path of a JSON file, like "./fr.json".');
      return broken;
    }
    if (ref.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(ref)) {
      fail(document, refPath, at, `\`$ref\` "${ref}" is not a file path: only references to JSON files in the docs folder are supported.`, 'Write a path relative to this file, like "./fr.json".');
      return broken;
    }
    const here = chain.at(-1)!;
    const target = path.resolve(path.dirname(here.file), ref);
    if (!isInside(docsDir, target)) {
      fail(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} points outside the docs folder.`, 'Keep referenced files inside the folder that holds docs.json.');
      return broken;
    }
    if (chain.length >= MAX_DEPTH) {
      tooDeep(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} would make a chain of more than ${MAX_DEPTH} files, each included by the one before: it is not followed.`);
      return broken;
    }
    let real: string;
    try {
      real = await realpath(target);
    } catch (error) {
      unreadable(error, ref, target, document, refPath, at);
      return broken;
    }
    if (!isInside(await realDocsDir, real)) {
      // Named as written: where the link leads is none of the reader's business.
      fail(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} is a symbolic link that leads out of the docs folder: it is not read, and the config is read without it.`,
        'Put the file itself in the docs folder.', 'warning', 'outside-docs');
      return { broken: false };
    }
    // By real path, so that a cycle through a link (or a link to a folder) is one too.
    const seen = chain.findIndex((link) => link.real === real);
    if (seen !== -1) {
      const cycle = [...chain.slice(seen), { file: target }].map((link) => relative(link.file)).join(' → ');
      fail(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} refers back to ${relative(target)}, which is already being included: ${cycle}.`, 'Remove the reference that closes the cycle.');
      return broken;
    }
    let targetDocument: JsonDocument | undefined;
    try {
      targetDocument = await load({ file: target, real });
    } catch (error) {
      unreadable(error, ref, target, document, refPath, at);
      return broken;
    }
    files.add(target);
    if (!targetDocument) return broken; // its syntax error is already reported
    origins.push({ at, document: targetDocument, filePath: [] });
    return { target: await resolve(targetDocument.value, targetDocument, [], at, [...chain, { file: target, real }]), broken: false };
  }

  function unreadable(error: unknown, ref: string, target: string, document: JsonDocument, refPath: JsonPath, at: JsonPath) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(
      document,
      refPath,
      at,
      code === 'ENOENT'
        ? `\`$ref\` "${ref}" in ${document.file} names ${relative(target)}, which does not exist.`
        : `\`$ref\` "${ref}" in ${document.file} names ${relative(target)}, which cannot be read (${code ?? (error as Error).message}).`,
      code === 'ENOENT' ? 'Check the path: it is relative to the file that holds the `$ref`.' : undefined,
    );
  }

  function fail(document: JsonDocument, filePath: JsonPath, at: JsonPath, message: string, hint?: string, severity: Severity = 'error', code = 'invalid-ref') {
    diagnostics.push({
      severity,
      code,
      file: document.file,
      ...locate(document, filePath),
      path: formatJsonPath(at) || undefined,
      message,
      hint,
    });
  }

  /** One error for a config too deep, however many of its branches are: the first found. */
  function tooDeep(document: JsonDocument, filePath: JsonPath, at: JsonPath, message: string) {
    brokenPaths.push(at);
    if (reportedTooDeep) return;
    reportedTooDeep = true;
    fail(document, filePath, at, message, 'No site needs this many levels: look for a `$ref` that includes more than it should, or flatten the nesting.', 'error', 'too-deep');
  }

  let value: unknown;
  let root: JsonDocument | undefined;
  const rootLink: Link = { file: rootFile, real: await realpath(rootFile).catch(() => rootFile) };
  try {
    root = await load(rootLink);
    files.add(rootFile);
  } catch (error) {
    diagnostics.push({
      severity: 'error',
      code: 'missing-config',
      file: relative(rootFile),
      message: `${relative(rootFile)} cannot be read: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.`,
    });
  }
  if (root) {
    origins.push({ at: [], document: root, filePath: [] });
    value = await resolve(root.value, root, [], [], [rootLink]);
  }

  return {
    value,
    files: [...files],
    brokenPaths,
    diagnostics,
    locate(at) {
      let best: Origin | undefined;
      for (const origin of origins) {
        const isPrefix = origin.at.every((segment, i) => at[i] === segment);
        if (isPrefix && (!best || origin.at.length > best.at.length)) best = origin;
      }
      if (!best) return { file: relative(rootFile) };
      return { file: best.document.file, ...locate(best.document, [...best.filePath, ...at.slice(best.at.length)]) };
    },
  };
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}
