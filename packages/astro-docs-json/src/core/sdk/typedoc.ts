/**
 * TypeDoc's JSON export (`typedoc --json`, schema 2.0 of TypeDoc 0.23 and later) read into
 * the SDK model: a page for each class, interface, enum, type alias, function and variable,
 * grouped by module when the export has several entry points. The export is checked with a
 * lenient zod schema, so that a file that is not one is a warning naming the JSON path that
 * is wrong, not a crash deep in the conversion; types TypeDoc may add later are shown by name.
 */
import * as z from 'zod';
import { NO_DOC, type SdkDoc, type SdkLibrary, type SdkMember, type SdkMemberKind, type SdkPageKind, type SdkParameter, type SdkSignature, type SdkSymbol, type SdkType } from './model.ts';

/** TypeDoc's `ReflectionKind` values that matter here. */
const KIND = {
  module: 2,
  namespace: 4,
  enum: 8,
  enumMember: 16,
  variable: 32,
  function: 64,
  class: 128,
  interface: 256,
  constructor: 512,
  property: 1024,
  method: 2048,
  accessor: 262144,
  typeAlias: 2097152,
} as const;

const PAGE_KINDS: Record<number, SdkPageKind> = {
  [KIND.class]: 'class',
  [KIND.interface]: 'interface',
  [KIND.enum]: 'enum',
  [KIND.function]: 'function',
  [KIND.typeAlias]: 'type',
  [KIND.variable]: 'variable',
};

const MEMBER_KINDS: Record<number, SdkMemberKind> = {
  [KIND.constructor]: 'constructor',
  [KIND.property]: 'property',
  [KIND.method]: 'method',
  [KIND.accessor]: 'accessor',
  [KIND.enumMember]: 'enum-member',
};

const partSchema = z.looseObject({ kind: z.string(), text: z.string(), target: z.unknown().optional() });
const commentSchema = z.looseObject({
  summary: z.array(partSchema).optional(),
  blockTags: z.array(z.looseObject({ tag: z.string(), content: z.array(partSchema) })).optional(),
  modifierTags: z.array(z.string()).optional(),
});
type Comment = z.infer<typeof commentSchema>;
type Part = z.infer<typeof partSchema>;

/** A type, as TypeDoc writes one: read field by field where it is shown (`typeText`). */
const typeSchema = z.looseObject({ type: z.string() });
type TypeDocType = z.infer<typeof typeSchema> & Record<string, unknown>;

const flagsSchema = z.looseObject({
  isOptional: z.boolean().optional(),
  isRest: z.boolean().optional(),
  isStatic: z.boolean().optional(),
  isReadonly: z.boolean().optional(),
  isAbstract: z.boolean().optional(),
  isConst: z.boolean().optional(),
  isPrivate: z.boolean().optional(),
  isProtected: z.boolean().optional(),
});

export interface Reflection {
  id: number;
  name: string;
  kind: number;
  flags?: z.infer<typeof flagsSchema>;
  comment?: Comment;
  children?: Reflection[];
  signatures?: Reflection[];
  indexSignatures?: Reflection[];
  getSignature?: Reflection;
  setSignature?: Reflection;
  parameters?: Reflection[];
  typeParameters?: Reflection[];
  type?: TypeDocType;
  default?: TypeDocType;
  defaultValue?: string;
  extendedTypes?: TypeDocType[];
  implementedTypes?: TypeDocType[];
}

const reflectionSchema: z.ZodType<Reflection> = z.looseObject({
  id: z.number(),
  name: z.string(),
  kind: z.number(),
  flags: flagsSchema.optional(),
  comment: commentSchema.optional(),
  get children() {
    return z.array(reflectionSchema).optional();
  },
  get signatures() {
    return z.array(reflectionSchema).optional();
  },
  get indexSignatures() {
    return z.array(reflectionSchema).optional();
  },
  get getSignature() {
    return reflectionSchema.optional();
  },
  get setSignature() {
    return reflectionSchema.optional();
  },
  get parameters() {
    return z.array(reflectionSchema).optional();
  },
  get typeParameters() {
    return z.array(reflectionSchema).optional();
  },
  type: typeSchema.optional(),
  default: typeSchema.optional(),
  defaultValue: z.string().optional(),
  extendedTypes: z.array(typeSchema).optional(),
  implementedTypes: z.array(typeSchema).optional(),
}) as z.ZodType<Reflection>;

