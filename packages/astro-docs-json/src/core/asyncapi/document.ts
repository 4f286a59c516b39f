/**
 * An AsyncAPI file's text to one object with its `$ref`s replaced by what they point at.
 * AsyncAPI documents reference their own components and, often, files beside them; the
 * resolver here follows both, but never the network and never a file outside the docs
 * folder (by real path, through `readFile`, which the caller bounds). It is bounded in
 * work too: a document that references itself in a loop becomes a cyclic object (as
 * swagger-parser makes of OpenAPI specs; the schema tree cuts such loops), and past a fixed
 * number of references the rest are left unresolved, with a warning.
 *
 * Pure: the caller gives the file reader. What is wrong is a problem with a JSON pointer,
 * never an exception.
 */
import { parse as parseYaml } from 'yaml';

export interface AsyncProblem {
  /** The file the problem is in, relative to the docs folder (or the URL). */
  file: string;
  /** A JSON pointer into that file: `#/channels/ticker/messages`. */
  path?: string;
  message: string;
  hint?: string;
}

/** A file a `$ref` names, relative to the docs folder: its text, or why it is not read. */
export type RefFileReader = (file: string) => { text: string } | { problem: string };

/** Beyond this many `$ref`s one document is a loop or a bomb, not a description of channels. */
export const MAX_REFS = 5000;
/** Objects copied while resolving: bounds the work a document of shared references can ask for. */
const MAX_NODES = 200_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON when it looks like JSON, YAML otherwise (YAML reads JSON too, but JSON's errors are clearer). */
export function parseSpecText(text: string): unknown {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('{') ? JSON.parse(start) : parseYaml(text, { maxAliasCount: 1000 });
}

const escapePointer = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (segments: ReadonlyArray<string | number>) => `#${segments.map((segment) => `/${escapePointer(segment)}`).join('')}`;

/** The folder part of a docs-relative file (`api/events.yaml` → `api`). */
const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '');

/** `a/b/../c.yaml` → `a/c.yaml`; undefined when it climbs above the docs folder. */
function joinPath(folder: string, relative: string): string | undefined {
  const parts: string[] = [];
  for (const segment of `${folder}/${relative}`.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join('/');
}

interface Resolver {
  readFile: RefFileReader | undefined;
  problems: AsyncProblem[];
  /** Parsed files by their docs-relative path; `null` when unreadable. */
  files: Map<string, unknown>;
  /** The copy made of each object of the parsed files. */
  copies: Map<object, unknown>;
  /** The `$ref` objects being followed now. */
  following: Set<object>;
  refs: number;
  nodes: number;
}

/**
 * `root`, parsed from `file`, with every `$ref` it can follow replaced. `readFile` reads
 * the other files its `$ref`s name; without it (a document fetched by URL) only the
 * document's own `#/…` references are followed.
 */
export function resolveRefs(root: unknown, file: string, readFile?: RefFileReader): { document: unknown; problems: AsyncProblem[] } {
  const resolver: Resolver = { readFile, problems: [], files: new Map([[file, root]]), copies: new Map(), following: new Set(), refs: 0, nodes: 0 };
  const document = resolveValue(resolver, root, file, []);
  return { document, problems: resolver.problems };
}

/**
 * Each object of the parsed files is copied once: a `$ref` to it and the walk that meets it
 * in place give the same object (3.x operations name their channel by identity), and an
 * object is registered before it is filled, so a reference back into it closes a cycle.
 */
function resolveValue(resolver: Resolver, value: unknown, file: string, at: Array<string | number>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (resolver.copies.has(value)) return resolver.copies.get(value);
  if (++resolver.nodes > MAX_NODES) return undefined;
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    resolver.copies.set(value, list);
    value.forEach((item, index) => list.push(resolveValue(resolver, item, file, [...at, index])));
    return list;
  }
  const object = value as Record<string, unknown>;
  if (typeof object.$ref === 'string') {
    // `a: {$ref: '#/b'}, b: {$ref: '#/a'}` names nothing: a loop of references, not of objects.
    if (resolver.following.has(object)) return {};
    resolver.following.add(object);
    const target = followRef(resolver, object.$ref, file, at);
    const resolved = target.problem ? {} : resolveValue(resolver, target.value, target.file, target.at);
    resolver.following.delete(object);
    resolver.copies.set(value, resolved);
    return resolved;
  }
  const copy: Record<string, unknown> = {};
  resolver.copies.set(value, copy);
  for (const [key, inner] of Object.entries(object)) copy[key] = resolveValue(resolver, inner, file, [...at, key]);
  return copy;
}

