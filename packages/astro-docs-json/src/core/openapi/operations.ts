/**
 * The operations of a dereferenced spec, in one shape whatever its version: Swagger 2.0
 * bodies, form data, hosts and security definitions are mapped onto OpenAPI 3's.
 */
import { HTTP_METHODS, type HttpMethod } from '../paths/page-path.ts';

/** A dereferenced OpenAPI or Swagger document, read loosely: specs in the wild vary. */
export type ApiDocument = Record<string, unknown>;
export type Schema = Record<string, unknown>;

export interface MediaContent {
  mediaType: string;
  schema?: Schema;
  example?: unknown;
  examples: Array<{ name: string; summary?: string; value: unknown }>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
}

export interface SecurityScheme {
  name: string;
  type: string;
  scheme?: string;
  in?: string;
  paramName?: string;
  description?: string;
}

/** A `servers` entry as the spec writes it: `{name}` variables in the URL, with their values. */
export interface ServerTemplate {
  url: string;
  description?: string;
  variables: Array<{ name: string; default: string; enum?: string[]; description?: string }>;
}

export interface Operation {
  kind: 'operation' | 'webhook';
  method: HttpMethod;
  /** The path, or for a webhook, its name. */
  path: string;
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  /** `x-hidden`: built, but in no navigation. */
  hidden: boolean;
  /** `x-excluded`: no page at all. */
  excluded: boolean;
  /** `x-mint.href`: the page's URL, set by the spec. */
  href?: string;
  /** `x-mint.groups` (or `x-mint.metadata.groups`): for signed-in readers of these groups only, as a page's frontmatter `groups`. */
  groups?: string[];
  /** `x-mint.metadata.public`: published to everyone despite `groups`. */
  public?: boolean;
  parameters: Parameter[];
  requestBody?: { required: boolean; description?: string; contents: MediaContent[] };
  responses: Array<{ status: string; description?: string; contents: MediaContent[] }>;
  /** Alternatives: any one set of schemes satisfies the operation. */
  security: SecurityScheme[][];
  /** The server URLs, their variables at their defaults. */
  servers: string[];
  /** The same servers as written, for the playground's server inputs and the proxy's targets. */
  serverTemplates: ServerTemplate[];
  /** `x-codeSamples` (or `x-code-samples`): request samples the spec writes itself, SDK calls as a rule. */
  codeSamples: WrittenSample[];
}

export interface WrittenSample {
  /** The language, as the spec names it (`typescript`, `bash`). */
  lang: string;
  label?: string;
  source: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export function extractOperations(document: ApiDocument): Operation[] {
  const isSwagger2 = document.swagger === '2.0';
  const schemes = securitySchemes(document, isSwagger2);
  const operations: Operation[] = [];
  const add = (kind: Operation['kind'], key: string, pathItem: unknown) => {
    if (!isObject(pathItem)) return;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method.toLowerCase()];
      if (!isObject(operation)) continue;
      operations.push(toOperation(kind, method, key, operation, pathItem, document, isSwagger2, schemes));
    }
  };
  for (const [key, pathItem] of Object.entries(isObject(document.paths) ? document.paths : {})) add('operation', key, pathItem);
  for (const [name, pathItem] of Object.entries(isObject(document.webhooks) ? document.webhooks : {})) add('webhook', name, pathItem);
  return operations;
}

function toOperation(
  kind: Operation['kind'],
  method: HttpMethod,
  key: string,
  operation: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  document: ApiDocument,
  isSwagger2: boolean,
  schemes: Map<string, SecurityScheme>,
): Operation {
  const rawParameters = mergeParameters(pathItem.parameters, operation.parameters);
  const mint = isObject(operation['x-mint']) ? operation['x-mint'] : {};
  const summary = text(operation.summary);
  const description = text(operation.description);
  const operationId = text(operation.operationId);
  const href = text(mint.href);
  return {
    kind,
    method,
    path: key,
    ...(operationId ? { operationId } : {}),
    ...(summary ? { summary } : {}),
    ...(description ? { description } : {}),
    tags: Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    deprecated: operation.deprecated === true,
    hidden: operation['x-hidden'] === true || pathItem['x-hidden'] === true,
    excluded: operation['x-excluded'] === true || pathItem['x-excluded'] === true,
    ...(href ? { href } : {}),
    ...accessOf(mint),
    parameters: rawParameters.filter((p) => p.in !== 'body' && p.in !== 'formData').map((p) => toParameter(p, isSwagger2)),
    ...requestBodyOf(operation, rawParameters, document, isSwagger2),
    responses: responsesOf(operation, document, isSwagger2),
    security: securityOf(operation.security ?? document.security, schemes),
    ...serversOf(operation, pathItem, document, isSwagger2),
    codeSamples: writtenSamples(operation['x-codeSamples'] ?? operation['x-code-samples']),
  };
}