const projectSchema = z.looseObject({
  schemaVersion: z.string({ error: 'A TypeDoc JSON export has a `schemaVersion`: this file has none.' }),
  name: z.string(),
  children: z.array(reflectionSchema).optional(),
});

export type TypeDocResult = { library: SdkLibrary } | { problem: { path: string; message: string } };

/** The export's symbols; a file that is not a TypeDoc export gives the first problem found. */
export function readTypeDoc(json: unknown): TypeDocResult {
  const parsed = projectSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
    return { problem: { path: path || '(root)', message: issue.message } };
  }
  const symbols: SdkSymbol[] = [];
  collect(parsed.data.children ?? [], undefined, '', symbols);
  return { library: { symbols } };
}

/** Modules become the `module` of the symbols in them; namespaces prefix their members' names. */
function collect(children: readonly Reflection[], module: string | undefined, prefix: string, into: SdkSymbol[]): void {
  for (const child of children) {
    if (child.kind === KIND.module) collect(child.children ?? [], module ? `${module}/${child.name}` : child.name, '', into);
    else if (child.kind === KIND.namespace) collect(child.children ?? [], module, `${prefix}${child.name}.`, into);
    else {
      const kind = PAGE_KINDS[child.kind];
      if (kind) into.push(toSymbol(child, kind, module, prefix));
    }
  }
}

function toSymbol(reflection: Reflection, kind: SdkPageKind, module: string | undefined, prefix: string): SdkSymbol {
  const name = `${prefix}${reflection.name}`;
  const refs: string[] = [];
  const signatures = (reflection.signatures ?? []).map((signature) => toSignature(signature, kind === 'function' ? name : signature.name));
  const doc = docOf(reflection.comment ?? reflection.signatures?.[0]?.comment);
  return {
    id: String(reflection.id),
    kind,
    name,
    ...(module ? { module } : {}),
    doc,
    ...declarationOf(reflection, kind, name, refs),
    declarationRefs: unique(refs),
    signatures: kind === 'function' ? signatures : [],
    members: membersOf(reflection, kind === 'type' ? reflectionMembers(reflection.type) : (reflection.children ?? [])),
  };
}

function declarationOf(reflection: Reflection, kind: SdkPageKind, name: string, refs: string[]): { declaration?: string } {
  const generics = typeParameterList(reflection.typeParameters, refs);
  const list = (keyword: string, types: TypeDocType[] | undefined) => (types?.length ? ` ${keyword} ${types.map((type) => typeText(type, refs)).join(', ')}` : '');
  switch (kind) {
    case 'class':
      return { declaration: `${reflection.flags?.isAbstract ? 'abstract ' : ''}class ${name}${generics}${list('extends', reflection.extendedTypes)}${list('implements', reflection.implementedTypes)}` };
    case 'interface':
      return { declaration: `interface ${name}${generics}${list('extends', reflection.extendedTypes)}` };
    case 'enum':
      return { declaration: `enum ${name}` };
    case 'type':
      return { declaration: `type ${name}${generics} = ${reflection.type ? typeText(reflection.type, refs) : 'unknown'}` };
    case 'variable': {
      const value = reflection.defaultValue && reflection.defaultValue.length <= 200 ? ` = ${reflection.defaultValue}` : '';
      return { declaration: `${reflection.flags?.isConst ? 'const' : 'let'} ${name}: ${reflection.type ? typeText(reflection.type, refs) : 'unknown'}${value}` };
    }
    default:
      return {};
  }
}

