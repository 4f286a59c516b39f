/**
 * Request samples built from an operation: curl, JavaScript `fetch` and Python
 * `requests`, with the server URL, required parameters, credentials and an example body.
 */
import { contentExamples, exampleOf } from './examples.ts';
import type { MediaContent, Operation, SecurityScheme } from './operations.ts';

export interface CodeSample {
  label: string;
  /** The Shiki language to highlight it as. */
  lang: string;
  code: string;
}

interface Request {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: { mediaType: string; value: unknown };
}

const placeholder = (name: string) => `<${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}>`;

function credentials(schemes: SecurityScheme[] | undefined): { headers: Array<[string, string]>; query: Array<[string, string]> } {
  const headers: Array<[string, string]> = [];
  const query: Array<[string, string]> = [];
  for (const scheme of schemes ?? []) {
    if (scheme.type === 'http' && scheme.scheme === 'basic') headers.push(['Authorization', 'Basic <encoded-value>']);
    else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') headers.push(['Authorization', 'Bearer <token>']);
    else if (scheme.type === 'apiKey' && scheme.paramName) {
      (scheme.in === 'query' ? query : headers).push([scheme.paramName, placeholder(scheme.paramName)]);
    }
  }
  return { headers, query };
}

function bodyOf(contents: MediaContent[] | undefined): Request['body'] {
  const content = contents?.find((c) => /json/i.test(c.mediaType)) ?? contents?.[0];
  if (!content) return undefined;
  const value = contentExamples(content, 'request')[0]?.value ?? (content.schema ? exampleOf(content.schema, 'request') : undefined);
  return { mediaType: content.mediaType, value: value ?? {} };
}

export function buildRequest(operation: Operation, baseUrl: string | undefined): Request {
  const auth = credentials(operation.security[0]);
  const query = [
    ...operation.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p): [string, string] => [p.name, String(p.example ?? (p.schema ? exampleOf(p.schema, 'request') : undefined) ?? placeholder(p.name))]),
    ...auth.query,
  ];
  const server = baseUrl ?? operation.servers[0] ?? '';
  const search = query.length ? `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%3C/g, '<').replace(/%3E/g, '>')}`).join('&')}` : '';
  const body = bodyOf(operation.requestBody?.contents);
  const headers: Array<[string, string]> = [
    ...auth.headers,
    ...operation.parameters.filter((p) => p.in === 'header' && p.required).map((p): [string, string] => [p.name, String(p.example ?? placeholder(p.name))]),
    ...(body && !/multipart/i.test(body.mediaType) ? [['Content-Type', body.mediaType] as [string, string]] : []),
  ];
  return { method: operation.method, url: `${server}${operation.path}${search}`, headers, ...(body ? { body } : {}) };
}

const json = (value: unknown, indent = 2) => JSON.stringify(value, null, indent);
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Form fields; a file field is sent from a file (`@file` in curl). */
function formFields(value: unknown): Array<[string, string]> {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).map(([key, field]) => [key, field === '<binary>' ? '@file' : typeof field === 'string' ? field : JSON.stringify(field)]);
}

function curl(request: Request): string {
  const lines = [`curl --request ${request.method}`, `  --url ${shellQuote(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  --header ${shellQuote(`${name}: ${value}`)}`);
  if (request.body) {
    if (/multipart/i.test(request.body.mediaType)) {
      for (const [key, value] of formFields(request.body.value)) lines.push(`  --form ${shellQuote(`${key}=${value}`)}`);
    } else if (/x-www-form-urlencoded/i.test(request.body.mediaType)) {
      for (const [key, value] of formFields(request.body.value)) lines.push(`  --data-urlencode ${shellQuote(`${key}=${value}`)}`);
    } else {
      lines.push(`  --data ${shellQuote(typeof request.body.value === 'string' ? request.body.value : json(request.body.value))}`);
    }
  }
  return lines.join(' \\\n');
}

function javascript(request: Request): string {
  const options: string[] = [`  method: '${request.method}'`];
  if (request.headers.length) {
    options.push(`  headers: {\n${request.headers.map(([k, v]) => `    ${/^[A-Za-z_$][\w$]*$/.test(k) ? k : `'${k}'`}: '${v}'`).join(',\n')}\n  }`);
  }
  let prelude = '';
  if (request.body) {
    if (/multipart|x-www-form-urlencoded/i.test(request.body.mediaType)) {
      const form = /multipart/i.test(request.body.mediaType) ? 'new FormData()' : 'new URLSearchParams()';
      prelude = `const body = ${form};\n${formFields(request.body.value).map(([k, v]) => `body.append('${k}', '${v}');`).join('\n')}\n\n`;
      options.push('  body');
    } else {
      options.push(`  body: JSON.stringify(${json(request.body.value).replace(/\n/g, '\n  ')})`);
    }
  }
  return `${prelude}const options = {\n${options.join(',\n')}\n};

fetch('${request.url}', options)
  .then((response) => response.json())
  .then((data) => console.log(data))
  .catch((error) => console.error(error));`;
}

/** A JSON value written as a Python literal. */
function python(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length ? `[\n${value.map((v) => `${inner}${python(v, inner)}`).join(',\n')}\n${indent}]` : '[]';
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.length ? `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${python(v, inner)}`).join(',\n')}\n${indent}}` : '{}';
}

function pythonRequests(request: Request): string {
  const lines = ['import requests', '', `url = ${JSON.stringify(request.url)}`];
  const args = ['url'];
  if (request.body) {
    lines.push('', `payload = ${python(request.body.value)}`);
    args.push(/json/i.test(request.body.mediaType) ? 'json=payload' : /multipart/i.test(request.body.mediaType) ? 'files=payload' : 'data=payload');
  }
  if (request.headers.length) {
    lines.push(`headers = ${python(Object.fromEntries(request.headers.filter(([k]) => !(k === 'Content-Type' && /json|multipart/i.test(request.body?.mediaType ?? '')))))}`);
    args.push('headers=headers');
  }
  lines.push('', `response = requests.request(${JSON.stringify(request.method)}, ${args.join(', ')})`, '', 'print(response.text)');
  return lines.join('\n');
}

export function codeSamples(operation: Operation, baseUrl?: string): CodeSample[] {
  const request = buildRequest(operation, baseUrl);
  return [
    { label: 'cURL', lang: 'bash', code: curl(request) },
    { label: 'JavaScript', lang: 'js', code: javascript(request) },
    { label: 'Python', lang: 'python', code: pythonRequests(request) },
  ];
}
