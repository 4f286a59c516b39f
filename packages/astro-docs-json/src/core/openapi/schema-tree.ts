/**
 * JSON Schemas as trees a page can render: properties nested, `allOf` merged, `oneOf`
 * and `anyOf` as alternatives, discriminators named, and recursion cut where a schema
 * appears inside itself (dereferenced specs make such schemas cyclic objects).
 */
import type { Schema } from './operations.ts';

export interface SchemaNode {
  name?: string;
  /** `string`, `integer<int64>`, `array<User>`, `object`, `string | null`... */
  type: string;
  required?: boolean;
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  description?: string;
  default?: string;
  enum?: string[];
  /** Limits and patterns in words: `>= 1`, `max length 64`, `pattern ^[a-z]+$`. */
  constraints?: string[];
  /** Object properties, or the properties of an array's items. */
  children?: SchemaNode[];
  variants?: { kind: 'oneOf' | 'anyOf'; options: SchemaNode[] };
  discriminator?: { property: string; mapping?: Record<string, string> };
  additionalProperties?: SchemaNode;
  /** The schema appears inside itself here; its fields are shown above. */
  recursive?: boolean;
}

const MAX_DEPTH = 12;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `allOf` merged into one schema: properties and required lists combined. */
export function mergeAllOf(schema: Schema, seen = new Set<Schema>()): Schema {
  if (!Array.isArray(schema.allOf) || seen.has(schema)) return schema;
  seen.add(schema);
  const { allOf, ...rest } = schema;
  const merged: Schema = { ...rest };
  const properties: Record<string, unknown> = { ...(isObject(rest.properties) ? rest.properties : {}) };
  const required = new Set<string>(Array.isArray(rest.required) ? (rest.required as string[]) : []);
  for (const part of allOf as unknown[]) {
    if (!isObject(part)) continue;
    const flat = mergeAllOf(part, seen);
    for (const [key, value] of Object.entries(flat)) {
      if (key === 'properties' && isObject(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) value.forEach((name) => required.add(String(name)));
      else if (!(key in merged)) merged[key] = value;
    }
  }
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  if (!merged.type && merged.properties) merged.type = 'object';
  return merged;
}

function typeLabel(schema: Schema): { type: string; nullable: boolean } {
  let types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const nullable = schema.nullable === true || types.includes('null');
  types = types.filter((type) => type !== 'null');
  const title = typeof schema.title === 'string' ? schema.title : undefined;
  if (types.length === 0) {
    if (isObject(schema.properties)) types = ['object'];
    else if (schema.items) types = ['array'];
    else if (schema.enum) types = [typeof (schema.enum as unknown[])[0] === 'number' ? 'number' : 'string'];
    else if (schema.oneOf || schema.anyOf) types = [title ?? 'one of'];
    else types = ['any'];
  }
  const label = types
    .map((type) => {
      if (type === 'array') {
        const items = isObject(schema.items) ? mergeAllOf(schema.items) : undefined;
        const inner = items ? (typeof items.title === 'string' ? items.title : typeLabel(items).type) : 'any';
        return `array<${inner}>`;
      }
      if (typeof schema.format === 'string') return `${type}<${schema.format}>`;
      return type;
    })
    .join(' | ');
  return { type: label, nullable };
}

function constraintsOf(schema: Schema): string[] {
  const constraints: string[] = [];
  const add = (key: string, words: (value: unknown) => string) => {
    if (schema[key] !== undefined && typeof schema[key] !== 'boolean') constraints.push(words(schema[key]));
  };
  add('minimum', (v) => `${schema.exclusiveMinimum === true ? '>' : '>='} ${v}`);
  add('maximum', (v) => `${schema.exclusiveMaximum === true ? '<' : '<='} ${v}`);
  add('exclusiveMinimum', (v) => `> ${v}`);
  add('exclusiveMaximum', (v) => `< ${v}`);
  add('minLength', (v) => `min length ${v}`);
  add('maxLength', (v) => `max length ${v}`);
  add('pattern', (v) => `pattern ${v}`);
  add('minItems', (v) => `min items ${v}`);
  add('maxItems', (v) => `max items ${v}`);
  add('multipleOf', (v) => `multiple of ${v}`);
  if (schema.uniqueItems === true) constraints.push('unique items');
  return constraints;
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The tree of `schema`, named `name` when it is a property. */
export function schemaTree(input: Schema, name?: string, required?: boolean, ancestors: Schema[] = []): SchemaNode {
  const schema = mergeAllOf(input);
  const { type, nullable } = typeLabel(schema);
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const node: SchemaNode = {
    ...(name !== undefined ? { name } : {}),
    type,
    ...(required ? { required } : {}),
    ...(nullable ? { nullable } : {}),
    ...(schema.deprecated === true ? { deprecated: true } : {}),
    ...(schema.readOnly === true ? { readOnly: true } : {}),
    ...(schema.writeOnly === true ? { writeOnly: true } : {}),
    ...(description ? { description } : {}),
    ...(schema.default !== undefined ? { default: show(schema.default) } : {}),
    ...(Array.isArray(schema.enum) ? { enum: schema.enum.map(show) } : schema.const !== undefined ? { enum: [show(schema.const)] } : {}),
  };
  const constraints = constraintsOf(schema);
  if (constraints.length) node.constraints = constraints;

  if (ancestors.includes(input) || ancestors.length >= MAX_DEPTH) return { ...node, recursive: true };
  const below = [...ancestors, input];

  // An array shows the structure of its items.
  if (isObject(schema.items) && !isObject(schema.properties)) {
    const items = schemaTree(schema.items, undefined, undefined, below);
    const { children, variants, discriminator, recursive } = items;
    return { ...node, ...(children ? { children } : {}), ...(variants ? { variants } : {}), ...(discriminator ? { discriminator } : {}), ...(recursive ? { recursive } : {}) };
  }
  if (isObject(schema.properties)) {
    const requiredNames = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    node.children = Object.entries(schema.properties)
      .filter((entry): entry is [string, Schema] => isObject(entry[1]))
      .map(([key, value]) => schemaTree(value, key, requiredNames.has(key), below));
  }
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const options = schema[kind];
    if (!Array.isArray(options)) continue;
    node.variants = {
      kind,
      options: options.filter(isObject).map((option, index) => ({
        ...schemaTree(option, undefined, undefined, below),
        name: typeof option.title === 'string' ? option.title : `Option ${index + 1}`,
      })),
    };
  }
  if (isObject(schema.discriminator) && typeof schema.discriminator.propertyName === 'string') {
    node.discriminator = {
      property: schema.discriminator.propertyName,
      ...(isObject(schema.discriminator.mapping) ? { mapping: schema.discriminator.mapping as Record<string, string> } : {}),
    };
  }
  if (isObject(schema.additionalProperties)) node.additionalProperties = schemaTree(schema.additionalProperties, undefined, undefined, below);
  return node;
}