/** The members of an object type written in place (`type Options = { ... }`). */
function reflectionMembers(type: TypeDocType | undefined): Reflection[] {
  const declaration = type?.type === 'reflection' ? (type['declaration'] as Reflection | undefined) : undefined;
  return declaration?.children ?? [];
}

function membersOf(reflection: Reflection, children: readonly Reflection[]): SdkMember[] {
  const members: SdkMember[] = [];
  for (const child of children) {
    const kind = MEMBER_KINDS[child.kind];
    // Members inherited from outside the library (`Error.message`) are the platform's to document.
    if (!kind || child.flags?.isPrivate || child.flags?.isProtected || child.flags?.['isExternal']) continue;
    members.push(toMember(child, kind));
  }
  for (const signature of reflection.signatures ?? []) {
    if (reflection.kind !== KIND.function) members.push({ kind: 'call', name: reflection.name, static: false, signatures: [toSignature(signature, '')], doc: docOf(signature.comment) });
  }
  for (const signature of reflection.indexSignatures ?? []) {
    members.push({ kind: 'index', name: '[key]', static: false, signatures: [toSignature(signature, '', '[', ']')], doc: docOf(signature.comment) });
  }
  return members;
}

function toMember(child: Reflection, kind: SdkMemberKind): SdkMember {
  const base = { id: String(child.id), kind, name: child.name, static: child.flags?.isStatic === true };
  if (kind === 'constructor') {
    return { ...base, signatures: (child.signatures ?? []).map((signature) => toSignature(signature, `new ${signature.type ? typeText(signature.type, []) : child.name}`)), doc: docOf(child.signatures?.[0]?.comment ?? child.comment) };
  }
  if (kind === 'method') {
    return { ...base, signatures: (child.signatures ?? []).map((signature) => toSignature(signature, child.name)), doc: docOf(child.comment ?? child.signatures?.[0]?.comment) };
  }
  const refs: string[] = [];
  const typed = kind === 'accessor' ? (child.getSignature?.type ?? child.setSignature?.parameters?.[0]?.type) : child.type;
  const text = typed ? typeText(typed, refs) : 'unknown';
  const readonly = child.flags?.isReadonly || (kind === 'accessor' && !child.setSignature) ? 'readonly ' : '';
  const code =
    kind === 'enum-member'
      ? `${child.name} = ${text}`
      : `${child.flags?.isStatic ? 'static ' : ''}${readonly}${child.name}${child.flags?.isOptional ? '?' : ''}: ${text}`;
  return { ...base, code, type: { text, refs: unique(refs) }, signatures: [], doc: docOf(child.comment ?? child.getSignature?.comment) };
}

/** `name<T>(a: string, b?: number): R`, its parameters and what it returns. */
function toSignature(signature: Reflection, name: string, open = '(', close = ')'): SdkSignature {
  const refs: string[] = [];
  const typeParameters = (signature.typeParameters ?? []).map((parameter) => toParameter(parameter, refs));
  const parameters = (signature.parameters ?? []).map((parameter) => toParameter(parameter, refs));
  const written = (signature.parameters ?? []).map((parameter, index) => {
    const rest = parameter.flags?.isRest ? '...' : '';
    const optional = parameter.flags?.isOptional || parameter.defaultValue !== undefined ? '?' : '';
    return `${rest}${parameter.name}${optional}: ${parameters[index]!.type?.text ?? 'unknown'}`;
  });
  const returnType = signature.type && !name.startsWith('new ') ? typeText(signature.type, refs) : undefined;
  const comment = signature.comment;
  const returnsNote = comment?.blockTags?.find((tag) => tag.tag === '@returns');
  return {
    code: `${name}${typeParameterList(signature.typeParameters, [])}${open}${written.join(', ')}${close}${returnType ? `: ${returnType}` : ''}`,
    refs: unique(refs),
    doc: docOf(comment),
    typeParameters,
    parameters,
    ...(returnType && signature.type ? { returns: { type: { text: returnType, refs: unique(typeRefs(signature.type)) }, description: returnsNote ? partsMarkdown(returnsNote.content) : '' } } : {}),
  };
}

