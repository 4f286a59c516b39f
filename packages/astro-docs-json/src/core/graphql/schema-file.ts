/**
 * A GraphQL schema named by docs.json, read and checked with graphql-js: SDL (`.graphql`,
 * `.gql`, or any text) or an introspection result (`.json`, with or without its `data`
 * wrapper). A schema that does not parse or validate is a warning at its file and line,
 * with a hint, and its pages are left out: Mintlify builds through a bad schema too.
 * Only files inside the docs folder (real path) are read; URLs go through the kept-copy
 * reader that OpenAPI specs named by URL use.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildASTSchema, buildClientSchema, GraphQLError, parse, validateSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { quote, type Diagnostic } from '../diagnostics.ts';
import { fileStatus } from '../pages/references.ts';
import { readRemoteSpec, type RemoteSpecOptions } from '../openapi/remote.ts';

/** The largest schema read: far above real APIs', small enough to keep a build's memory bounded. */
export const MAX_SCHEMA_BYTES = 20 * 1024 * 1024;

export type LoadedGraphqlSchema = { key: string; schema: GraphQLSchema; diagnostics: Diagnostic[] } | { key: string; schema?: undefined; diagnostics: Diagnostic[] };

export const isSchemaUrl = (source: string) => /^https?:\/\//i.test(source);

/** The key a schema is known by: its URL, or its path in the docs folder. */
export function schemaKey(source: string): string {
  return isSchemaUrl(source) ? source : path.posix.normalize(source.replace(/\\/g, '/').replace(/^\/+/, ''));
}

/** Reads and checks one schema; never throws. */
export async function loadGraphqlSchema(docsDir: string, source: string, remote: RemoteSpecOptions | undefined): Promise<LoadedGraphqlSchema> {
  const key = schemaKey(source);
  const text = isSchemaUrl(key) ? await remoteText(key, remote) : await localText(docsDir, key);
  if ('problem' in text) return { key, diagnostics: [{ severity: 'warning', code: 'graphql-schema', file: isSchemaUrl(key) ? 'docs.json' : key, message: `The GraphQL schema ${quote(key)} ${text.problem}; its pages are left out.`, hint: text.hint, omitted: `the generated pages of ${key}` }] };
  return parseSchema(key, text.text);
}

type SchemaText = { text: string } | { problem: string; hint: string };

async function localText(docsDir: string, key: string): Promise<SchemaText> {
  const file = path.join(docsDir, key);
  const status = key.startsWith('../') ? 'outside' : fileStatus(docsDir, file);
  if (status === 'missing') return { problem: 'does not exist', hint: 'Schema paths are relative to docs.json.' };
  if (status === 'outside') return { problem: 'lies outside the docs folder and is not read', hint: 'Copy the schema into the docs folder.' };
  if (status === 'ignored') return { problem: 'is ignored by .mintignore and is not read', hint: 'Remove it from .mintignore to publish its pages.' };
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes) return { problem: 'could not be read', hint: 'Check that it is a readable file.' };
  if (bytes.length > MAX_SCHEMA_BYTES) return { problem: `is larger than ${MAX_SCHEMA_BYTES / 1024 / 1024} MB`, hint: 'Split it or remove what the docs do not need.' };
  return { text: bytes.toString('utf8') };
}

async function remoteText(url: string, remote: RemoteSpecOptions | undefined): Promise<SchemaText> {
  const read = await readRemoteSpec(url, remote, looksLikeSchema);
  return read.text === undefined ? { problem: `was not read: ${read.problem}`, hint: read.hint } : { text: read.text };
}

/** An answer that can be a schema: an error page served with 200 must not replace a good copy. */
const looksLikeSchema = (text: string) => /^\s*[{]/.test(text) ? text.includes('__schema') : /\b(type|schema|interface|enum|input|union|scalar|extend)\b/.test(text);

/** SDL or introspection JSON to a valid schema, or the first problems with their place. */
export function parseSchema(key: string, text: string): LoadedGraphqlSchema {
  const problem = (message: string, line?: number, column?: number, hint = 'Check the schema with a GraphQL validator; the rest of the site is built without its pages.'): Diagnostic => ({
    severity: 'warning',
    code: 'invalid-graphql',
    file: key,
    ...(line ? { line } : {}),
    ...(column ? { column } : {}),
    message: `The GraphQL schema ${quote(key)} ${message.replace(/\.$/, '')}; its pages are left out.`,
    hint,
    omitted: `the generated pages of ${key}`,
  });
  if (/^\s*[{[]/.test(text)) return introspectionSchema(key, text, problem);
  let schema: GraphQLSchema;
  try {
    schema = buildASTSchema(parse(text, { noLocation: false }));
  } catch (error) {
    const at = errorPlace(error, text);
    return { key, diagnostics: [problem(`is not valid SDL: ${errorMessage(error)}`, at?.line, at?.column)] };
  }
  const errors = validateSchema(schema);
  if (errors.length) return { key, diagnostics: errors.slice(0, 5).map((error) => problem(`is not a valid schema: ${error.message}`, error.locations?.[0]?.line, error.locations?.[0]?.column)) };
  if (!schema.getQueryType() && !schema.getMutationType() && !schema.getSubscriptionType()) {
    return { key, diagnostics: [problem('has no Query, Mutation or Subscription type', undefined, undefined, 'Define `type Query` (or a `schema { query: ... }` block) so the schema has operations.')] };
  }
  return { key, schema, diagnostics: [] };
}

type Problem = (message: string, line?: number, column?: number, hint?: string) => Diagnostic;

function introspectionSchema(key: string, text: string, problem: Problem): LoadedGraphqlSchema {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { key, diagnostics: [problem(`is not valid JSON: ${errorMessage(error)}`)] };
  }
  const result = (value && typeof value === 'object' && 'data' in value ? (value as { data: unknown }).data : value) as IntrospectionQuery | undefined;
  if (!result || typeof result !== 'object' || !('__schema' in result)) {
    return { key, diagnostics: [problem('is JSON without `__schema`', undefined, undefined, 'A JSON schema must be the result of an introspection query (`{ "data": { "__schema": ... } }`); or use SDL.')] };
  }
  try {
    const schema = buildClientSchema(result);
    const errors = validateSchema(schema);
    if (errors.length) return { key, diagnostics: errors.slice(0, 5).map((error) => problem(`is not a valid schema: ${error.message}`)) };
    return { key, schema, diagnostics: [] };
  } catch (error) {
    return { key, diagnostics: [problem(`is not a usable introspection result: ${errorMessage(error)}`)] };
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

/** The line of a parse error, or of the first name in quotes the message gives (`Unknown type "Foo"`). */
function errorPlace(error: unknown, text: string): { line: number; column: number } | undefined {
  if (error instanceof GraphQLError && error.locations?.[0]) return error.locations[0];
  const name = /"([_A-Za-z][_0-9A-Za-z]*)"/.exec(errorMessage(error))?.[1];
  if (!name) return undefined;
  const match = new RegExp(`\\b${name}\\b`).exec(text.replace(/#[^\n]*/g, (comment) => ' '.repeat(comment.length)));
  if (!match) return undefined;
  const before = text.slice(0, match.index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}
