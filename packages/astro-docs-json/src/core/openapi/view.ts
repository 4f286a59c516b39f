/**
 * What an operation's page shows, as plain data: method and path, servers, security,
 * parameters by location, the request body and responses as schema trees with
 * examples, and request samples.
 */
import type { OperationTarget } from '../paths/page-path.ts';
import type { ApiSettings } from './api-settings.ts';
import { contentExamples } from './examples.ts';
import type { Operation, Parameter, SecurityScheme, ServerTemplate } from './operations.ts';
import { operationForm, type PlaygroundForm } from './playground-form.ts';
import { codeSamples, type CodeSample } from './samples.ts';
import { schemaTree, type SchemaNode } from './schema-tree.ts';
import type { LoadedSpec } from './specs.ts';

export interface BodyView {
  mediaType: string;
  schema?: SchemaNode;
  examples: Array<{ name?: string; code: string }>;
}

export interface OperationView {
  kind: 'operation' | 'webhook';
  method: string;
  path: string;
  summary?: string;
  /** Markdown. */
  description?: string;
  deprecated: boolean;
  servers: string[];
  security: SecurityScheme[][];
  parameters: Array<{ location: Parameter['in']; parameters: SchemaNode[] }>;
  requestBody?: { required: boolean; description?: string; contents: BodyView[] };
  responses: Array<{ status: string; description?: string; contents: BodyView[] }>;
  samples: CodeSample[];
  /** The playground's form; a webhook has none. */
  playground?: PlaygroundForm;
}

/** Parameter locations in the order pages show them, with their sections' titles. */
export const LOCATIONS: Array<Parameter['in']> = ['path', 'query', 'header', 'cookie'];
export const LOCATION_TITLES = { path: 'Path parameters', query: 'Query parameters', header: 'Headers', cookie: 'Cookies' } as const;

const exampleCode = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

export function findOperation(specs: ReadonlyMap<string, LoadedSpec>, target: OperationTarget): Operation | undefined {
  return specs
    .get(target.spec)
    ?.operations.find((op) => op.kind === target.kind && op.method === target.method && op.path === target.path);
}

export function operationView(operation: Operation, settings: Pick<ApiSettings, 'baseUrl' | 'languages'> & Partial<Pick<ApiSettings, 'autogenerate'>>): OperationView {
  const baseUrl = settings.baseUrl?.[0];
  const servers = settings.baseUrl?.map((url): ServerTemplate => ({ url: url.replace(/\/$/, ''), variables: [] })) ?? operation.serverTemplates;
  const parameterNode = (parameter: Parameter): SchemaNode => ({
    ...(parameter.schema ? schemaTree(parameter.schema) : { type: 'string' }),
    name: parameter.name,
    ...(parameter.required ? { required: true } : {}),
    ...(parameter.deprecated ? { deprecated: true } : {}),
    ...(parameter.description ? { description: parameter.description } : {}),
  });
  const bodies = (contents: Operation['responses'][number]['contents'], direction: 'request' | 'response'): BodyView[] =>
    contents.map((content) => ({
      mediaType: content.mediaType,
      ...(content.schema ? { schema: schemaTree(content.schema) } : {}),
      examples: contentExamples(content, direction).map(({ name, value }) => ({ ...(name ? { name } : {}), code: exampleCode(value) })),
    }));

  return {
    kind: operation.kind,
    method: operation.method,
    path: operation.path,
    ...(operation.summary ? { summary: operation.summary } : {}),
    ...(operation.description ? { description: operation.description } : {}),
    deprecated: operation.deprecated,
    servers: baseUrl ? [baseUrl] : operation.servers,
    security: operation.security,
    parameters: LOCATIONS.map((location) => ({
      location,
      parameters: operation.parameters.filter((p) => p.in === location).map(parameterNode),
    })).filter((group) => group.parameters.length > 0),
    ...(operation.requestBody
      ? {
          requestBody: {
            required: operation.requestBody.required,
            ...(operation.requestBody.description ? { description: operation.requestBody.description } : {}),
            contents: bodies(operation.requestBody.contents, 'request'),
          },
        }
      : {}),
    responses: operation.responses.map((response) => ({
      status: response.status,
      ...(response.description ? { description: response.description } : {}),
      contents: bodies(response.contents, 'response'),
    })),
    samples: operation.kind === 'webhook' ? [] : codeSamples(operation, baseUrl, settings.languages, settings.autogenerate),
    ...(operation.kind === 'webhook' ? {} : { playground: operationForm(operation, servers) }),
  };
}