function toParameter(parameter: Reflection, refs: string[]): SdkParameter {
  const own: string[] = [];
  const text = parameter.type ? typeText(parameter.type, own) : undefined;
  refs.push(...own);
  const defaultValue = parameter.defaultValue ?? (parameter.default ? typeText(parameter.default, []) : undefined);
  return {
    name: parameter.name,
    ...(text !== undefined ? { type: { text, refs: unique(own) } } : {}),
    optional: parameter.flags?.isOptional === true || parameter.defaultValue !== undefined,
    ...(defaultValue !== undefined ? { defaultValue } : {}),
    description: parameter.comment ? docOf(parameter.comment).description : '',
  };
}

function typeParameterList(parameters: Reflection[] | undefined, refs: string[]): string {
  if (!parameters?.length) return '';
  return `<${parameters.map((parameter) => `${parameter.name}${parameter.type ? ` extends ${typeText(parameter.type, refs)}` : ''}${parameter.default ? ` = ${typeText(parameter.default, refs)}` : ''}`).join(', ')}>`;
}

const typeRefs = (type: TypeDocType): string[] => {
  const refs: string[] = [];
  typeText(type, refs);
  return refs;
};

const unique = (values: readonly string[]) => [...new Set(values)];

/** A comment's summary, `@remarks` and `@see` as Markdown, with its deprecation notice and examples. */
function docOf(comment: Comment | undefined): SdkDoc {
  if (!comment) return NO_DOC;
  const tags = comment.blockTags ?? [];
  const extra = tags.filter((tag) => tag.tag === '@remarks' || tag.tag === '@see' || tag.tag === '@throws');
  const description = [
    partsMarkdown(comment.summary ?? []),
    ...extra.map((tag) => (tag.tag === '@remarks' ? partsMarkdown(tag.content) : `**${tag.tag === '@see' ? 'See' : 'Throws'}:** ${partsMarkdown(tag.content)}`)),
  ]
    .filter(Boolean)
    .join('\n\n');
  const deprecated = tags.find((tag) => tag.tag === '@deprecated');
  return {
    description,
    ...(deprecated || comment.modifierTags?.includes('@deprecated') ? { deprecated: deprecated ? partsMarkdown(deprecated.content) : '' } : {}),
    examples: tags.filter((tag) => tag.tag === '@example').map((tag) => partsMarkdown(tag.content)),
  };
}

