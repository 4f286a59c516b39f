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

/** What a `$ref` stands for: its content, or none; `broken` when that leaves the config incomplete. */
interface RefOutcome {
  target?: unknown;
  broken: boolean;
}

/** A `$ref` met in the config: what it says, and where it stands. */
interface Reference {
  ref: string;
  document: JsonDocument;
  /** The `$ref` key's own path in `document`, where its diagnostics point. */
  refPath: JsonPath;
  at: JsonPath;
  /** The files being included, the root first: the last one holds this `$ref`. */
  chain: Link[];
}

const BROKEN: RefOutcome = { broken: true };

export async function resolveConfigRefs(rootFile: string, docsDir: string, read: ReadText = readText): Promise<ResolvedConfig> {
  return new RefResolver(rootFile, docsDir, read).run();
}

/** One load of a config: the files it read, where each part came from, and what went wrong. */
class RefResolver {
  private readonly rootFile: string;
  private readonly docsDir: string;
  private readonly read: ReadText;
  // A `$ref` must really lie in the docs folder, wherever that folder itself really is.
  private readonly realDocsDir: Promise<string>;
  /**
   * Each file is read and parsed once per load, however many references name it: 1,000
   * `$ref`s to one file must not open it 1,000 times. Keyed by real path; the promise is
   * stored, so that references met while the file is still being read share that read.
   */
  private readonly documents = new Map<string, Promise<JsonDocument | undefined>>();
  private readonly files = new Set<string>();
  private readonly origins: Origin[] = [];
  private readonly brokenPaths: JsonPath[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private reportedTooDeep = false;

  constructor(rootFile: string, docsDir: string, read: ReadText) {
    this.rootFile = rootFile;
    this.docsDir = docsDir;
    this.read = read;
    this.realDocsDir = realpath(docsDir).catch(() => docsDir);
  }

  async run(): Promise<ResolvedConfig> {
    const { rootFile } = this;
    let value: unknown;
    let root: JsonDocument | undefined;
    const rootLink: Link = { file: rootFile, real: await realpath(rootFile).catch(() => rootFile) };
    try {
      root = await this.load(rootLink);
      this.files.add(rootFile);
    } catch (error) {
      this.diagnostics.push({
        severity: 'error',
        code: 'missing-config',
        file: this.relative(rootFile),
        message: `${this.relative(rootFile)} cannot be read: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.`,
      });
    }
    if (root) {
      this.origins.push({ at: [], document: root, filePath: [] });
      value = await this.resolve(root.value, root, [], [], [rootLink]);
    }
    return {
      value,
      files: [...this.files],
      brokenPaths: this.brokenPaths,
      diagnostics: this.diagnostics,
      locate: (at) => this.locate(at),
    };
  }

  private relative(absolute: string): string {
    return path.relative(this.docsDir, absolute).split(path.sep).join('/');
  }

  private load({ file, real }: Link): Promise<JsonDocument | undefined> {
    let document = this.documents.get(real);
    if (!document) {
      document = this.read(real).then((text) => {
        const parsed = parseJsonDocument(this.relative(file), text);
        if (parsed.diagnostic) this.diagnostics.push(parsed.diagnostic);
        return parsed.document;
      });
      this.documents.set(real, document);
    }
    return document;
  }

  private async resolve(value: unknown, document: JsonDocument, filePath: JsonPath, at: JsonPath, chain: Link[]): Promise<unknown> {
    if (typeof value !== 'object' || value === null) return value;
    // Each file is at most MAX_DEPTH deep, but what its `$ref`s include nests below it:
    // the merged config is cut where it crosses the limit, before validation recurses.
    if (at.length >= MAX_DEPTH) {
      this.tooDeep(document, filePath, at, `The config nests objects and arrays more than ${MAX_DEPTH} levels deep here, counting what \`$ref\`s include: this part is left out.`);
      return undefined;
    }
    if (Array.isArray(value)) {
      // One element after another, so that the first problem in document order is the one
      // reported when only one is (a config too deep), whichever file is read fastest.
      const items: unknown[] = [];
      for (const [index, item] of value.entries()) {
        items.push(await this.resolve(item, document, [...filePath, index], [...at, index], chain));
      }
      return items;
    }
    return this.resolveObject(value as Record<string, unknown>, document, filePath, at, chain);
  }

  /** An object's keys, resolved, merged over the content of its `$ref` if it has one. */
  private async resolveObject(value: Record<string, unknown>, document: JsonDocument, filePath: JsonPath, at: JsonPath, chain: Link[]): Promise<unknown> {
    const { $ref: ref, ...siblings } = value;
    const resolvedSiblings: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(siblings)) {
      setOwn(resolvedSiblings, key, await this.resolve(child, document, [...filePath, key], [...at, key], chain));
    }
    if (!Object.hasOwn(value, '$ref')) return resolvedSiblings;

    for (const key of Object.keys(siblings)) this.origins.push({ at: [...at, key], document, filePath: [...filePath, key] });
    const resolved = await this.resolveRef(ref, document, filePath, at, chain);
    if (resolved.broken) this.brokenPaths.push(at);
    const { target } = resolved;
    if (target === undefined) return resolvedSiblings;
    if (Object.keys(siblings).length === 0) return target;
    if (!isPlainObject(target)) {
      this.fail(document, [...filePath, '$ref'], at, `The file that \`$ref\` names holds ${describe(target)}, so the keys beside \`$ref\` cannot be merged into it.`, 'Keys beside `$ref` override keys of an object; remove them, or make the referenced file an object.');
      this.brokenPaths.push(at);
      return resolvedSiblings;
    }
    // Spreading defines own properties, so a `__proto__` key stays a key here too.
    return { ...target, ...resolvedSiblings };
  }

