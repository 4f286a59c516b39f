/**
 * Request samples in seven languages. Pages build them from an operation; the playground
 * rebuilds them in the browser from what the reader types, so this module imports nothing
 * from Node.
 *
 * URLs, headers, bodies and form fields come from specs and from readers: each one goes
 * through its language's literal writer, so no input can end a string literal early.
 */
import { contentExamples, exampleOf } from './examples.ts';
import type { MediaContent, Operation, SecurityScheme } from './operations.ts';

export const SAMPLE_LANGUAGES = ['curl', 'javascript', 'python', 'go', 'ruby', 'php', 'java'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];
export const DEFAULT_SAMPLE_LANGUAGES: SampleLanguage[] = ['curl', 'javascript', 'python'];

/** The value a form field holds when it is a file: the samples upload one from {@link FILE_PATH}. */
export const BINARY_VALUE = '<binary>';
const FILE_PATH = 'path/to/file';
const FILE_NAME = 'file';

// A Map, not an object literal, so that names like `constructor` find nothing.
const ALIASES = new Map<string, SampleLanguage>([
  ...(['bash', 'sh', 'shell', 'curl'] as const).map((name) => [name, 'curl'] as const),
  ...(['js', 'javascript', 'node', 'nodejs'] as const).map((name) => [name, 'javascript'] as const),
  ...(['py', 'python', 'python3'] as const).map((name) => [name, 'python'] as const),
  ...(['go', 'golang'] as const).map((name) => [name, 'go'] as const),
  ...(['rb', 'ruby'] as const).map((name) => [name, 'ruby'] as const),
  ['php', 'php'],
  ['java', 'java'],
]);

/** Mintlify's names and common aliases: bash/sh/shell/curl -> curl; js/javascript/node/nodejs -> javascript; py/python/python3 -> python; go/golang; rb/ruby; php; java. Case-insensitive; undefined for anything else. */
export function sampleLanguage(name: string): SampleLanguage | undefined {
  return ALIASES.get(name.trim().toLowerCase());
}

export interface SampleRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  /** A string value is sent as that text; anything else as JSON, or as form fields for form media types. */
  body?: { mediaType: string; value: unknown };
}

export interface CodeSample {
  label: string;
  /** The Shiki language to highlight it as. */
  lang: string;
  code: string;
  /** The language it was written in from the request, which the playground rewrites it in; none for a sample the spec wrote. */
  language?: SampleLanguage;
}

// ---------------------------------------------------------------------------------------
// The request of an operation: server, required parameters, credentials, an example body.

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

function bodyOf(contents: MediaContent[] | undefined): SampleRequest['body'] {
  const content = contents?.find((c) => /json/i.test(c.mediaType)) ?? contents?.[0];
  if (!content) return undefined;
  const value = contentExamples(content, 'request')[0]?.value ?? (content.schema ? exampleOf(content.schema, 'request') : undefined);
  return { mediaType: content.mediaType, value: value ?? {} };
}

