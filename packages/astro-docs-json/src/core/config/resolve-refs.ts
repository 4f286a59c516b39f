/**
 * `{"$ref": "./fr.json"}` anywhere in the config is replaced by that file's content
 * (relative to the file that refers to it), with sibling keys overriding it. This runs
 * before validation, so the schema sees one merged config; the origins it records let
 * a diagnostic name the file and line that a part of the merged config came from.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { formatJsonPath, type Diagnostic, type JsonPath, type Locate } from '../diagnostics.ts';
import { locate, parseJsonDocument, type JsonDocument } from './json-document.ts';

/** The part of the merged config at `at` came from `filePath` in `document`. */
interface Origin {
  at: JsonPath;
  document: JsonDocument;
  filePath: JsonPath;
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

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function resolveConfigRefs(rootFile: string, docsDir: string): Promise<ResolvedConfig> {
  const relative = (absolute: string) => path.relative(docsDir, absolute).split(path.sep).join('/');
  const documents = new Map<string, JsonDocument | undefined>();
  const origins: Origin[] = [];
  const brokenPaths: JsonPath[] = [];
  const diagnostics: Diagnostic[] = [];

  async function load(absolute: string): Promise<JsonDocument | undefined> {
    if (documents.has(absolute)) return documents.get(absolute);
    const text = await readFile(absolute, 'utf8');
    const { document, diagnostic } = parseJsonDocument(relative(absolute), text);
    if (diagnostic) diagnostics.push(diagnostic);
    documents.set(absolute, document);
    return document;
  }

  async function resolve(
    value: unknown,
    document: JsonDocument,
    filePath: JsonPath,
    at: JsonPath,
    chain: string[],
  ): Promise<unknown> {
    if (Array.isArray(value)) {
      return Promise.all(value.map((item, index) => resolve(item, document, [...filePath, index], [...at, index], chain)));
    }
    if (!isPlainObject(value)) return value;

    const { $ref: ref, ...siblings } = value;
    const resolvedSiblings: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(siblings)) {
      resolvedSiblings[key] = await resolve(child, document, [...filePath, key], [...at, key], chain);
    }
    if (!('$ref' in value)) return resolvedSiblings;

    for (const key of Object.keys(siblings)) origins.push({ at: [...at, key], document, filePath: [...filePath, key] });
    const target = await resolveRef(ref, document, filePath, at, chain);
    if (target === undefined) {
      brokenPaths.push(at);
      return resolvedSiblings;
    }
    if (Object.keys(siblings).length === 0) return target;
    if (!isPlainObject(target)) {
      fail(document, [...filePath, '$ref'], at, `The file that \`$ref\` names holds ${describe(target)}, so the keys beside \`$ref\` cannot be merged into it.`, 'Keys beside `$ref` override keys of an object; remove them, or make the referenced file an object.');
      brokenPaths.push(at);
      return resolvedSiblings;
    }
    return { ...target, ...resolvedSiblings };
  }

  async function resolveRef(
    ref: unknown,
    document: JsonDocument,
    filePath: JsonPath,
    at: JsonPath,
    chain: string[],
  ): Promise<unknown> {
    const refPath = [...filePath, '$ref'];
    if (typeof ref !== 'string' || ref.trim() === '') {
      fail(document, refPath, at, '`$ref` must be the path of a JSON file, like "./fr.json".');
      return undefined;
    }
    if (ref.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(ref)) {
      fail(document, refPath, at, `\`$ref\` "${ref}" is not a file path: only references to JSON files in the docs folder are supported.`, 'Write a path relative to this file, like "./fr.json".');
      return undefined;
    }
    const here = chain.at(-1)!;
    const target = path.resolve(path.dirname(here), ref);
    if (target !== docsDir && !target.startsWith(docsDir + path.sep)) {
      fail(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} points outside the docs folder (to ${target}).`, 'Keep referenced files inside the folder that holds docs.json.');
      return undefined;
    }
    if (chain.includes(target)) {
      const cycle = [...chain.slice(chain.indexOf(target)), target].map(relative).join(' → ');
      fail(document, refPath, at, `\`$ref\` "${ref}" in ${document.file} refers back to ${relative(target)}, which is already being included: ${cycle}.`, 'Remove the reference that closes the cycle.');
      return undefined;
    }
    let targetDocument: JsonDocument | undefined;
    try {
      targetDocument = await load(target);
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      fail(
        document,
        refPath,
        at,
        missing
          ? `\`$ref\` "${ref}" in ${document.file} names ${relative(target)}, which does not exist.`
          : `\`$ref\` "${ref}" in ${document.file} names ${relative(target)}, which cannot be read (${(error as Error).message}).`,
        missing ? 'Check the path: it is relative to the file that holds the `$ref`.' : undefined,
      );
      return undefined;
    }
    if (!targetDocument) return undefined; // its syntax error is already reported
    origins.push({ at, document: targetDocument, filePath: [] });
    return resolve(targetDocument.value, targetDocument, [], at, [...chain, target]);
  }

  function fail(document: JsonDocument, filePath: JsonPath, at: JsonPath, message: string, hint?: string) {
    diagnostics.push({
      severity: 'error',
      code: 'invalid-ref',
      file: document.file,
      ...locate(document, filePath),
      path: formatJsonPath(at) || undefined,
      message,
      hint,
    });
  }

  let value: unknown;
  let root: JsonDocument | undefined;
  try {
    root = await load(rootFile);
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
    value = await resolve(root.value, root, [], [], [rootFile]);
  }

  return {
    value,
    files: [...documents.keys()],
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