  /**
   * The content a `$ref` stands for, or none. `broken` when the config is incomplete
   * because of an error reported here, so that what is missing below is not reported again.
   */
  private async resolveRef(ref: unknown, document: JsonDocument, filePath: JsonPath, at: JsonPath, chain: Link[]): Promise<RefOutcome> {
    const refPath = [...filePath, '$ref'];
    if (typeof ref !== 'string' || ref.trim() === '') {
      this.fail(document, refPath, at, '`$ref` must be the path of a JSON file, like "./fr.json".');
      return BROKEN;
    }
    const reference: Reference = { ref, document, refPath, at, chain };
    const checked = await this.check(reference);
    return 'real' in checked ? this.follow(reference, checked) : checked;
  }

  /** The file a `$ref` names, once it is known to be one that may be read; otherwise the outcome. */
  private async check(reference: Reference): Promise<Link | RefOutcome> {
    const { ref, document, refPath, at, chain } = reference;
    if (ref.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(ref)) {
      this.fail(document, refPath, at, `\`$ref\` "${ref}" is not a file path: only references to JSON files in the docs folder are supported.`, 'Write a path relative to this file, like "./fr.json".');
      return BROKEN;
    }
    const here = chain.at(-1)!;
    const target = path.resolve(path.dirname(here.file), ref);
    if (!isInside(this.docsDir, target)) {
      this.fail(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} points outside the docs folder.`, 'Keep referenced files inside the folder that holds docs.json.');
      return BROKEN;
    }
    if (chain.length >= MAX_DEPTH) {
      this.tooDeep(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} would make a chain of more than ${MAX_DEPTH} files, each included by the one before: it is not followed.`);
      return BROKEN;
    }
    let real: string;
    try {
      real = await realpath(target);
    } catch (error) {
      this.unreadable(error, reference, target);
      return BROKEN;
    }
    if (!isInside(await this.realDocsDir, real)) {
      // Named as written: where the link leads is none of the reader's business.
      this.fail(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} is a symbolic link that leads out of the docs folder: it is not read, and the config is read without it.`,
        'Put the file itself in the docs folder.', 'warning', 'outside-docs');
      return { broken: false };
    }
    // By real path, so that a cycle through a link (or a link to a folder) is one too.
    const seen = chain.findIndex((link) => link.real === real);
    if (seen !== -1) {
      const cycle = [...chain.slice(seen), { file: target }].map((link) => this.relative(link.file)).join(' → ');
      this.fail(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} refers back to ${this.relative(target)}, which is already being included: ${cycle}.`, 'Remove the reference that closes the cycle.');
      return BROKEN;
    }
    return { file: target, real };
  }

  /** Reads the file a checked `$ref` names and resolves its own `$ref`s in turn. */
  private async follow(reference: Reference, link: Link): Promise<RefOutcome> {
    let targetDocument: JsonDocument | undefined;
    try {
      targetDocument = await this.load(link);
    } catch (error) {
      this.unreadable(error, reference, link.file);
      return BROKEN;
    }
    this.files.add(link.file);
    if (!targetDocument) return BROKEN; // its syntax error is already reported
    this.origins.push({ at: reference.at, document: targetDocument, filePath: [] });
    return { target: await this.resolve(targetDocument.value, targetDocument, [], reference.at, [...reference.chain, link]), broken: false };
  }

  private unreadable(error: unknown, { ref, document, refPath, at }: Reference, target: string): void {
    const code = (error as NodeJS.ErrnoException).code;
    this.fail(
      document,
      refPath,
      at,
      code === 'ENOENT'
        ? `\`$ref\` "${ref}" in ${document.file} names ${this.relative(target)}, which does not exist.`
        : `\`$ref\` "${ref}" in ${document.file} names ${this.relative(target)}, which cannot be read (${code ?? (error as Error).message}).`,
      code === 'ENOENT' ? 'Check the path: it is relative to the file that holds the `$ref`.' : undefined,
    );
  }

  private fail(document: JsonDocument, filePath: JsonPath, at: JsonPath, message: string, hint?: string, severity: Severity = 'error', code = 'invalid-ref'): void {
    this.diagnostics.push({
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
  private tooDeep(document: JsonDocument, filePath: JsonPath, at: JsonPath, message: string): void {
    this.brokenPaths.push(at);
    if (this.reportedTooDeep) return;
    this.reportedTooDeep = true;
    this.fail(document, filePath, at, message, 'No site needs this many levels: look for a `$ref` that includes more than it should, or flatten the nesting.', 'error', 'too-deep');
  }

  /** The file, line and column of the part of the merged config at `at`: from the deepest origin above it. */
  private locate(at: JsonPath): ReturnType<Locate> {
    let best: Origin | undefined;
    for (const origin of this.origins) {
      const isPrefix = origin.at.every((segment, i) => at[i] === segment);
      if (isPrefix && (!best || origin.at.length > best.at.length)) best = origin;
    }
    if (!best) return { file: this.relative(this.rootFile) };
    return { file: best.document.file, ...locate(best.document, [...best.filePath, ...at.slice(best.at.length)]) };
  }
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  return `a ${typeof value}`;
}
