import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzePageContent } from '../src/core/markdown/page-content.ts';
import { apiSettings } from '../src/core/openapi/api-settings.ts';
import { extractOperations, type Operation } from '../src/core/openapi/operations.ts';
import { fieldsForm, operationForm, requestFromForm, serverUrl, type PlaygroundForm } from '../src/core/openapi/playground-form.ts';
import type { DocsJson } from '../src/core/schema/docs-json.ts';

/** A small API with every parameter location, body type, security scheme and server variables. */
const document = {
  openapi: '3.1.0',
  servers: [
    {
      url: 'https://{region}.api.example.com/{version}',
      description: 'Production',
      variables: { region: { default: 'eu', enum: ['eu', 'us'] }, version: { default: 'v2' } },
    },
    { url: 'http://127.0.0.1:4010/', description: 'Local' },
  ],
  components: {
    securitySchemes: {
      token: { type: 'http', scheme: 'bearer' },
      basic: { type: 'http', scheme: 'basic' },
      headerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
    },
  },
  security: [{ token: [] }],
  paths: {
    '/gardens/{gardenId}/plants': {
      parameters: [{ name: 'gardenId', in: 'path', required: true, schema: { type: 'string' }, example: 'g 1/2' }],
      post: {
        parameters: [
          { name: 'dryRun', in: 'query', schema: { type: 'boolean' } },
          { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } }, example: ['rose', 'tulip'] },
          { name: 'sort', in: 'query', required: true, schema: { type: 'string', enum: ['name', 'height'], default: 'height' } },
          { name: 'limit', in: 'query', schema: { type: 'integer', default: 20 } },
          { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
          { name: 'theme', in: 'cookie', schema: { type: 'string', example: 'dark' } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'Rose' }, height: { type: 'number' } } },
            },
          },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
    '/photos': {
      post: {
        security: [{ basic: [] }],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' }, caption: { type: 'string' }, id: { type: 'string', readOnly: true } },
              },
            },
          },
        },
        responses: {},
      },
    },
    '/login': {
      post: {
        security: [{ headerKey: [], queryKey: [], cookieKey: [] }],
        requestBody: {
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', properties: { user: { type: 'string' }, remember: { type: 'boolean', default: true } } },
            },
          },
        },
        responses: {},
      },
    },
  },
};

const operations = extractOperations(document);
const operation = (path: string): Operation => operations.find((op) => op.path === path)!;
const field = (form: PlaygroundForm, id: string) => form.parameters.find((f) => f.id === id) ?? form.body?.fields.find((f) => f.id === id);

describe('the playground form of an operation', () => {
  const form = operationForm(operation('/gardens/{gardenId}/plants'));

  it('has a field per parameter, in every location, with the control its type needs', () => {
    assert.deepEqual(
      form.parameters.map((f) => [f.id, f.control, f.required, f.value]),
      [
        ['path:gardenId', 'text', true, 'g 1/2'],
        ['query:dryRun', 'select', false, ''],
        ['query:tags', 'list', false, 'rose, tulip'],
        ['query:sort', 'select', true, 'height'],
        ['query:limit', 'number', false, '20'],
        ['header:X-Request-Id', 'text', false, ''],
        ['cookie:theme', 'text', false, 'dark'],
      ],
    );
    assert.deepEqual(field(form, 'query:sort')!.options, ['name', 'height']);
    assert.deepEqual(field(form, 'query:dryRun')!.options, ['true', 'false']);
    assert.equal(field(form, 'query:tags')!.type, 'string[]');
  });

  it('prefills a JSON body from the schema and asks for a bearer token', () => {
    assert.equal(form.body?.encoding, 'json');
    assert.deepEqual(JSON.parse(form.body!.text), { name: 'Rose', height: 1.5 });
    assert.deepEqual(form.credentials, [{ scheme: 'token', kind: 'bearer', in: 'header', name: 'Authorization', fields: [{ id: 'auth:token', label: 'Token' }] }]);
  });

  it('keeps the servers as written, with their variables', () => {
    assert.deepEqual(form.servers[0], {
      url: 'https://{region}.api.example.com/{version}',
      description: 'Production',
      variables: [
        { name: 'region', default: 'eu', enum: ['eu', 'us'] },
        { name: 'version', default: 'v2' },
      ],
    });
    assert.equal(serverUrl(form, {}), 'https://eu.api.example.com/v2');
    assert.equal(serverUrl(form, { 'server:region': 'us', 'server:version': 'v3' }), 'https://us.api.example.com/v3');
    assert.equal(serverUrl(form, { server: '1' }), 'http://127.0.0.1:4010');
    assert.deepEqual(operation('/gardens/{gardenId}/plants').servers, ['https://eu.api.example.com/v2', 'http://127.0.0.1:4010']);
  });

  it('reads back into the request it describes', () => {
    const request = requestFromForm(form, {
      server: '1',
      'path:gardenId': 'g 1/2',
      'query:dryRun': '',
      'query:tags': 'rose, tulip',
      'header:X-Request-Id': 'abc',
      'cookie:theme': 'dark mode',
      'auth:token': 's3cret',
      body: '{"name": "Fern"}',
    });
    assert.equal(request.method, 'POST');
    // Encoded path values; list values repeated; empty optional fields left out; defaults sent.
    assert.equal(request.url, 'http://127.0.0.1:4010/gardens/g%201%2F2/plants?tags=rose&tags=tulip&sort=height&limit=20');
    assert.deepEqual(request.headers, [
      ['X-Request-Id', 'abc'],
      ['Authorization', 'Bearer s3cret'],
      ['Cookie', 'theme=dark%20mode'],
      ['Content-Type', 'application/json'],
    ]);
    assert.deepEqual(request.body, { mediaType: 'application/json', value: { name: 'Fern' } });
  });

  it('sends a body that is not valid JSON as it is typed, and no credential that is left empty', () => {
    const request = requestFromForm(form, { body: '{"name": ' });
    assert.deepEqual(request.body, { mediaType: 'application/json', value: '{"name": ' });
    assert.ok(!request.headers.some(([name]) => name === 'Authorization'));
    assert.match(request.url, /\/gardens\/g%201%2F2\/plants\?/);
  });
});

