/**
 * Validates the merged config against the schema and turns zod's issues into
 * diagnostics a person can act on: one element, one key, what is wrong, the fix.
 */
import * as z from 'zod';
import {
  didYouMean,
  formatJsonPath,
  listOf,
  locateIssue,
  quote,
  valueAt,
  type Diagnostic,
  type JsonPath,
} from '../diagnostics.ts';
import { docsJsonSchema, DIVISION_NAME_KEYS, isForbidden, type DocsJson } from '../schema/docs-json.ts';
import { describe, type ResolvedConfig } from './resolve-refs.ts';

type Issue = z.core.$ZodIssue;

export function validateConfig(resolved: ResolvedConfig): { config?: DocsJson; diagnostics: Diagnostic[] } {
  const { value } = resolved;
  const result = docsJsonSchema.safeParse(value);
  if (result.success) return { config: result.data, diagnostics: droppedProtoKeys(value, result.data, [], resolved) };

  const issues = flattenUnions(result.error.issues, value);
  // Below a broken `$ref` the config is incomplete: its issues would only repeat that error.
  const diagnostics = issues
    .filter((issue) => !resolved.brokenPaths.some((broken) => startsWith(issue.path as JsonPath, broken)))
    .flatMap((issue) => toDiagnostics(issue, value, resolved));
  if (issues.some((issue) => issue.code !== 'unrecognized_keys')) return { diagnostics };

  // Only unknown keys were found: they are warnings, so validate again without them.
  const withoutUnknownKeys = structuredClone(value);
  const reported: JsonPath[] = [];
  for (const issue of issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const holder = valueAt(withoutUnknownKeys, issue.path as JsonPath) as Record<string, unknown>;
    for (const key of issue.keys) {
      delete holder[key];
      reported.push([...(issue.path as JsonPath), key]);
    }
  }
  const config = docsJsonSchema.parse(withoutUnknownKeys);
  return { config, diagnostics: [...diagnostics, ...droppedProtoKeys(value, config, reported, resolved)] };
}

/**
 * zod leaves out a `__proto__` key where any key is allowed (`variables`, `seo.metatags`),
 * so that it cannot become the prototype of the object zod builds, and says nothing: such
 * a key is reported here like an unknown key. `reported` are those zod already named.
 */
function droppedProtoKeys(input: unknown, config: unknown, reported: readonly JsonPath[], resolved: ResolvedConfig): Diagnostic[] {
  return protoKeysIn(input)
    .filter((path) => !reported.some((known) => startsWith(path, known)))
    .filter((path) => {
      const holder = valueAt(config, path.slice(0, -1));
      return !(typeof holder === 'object' && holder !== null && Object.hasOwn(holder, '__proto__'));
    })
    .map((path) => {
      const where = path.length === 1 ? 'docs.json' : formatJsonPath(path.slice(0, -1));
      return locateIssue({ severity: 'warning', code: 'unknown-key', at: path, message: `Unknown key ${quote('__proto__')} in ${where}: it is ignored.` }, resolved.locate);
    });
}

/**
 * Where the config has a `__proto__` key, in no particular order. A loop over a list of
 * objects to visit rather than a recursion; what is below such a key is not visited.
 */
function protoKeysIn(root: unknown): JsonPath[] {
  const found: JsonPath[] = [];
  const pending: Array<{ value: unknown; path: JsonPath }> = [{ value: root, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value !== 'object' || value === null) continue;
    const isArray = Array.isArray(value);
    for (const [key, child] of Object.entries(value)) {
      if (!isArray && key === '__proto__') found.push([...path, key]);
      else pending.push({ value: child, path: [...path, isArray ? Number(key) : key] });
    }
  }
  return found;
}

function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

/**
 * A failed union reports every branch's issues. Keep the branch the input was meant
 * for (the one that did not fail on the input's type), so that a group with a typo
 * gets the group's issues, not "expected a string".
 */
function flattenUnions(issues: readonly Issue[], root: unknown, base: JsonPath = []): Issue[] {
  return issues.flatMap((issue): Issue[] => {
    const path = [...base, ...issue.path] as PropertyKey[];
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ ...issue, path }];
    const candidates = issue.errors.filter(
      (branch) => !branch.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
    );
    if (candidates.length === 0) return [{ ...issue, path }];
    const best = candidates.reduce((a, b) => (b.length < a.length ? b : a));
    return flattenUnions(best, root, path as JsonPath);
  });
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: '`true` or `false`',
  array: 'an array',
  object: 'an object',
  record: 'an object',
};

/** How to name the object at `path` in a message: "This tab", "`banner`", "docs.json". */
function ownerOf(path: JsonPath): string {
  if (path.length === 0) return 'docs.json';
  const list = [...path].reverse().find((segment) => typeof segment === 'string');
  const singular = typeof list === 'string' ? list.replace(/s$/, '') : '';
  const isElement = path[0] === 'navigation' && typeof path.at(-1) === 'number';
  if (isElement && (singular in DIVISION_NAME_KEYS || singular === 'group' || list === 'menu')) {
    return `This ${list === 'menu' ? 'menu item' : singular}`;
  }
  return quote(formatJsonPath(path));
}