export function buildRequest(operation: Operation, baseUrl: string | undefined): SampleRequest {
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

/**
 * An operation's request samples: those its spec writes (`x-codeSamples`), then, unless
 * docs.json `api.examples.autogenerate` is false, those written from the request in each
 * of the site's languages.
 */
export function codeSamples(operation: Operation, baseUrl?: string, languages?: readonly SampleLanguage[], autogenerate = true): CodeSample[] {
  const written = operation.codeSamples.map((sample): CodeSample => ({ label: sample.label ?? languageLabel(sample.lang), lang: shikiLanguage(sample.lang), code: sample.source }));
  return autogenerate ? [...written, ...samplesFor(buildRequest(operation, baseUrl), languages)] : written;
}

/** `typescript` → `TypeScript`; a name it does not know, as written. */
function languageLabel(lang: string): string {
  const known: Record<string, string> = { typescript: 'TypeScript', ts: 'TypeScript', javascript: 'JavaScript', js: 'JavaScript', python: 'Python', py: 'Python', go: 'Go', ruby: 'Ruby', php: 'PHP', java: 'Java', kotlin: 'Kotlin', swift: 'Swift', csharp: 'C#', 'c#': 'C#', rust: 'Rust', bash: 'cURL', curl: 'cURL', shell: 'Shell', sh: 'Shell' };
  return known[lang.toLowerCase()] ?? lang;
}

/** Shiki's name for a sample's language: `curl` is shell. */
function shikiLanguage(lang: string): string {
  const lower = lang.toLowerCase();
  return lower === 'curl' ? 'bash' : lower === 'c#' ? 'csharp' : lower;
}

// ---------------------------------------------------------------------------------------
// A request made ready for the writers: its body sorted into one of four kinds.

/** A form field: text, or a file the sample reads from disk. */
interface Field {
  name: string;
  value: string;
  file: boolean;
}

type Body =
  | { kind: 'json'; value: unknown; text: string }
  | { kind: 'text'; text: string }
  /** `text` is the fields encoded, for languages that send the string. */
  | { kind: 'form'; fields: Field[]; text: string }
  | { kind: 'multipart'; fields: Field[] };

interface Prepared {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: Body;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldsOf(value: Record<string, unknown>, multipart: boolean): Field[] {
  return Object.entries(value).map(([name, field]) => ({
    name,
    value: typeof field === 'string' ? field : JSON.stringify(field) ?? '',
    file: multipart && field === BINARY_VALUE,
  }));
}

function bodyKind(body: SampleRequest['body']): Body | undefined {
  if (!body || body.value === undefined) return undefined;
  if (typeof body.value === 'string') return { kind: 'text', text: body.value };
  let value: unknown;
  try {
    // Plain JSON data from here on: a YAML date becomes its string, NaN becomes null.
    value = JSON.parse(JSON.stringify(body.value) ?? 'null');
  } catch {
    return { kind: 'text', text: String(body.value) };
  }
  if (isRecord(value) && /multipart\//i.test(body.mediaType)) return { kind: 'multipart', fields: fieldsOf(value, true) };
  if (isRecord(value) && /x-www-form-urlencoded/i.test(body.mediaType)) {
    const fields = fieldsOf(value, false);
    return { kind: 'form', fields, text: new URLSearchParams(fields.map((f) => [f.name, f.value])).toString() };
  }
  return { kind: 'json', value, text: JSON.stringify(value, null, 2) };
}

function prepare(request: SampleRequest): Prepared {
  const body = bodyKind(request.body);
  // Every client writes a multipart body's Content-Type itself: only it knows the boundary.
  const headers = body?.kind === 'multipart' ? request.headers.filter(([name]) => name.toLowerCase() !== 'content-type') : request.headers;
  return { method: request.method, url: request.url, headers, ...(body ? { body } : {}) };
}

const GENERATORS: Record<SampleLanguage, { label: string; lang: string; write: (request: Prepared) => string }> = {
  curl: { label: 'cURL', lang: 'bash', write: curl },
  javascript: { label: 'JavaScript', lang: 'js', write: javascript },
  python: { label: 'Python', lang: 'python', write: python },
  go: { label: 'Go', lang: 'go', write: go },
  ruby: { label: 'Ruby', lang: 'ruby', write: ruby },
  php: { label: 'PHP', lang: 'php', write: php },
  java: { label: 'Java', lang: 'java', write: java },
};

/** Samples of `request` in `languages`, in that order, each language once. */
export function samplesFor(request: SampleRequest, languages: readonly SampleLanguage[] = DEFAULT_SAMPLE_LANGUAGES): CodeSample[] {
  const prepared = prepare(request);
  // The browser passes settings read from the page: a name this module lacks is skipped.
  return [...new Set(languages)]
    .filter((language) => Object.hasOwn(GENERATORS, language))
    .map((language) => {
      const { label, lang, write } = GENERATORS[language];
      return { label, lang, code: write(prepared), language };
    });
}

// ---------------------------------------------------------------------------------------
// String literals, one writer per quoting syntax.

const indent = (text: string, pad: string) => text.replace(/\n/g, `\n${pad}`);
const hex4 = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A single-quoted shell word: inside, only the quote itself is special. */
const shellString = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const shellWord = (text: string) => (/^[\w.-]+$/.test(text) ? text : shellString(text));

const JS_ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/** A single-quoted JavaScript string; line separators are escaped for pre-2019 parsers. */
const jsString = (text: string) => `'${text.replace(/[\\'\u0000-\u001f\u007f\u2028\u2029]/g, (c) => JS_ESCAPES[c] ?? hex4(c))}'`;

/**
 * A double-quoted string for Python, Java and Go: JSON's escapes are a subset of theirs.
 * In Java `\uXXXX` is read before lexing, but JSON writes it only for control characters
 * that are not line breaks, so the literal stays one literal.
 */
const cString = (text: string) => JSON.stringify(text);

/** A single-quoted Ruby or PHP string: only `\\` and `\'` are escapes there, so nothing interpolates. */
const singleQuoted = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

// Go rejects unpaired surrogates in `\u` escapes and a byte order mark anywhere in a file.
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const goString = (text: string) => cString(wellFormed(text)).replace(/\uFEFF/g, '\\ufeff');
/** Go text: a raw string keeps lines of JSON readable, unless the text holds what a raw string cannot. */
const goText = (text: string) => (text.includes('\n') && !/[`\r\u0000\uFEFF]/.test(text) ? `\`${wellFormed(text)}\`` : goString(text));

interface LiteralStyle {
  string: (text: string) => string;
  nil: string;
  yes: string;
  no: string;
  arrow: string;
  tab: string;
}

const PYTHON: LiteralStyle = { string: cString, nil: 'None', yes: 'True', no: 'False', arrow: ': ', tab: '    ' };
const RUBY: LiteralStyle = { string: singleQuoted, nil: 'nil', yes: 'true', no: 'false', arrow: ' => ', tab: '  ' };

/** JSON data written as a Python or Ruby literal, one entry a line. */
function literal(value: unknown, style: LiteralStyle, pad = ''): string {
  if (value === null || value === undefined) return style.nil;
  if (typeof value === 'boolean') return value ? style.yes : style.no;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : style.nil;
  if (typeof value === 'string') return style.string(value);
  const inner = pad + style.tab;
  if (Array.isArray(value)) return value.length ? `[\n${value.map((v) => inner + literal(v, style, inner)).join(',\n')}\n${pad}]` : '[]';
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${style.string(k)}${style.arrow}${literal(v, style, inner)}`).join(',\n')}\n${pad}}`;
}

// ---------------------------------------------------------------------------------------
// One writer per language.

function curlBody(body: Body): string[] {
  switch (body.kind) {
    case 'multipart':
      // `--form` reads `@file`, `<file` and `;type=` in a value; `--form-string` sends text as is.
      return body.fields.map((f) =>
        f.file
          ? `  --form ${shellString(`${f.name}=@${FILE_PATH}`)}`
          : `  --${/^[@<]|[;"]/.test(f.value) ? 'form-string' : 'form'} ${shellString(`${f.name}=${f.value}`)}`,
      );
    case 'form':
      // curl encodes the value only: an `@` or `=` in the name would change its meaning.
      return body.fields.map((f) => `  --data-urlencode ${shellString(`${encodeURIComponent(f.name)}=${f.value}`)}`);
    default:
      // `--data @name` would read a file.
      return [`  --${body.text.startsWith('@') ? 'data-raw' : 'data'} ${shellString(body.text)}`];
  }
}

function curl(request: Prepared): string {
  // `--request HEAD` waits for a body that never comes.
  const lines = [request.method.toUpperCase() === 'HEAD' ? 'curl --head' : `curl --request ${shellWord(request.method)}`, `  --url ${shellString(request.url)}`];
  // curl reads `[1-3]` and `{a,b}` in a URL as ranges: path templates and `filter[x]` must stay literal.
  if (/[[\]{}]/.test(request.url)) lines.push('  --globoff');
  for (const [name, value] of request.headers) lines.push(`  --header ${shellString(`${name}: ${value}`)}`);
  if (request.body) lines.push(...curlBody(request.body));
  return lines.join(' \\\n');
}

function javascriptForm(body: Extract<Body, { fields: Field[] }>): string {
  const lines = [`const body = new ${body.kind === 'multipart' ? 'FormData' : 'URLSearchParams'}();`];
  for (const field of body.fields) {
    lines.push(
      field.file
        ? `body.append(${jsString(field.name)}, new Blob(['file contents']), ${jsString(FILE_NAME)}); // or a File from <input type="file">`
        : `body.append(${jsString(field.name)}, ${jsString(field.value)});`,
    );
  }
  return `${lines.join('\n')}\n\n`;
}

function javascript(request: Prepared): string {
  const { body } = request;
  const options: string[] = [`  method: ${jsString(request.method)}`];
  if (request.headers.length) {
    const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name));
    options.push(`  headers: {\n${request.headers.map(([k, v]) => `    ${key(k)}: ${jsString(v)}`).join(',\n')}\n  }`);
  }
  const prelude = body?.kind === 'form' || body?.kind === 'multipart' ? javascriptForm(body) : '';
  if (prelude) options.push('  body');
  else if (body?.kind === 'json') options.push(`  body: JSON.stringify(${indent(body.text, '  ')})`);
  else if (body?.kind === 'text') options.push(`  body: ${jsString(body.text)}`);
  return `${prelude}const options = {\n${options.join(',\n')}\n};

fetch(${jsString(request.url)}, options)
  .then((response) => response.json())
  .then((data) => console.log(data))
  .catch((error) => console.error(error));`;
}

/** The payload line and the keyword argument that sends it. */
function pythonBody(body: Body): { line: string; argument: string } {
  switch (body.kind) {
    case 'json':
      return { line: `payload = ${literal(body.value, PYTHON)}`, argument: 'json=payload' };
    case 'text':
      return { line: `payload = ${cString(body.text)}`, argument: 'data=payload' };
    case 'form':
      return { line: `payload = ${literal(Object.fromEntries(body.fields.map((f) => [f.name, f.value])), PYTHON)}`, argument: 'data=payload' };
    case 'multipart': {
      // requests sends multipart only with `files=`; a `(None, text)` tuple is a plain field there.
      const entries = body.fields.map((f) => `    ${cString(f.name)}: ${f.file ? `open(${cString(FILE_PATH)}, "rb")` : `(None, ${cString(f.value)})`}`);
      return { line: `files = ${entries.length ? `{\n${entries.join(',\n')}\n}` : '{}'}`, argument: 'files=files' };
    }
  }
}

function python(request: Prepared): string {
  const lines = ['import requests', '', `url = ${cString(request.url)}`];
  const args = ['url'];
  if (request.body) {
    const { line, argument } = pythonBody(request.body);
    lines.push('', line);
    args.push(argument);
  }
  // `json=` sets this very header.
  const headers = request.headers.filter(([k, v]) => !(request.body?.kind === 'json' && k.toLowerCase() === 'content-type' && /^application\/json\s*$/i.test(v)));
  if (headers.length) {
    lines.push(`headers = {\n${headers.map(([k, v]) => `    ${cString(k)}: ${cString(v)}`).join(',\n')}\n}`);
    args.push('headers=headers');
  }
  lines.push('', `response = requests.request(${cString(request.method)}, ${args.join(', ')})`, '', 'print(response.text)');
  return lines.join('\n');
}

const GO_FILE_HELPER = `
// addFile copies the file at path into the form as one part.
func addFile(form *multipart.Writer, field, path string) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	part, err := form.CreateFormFile(field, filepath.Base(path))
	if err != nil {
		return err
	}
	_, err = io.Copy(part, file)
	return err
}
`;

const GO_CHECK = '\tif err != nil {\n\t\tpanic(err)\n\t}';

/** The lines that make `payload`, and the imports they need. */
function goBody(body: Body, imports: Set<string>): string[] {
  if (body.kind !== 'multipart') {
    imports.add('strings');
    return [`\tpayload := strings.NewReader(${goText(body.text)})`];
  }
  imports.add('bytes').add('mime/multipart');
  const lines = ['\tpayload := &bytes.Buffer{}', '\tform := multipart.NewWriter(payload)'];
  for (const field of body.fields) {
    if (!field.file) lines.push(`\tform.WriteField(${goString(field.name)}, ${goString(field.value)})`);
    else lines.push(`\tif err := addFile(form, ${goString(field.name)}, ${goString(FILE_PATH)}); err != nil {\n\t\tpanic(err)\n\t}`);
  }
  lines.push('\tform.Close()');
  return lines;
}

function go(request: Prepared): string {
  const imports = new Set(['fmt', 'io', 'net/http']);
  const main = [`\turl := ${goString(request.url)}`, ''];
  if (request.body) main.push(...goBody(request.body, imports), '');
  main.push(`\treq, err := http.NewRequest(${goString(request.method)}, url, ${request.body ? 'payload' : 'nil'})`, GO_CHECK);
  for (const [name, value] of request.headers) main.push(`\treq.Header.Add(${goString(name)}, ${goString(value)})`);
  if (request.body?.kind === 'multipart') main.push('\treq.Header.Set("Content-Type", form.FormDataContentType())');
  main.push('', '\tres, err := http.DefaultClient.Do(req)', GO_CHECK, '\tdefer res.Body.Close()', '');
  main.push('\tbody, err := io.ReadAll(res.Body)', GO_CHECK, '\tfmt.Println(res.Status)', '\tfmt.Println(string(body))');
  const files = request.body?.kind === 'multipart' && request.body.fields.some((f) => f.file);
  if (files) imports.add('os').add('path/filepath');
  const importList = [...imports].sort().map((name) => `\t"${name}"`).join('\n');
  return `package main\n\nimport (\n${importList}\n)\n\nfunc main() {\n${main.join('\n')}\n}\n${files ? GO_FILE_HELPER : ''}`.trimEnd();
}

const RUBY_CLASSES = new Map(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'].map((m) => [m, `Net::HTTP::${m[0]}${m.slice(1).toLowerCase()}`]));

function rubyBody(body: Body): string {
  switch (body.kind) {
    case 'json':
      return `request.body = JSON.generate(${literal(body.value, RUBY)})`;
    case 'text':
      return `request.body = ${singleQuoted(body.text)}`;
    case 'form':
      return `request.set_form_data(${literal(Object.fromEntries(body.fields.map((f) => [f.name, f.value])), RUBY)})`;
    case 'multipart': {
      const pairs = body.fields.map((f) => `  [${singleQuoted(f.name)}, ${f.file ? `File.open(${singleQuoted(FILE_PATH)})` : singleQuoted(f.value)}]`);
      return `request.set_form(${pairs.length ? `[\n${pairs.join(',\n')}\n]` : '[]'}, 'multipart/form-data')`;
    }
  }
}

function ruby(request: Prepared): string {
  const requires = [...(request.body?.kind === 'json' ? ['json'] : []), 'net/http', 'uri'];
  const known = RUBY_CLASSES.get(request.method.toUpperCase());
  // Net::HTTP has a class per standard method; any other goes through the generic request.
  const make = known ? `${known}.new(url)` : `Net::HTTPGenericRequest.new(${singleQuoted(request.method)}, true, true, url)`;
  const lines = [
    ...requires.map((name) => `require '${name}'`),
    '',
    `url = URI(${singleQuoted(request.url)})`,
    '',
    'http = Net::HTTP.new(url.host, url.port)',
    "http.use_ssl = url.scheme == 'https'",
    '',
    `request = ${make}`,
    ...request.headers.map(([name, value]) => `request[${singleQuoted(name)}] = ${singleQuoted(value)}`),
    ...(request.body ? [rubyBody(request.body)] : []),
    '',
    'response = http.request(request)',
    'puts response.read_body',
  ];
  return lines.join('\n');
}

function phpBody(body: Body): string {
  const entries = (fields: Field[], value: (f: Field) => string) =>
    fields.length ? `[\n${fields.map((f) => `        ${singleQuoted(f.name)} => ${value(f)},`).join('\n')}\n    ]` : '[]';
  switch (body.kind) {
    case 'form':
      return `http_build_query(${entries(body.fields, (f) => singleQuoted(f.value))})`;
    case 'multipart':
      // An array makes curl send multipart/form-data; a CURLFile is an upload.
      return entries(body.fields, (f) => (f.file ? `new CURLFile(${singleQuoted(FILE_PATH)})` : singleQuoted(f.value)));
    default:
      return singleQuoted(body.text);
  }
}

function php(request: Prepared): string {
  const options = [`    CURLOPT_URL => ${singleQuoted(request.url)},`, '    CURLOPT_RETURNTRANSFER => true,'];
  // A HEAD request given as a custom method waits for a body that never comes.
  if (request.method.toUpperCase() === 'HEAD') options.push('    CURLOPT_NOBODY => true,');
  else options.push(`    CURLOPT_CUSTOMREQUEST => ${singleQuoted(request.method)},`);
  if (request.body) options.push(`    CURLOPT_POSTFIELDS => ${phpBody(request.body)},`);
  if (request.headers.length) {
    options.push(`    CURLOPT_HTTPHEADER => [\n${request.headers.map(([k, v]) => `        ${singleQuoted(`${k}: ${v}`)},`).join('\n')}\n    ],`);
  }
  return `<?php

$curl = curl_init();

curl_setopt_array($curl, [
${options.join('\n')}
]);

$response = curl_exec($curl);

if ($response === false) {
    echo 'cURL error: ' . curl_error($curl);
} else {
    echo $response;
}`;
}

/** A Java string split after each line break, so a JSON body reads as JSON. */
const javaText = (text: string, pad: string) => (text.split(/(?<=\n)/).map(cString).join(`\n${pad}+ `) || '""');

/** A multipart part's header value, encoded as browsers do so that a name cannot end the quotes. */
const quotedHeader = (text: string) => text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

const JAVA_PART_HELPER = `

    static void part(ByteArrayOutputStream form, String boundary, String disposition, byte[] content) {
        String head = "--" + boundary + "\\r\\nContent-Disposition: " + disposition + "\\r\\n\\r\\n";
        form.writeBytes(head.getBytes(StandardCharsets.UTF_8));
        form.writeBytes(content);
        form.writeBytes("\\r\\n".getBytes(StandardCharsets.UTF_8));
    }`;

/** Statements that build `form`, with the imports they need. */
function javaMultipart(fields: Field[], imports: Set<string>): string[] {
  imports.add('java.io.ByteArrayOutputStream').add('java.nio.charset.StandardCharsets').add('java.util.UUID');
  const lines = [
    '// HttpClient has no multipart encoder, so the form is written out by hand.',
    'String boundary = UUID.randomUUID().toString();',
    'ByteArrayOutputStream form = new ByteArrayOutputStream();',
  ];
  for (const field of fields) {
    const disposition = `form-data; name="${quotedHeader(field.name)}"${field.file ? `; filename="${FILE_NAME}"` : ''}`;
    const content = field.file ? `Files.readAllBytes(Path.of(${cString(FILE_PATH)}))` : `${cString(field.value)}.getBytes(StandardCharsets.UTF_8)`;
    if (field.file) imports.add('java.nio.file.Files').add('java.nio.file.Path');
    lines.push(`part(form, boundary, ${cString(disposition)}, ${content});`);
  }
  lines.push('form.writeBytes(("--" + boundary + "--\\r\\n").getBytes(StandardCharsets.UTF_8));', '');
  return lines;
}

/** The builder's method call: its shorthand where one exists. */
function javaSend(method: string, publisher: string, hasBody: boolean): string {
  const upper = method.toUpperCase();
  if (!hasBody && (upper === 'GET' || upper === 'DELETE')) return `.${upper}()`;
  if (hasBody && (upper === 'POST' || upper === 'PUT')) return `.${upper}(${publisher})`;
  return `.method(${cString(method)}, ${publisher})`;
}

// HttpClient manages these headers itself and refuses to be given them.
const JAVA_RESTRICTED = new Set(['connection', 'content-length', 'expect', 'host', 'upgrade']);

function java(request: Prepared): string {
  const { body } = request;
  const imports = new Set(['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse']);
  const setup = body?.kind === 'multipart' ? javaMultipart(body.fields, imports) : [];
  const publisher = !body
    ? 'HttpRequest.BodyPublishers.noBody()'
    : body.kind === 'multipart'
      ? 'HttpRequest.BodyPublishers.ofByteArray(form.toByteArray())'
      : `HttpRequest.BodyPublishers.ofString(${javaText(body.text, '                ')})`;
  const send = javaSend(request.method, publisher, body !== undefined);
  const builder = [
    'HttpRequest request = HttpRequest.newBuilder()',
    `    .uri(URI.create(${cString(request.url)}))`,
    ...request.headers.filter(([name]) => !JAVA_RESTRICTED.has(name.toLowerCase())).map(([name, value]) => `    .header(${cString(name)}, ${cString(value)})`),
    ...(body?.kind === 'multipart' ? ['    .header("Content-Type", "multipart/form-data; boundary=" + boundary)'] : []),
    `    ${send}`,
    '    .build();',
  ];
  const main = [...setup, ...builder, '', 'HttpResponse<String> response = HttpClient.newHttpClient()', '    .send(request, HttpResponse.BodyHandlers.ofString());'];
  main.push('System.out.println(response.statusCode());', 'System.out.println(response.body());');
  const importList = [...imports].sort().map((name) => `import ${name};`).join('\n');
  return `${importList}

public class Main {
    public static void main(String[] args) throws Exception {
${main.map((line) => (line ? `        ${line}` : '')).join('\n')}
    }${body?.kind === 'multipart' ? JAVA_PART_HELPER : ''}
}`;
}
