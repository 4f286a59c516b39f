/**
 * The API playground's form, as plain data: built from an operation (or from the
 * `<ParamField>`s of a page that documents an API in MDX), rendered by the page, and read
 * back by the browser into a request (`requestFromForm`) that is sent and shown as samples.
 * Browser-safe: the playground's script imports it.
 */
import type { ParamFieldInfo } from '../markdown/page-content.ts';
import { contentExamples } from './examples.ts';
import { resolveServer, type MediaContent, type Operation, type Parameter, type Schema, type SecurityScheme, type ServerTemplate } from './operations.ts';
import { BINARY_VALUE, type SampleRequest } from './samples.ts';
import { mergeAllOf } from './schema-tree.ts';

export type FieldLocation = Parameter['in'] | 'body';

export interface FormField {
  /** Unique in the form: `<location>:<name>`. */
  id: string;
  name: string;
  location: FieldLocation;
  required: boolean;
  /** `list`: an array, typed as comma-separated values; `json`: an object or array typed as JSON. */
  control: 'text' | 'number' | 'select' | 'file' | 'list' | 'json';
  options?: string[];
  /** What the input starts with: the parameter's example or default. */
  value: string;
  /** A value of the right shape, shown while the input is empty. */
  placeholder?: string;
  /** The type as the reference shows it: `string`, `integer`, `string[]`. */
  type: string;
}

export interface Credential {
  /** The security scheme's name, under which its values are kept for the session. */
  scheme: string;
  kind: 'bearer' | 'basic' | 'apiKey';
  /** Where an API key goes, and under which name. */
  in: 'header' | 'query' | 'cookie';
  name: string;
  fields: Array<{ id: string; label: string }>;
}

export interface FormBody {
  mediaType: string;
  encoding: 'json' | 'form' | 'multipart' | 'text';
  required: boolean;
  /** The document a JSON or text body starts with. */
  text: string;
  /** A form body's fields. */
  fields: FormField[];
}

export interface PlaygroundForm {
  method: string;
  path: string;
  servers: ServerTemplate[];
  parameters: FormField[];
  body?: FormBody;
  credentials: Credential[];
}

/** What the reader typed, by field id; `server` is the chosen server's index, `server:<name>` its variables. */
export type FormValues = Record<string, string>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asText = (value: unknown) => (value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function typeOf(schema: Schema): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'array') return `${isObject(schema.items) ? typeOf(mergeAllOf(schema.items)) : 'any'}[]`;
  return typeof type === 'string' ? type : isObject(schema.properties) ? 'object' : 'string';
}

/** A field for a value of `schema`: its control follows its type, its value the spec's example or default. */
export function schemaField(location: FieldLocation, name: string, required: boolean, input: Schema | undefined, example?: unknown): FormField {
  const schema = input ? mergeAllOf(input) : {};
  const type = typeOf(schema);
  const options = Array.isArray(schema.enum) ? schema.enum.map(asText) : type === 'boolean' ? ['true', 'false'] : undefined;
  const control: FormField['control'] =
    options ? 'select'
    : schema.format === 'binary' ? 'file'
    : type === 'integer' || type === 'number' ? 'number'
    : type.endsWith('[]') ? (/^(string|integer|number|boolean)\[\]$/.test(type) ? 'list' : 'json')
    : type === 'object' ? 'json'
    : 'text';
  const given = example ?? schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined) ?? schema.default;
  const value = Array.isArray(given) && control === 'list' ? given.map(asText).join(', ') : asText(given);
  return { id: `${location}:${name}`, name, location, required, control, ...(options ? { options } : {}), value, type };
}

function credentialOf(scheme: SecurityScheme): Credential | undefined {
  const field = (label: string, part = '') => ({ id: `auth:${scheme.name}${part}`, label });
  if (scheme.type === 'http' && scheme.scheme === 'basic') {
    return { scheme: scheme.name, kind: 'basic', in: 'header', name: 'Authorization', fields: [field('Username', ':username'), field('Password', ':password')] };
  }
  if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    return { scheme: scheme.name, kind: 'bearer', in: 'header', name: 'Authorization', fields: [field('Token')] };
  }
  if (scheme.type === 'apiKey' && scheme.paramName) {
    const where = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
    return { scheme: scheme.name, kind: 'apiKey', in: where, name: scheme.paramName, fields: [field(scheme.paramName)] };
  }
  return undefined;
}

