/**
 * What a generated GraphQL page shows, as plain data: an operation (a field of the Query,
 * Mutation or Subscription type) with its arguments, return type and example, or a named
 * type with its definition and fields. Plain data, so that a page, its Markdown copy and a
 * test read the same thing, and the Astro layer only renders it.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  printType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';
import type { GraphqlTarget } from '../paths/page-path.ts';
import { exampleOperation, type ExampleOperation } from './examples.ts';

export type OperationKind = 'query' | 'mutation' | 'subscription';
export type TypeKind = 'object' | 'input' | 'enum' | 'interface' | 'union' | 'scalar';

/** A type as written (`[Organization!]!`), the named type inside, and that type's page. */
export interface TypeRefView {
  text: string;
  named: string;
  url?: string;
}

export interface FieldView {
  name: string;
  type: TypeRefView;
  description?: string;
  /** The reason given, or true when none is. */
  deprecated?: string | true;
  /** An argument's or input field's default, as GraphQL writes it. */
  defaultValue?: string;
  required: boolean;
  args: FieldView[];
}

export interface GraphqlOperationView {
  page: 'operation';
  kind: OperationKind;
  name: string;
  description?: string;
  deprecated?: string | true;
  args: FieldView[];
  returns: TypeRefView;
  example: ExampleOperation;
  /** Where the playground sends the query, when the docs name an endpoint. */
  endpoint?: string;
}

export interface GraphqlTypeView {
  page: 'type';
  kind: TypeKind;
  name: string;
  description?: string;
  /** The type's definition in SDL, as the schema states it. */
  definition: string;
  fields: FieldView[];
  values: Array<{ name: string; description?: string; deprecated?: string | true }>;
  /** Interfaces it implements; members of a union. */
  interfaces: TypeRefView[];
  members: TypeRefView[];
}

export type GraphqlView = GraphqlOperationView | GraphqlTypeView;

/** The page URL of a named type, when it has one. */
export type TypeUrls = (name: string) => string | undefined;

export const OPERATION_KINDS: readonly OperationKind[] = ['query', 'mutation', 'subscription'];

export function rootType(schema: GraphQLSchema, kind: OperationKind) {
  return kind === 'query' ? schema.getQueryType() : kind === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
}

export function typeKind(type: GraphQLNamedType): TypeKind {
  if (isObjectType(type)) return 'object';
  if (isInputObjectType(type)) return 'input';
  if (isEnumType(type)) return 'enum';
  if (isInterfaceType(type)) return 'interface';
  if (isUnionType(type)) return 'union';
  return 'scalar';
}

/** The view of a target's page, or undefined when the schema no longer has it. */
export function graphqlView(schema: GraphQLSchema, target: GraphqlTarget, urls: TypeUrls, endpoint?: string): GraphqlView | undefined {
  if (target.kind === 'type') {
    const type = schema.getType(target.name);
    return type ? typeView(type, urls) : undefined;
  }
  const field = rootType(schema, target.kind)?.getFields()[target.name];
  if (!field) return undefined;
  return {
    page: 'operation',
    kind: target.kind,
    name: field.name,
    ...text(field.description),
    ...deprecation(field.deprecationReason),
    args: field.args.map((arg) => inputView(arg, urls)),
    returns: typeRef(field.type, urls),
    example: exampleOperation(target.kind, field),
    ...(endpoint ? { endpoint } : {}),
  };
}

function typeView(type: GraphQLNamedType, urls: TypeUrls): GraphqlTypeView {
  const fields = isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()).map((field) => outputView(field, urls)) : isInputObjectType(type) ? Object.values(type.getFields()).map((field) => inputView(field, urls)) : [];
  return {
    page: 'type',
    kind: typeKind(type),
    name: type.name,
    ...text(type.description),
    definition: printType(type),
    fields,
    values: isEnumType(type) ? type.getValues().map((value) => ({ name: value.name, ...text(value.description), ...deprecation(value.deprecationReason) })) : [],
    interfaces: isObjectType(type) || isInterfaceType(type) ? type.getInterfaces().map((item) => typeRef(item, urls)) : [],
    members: isUnionType(type) ? type.getTypes().map((item) => typeRef(item, urls)) : [],
  };
}

function outputView(field: GraphQLField<unknown, unknown>, urls: TypeUrls): FieldView {
  return { name: field.name, type: typeRef(field.type, urls), ...text(field.description), ...deprecation(field.deprecationReason), required: field.type.toString().endsWith('!'), args: field.args.map((arg) => inputView(arg, urls)) };
}

function inputView(input: GraphQLArgument | GraphQLInputField, urls: TypeUrls): FieldView {
  const defaultValue = input.astNode?.defaultValue ? printValue(input.astNode.defaultValue) : input.defaultValue !== undefined ? JSON.stringify(input.defaultValue) : undefined;
  return {
    name: input.name,
    type: typeRef(input.type, urls),
    ...text(input.description),
    ...deprecation(input.deprecationReason),
    ...(defaultValue !== undefined ? { defaultValue } : {}),
    required: input.type.toString().endsWith('!') && defaultValue === undefined,
    args: [],
  };
}

export function typeRef(type: GraphQLType, urls: TypeUrls): TypeRefView {
  const named = getNamedType(type).name;
  const url = urls(named);
  return { text: type.toString(), named, ...(url ? { url } : {}) };
}

/** A literal as the SDL wrote it. */
function printValue(node: { loc?: { source: { body: string }; start: number; end: number } }): string | undefined {
  return node.loc ? node.loc.source.body.slice(node.loc.start, node.loc.end) : undefined;
}

const text = (description: string | null | undefined) => (description?.trim() ? { description: description.trim() } : {});
const deprecation = (reason: string | null | undefined): { deprecated?: string | true } =>
  reason === null || reason === undefined ? {} : { deprecated: reason && reason !== 'No longer supported' ? reason : true };

/** Built-in scalars have no page: every reader knows `String`. */
export const isBuiltIn = (type: GraphQLNamedType) => type.name.startsWith('__') || (isScalarType(type) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name));

/** The sections a page shows, in order, for its table of contents: the ids `GraphqlPage.astro` gives its headings. */
export function graphqlSections(view: GraphqlView): Array<{ slug: string; text: string }> {
  if (view.page === 'operation') {
    return [
      ...(view.args.length ? [{ slug: 'arguments', text: 'Arguments' }] : []),
      { slug: 'returns', text: 'Returns' },
      { slug: 'example', text: 'Example' },
      ...(view.endpoint && view.kind !== 'subscription' ? [{ slug: 'try-it', text: 'Try it' }] : []),
    ];
  }
  return [
    { slug: 'definition', text: 'Definition' },
    ...(view.members.length ? [{ slug: 'members', text: 'Members' }] : []),
    ...(view.values.length ? [{ slug: 'values', text: 'Values' }] : []),
    ...(view.fields.length ? [{ slug: 'fields', text: view.kind === 'input' ? 'Input fields' : 'Fields' }] : []),
  ];
}
