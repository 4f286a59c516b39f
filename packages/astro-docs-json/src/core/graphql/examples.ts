/**
 * An example for an operation page: the operation written out with a variable per
 * argument, the variables with sample values, and a response of the shape the selection
 * asks for. Selections stop at a depth and skip fields that need arguments, so an example
 * stays short and valid whatever the schema's cycles.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';

export interface ExampleOperation {
  /** The operation document. */
  query: string;
  /** The variables, as pretty JSON; `{}` when the operation takes none. */
  variables: string;
  /** A sample response, as pretty JSON. */
  response: string;
}

const MAX_DEPTH = 3;
const MAX_FIELDS = 12;

export function exampleOperation(kind: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>): ExampleOperation {
  const name = field.name.charAt(0).toUpperCase() + field.name.slice(1);
  const declarations = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`);
  const passed = field.args.map((arg) => `${arg.name}: $${arg.name}`);
  const selection = selectionOf(field.type, 1, '  ');
  const lines = [
    `${kind} ${name}${declarations.length ? `(${declarations.join(', ')})` : ''} {`,
    `  ${field.name}${passed.length ? `(${passed.join(', ')})` : ''}${selection.text}`,
    '}',
  ];
  const variables = Object.fromEntries(field.args.map((arg) => [arg.name, sampleInput(arg.type, 0)]));
  return {
    query: lines.join('\n'),
    variables: JSON.stringify(variables, null, 2),
    response: JSON.stringify({ data: { [field.name]: selection.sample } }, null, 2),
  };
}

/** ` { a b { c } }` for a composite type, with a sample value of the same shape; nothing for a leaf. */
function selectionOf(type: GraphQLOutputType, depth: number, indent: string): { text: string; sample: unknown } {
  const list = isListType(isNonNullType(type) ? type.ofType : type);
  const named = getNamedType(type);
  if (isLeafType(named)) return { text: '', sample: wrap(list, sampleLeaf(named.name, isEnumType(named) ? named.getValues()[0]?.name : undefined)) };
  if (isUnionType(named)) {
    const first = named.getTypes()[0];
    return { text: ` {\n${indent}  __typename\n${indent}}`, sample: wrap(list, { __typename: first?.name ?? named.name }) };
  }
  if (!isObjectType(named) && !isInterfaceType(named)) return { text: '', sample: null };
  const lines: string[] = [];
  const sample: Record<string, unknown> = {};
  for (const field of Object.values(named.getFields())) {
    if (lines.length >= MAX_FIELDS) break;
    // Deprecated fields are not what a reader should copy; required arguments would need values.
    if (field.deprecationReason != null || field.args.some((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined)) continue;
    const leaf = isLeafType(getNamedType(field.type));
    if (!leaf && depth >= MAX_DEPTH) continue;
    const inner = selectionOf(field.type, depth + 1, `${indent}  `);
    if (!leaf && inner.text === '') continue;
    lines.push(`${indent}  ${field.name}${inner.text}`);
    sample[field.name] = inner.sample;
  }
  if (!lines.length) lines.push(`${indent}  __typename`), (sample.__typename = named.name);
  return { text: ` {\n${lines.join('\n')}\n${indent}}`, sample: wrap(list, sample) };
}

const wrap = (list: boolean, value: unknown) => (list ? [value] : value);

function sampleLeaf(name: string, enumValue: string | undefined): unknown {
  if (enumValue !== undefined) return enumValue;
  switch (name) {
    case 'Int':
      return 0;
    case 'Float':
      return 1.5;
    case 'Boolean':
      return true;
    case 'ID':
      return 'id_123';
    case 'String':
      return 'string';
    default:
      return `<${name}>`;
  }
}

function sampleInput(type: GraphQLInputType, depth: number): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [sampleInput(inner.ofType, depth)];
  if (isInputObjectType(inner)) {
    if (depth >= MAX_DEPTH) return {};
    const fields = Object.values(inner.getFields()).filter((field) => isNonNullType(field.type) || depth === 0);
    return Object.fromEntries(fields.map((field) => [field.name, field.defaultValue ?? sampleInput(field.type, depth + 1)]));
  }
  return sampleLeaf(inner.name, isEnumType(inner) ? inner.getValues()[0]?.name : undefined);
}