const ENCODINGS: Array<[RegExp, FormBody['encoding']]> = [
  [/json/i, 'json'],
  [/multipart\/form-data/i, 'multipart'],
  [/x-www-form-urlencoded/i, 'form'],
];

function bodyOf(body: NonNullable<Operation['requestBody']>): FormBody | undefined {
  const content: MediaContent | undefined = body.contents.find((c) => /json/i.test(c.mediaType)) ?? body.contents[0];
  if (!content) return undefined;
  const encoding = ENCODINGS.find(([pattern]) => pattern.test(content.mediaType))?.[1] ?? 'text';
  const example = contentExamples(content, 'request')[0]?.value;
  if (encoding === 'form' || encoding === 'multipart') {
    const schema = content.schema ? mergeAllOf(content.schema) : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const properties = Object.entries(isObject(schema.properties) ? schema.properties : {}).filter(([, property]) => isObject(property) && property.readOnly !== true);
    const fields = properties.map(([name, property]) => schemaField('body', name, required.has(name), property as Schema, isObject(content.example) ? content.example[name] : undefined));
    return { mediaType: content.mediaType, encoding, required: body.required, text: '', fields };
  }
  const text = example === undefined ? '' : typeof example === 'string' ? example : JSON.stringify(example, null, 2);
  return { mediaType: content.mediaType, encoding, required: body.required, text, fields: [] };
}

export function operationForm(operation: Operation, servers: ServerTemplate[] = operation.serverTemplates): PlaygroundForm {
  const body = operation.requestBody && bodyOf(operation.requestBody);
  return {
    method: operation.method,
    path: operation.path,
    servers,
    parameters: operation.parameters.map((p) => schemaField(p.in, p.name, p.required, p.schema, p.example)),
    ...(body ? { body } : {}),
    // The first of the operation's alternative sets of schemes, as the samples show it.
    credentials: (operation.security[0] ?? []).flatMap((scheme) => credentialOf(scheme) ?? []),
  };
}

/** `POST /users` or `POST https://api.example.com/users`. */
const ENDPOINT = /^\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(\S+)\s*$/i;

/**
 * The form of a page that documents an API in MDX: `api: "POST /users"` frontmatter and
 * `<ParamField>`s. A full URL names its server; a path takes `api.mdx.server`.
 */
export function fieldsForm(endpoint: string, params: readonly ParamFieldInfo[], settings: { servers: string[]; auth?: { method: 'bearer' | 'basic' | 'key'; name?: string } }): PlaygroundForm | undefined {
  const match = ENDPOINT.exec(endpoint);
  if (!match) return undefined;
  let servers = settings.servers.map((url): ServerTemplate => ({ url: url.replace(/\/$/, ''), variables: [] }));
  let target = match[2]!;
  if (/^https?:\/\//i.test(target)) {
    if (!URL.canParse(target)) return undefined;
    const url = new URL(target);
    servers = [{ url: url.origin, variables: [] }];
    target = decodeURI(url.pathname) + url.search;
  }
  const scalar = (param: ParamFieldInfo): Schema => ({ type: /^(integer|number|boolean|object)$/.test(param.type ?? '') ? param.type : /\[\]$|^array/.test(param.type ?? '') ? 'array' : 'string', ...(param.default !== undefined ? { default: param.default } : {}) });
  const field = (param: ParamFieldInfo): FormField => ({ ...schemaField(param.location, param.name, param.required, scalar(param)), ...(param.placeholder ? { placeholder: param.placeholder } : {}), type: param.type ?? 'string' });
  const bodyFields = params.filter((param) => param.location === 'body');
  const body: Record<string, unknown> = {};
  for (const param of bodyFields) body[param.name] = param.default !== undefined ? literal(param.default) : param.placeholder ?? '';
  const auth = settings.auth;
  const scheme: SecurityScheme | undefined =
    auth?.method === 'basic' ? { name: 'mdx', type: 'http', scheme: 'basic' }
    : auth?.method === 'key' ? { name: 'mdx', type: 'apiKey', in: 'header', paramName: auth.name ?? 'X-API-Key' }
    : auth ? { name: 'mdx', type: 'http', scheme: 'bearer' }
    : undefined;
  return {
    method: match[1]!.toUpperCase(),
    path: target,
    servers,
    parameters: params.filter((param) => param.location !== 'body').map(field),
    ...(bodyFields.length ? { body: { mediaType: 'application/json', encoding: 'json', required: bodyFields.some((p) => p.required), text: JSON.stringify(body, null, 2), fields: [] } } : {}),
    credentials: scheme ? [credentialOf(scheme)!] : [],
  };
}