function toDiagnostics(issue: Issue, root: unknown, resolved: ResolvedConfig): Diagnostic[] {
  const path = issue.path as JsonPath;
  const at = (segments: JsonPath, severity: Diagnostic['severity'], code: string, message: string, hint?: string) =>
    locateIssue({ severity, code, at: segments, message, ...(hint ? { hint } : {}) }, resolved.locate);
  const input = valueAt(root, path);
  const key = path.at(-1);
  const name = typeof key === 'string' ? quote(key) : `Entry [${String(key)}]`;

  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownKeysAt(docsJsonSchema, root, path);
      const where = path.length === 0 ? 'docs.json' : formatJsonPath(path);
      return issue.keys.map((unknown) =>
        at([...path, unknown], 'warning', 'unknown-key', `Unknown key ${quote(unknown)} in ${where}: it is ignored.`,
          didYouMean(unknown, known) ?? (known.length ? `Known keys here: ${listOf(known, 'and')}.` : undefined)),
      );
    }
    case 'invalid_type': {
      if (issue.expected === 'never') return [at(path, 'error', 'not-allowed-here', issue.message)];
      if (path.length === 0) {
        return [at(path, 'error', 'invalid-type', `docs.json must hold a JSON object, not ${describe(input)}.`,
          'Start from `{ "name": "My docs", "navigation": { "pages": ["index"] } }`.')];
      }
      if (input === undefined) return [missingKey(path, at)];
      const expected = TYPE_WORDS[issue.expected] ?? issue.expected;
      return [at(path, 'error', 'invalid-type', `${name} must be ${expected}, not ${describe(input)}.`)];
    }
    case 'invalid_value': {
      if (input === undefined) return [missingKey(path, at)];
      const allowed = issue.values.map(String);
      const suggestion = typeof input === 'string' ? didYouMean(input, allowed) : undefined;
      return [at(path, 'error', 'invalid-value', `${name} is ${JSON.stringify(input)}, which is not one of the allowed values.`,
        suggestion ? `${suggestion} Allowed: ${listOf(allowed)}.` : `Allowed: ${listOf(allowed)}.`)];
    }
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (options) {
        const allowed = options.map(String);
        const suggestion = typeof input === 'string' ? didYouMean(input, allowed) : undefined;
        return [at(path, 'error', 'invalid-value', `${name} is ${JSON.stringify(input)}, which is not one of the allowed values.`,
          suggestion ? `${suggestion} Allowed: ${listOf(allowed)}.` : `Allowed: ${listOf(allowed)}.`)];
      }
      return [at(path, 'error', 'invalid-type', `${issue.message.replace(/\.$/, '')}; this is ${describe(input)}.`)];
    }
    case 'too_small':
      return [at(path, 'error', 'empty', Array.isArray(input) ? `${name} is empty: give it at least one entry.` : `${name} must not be empty.`)];
    case 'custom': {
      const params = (issue.params ?? {}) as { code?: string; hint?: string };
      return [at(path, 'error', params.code ?? 'invalid-value', issue.message, params.hint)];
    }
    default:
      return [at(path, 'error', 'invalid-value', issue.message)];
  }
}

function missingKey(path: JsonPath, at: (segments: JsonPath, severity: 'error', code: string, message: string, hint?: string) => Diagnostic): Diagnostic {
  const key = String(path.at(-1));
  return at(path, 'error', 'missing-key', `${ownerOf(path.slice(0, -1))} has no ${quote(key)}, which is required.`,
    key in DIVISION_NAME_KEYS ? `Add its name, like "${key}": "${key === 'language' ? 'en' : 'Getting started'}".` : undefined);
}

/** Strips the wrappers around a schema that do not change which keys an object takes. */
function unwrap(schema: z.ZodType, value: unknown): z.ZodType {
  for (;;) {
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodLazy) {
      schema = schema.unwrap() as z.ZodType;
    } else if (schema instanceof z.ZodUnion) {
      // Follow the branch an object (or array) value would take.
      const options = (schema.options as z.ZodType[]).map((option) => unwrap(option, value));
      const wanted = Array.isArray(value) ? z.ZodArray : z.ZodObject;
      const branch = options.find((option) => option instanceof wanted);
      if (!branch) return schema;
      schema = branch;
    } else {
      return schema;
    }
  }
}

/** The keys the schema allows for the object at `path`, for "did you mean" hints. */
function knownKeysAt(schema: z.ZodType, root: unknown, path: JsonPath): string[] {
  let current = unwrap(schema, root);
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    const value = valueAt(root, path.slice(0, i + 1));
    if (current instanceof z.ZodObject && typeof segment === 'string') current = Object.hasOwn(current.shape, segment) ? (current.shape[segment] as z.ZodType) : undefined!;
    else if (current instanceof z.ZodArray) current = current.element as z.ZodType;
    else if (current instanceof z.ZodRecord) current = current.valueType as z.ZodType;
    else return [];
    if (!current) return [];
    current = unwrap(current, value);
  }
  if (!(current instanceof z.ZodObject)) return [];
  // Keys declared only to be refused (`z.never()`) are not suggestions.
  return Object.entries(current.shape as Record<string, z.ZodType>)
    .filter(([, child]) => !isForbidden(child))
    .map(([key]) => key);
}