/** Comment parts to Markdown; `{@link}` tags to another reflection become `sdk-symbol:` links. */
function partsMarkdown(parts: readonly Part[]): string {
  return parts
    .map((part) => {
      if (part.kind !== 'inline-tag') return part.text;
      const label = part.text.trim() || 'link';
      if (typeof part.target === 'number' && part.target >= 0) return `[\`${label}\`](sdk-symbol:${part.target})`;
      if (typeof part.target === 'string' && /^https:\/\//.test(part.target)) return `[${label}](${part.target})`;
      return `\`${label}\``;
    })
    .join('')
    .trim();
}

/** Deeper types than this are written `…`: a type is shown, not reproduced in full. */
const MAX_TYPE_DEPTH = 12;

/** A type as TypeScript code; the ids of the library's reflections it names are added to `refs`. */
export function typeText(type: TypeDocType, refs: string[], depth = 0): string {
  if (depth > MAX_TYPE_DEPTH) return '…';
  const t = (inner: unknown) => (isType(inner) ? typeText(inner, refs, depth + 1) : 'unknown');
  const list = (inner: unknown, separator: string) => (Array.isArray(inner) ? inner.map((item) => grouped(item, t)).join(separator) : '');
  switch (type.type) {
    case 'intrinsic':
    case 'unknown':
      return String(type['name'] ?? 'unknown');
    case 'inferred':
      return `infer ${String(type['name'])}`;
    case 'reference': {
      if (typeof type['target'] === 'number' && type['target'] >= 0) refs.push(String(type['target']));
      const args = Array.isArray(type['typeArguments']) && type['typeArguments'].length ? `<${type['typeArguments'].map(t).join(', ')}>` : '';
      return `${String(type['name'])}${args}`;
    }
    case 'array':
      return `${grouped(type['elementType'], t)}[]`;
    case 'union':
      return list(type['types'], ' | ');
    case 'intersection':
      return list(type['types'], ' & ');
    case 'literal':
      return literalText(type['value']);
    case 'tuple':
      return `[${Array.isArray(type['elements']) ? type['elements'].map(t).join(', ') : ''}]`;
    case 'named-tuple-member':
      return `${String(type['name'])}${type['isOptional'] ? '?' : ''}: ${t(type['element'])}`;
    case 'optional':
      return `${t(type['elementType'])}?`;
    case 'rest':
      return `...${t(type['elementType'])}`;
    case 'typeOperator':
      return `${String(type['operator'])} ${t(type['target'])}`;
    case 'query':
      return `typeof ${t(type['queryType'])}`;
    case 'indexedAccess':
      return `${t(type['objectType'])}[${t(type['indexType'])}]`;
    case 'conditional':
      return `${t(type['checkType'])} extends ${t(type['extendsType'])} ? ${t(type['trueType'])} : ${t(type['falseType'])}`;
    case 'predicate':
      return `${type['asserts'] ? 'asserts ' : ''}${String(type['name'])}${type['targetType'] ? ` is ${t(type['targetType'])}` : ''}`;
    case 'mapped':
      return `{ [${String(type['parameter'])} in ${t(type['parameterType'])}]: ${t(type['templateType'])} }`;
    case 'templateLiteral':
      return templateText(type, t);
    case 'reflection':
      return reflectionText(type['declaration'] as Reflection | undefined, refs, depth);
    default:
      return String(type['name'] ?? type.type);
  }
}

const isType = (value: unknown): value is TypeDocType => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Unions, intersections and function types in parentheses where they sit inside another type. */
function grouped(inner: unknown, t: (inner: unknown) => string): string {
  const text = t(inner);
  const kind = isType(inner) ? inner.type : '';
  const isFunction = kind === 'reflection' && text.includes('=>');
  return kind === 'union' || kind === 'intersection' || kind === 'conditional' || isFunction ? `(${text})` : text;
}

function literalText(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value && 'value' in value) return `${(value as { negative?: boolean }).negative ? '-' : ''}${String((value as { value: unknown }).value)}n`;
  return String(value);
}

function templateText(type: TypeDocType, t: (inner: unknown) => string): string {
  const tail = Array.isArray(type['tail']) ? type['tail'] : [];
  return `\`${String(type['head'] ?? '')}${tail.map((entry) => (Array.isArray(entry) ? `\${${t(entry[0])}}${String(entry[1] ?? '')}` : '')).join('')}\``;
}

/** A type written in place: a function type, or an object type's members. */
function reflectionText(declaration: Reflection | undefined, refs: string[], depth: number): string {
  if (!declaration) return '{}';
  const signature = declaration.signatures?.[0];
  if (signature) {
    const parameters = (signature.parameters ?? []).map((parameter) => `${parameter.flags?.isRest ? '...' : ''}${parameter.name}${parameter.flags?.isOptional ? '?' : ''}: ${parameter.type ? typeText(parameter.type, refs, depth + 1) : 'unknown'}`);
    return `(${parameters.join(', ')}) => ${signature.type ? typeText(signature.type, refs, depth + 1) : 'void'}`;
  }
  const members = (declaration.children ?? []).map((child) => `${child.name}${child.flags?.isOptional ? '?' : ''}: ${child.type ? typeText(child.type, refs, depth + 1) : 'unknown'}`);
  return members.length ? `{ ${members.join('; ')} }` : '{}';
}