describe('form bodies and credentials', () => {
  it('makes multipart fields, a file among them, and basic credentials', () => {
    const form = operationForm(operation('/photos'));
    assert.equal(form.body?.encoding, 'multipart');
    assert.deepEqual(form.body!.fields.map((f) => [f.name, f.control, f.required]), [
      ['file', 'file', true],
      ['caption', 'text', false],
    ]);
    assert.deepEqual(form.credentials[0]!.fields.map((f) => f.label), ['Username', 'Password']);
    const request = requestFromForm(form, { 'body:file': 'photo.png', 'body:caption': 'Été', 'auth:basic:username': 'ana', 'auth:basic:password': 'pässword' });
    assert.deepEqual(request.body, { mediaType: 'multipart/form-data', value: { file: '<binary>', caption: 'Été' } });
    // UTF-8 before base64, as RFC 7617 asks; the browser writes a multipart body's type itself.
    assert.deepEqual(request.headers, [['Authorization', `Basic ${Buffer.from('ana:pässword').toString('base64')}`]]);
  });

  it('makes URL-encoded fields, and API keys in a header, the query and a cookie', () => {
    const form = operationForm(operation('/login'));
    assert.equal(form.body?.encoding, 'form');
    assert.deepEqual(form.credentials.map((c) => [c.kind, c.in, c.name, c.fields[0]!.label]), [
      ['apiKey', 'header', 'X-Api-Key', 'X-Api-Key'],
      ['apiKey', 'query', 'api_key', 'api_key'],
      ['apiKey', 'cookie', 'session', 'session'],
    ]);
    const request = requestFromForm(form, { 'auth:headerKey': 'h', 'auth:queryKey': 'q&1', 'auth:cookieKey': 'c', 'body:user': 'ana' });
    assert.equal(request.url, 'https://eu.api.example.com/v2/login?api_key=q%261');
    assert.deepEqual(request.headers, [
      ['X-Api-Key', 'h'],
      ['Cookie', 'session=c'],
      ['Content-Type', 'application/x-www-form-urlencoded'],
    ]);
    assert.deepEqual(request.body?.value, { user: 'ana', remember: 'true' });
  });

  it('keeps a body of another type as text', () => {
    const [note] = extractOperations({
      openapi: '3.0.3',
      paths: { '/notes': { put: { requestBody: { content: { 'text/plain': { schema: { type: 'string' }, example: 'Hello' } } }, responses: {} } } },
    });
    const form = operationForm(note!);
    assert.deepEqual([form.body?.encoding, form.body?.text], ['text', 'Hello']);
    assert.deepEqual(requestFromForm(form, { body: 'Bye' }).body, { mediaType: 'text/plain', value: 'Bye' });
    assert.deepEqual(requestFromForm(form, { body: '' }).body, undefined);
  });

  it('reads Swagger 2.0 form data, with a file, as multipart', () => {
    const [upload] = extractOperations({
      swagger: '2.0',
      host: 'api.example.com',
      basePath: '/v1',
      securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'api-key' } },
      paths: {
        '/upload': {
          post: {
            security: [{ key: [] }],
            parameters: [
              { name: 'file', in: 'formData', type: 'file', required: true },
              { name: 'note', in: 'formData', type: 'string' },
            ],
            responses: {},
          },
        },
      },
    });
    const form = operationForm(upload!);
    assert.equal(form.body?.mediaType, 'multipart/form-data');
    assert.deepEqual(form.body!.fields.map((f) => [f.name, f.control]), [
      ['file', 'file'],
      ['note', 'text'],
    ]);
    assert.equal(serverUrl(form, {}), 'https://api.example.com/v1');
  });
});