/** The spec's own samples: those with a language and code, in its order. */
function writtenSamples(raw: unknown): WrittenSample[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((sample): WrittenSample[] => {
    if (!isObject(sample) || !text(sample.lang) || typeof sample.source !== 'string') return [];
    const label = text(sample.label);
    return [{ lang: text(sample.lang)!, ...(label ? { label } : {}), source: sample.source }];
  });
}

/** Who may read the operation's page: `x-mint.groups` or `x-mint.metadata.groups`, and `x-mint.metadata.public`. */
function accessOf(mint: Record<string, unknown>): Pick<Operation, 'groups' | 'public'> {
  const metadata = isObject(mint.metadata) ? mint.metadata : {};
  const listed = Array.isArray(mint.groups) ? mint.groups : Array.isArray(metadata.groups) ? metadata.groups : [];
  const groups = listed.filter((group): group is string => typeof group === 'string');
  return { ...(groups.length ? { groups } : {}), ...(metadata.public === true ? { public: true } : {}) };
}

/** Operation parameters override path-level ones with the same name and location. */
function mergeParameters(pathLevel: unknown, operationLevel: unknown): Array<Record<string, unknown>> {
  const merged = new Map<string, Record<string, unknown>>();
  for (const list of [pathLevel, operationLevel]) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) if (isObject(parameter)) merged.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  return [...merged.values()];
}

function toParameter(raw: Record<string, unknown>, isSwagger2: boolean): Parameter {
  const location = raw.in === 'path' || raw.in === 'header' || raw.in === 'cookie' ? raw.in : 'query';
  // Swagger 2.0 puts the schema's keywords on the parameter itself.
  const schema = isObject(raw.schema)
    ? raw.schema
    : isSwagger2
      ? Object.fromEntries(Object.entries(raw).filter(([k]) => !['name', 'in', 'required', 'description'].includes(k)))
      : undefined;
  const description = text(raw.description);
  return {
    name: String(raw.name ?? ''),
    in: location,
    required: raw.required === true || location === 'path',
    deprecated: raw.deprecated === true,
    ...(description ? { description } : {}),
    ...(schema ? { schema } : {}),
    ...(raw.example !== undefined ? { example: raw.example } : {}),
  };
}

function contentsOf(content: unknown): MediaContent[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, media]) => {
    const entry = isObject(media) ? media : {};
    const examples = isObject(entry.examples)
      ? Object.entries(entry.examples).map(([name, example]) => ({
          name,
          ...(isObject(example) && text(example.summary) ? { summary: String(example.summary) } : {}),
          value: isObject(example) && 'value' in example ? example.value : example,
        }))
      : [];
    return {
      mediaType,
      ...(isObject(entry.schema) ? { schema: entry.schema } : {}),
      ...(entry.example !== undefined ? { example: entry.example } : {}),
      examples,
    };
  });
}

function requestBodyOf(
  operation: Record<string, unknown>,
  parameters: Array<Record<string, unknown>>,
  document: ApiDocument,
  isSwagger2: boolean,
): Pick<Operation, 'requestBody'> {
  if (!isSwagger2) {
    const body = operation.requestBody;
    if (!isObject(body)) return {};
    const description = text(body.description);
    return { requestBody: { required: body.required === true, ...(description ? { description } : {}), contents: contentsOf(body.content) } };
  }
  const consumes = (Array.isArray(operation.consumes) ? operation.consumes : Array.isArray(document.consumes) ? document.consumes : []) as string[];
  const body = parameters.find((p) => p.in === 'body');
  if (body) {
    const description = text(body.description);
    return {
      requestBody: {
        required: body.required === true,
        ...(description ? { description } : {}),
        contents: [{ mediaType: consumes[0] ?? 'application/json', ...(isObject(body.schema) ? { schema: body.schema } : {}), examples: [] }],
      },
    };
  }
  const form = parameters.filter((p) => p.in === 'formData');
  if (form.length === 0) return {};
  const mediaType = form.some((p) => p.type === 'file') ? 'multipart/form-data' : (consumes[0] ?? 'application/x-www-form-urlencoded');
  const properties = Object.fromEntries(
    form.map((p) => [String(p.name), { ...(toParameter(p, true).schema ?? {}), ...(p.type === 'file' ? { type: 'string', format: 'binary' } : {}), description: p.description }]),
  );
  const required = form.filter((p) => p.required === true).map((p) => String(p.name));
  return {
    requestBody: {
      required: required.length > 0,
      contents: [{ mediaType, schema: { type: 'object', properties, ...(required.length ? { required } : {}) }, examples: [] }],
    },
  };
}