/** `{10}` and `{true}` as their values; anything else as written. */
function literal(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A list field's values: `a, b` is two. */
const listValues = (text: string) => text.split(',').map((item) => item.trim()).filter(Boolean);

/** A field's value as the request carries it, or undefined when it is left empty. */
function fieldValue(field: FormField, values: FormValues): string | undefined {
  const value = values[field.id] ?? field.value;
  return value.trim() === '' ? undefined : value;
}

function credentialParts(form: PlaygroundForm, values: FormValues) {
  const headers: Array<[string, string]> = [];
  const query: Array<[string, string]> = [];
  const cookies: Array<[string, string]> = [];
  for (const credential of form.credentials) {
    const [first, second] = credential.fields.map((field) => values[field.id] ?? '');
    if (!first && !second) continue;
    if (credential.kind === 'bearer') headers.push(['Authorization', `Bearer ${first}`]);
    else if (credential.kind === 'basic') headers.push(['Authorization', `Basic ${base64(`${first}:${second ?? ''}`)}`]);
    else (credential.in === 'query' ? query : credential.in === 'cookie' ? cookies : headers).push([credential.name, first!]);
  }
  return { headers, query, cookies };
}

/** UTF-8, then base64, in the browser and in Node alike. */
function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** The chosen server's URL, its variables as typed. */
export function serverUrl(form: PlaygroundForm, values: FormValues): string {
  const server = form.servers[Number(values.server ?? 0)] ?? form.servers[0];
  if (!server) return '';
  const variables = Object.fromEntries(server.variables.map((v) => [v.name, values[`server:${v.name}`] ?? '']));
  return resolveServer(server, variables);
}

/** The request the form describes; a file field is `<binary>` (the samples send a file, the browser the chosen one). */
export function requestFromForm(form: PlaygroundForm, values: FormValues): SampleRequest {
  const auth = credentialParts(form, values);
  let path = form.path;
  const query: Array<[string, string]> = [];
  const headers: Array<[string, string]> = [];
  const cookies: Array<[string, string]> = [];
  for (const field of form.parameters) {
    const value = fieldValue(field, values);
    if (field.location === 'path') path = path.replaceAll(`{${field.name}}`, value === undefined ? `{${field.name}}` : encodeURIComponent(value));
    if (value === undefined) continue;
    const items = field.control === 'list' ? listValues(value) : [value];
    if (field.location === 'query') items.forEach((item) => query.push([field.name, item]));
    if (field.location === 'header') headers.push([field.name, items.join(',')]);
    if (field.location === 'cookie') cookies.push([field.name, items.join(',')]);
  }
  query.push(...auth.query);
  headers.push(...auth.headers);
  cookies.push(...auth.cookies);
  if (cookies.length) headers.push(['Cookie', cookies.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ')]);
  const search = query.length ? `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '';
  const body = bodyValue(form.body, values);
  if (body && form.body!.encoding !== 'multipart') headers.push(['Content-Type', form.body!.mediaType]);
  const [pathname, pathSearch = ''] = path.split('?');
  const joined = pathSearch ? `?${pathSearch}${search ? `&${search.slice(1)}` : ''}` : search;
  return { method: form.method, url: `${serverUrl(form, values)}${pathname}${joined}`, headers, ...(body ? { body } : {}) };
}

function bodyValue(body: FormBody | undefined, values: FormValues): SampleRequest['body'] {
  if (!body) return undefined;
  if (body.encoding === 'form' || body.encoding === 'multipart') {
    const fields: Record<string, unknown> = {};
    for (const field of body.fields) {
      const value = field.control === 'file' ? (values[field.id] ? BINARY_VALUE : undefined) : fieldValue(field, values);
      if (value !== undefined) fields[field.name] = value;
    }
    return Object.keys(fields).length || body.required ? { mediaType: body.mediaType, value: fields } : undefined;
  }
  const text = values['body'] ?? body.text;
  if (text.trim() === '') return undefined;
  if (body.encoding !== 'json') return { mediaType: body.mediaType, value: text };
  try {
    return { mediaType: body.mediaType, value: JSON.parse(text) };
  } catch {
    return { mediaType: body.mediaType, value: text };
  }
}
