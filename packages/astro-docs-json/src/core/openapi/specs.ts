/**
 * OpenAPI specs, read with @apidevtools/swagger-parser: validated, `$ref`s dereferenced
 * (recursive schemas become cyclic objects, which every walk over them guards against),
 * and their operations extracted. Like Mintlify, a spec that breaks a rule of the OpenAPI
 * schema but parses and dereferences is used as it is, with a note of what is wrong; only
 * a spec that cannot be read at all (bad YAML, a `$ref` to nowhere) is refused.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse as parseYaml, parseDocument } from 'yaml';
import { locate as locateInJson, parseJsonDocument } from '../config/json-document.ts';
import type { Diagnostic, JsonPath, Severity } from '../diagnostics.ts';
import { extractOperations, type ApiDocument, type Operation } from './operations.ts';
import { readRemoteSpec, type RemoteSpecOptions } from './remote.ts';
import { describeRule, docsIgnore, unignoreHint } from '../pages/mintignore.ts';
import { fileStatus } from '../pages/references.ts';

export interface LoadedSpec {
  /** The spec's key: its path relative to the docs folder (`api/openapi.yaml`), or its URL. */
  source: string;
  document: ApiDocument;
  operations: Operation[];
}

/** What is wrong with a spec, before it is given a severity (which depends on who names it). */
export interface SpecProblem {
  message: string;
  hint?: string;
  line?: number;
  column?: number;
  /** A JSON pointer into the spec: `#/paths/~1a/get`. */
  path?: string;
}

export type SpecOutcome =
  /** `notes`: what the spec gets away with (schema violations, a copy used offline). */
  | { status: 'loaded'; spec: LoadedSpec; notes: SpecProblem[] }
  /**
   * No such file; for a URL, neither the network nor a kept copy had it (`problem` says why);
   * or a file that is not read (`problem` says why, `code` is `outside-docs` or `ignored-file`).
   */
  | { status: 'missing'; problem?: SpecProblem; code?: string }
  | { status: 'broken'; problems: SpecProblem[] };

/**
 * `openapi` values as docs.json writes them (`/openapi.yaml`, `./api/spec.json`) name
 * files relative to docs.json; their key is that path, normalized. A URL is its own key.
 */
export function specKey(source: string): string {
  if (isUrl(source)) return source.trim();
  return path.posix.normalize(source.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/^\/+/, ''));
}

