/**
 * OpenAPI specs, read from the docs folder with @apidevtools/swagger-parser: validated,
 * `$ref`s dereferenced (recursive schemas become cyclic objects, which every walk over
 * them guards against), and their operations extracted.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parseDocument } from 'yaml';
import { locate as locateInJson, parseJsonDocument } from '../config/json-document.ts';
import type { Diagnostic, JsonPath } from '../diagnostics.ts';
import { extractOperations, type ApiDocument, type Operation } from './operations.ts';

export interface LoadedSpec {
  /** The spec's path relative to the docs folder, as its key: `api/openapi.yaml`. */
  source: string;
  document: ApiDocument;
  operations: Operation[];
}

/**
 * `openapi` values as docs.json writes them (`/openapi.yaml`, `./api/spec.json`) name
 * files relative to docs.json; their key is that path, normalized.
 */
export function specKey(source: string): string {
  return path.posix.normalize(source.trim().replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/^\/+/, ''));
}

export const isUrl = (source: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(source.trim());

export async function loadSpecs(
  docsDir: string,
  sources: Iterable<string>,
): Promise<{ specs: Map<string, LoadedSpec>; diagnostics: Diagnostic[] }> {
  const specs = new Map<string, LoadedSpec>();
  const diagnostics: Diagnostic[] = [];
  const keys = [...new Set([...sources].filter((source) => !isUrl(source)).map(specKey))];
  await Promise.all(
    keys.map(async (key) => {
      const file = path.join(docsDir, key);
      if (key.startsWith('..') || !existsSync(file)) return; // reported where docs.json names it
      try {
        // `http: false`: the build is offline, so a spec's `$ref` to a URL is an error too.
        const document = (await SwaggerParser.validate(file, { resolve: { http: false } })) as unknown as ApiDocument;
        specs.set(key, { source: key, document, operations: extractOperations(document) });
      } catch (error) {
        diagnostics.push(...specErrors(key, file, error as Error & { details?: Array<{ instancePath?: string; message?: string }> }));
      }
    }),
  );
  return { specs, diagnostics };
}

/** The parser's message, and for schema violations, each one with its line in the spec. */
function specErrors(key: string, file: string, error: Error & { details?: Array<{ instancePath?: string; message?: string }> }): Diagnostic[] {
  const base = { severity: 'error' as const, code: 'invalid-openapi', file: key };
  const firstLine = error.message.split('\n')[0]!.replace(`${file}`, key);
  if (!error.details?.length) {
    const position = /\((\d+):(\d+)\)/.exec(error.message);
    return [
      {
        ...base,
        ...(position ? { line: Number(position[1]), column: Number(position[2]) } : {}),
        message: `${key} is not a valid OpenAPI spec: ${firstLine}`,
        hint: 'Check the spec with an OpenAPI validator; Swagger 2.0 and OpenAPI 3.0 and 3.1 are supported.',
      },
    ];
  }
  const text = readFileSync(file, 'utf8');
  return error.details.slice(0, 20).map((detail) => {
    const pointer = detail.instancePath ?? '';
    const where = pointer
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    return {
      ...base,
      ...positionIn(key, text, where),
      path: `#${pointer}`,
      message: `${key} is not a valid OpenAPI spec: ${pointer || 'the document'} ${detail.message ?? 'is invalid'}.`,
    };
  });
}

function positionIn(key: string, text: string, where: JsonPath): { line?: number; column?: number } {
  if (/\.json$/i.test(key)) {
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