describe('the playground of a page that documents an API in MDX', () => {
  const source = [
    '---',
    'api: "POST /projects/{projectId}/notes"',
    '---',
    '<ParamField path="projectId" type="string" required>The project.</ParamField>',
    '<ParamField query="limit" type="integer" default={10}>At most this many.</ParamField>',
    '<ParamField header="X-Trace" placeholder="abc">A trace id.</ParamField>',
    '<ParamField body="text" type="string" required placeholder="Hello">The note.</ParamField>',
    '<ParamField body="pinned" type="boolean" default={false}>Pinned.</ParamField>',
  ].join('\n');

  it('reads the fields from the page', () => {
    const { params } = analyzePageContent('notes.mdx', source);
    assert.deepEqual(params, [
      { location: 'path', name: 'projectId', type: 'string', required: true },
      { location: 'query', name: 'limit', type: 'integer', required: false, default: '10' },
      { location: 'header', name: 'X-Trace', required: false, placeholder: 'abc' },
      { location: 'body', name: 'text', type: 'string', required: true, placeholder: 'Hello' },
      { location: 'body', name: 'pinned', type: 'boolean', required: false, default: 'false' },
    ]);
  });

  it('builds a form with the server and credential docs.json gives', () => {
    const { params } = analyzePageContent('notes.mdx', source);
    const form = fieldsForm('post /projects/{projectId}/notes', params!, { servers: ['https://notes.example.com/'], auth: { method: 'key', name: 'X-Key' } })!;
    assert.equal(form.method, 'POST');
    assert.deepEqual(form.servers, [{ url: 'https://notes.example.com', variables: [] }]);
    assert.deepEqual(form.parameters.map((f) => [f.id, f.control, f.value, f.placeholder]), [
      ['path:projectId', 'text', '', undefined],
      ['query:limit', 'number', '10', undefined],
      ['header:X-Trace', 'text', '', 'abc'],
    ]);
    assert.deepEqual(JSON.parse(form.body!.text), { text: 'Hello', pinned: false });
    assert.deepEqual(form.credentials.map((c) => [c.kind, c.name]), [['apiKey', 'X-Key']]);
    const request = requestFromForm(form, { 'path:projectId': 'p1', 'auth:mdx': 'k' });
    assert.equal(request.url, 'https://notes.example.com/projects/p1/notes?limit=10');
  });

  it('takes the server from a full URL, and refuses what is no endpoint', () => {
    const form = fieldsForm('GET https://api.example.com/v1/users?active=true', [], { servers: ['https://ignored.example.com'] })!;
    assert.deepEqual(form.servers, [{ url: 'https://api.example.com', variables: [] }]);
    assert.equal(requestFromForm(form, {}).url, 'https://api.example.com/v1/users?active=true');
    assert.equal(fieldsForm('users', [], { servers: [] }), undefined);
    assert.equal(fieldsForm('GET https://', [], { servers: [] }), undefined);
  });
});

describe('docs.json api settings', () => {
  const settings = (api: DocsJson['api']) => apiSettings({ name: 'x', navigation: {}, api } as DocsJson);

  it('orders sample languages by their Mintlify names and warns of unknown ones', () => {
    const { settings: read, issues } = settings({ examples: { languages: ['python', 'bash', 'node', 'cobol', 'py'] } });
    assert.deepEqual(read.languages, ['python', 'curl', 'javascript']);
    assert.equal(issues.length, 1);
    assert.deepEqual(issues[0]!.at, ['api', 'examples', 'languages', 3]);
    assert.match(issues[0]!.message, /"cobol"/);
    assert.deepEqual(settings(undefined).settings.languages, ['curl', 'javascript', 'python']);
  });

  it('reads the display, the proxy, expanded parameters and the MDX server and credential', () => {
    assert.equal(settings(undefined).settings.display, 'interactive');
    assert.equal(settings({ playground: { display: 'auth' } }).settings.display, 'simple');
    assert.equal(settings({ playground: { proxy: false } }).settings.proxy, false);
    assert.equal(settings({ params: { expanded: 'all' } }).settings.expanded, true);
    assert.equal(settings({ params: { expanded: 'closed' } }).settings.expanded, false);
    assert.deepEqual(settings({ mdx: { server: 'https://a.example.com', auth: { method: 'cobo' } } }).settings.mdx, {
      servers: ['https://a.example.com'],
      auth: { method: 'bearer' },
    });
    assert.deepEqual(settings({ baseUrl: ['https://b.example.com'] }).settings.baseUrl, ['https://b.example.com']);
  });
});