export const isUrl = (source: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(source.trim());

type ParserError = Error & { details?: Array<{ instancePath?: string; message?: string }> };
type FileResolver = { order: number; canRead: (file: { url: string }) => boolean; read: (file: { url: string }) => Promise<Buffer> };
type Resolve = { http: false; file: false | FileResolver };

/** A spec file of the docs folder, by its key. */
export async function readLocalSpec(docsDir: string, key: string): Promise<SpecOutcome> {
  const file = path.join(docsDir, key);
  const status = key.startsWith('..') ? 'missing' : fileStatus(docsDir, file);
  if (status === 'outside') return { status: 'missing', code: 'outside-docs', problem: { message: `${key} is a symbolic link that leads out of the docs folder: it is not read`, hint: 'Put the spec itself in the docs folder.' } };
  if (status === 'ignored') {
    const rule = docsIgnore(docsDir).ruleFor(key)!;
    return { status: 'missing', code: 'ignored-file', problem: { message: `${key} is ignored by ${describeRule(rule)}: it is not read`, hint: unignoreHint(key, rule) } };
  }
  if (status === 'missing') return { status: 'missing' };
  // `http: false`: the build does not fetch what a spec's `$ref`s point at; files only from the docs folder.
  return readSpec(key, file, undefined, { http: false, file: docsFolderFiles(docsDir) });
}

/**
 * The files a spec's `$ref`s may read: those of the docs folder, by real path. A `$ref`
 * that climbs out, or goes through a link that leads out, reads nothing.
 */
function docsFolderFiles(docsDir: string): FileResolver {
  return {
    order: 1,
    canRead: (file) => !/^[a-z][a-z0-9+.-]*:/i.test(file.url) || file.url.startsWith('file:'),
    async read(file) {
      let target: string;
      try {
        target = file.url.startsWith('file:') ? fileURLToPath(file.url) : decodeURI(file.url);
      } catch {
        throw new Error('a `$ref` names a malformed path');
      }
      if (fileStatus(docsDir, target) !== 'inside') throw new Error('a `$ref` names a file that is not in the docs folder');
      return readFile(target);
    },
  };
}

/** A spec named by URL: fetched, or read from the copy an earlier build kept. */
export async function readUrlSpec(url: string, options: RemoteSpecOptions | undefined): Promise<SpecOutcome> {
  const remote = await readRemoteSpec(url, options);
  if (remote.text === undefined) return { status: 'missing', problem: { message: remote.problem, hint: remote.hint } };
  // Neither files nor URLs: a fetched spec's `$ref` must not read the build machine's files.
  const outcome = await readSpec(url, url, remote.text, { http: false, file: false });
  if (outcome.status !== 'loaded' || remote.from === 'network' || remote.fetchError === undefined) return outcome;
  const when = remote.copiedAt.toISOString().replace(/\.\d+Z$/, 'Z');
  const note = { message: `could not be fetched (${remote.fetchError}); the copy kept on ${when} is used`, hint: 'The pages show the spec as it was then. Check the URL and the network.' };
  return { ...outcome, notes: [note, ...outcome.notes] };
}

/** `text` is the spec's text when it does not come from the file `base`. */
async function readSpec(key: string, base: string, text: string | undefined, resolve: Resolve): Promise<SpecOutcome> {
  try {
    const document = text === undefined
      ? await SwaggerParser.validate(base, { resolve })
      : await SwaggerParser.validate(base, parseSpecText(text) as never, { resolve });
    return loaded(key, document as unknown as ApiDocument, []);
  } catch (error) {
    const source = text ?? (await readFile(base, 'utf8'));
    return readLeniently(key, base, source, resolve, error as ParserError);
  }
}

/** After a failed validation: the spec as it is, when it parses and its `$ref`s resolve. */
async function readLeniently(key: string, base: string, text: string, resolve: Resolve, validationError: ParserError): Promise<SpecOutcome> {
  let parsed: unknown;
  try {
    parsed = parseSpecText(text);
  } catch {
    return { status: 'broken', problems: problemsOf(key, base, text, validationError) };
  }
  if (!isObject(parsed)) return { status: 'broken', problems: problemsOf(key, base, text, validationError) };
  try {
    const document = await SwaggerParser.dereference(base, coerceVersions(parsed) as never, { resolve });
    return loaded(key, document as unknown as ApiDocument, [schemaNote(key, base, text, validationError)]);
  } catch (error) {
    return { status: 'broken', problems: problemsOf(key, base, text, error as ParserError) };
  }
}

function loaded(key: string, document: ApiDocument, notes: SpecProblem[]): SpecOutcome {
  return { status: 'loaded', spec: { source: key, document, operations: extractOperations(document) }, notes };
}

function parseSpecText(text: string): unknown {
  return text.trimStart().startsWith('{') ? JSON.parse(text) : parseYaml(text);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The mistakes swagger-parser refuses before it even dereferences, which Mintlify builds
 * through: `openapi: 3.1` and `version: 1.0` as numbers, a version it does not know
 * (`3.0.5`), an OpenAPI 3.0 document without `paths`. Only for reading the operations.
 */
function coerceVersions(document: Record<string, unknown>): Record<string, unknown> {
  if (document.swagger !== undefined) document.swagger = '2.0';
  else {
    const [major = 3, minor = 0] = String(document.openapi ?? '3.0').split('.').map(Number);
    document.openapi = major > 3 || (major === 3 && minor >= 1) ? '3.1.0' : '3.0.3';
    if (document.paths === undefined && document.webhooks === undefined) document.paths = {};
  }
  if (isObject(document.info) && typeof document.info.version === 'number') document.info.version = String(document.info.version);
  return document;
}

/** One note for everything validation found: the first few problems, at the first one's line. */
function schemaNote(key: string, base: string, text: string, error: ParserError): SpecProblem {
  const details = error.details ?? [];
  if (details.length === 0) {
    return { message: `does not follow the OpenAPI rules (${firstLine(error, base, key)}); it is used as it is`, hint: VALIDATOR_HINT };
  }
  const shown = details.slice(0, 5).map((detail) => `${detail.instancePath || 'the document'} ${detail.message ?? 'is invalid'}`);
  const more = details.length > shown.length ? ` (and ${details.length - shown.length} more)` : '';
  const pointer = details[0]!.instancePath ?? '';
  return {
    ...positionIn(key, text, pointerSegments(pointer)),
    path: `#${pointer}`,
    message: `does not follow the OpenAPI schema; it is used as it is: ${shown.join('; ')}${more}.`,
    hint: VALIDATOR_HINT,
  };
}

const VALIDATOR_HINT = 'Pages are built from what the spec holds. Check it with an OpenAPI validator; Swagger 2.0 and OpenAPI 3.0 and 3.1 are supported.';

const firstLine = (error: Error, base: string, key: string) => error.message.split('\n')[0]!.replaceAll(base, key);

const pointerSegments = (pointer: string): JsonPath =>
  pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The parser's message, and for schema violations, each one with its line in the spec. */
function problemsOf(key: string, base: string, text: string, error: ParserError): SpecProblem[] {
  if (!error.details?.length) {
    const position = /\((\d+):(\d+)\)/.exec(error.message) ?? /line (\d+), column (\d+)/.exec(error.message);
    return [
      {
        ...(position ? { line: Number(position[1]), column: Number(position[2]) } : {}),
        message: `is not a valid OpenAPI spec: ${firstLine(error, base, key)}`,
        hint: 'Check the spec with an OpenAPI validator; Swagger 2.0 and OpenAPI 3.0 and 3.1 are supported.',
      },
    ];
  }
  return error.details.slice(0, 20).map((detail) => {
    const pointer = detail.instancePath ?? '';
    return { ...positionIn(key, text, pointerSegments(pointer)), path: `#${pointer}`, message: `is not a valid OpenAPI spec: ${pointer || 'the document'} ${detail.message ?? 'is invalid'}.` };
  });
}

function positionIn(key: string, text: string, where: JsonPath): { line?: number; column?: number } {
  if (text.trimStart().startsWith('{')) {
    const { document } = parseJsonDocument(key, text);
    return document ? (locateInJson(document, where) ?? {}) : {};
  }
  const document = parseDocument(text);
  const lineAndColumn = (offset: number) => {
    const before = text.slice(0, offset);
    return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
  };
  for (let length = where.length; length > 0; length--) {
    // Point at the key of the innermost part that exists, as an editor would.
    const parent = document.getIn(where.slice(0, length - 1), true) as { items?: Array<{ key?: { value?: unknown; range?: [number, number] } }> } | undefined;
    const pair = parent?.items?.find((item) => String(item.key?.value) === String(where[length - 1]));
    if (pair?.key?.range) return lineAndColumn(pair.key.range[0]);
  }
  return {};
}

/** A local spec's problems as diagnostics of its file. */
export function specDiagnostics(key: string, problems: readonly SpecProblem[], severity: Severity, hint?: string): Diagnostic[] {
  return problems.map((problem) => ({
    severity,
    code: 'invalid-openapi',
    file: key,
    ...(problem.line !== undefined ? { line: problem.line } : {}),
    ...(problem.column !== undefined ? { column: problem.column } : {}),
    ...(problem.path !== undefined ? { path: problem.path } : {}),
    message: `${key} ${problem.message}`,
    ...(hint ?? problem.hint ? { hint: hint ?? problem.hint } : {}),
  }));
}
