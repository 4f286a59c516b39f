/**
 * Example values: the spec's own where it gives one, else built from the schema, for
 * request samples and response examples.
 */
import { mergeAllOf } from './schema-tree.ts';
import type { MediaContent, Schema } from './operations.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U3dhZ2dlcg==',
  binary: '<binary>',
  password: '<password>',
};

/**
 * A plausible value of `schema`, following its example, default, enum and type. A
 * request leaves out read-only properties, a response write-only ones.
 */
export function exampleOf(input: Schema, direction: 'request' | 'response' = 'response', ancestors: Schema[] = []): unknown {
  if (ancestors.includes(input) || ancestors.length > 8) return undefined;
  const schema = mergeAllOf(input);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const below = [...ancestors, input];
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants)) {
    const first = variants.find(isObject);
    return first ? exampleOf(first, direction, below) : undefined;
  }
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  const type = types[0] ?? (isObject(schema.properties) ? 'object' : schema.items ? 'array' : undefined);
  switch (type) {
    case 'string':
      return typeof schema.format === 'string' && STRING_FORMATS[schema.format] ? STRING_FORMATS[schema.format] : 'string';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : type === 'integer' ? 123 : 1.5;
    case 'boolean':
      return true;
    case 'array': {
      const item = isObject(schema.items) ? exampleOf(schema.items, direction, below) : undefined;
      return item === undefined ? [] : [item];
    }
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
        if (!isObject(value) || value[direction === 'request' ? 'readOnly' : 'writeOnly'] === true) continue;
        const example = exampleOf(value, direction, below);
        if (example !== undefined) result[key] = example;
      }
      return result;
    }
    default:
      return undefined;
  }
}

/** The examples of a request or response body: the spec's named ones, else one built from the schema. */
export function contentExamples(content: MediaContent, direction: 'request' | 'response'): Array<{ name?: string; value: unknown }> {
  if (content.examples.length) return content.examples.map(({ name, summary, value }) => ({ name: summary ?? name, value }));
  if (content.example !== undefined) return [{ value: content.example }];
  const value = content.schema ? exampleOf(content.schema, direction) : undefined;
  return value === undefined ? [] : [{ value }];
}