type RefTarget = { problem?: undefined; value: unknown; file: string; at: string[] } | { problem: true };

/** What a `$ref` names, in which file and where, still unresolved; or a problem recorded. */
function followRef(resolver: Resolver, ref: string, file: string, at: Array<string | number>): RefTarget {
  const problem = (message: string, hint?: string): RefTarget => {
    if (resolver.problems.length < 50) resolver.problems.push({ file, path: pointerOf([...at, '$ref']), message, ...(hint ? { hint } : {}) });
    return { problem: true };
  };
  if (++resolver.refs > MAX_REFS) return resolver.refs === MAX_REFS + 1 ? problem(`has more than ${MAX_REFS} \`$ref\`s; the rest are not followed`) : { problem: true };
  const hash = ref.indexOf('#');
  const filePart = hash < 0 ? ref : ref.slice(0, hash);
  const pointer = hash < 0 ? '' : ref.slice(hash + 1);
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) return problem(`\`$ref\` ${JSON.stringify(ref)} names a URL: it is not fetched`, 'Put the referenced document in the docs folder and name it by a relative path.');
  let decoded: string;
  try {
    decoded = decodeURI(filePart);
  } catch {
    return problem(`\`$ref\` ${JSON.stringify(ref)} is a malformed path`);
  }
  const target = filePart ? joinPath(folderOf(file), decoded) : file;
  if (target === undefined) return problem(`\`$ref\` ${JSON.stringify(ref)} leads out of the docs folder: it is not read`);
  const source = loadFile(resolver, target);
  if (typeof source === 'string') return problem(`\`$ref\` ${JSON.stringify(ref)}: ${source}`);
  const found = walkPointer(source.document, pointer);
  if (found === undefined) return problem(`\`$ref\` ${JSON.stringify(ref)} points at nothing`, 'Check the path after `#`: each part is a key of the document, `/` written `~1`.');
  const targetPath = pointer.split('/').slice(1).map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  return { value: found, file: target, at: targetPath };
}

function loadFile(resolver: Resolver, file: string): { document: unknown } | string {
  if (resolver.files.has(file)) {
    const document = resolver.files.get(file);
    return document === null ? 'the file could not be read' : { document };
  }
  if (!resolver.readFile) {
    resolver.files.set(file, null);
    return 'a document read from a URL only follows its own `#/…` references';
  }
  const read = resolver.readFile(file);
  if ('problem' in read) {
    resolver.files.set(file, null);
    return read.problem;
  }
  try {
    const document = parseSpecText(read.text);
    resolver.files.set(file, document);
    return { document };
  } catch (error) {
    resolver.files.set(file, null);
    return `${file} is neither JSON nor YAML (${(error as Error).message.split('\n')[0]})`;
  }
}

function walkPointer(document: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return document;
  if (!pointer.startsWith('/')) return undefined;
  let value = document;
  for (const raw of pointer.slice(1).split('/')) {
    let decoded = raw;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      // a stray `%` is a character of the key
    }
    const segment = decoded.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) value = value[Number(segment)];
    else if (isObject(value) && Object.hasOwn(value, segment)) value = value[segment];
    else return undefined;
  }
  return value;
}