function responsesOf(operation: Record<string, unknown>, document: ApiDocument, isSwagger2: boolean): Operation['responses'] {
  if (!isObject(operation.responses)) return [];
  const produces = (Array.isArray(operation.produces) ? operation.produces : Array.isArray(document.produces) ? document.produces : []) as string[];
  return Object.entries(operation.responses).map(([status, response]) => {
    const entry = isObject(response) ? response : {};
    const description = text(entry.description);
    let contents = contentsOf(entry.content);
    if (isSwagger2 && isObject(entry.schema)) {
      const examples = isObject(entry.examples) ? entry.examples : {};
      contents = [
        {
          mediaType: produces[0] ?? 'application/json',
          schema: entry.schema,
          ...(examples[produces[0] ?? 'application/json'] !== undefined ? { example: examples[produces[0] ?? 'application/json'] } : {}),
          examples: [],
        },
      ];
    }
    return { status, ...(description ? { description } : {}), contents };
  });
}

function securitySchemes(document: ApiDocument, isSwagger2: boolean): Map<string, SecurityScheme> {
  const components = isObject(document.components) ? document.components : {};
  const raw = isSwagger2 ? document.securityDefinitions : components.securitySchemes;
  const schemes = new Map<string, SecurityScheme>();
  for (const [name, scheme] of Object.entries(isObject(raw) ? raw : {})) {
    if (!isObject(scheme)) continue;
    const type = String(scheme.type ?? '');
    const description = text(scheme.description);
    schemes.set(name, {
      name,
      // Swagger 2.0's `basic` is HTTP basic authentication in OpenAPI 3.
      type: type === 'basic' ? 'http' : type,
      ...(type === 'basic' ? { scheme: 'basic' } : text(scheme.scheme) ? { scheme: String(scheme.scheme).toLowerCase() } : {}),
      ...(text(scheme.in) ? { in: String(scheme.in) } : {}),
      ...(text(scheme.name) ? { paramName: String(scheme.name) } : {}),
      ...(description ? { description } : {}),
    });
  }
  return schemes;
}

function securityOf(requirements: unknown, schemes: Map<string, SecurityScheme>): SecurityScheme[][] {
  if (!Array.isArray(requirements)) return [];
  return requirements
    .filter(isObject)
    .map((requirement) => Object.keys(requirement).map((name) => schemes.get(name) ?? { name, type: 'unknown' }))
    .filter((set) => set.length > 0);
}

function serversOf(
  operation: Record<string, unknown>,
  pathItem: Record<string, unknown>,
  document: ApiDocument,
  isSwagger2: boolean,
): Pick<Operation, 'servers' | 'serverTemplates'> {
  const templates = isSwagger2 ? swagger2Servers(document) : [operation.servers, pathItem.servers, document.servers].map(serverTemplates).find((list) => list.length > 0) ?? [];
  return { servers: templates.map((server) => resolveServer(server)), serverTemplates: templates };
}

function swagger2Servers(document: ApiDocument): ServerTemplate[] {
  if (!text(document.host)) return [];
  const schemes = Array.isArray(document.schemes) && document.schemes.length ? (document.schemes as string[]) : ['https'];
  return [{ url: `${schemes.includes('https') ? 'https' : schemes[0]}://${document.host}${text(document.basePath) ?? ''}`.replace(/\/$/, ''), variables: [] }];
}

function serverTemplates(list: unknown): ServerTemplate[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((server) => {
    const description = text(server.description);
    const variables = Object.entries(isObject(server.variables) ? server.variables : {}).flatMap(([name, variable]) => {
      if (!isObject(variable)) return [];
      const options = Array.isArray(variable.enum) ? variable.enum.map(String) : undefined;
      const fallback = variable.default ?? options?.[0];
      const about = text(variable.description);
      return [{ name, default: fallback === undefined ? '' : String(fallback), ...(options?.length ? { enum: options } : {}), ...(about ? { description: about } : {}) }];
    });
    return { url: String(server.url ?? '').replace(/\/$/, ''), ...(description ? { description } : {}), variables };
  });
}

/** A server's URL with its variables at the values given, else at their defaults. */
export function resolveServer(server: ServerTemplate, values: Record<string, string> = {}): string {
  let url = server.url;
  for (const { name, default: fallback } of server.variables) url = url.replaceAll(`{${name}}`, values[name] || fallback || `{${name}}`);
  return url;
}
