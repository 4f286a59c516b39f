import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exampleOf } from '../src/core/openapi/examples.ts';
import { codeSamples } from '../src/core/openapi/samples.ts';
import { schemaTree, type SchemaNode } from '../src/core/openapi/schema-tree.ts';
import { operationUrl, slugify } from '../src/core/openapi/slug.ts';
import { readLocalSpec, type LoadedSpec } from '../src/core/openapi/specs.ts';
import { operationView } from '../src/core/openapi/view.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { errors, makeDocs, pages, summary } from './helpers.ts';

/** Public specs from @readme/oas-examples, a devDependency. */
const examples = fileURLToPath(new URL('../../../node_modules/@readme/oas-examples/', import.meta.url));

async function spec(file: string): Promise<LoadedSpec> {
  const outcome = await readLocalSpec(examples, file);
  assert.equal(outcome.status, 'loaded');
  assert.deepEqual(outcome.status === 'loaded' && outcome.notes, []);
  return (outcome as { spec: LoadedSpec }).spec;
}

const op = (loaded: LoadedSpec, method: string, route: string) =>
  loaded.operations.find((o) => o.method === method && o.path === route)!;

/** Every node of a schema tree, depth first. */
function* walk(node: SchemaNode): Generator<SchemaNode> {
  yield node;
  for (const child of [...(node.children ?? []), ...(node.variants?.options ?? []), ...(node.additionalProperties ? [node.additionalProperties] : [])]) {
    yield* walk(child);
  }
}

describe('OpenAPI specs', () => {
  it('reads Petstore in Swagger 2.0, OpenAPI 3.0 and 3.1 into the same operations', async () => {
    const versions = await Promise.all(['2.0/json/petstore.json', '3.0/json/petstore.json', '3.1/json/petstore.json'].map(spec));
    for (const loaded of versions) {
      assert.equal(loaded.operations.length, 20, loaded.source);
      const addPet = op(loaded, 'POST', '/pet');
      assert.equal(addPet.summary, 'Add a new pet to the store');
      assert.deepEqual(addPet.tags, ['pet']);
      assert.equal(addPet.requestBody?.required, true);
      assert.match(addPet.requestBody!.contents[0]!.mediaType, /json/);
      const findByStatus = op(loaded, 'GET', '/pet/findByStatus');
      assert.deepEqual(
        findByStatus.parameters.map((p) => [p.name, p.in, p.required]),
        [['status', 'query', true]],
      );
    }
    const [swagger2] = versions;
    assert.deepEqual(op(swagger2!, 'POST', '/pet').servers, ['http://petstore.swagger.io/v2']);
    const upload = op(swagger2!, 'POST', '/pet/{petId}/uploadImage');
    assert.equal(upload.requestBody?.contents[0]?.mediaType, 'multipart/form-data', 'formData becomes a multipart body');
    assert.deepEqual(upload.parameters.map((p) => [p.name, p.in]), [['petId', 'path']]);
    assert.deepEqual(op(swagger2!, 'GET', '/pet/{petId}').security.map((set) => set.map((s) => `${s.name}:${s.type}`)), [['api_key:apiKey']]);
  });

  it('keeps recursive schemas finite: the tree marks the recursion, examples stop', async () => {
    const circular = await spec('3.0/json/circular.json');
    const response = op(circular, 'GET', '/anything').responses.find((r) => r.status === '404')!;
    const tree = schemaTree(response.contents[0]!.schema!);
    const inner = tree.children?.find((child) => child.name === 'inner');
    assert.equal(inner?.recursive, true);
    assert.ok(exampleOf(response.contents[0]!.schema!));

    const schemas = await spec('3.0/json/schema-circular.json');
    for (const operation of schemas.operations) {
      const view = operationView(operation, { languages: ['curl', 'javascript', 'python'] });
      assert.ok(JSON.stringify(view).length < 1_000_000, `${operation.method} ${operation.path} has a bounded view`);
    }
  });

  it('shows oneOf variants with their discriminator', async () => {
    const discriminators = await spec('3.0/json/discriminators.json');
    const operation = op(discriminators, 'PATCH', '/discriminator-with-mapping');
    const tree = schemaTree(operation.requestBody!.contents[0]!.schema!);
    assert.equal(tree.variants?.kind, 'oneOf');
    assert.deepEqual(tree.variants?.options.map((o) => o.name), ['Schema title option one', 'Schema title option two']);
    assert.ok(tree.variants?.options.every((o) => o.children?.some((child) => child.name === 'discrim')));
    assert.equal(tree.discriminator?.property, 'discrim');
    assert.ok(tree.discriminator?.mapping);
  });

  it('describes parameters, nullable values, enums and constraints', async () => {
    const types = await spec('3.1/json/schema-types.json');
    const nodes = types.operations.flatMap((operation) =>
      operation.requestBody?.contents.flatMap((content) => (content.schema ? [...walk(schemaTree(content.schema))] : [])) ?? [],
    );
    assert.ok(nodes.some((node) => node.nullable), 'nullable types');
    assert.ok(nodes.some((node) => node.type.startsWith('array<')), 'arrays name their items');
    const validation = await spec('3.1/json/schema-validation-local.json');
    const strings = operationView(op(validation, 'GET', '/anything/strings'), { languages: ['curl', 'javascript', 'python'] });
    assert.equal(strings.parameters[0]!.location, 'query');
    const lengthRequired = strings.parameters[0]!.parameters[0]!;
    assert.deepEqual(
      [lengthRequired.name, lengthRequired.required, lengthRequired.default, lengthRequired.constraints],
      ['name-length-required', true, 'this is a default', ['min length 10', 'max length 20']],
    );
  });

  it('builds request samples in curl, JavaScript and Python from the operation', async () => {
    const petstore = await spec('3.0/json/petstore.json');
    const [curl, js, python] = codeSamples(op(petstore, 'POST', '/pet'));
    assert.equal(curl!.label, 'cURL');
    assert.match(curl!.code, /^curl --request POST \\\n {2}--url 'http:\/\/petstore\.swagger\.io\/v2\/pet' \\\n/);
    assert.match(curl!.code, /--header 'Content-Type: application\/json'/);
    assert.match(curl!.code, /--data '\{\n {2}"category"/);
    assert.match(js!.code, /method: 'POST'/);
    assert.match(js!.code, /fetch\('http:\/\/petstore\.swagger\.io\/v2\/pet', options\)/);
    assert.match(python!.code, /^import requests\n\nurl = "http:\/\/petstore\.swagger\.io\/v2\/pet"/);
    assert.match(python!.code, /response = requests\.request\("POST", url, json=payload, headers=headers\)/);
    const byStatus = codeSamples(op(petstore, 'GET', '/pet/findByStatus'), 'https://api.example.com');
    assert.match(byStatus[0]!.code, /--url 'https:\/\/api\.example\.com\/pet\/findByStatus\?status=available'/);
  });
});

describe('OpenAPI page URLs', () => {
  it('slugs tags and summaries the way Mintlify does', () => {
    assert.equal(slugify('Get a user'), 'get-a-user');
    assert.equal(slugify('Garden Care'), 'garden-care');
    assert.equal(slugify("Get an update's status (v2.0)"), 'get-an-updates-status-v20');
    assert.equal(slugify('/plants/{plantId}'), 'plants');
    assert.equal(slugify('/users/{id}/posts'), 'users-posts');
  });

  it('builds <directory>/<tag>/<summary>, or <method>-<path> without a summary', () => {
    const base = { kind: 'operation' as const, parameters: [], responses: [], security: [], servers: [], serverTemplates: [], codeSamples: [], deprecated: false, hidden: false, excluded: false };
    assert.equal(operationUrl({ ...base, method: 'GET', path: '/users/{id}', summary: 'Get a user', tags: ['Users'] }), '/api-reference/users/get-a-user');
    assert.equal(operationUrl({ ...base, method: 'GET', path: '/plants', summary: 'List plants', tags: ['Plants'] }), '/api-reference/plants/list-plants');
    assert.equal(operationUrl({ ...base, method: 'DELETE', path: '/plants/{plantId}', tags: ['Plants'] }), '/api-reference/plants/delete-plants');
    assert.equal(operationUrl({ ...base, method: 'GET', path: '/health', summary: 'Health check', tags: [] }), '/api-reference/health-check');
    assert.equal(operationUrl({ ...base, method: 'GET', path: '/x', summary: 'X', tags: ['T'] }, 'v2/api'), '/v2/api/t/x');
    assert.equal(operationUrl({ ...base, method: 'GET', path: '/x', summary: 'X', tags: ['T'], href: '/custom/place/' }), '/custom/place');
  });
});

describe('OpenAPI in the navigation', () => {
  const petstoreFile = path.join(examples, '3.0/json/petstore.json');

  function docsWith(config: unknown, extra: Record<string, unknown> = {}) {
    const dir = makeDocs({ 'docs.json': { name: 'API', ...(config as object) }, ...pages('index'), ...extra });
    cpSync(petstoreFile, path.join(dir, 'petstore.json'));
    return dir;
  }

  it('generates a page per operation, grouped by tag in order of first use', async () => {
    const site = await loadSite(docsWith({ navigation: { tabs: [{ tab: 'Home', pages: ['index'] }, { tab: 'API', openapi: 'petstore.json' }] } }));
    assert.deepEqual(errors(site.diagnostics), []);
    const tab = site.navigation!.children[1]!;
    assert.ok(tab.type === 'division');
    assert.deepEqual(tab.children.map((group) => (group.type === 'group' ? `${group.name}:${group.children.length}` : '')), ['pet:8', 'store:4', 'user:8']);
    const addPet = site.routes.find((route) => route.url === '/api-reference/pet/add-a-new-pet-to-the-store')!;
    assert.equal(addPet.file, 'petstore.json POST /pet');
    assert.equal(addPet.title, 'Add a new pet to the store');
    assert.deepEqual(addPet.operation, { spec: 'petstore.json', kind: 'operation', method: 'POST', path: '/pet' });
    assert.deepEqual(addPet.chain.map((node) => node.name), ['API', 'pet']);
  });

  it('restricts pages to the operations listed, and follows a spec named in front of one', async () => {
    const dir = docsWith({
      navigation: {
        groups: [
          { group: 'Pets', openapi: '/petstore.json', pages: ['index', 'GET /pet/{petId}', 'POST /pet/'] },
          { group: 'Orders', pages: ['petstore GET /store/inventory'] },
        ],
      },
    });
    const site = await loadSite(dir);
    assert.deepEqual(errors(site.diagnostics), []);
    assert.deepEqual(site.routes.map((route) => `${route.url} ${route.file}`), [
      '/ index.mdx',
      '/api-reference/pet/find-pet-by-id petstore.json GET /pet/{petId}',
      '/api-reference/pet/add-a-new-pet-to-the-store petstore.json POST /pet',
      '/api-reference/store/returns-pet-inventories-by-status petstore.json GET /store/inventory',
    ]);
  });

  it('builds x-hidden operations as hidden pages, and no page for x-excluded ones', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { groups: [{ group: 'API', openapi: 'api.yaml' }] } },
      'api.yaml': `openapi: 3.0.3
info: { title: x, version: '1' }
paths:
  /a:
    get: { summary: Shown, tags: [T], responses: { '200': { description: ok } } }
  /b:
    get: { summary: Secret, tags: [T], x-hidden: true, responses: { '200': { description: ok } } }
  /c:
    get: { summary: Gone, tags: [T], x-excluded: true, responses: { '200': { description: ok } } }
  /d:
    get: { summary: Shown, tags: [T], responses: { '200': { description: ok } } }
`,
    });
    const site = await loadSite(dir);
    assert.deepEqual(errors(site.diagnostics), []);
    assert.deepEqual(site.routes.map((route) => `${route.url}${route.hidden ? ' hidden' : ''}`), [
      '/api-reference/t/shown',
      // Two operations with one summary: the second is numbered.
      '/api-reference/t/shown-1',
      '/api-reference/t/secret hidden',
    ]);
  });

  it('names a missing spec, a spec given as a URL, an unreadable spec with its line, and uses a schema-invalid one', async () => {
    const site = await loadSite(
      makeDocs({
        'docs.json': {
          name: 'x',
          navigation: {
            tabs: [
              { tab: 'A', openapi: 'missing.yaml' },
              { tab: 'B', openapi: 'https://example.com/openapi.json' },
              { tab: 'C', openapi: 'broken.yaml' },
              { tab: 'D', openapi: 'invalid.yaml' },
            ],
          },
        },
        'broken.yaml': 'openapi: 3.0.0\ninfo:\n  title: x\n  version: 1\n  bad: [\n',
        'invalid.yaml': 'openapi: 3.0.0\ninfo:\n  title: x\npaths:\n  /a:\n    get:\n      responses: {}\n',
      }),
    );
    assert.deepEqual(summary(site.diagnostics), [
      'error invalid-openapi broken.yaml',
      'error missing-openapi navigation.tabs[0].openapi',
      // Without `remoteSpecs`, a URL is not read: its pages are left out.
      'warning openapi-url navigation.tabs[1].openapi',
      // Mintlify builds a spec that breaks schema rules: so do we, with one warning.
      'warning invalid-openapi #/info',
    ]);
    const [broken, missing, url, invalid] = site.diagnostics;
    assert.match(broken!.message, /broken\.yaml is not a valid OpenAPI spec: Error parsing broken\.yaml: /);
    assert.equal(broken!.line, 6);
    assert.match(missing!.message, /The OpenAPI spec `missing\.yaml` does not exist/);
    assert.match(url!.hint!, /Download the spec into the docs folder/);
    assert.equal(url!.omitted, 'the generated pages of https://example.com/openapi.json');
    assert.equal(invalid!.file, 'invalid.yaml');
    assert.equal(invalid!.line, 2);
    assert.match(invalid!.message, /\/info must have required property 'version'; \/paths\/~1a\/get\/responses must NOT have fewer than 1 properties/);
    assert.ok(site.routes.some((route) => route.file === 'invalid.yaml GET /a'), 'the schema-invalid spec has its pages');
  });

  it('names the spec and the closest paths for an operation it does not have, and leaves the entry out', async () => {
    const site = await loadSite(
      docsWith({ navigation: { groups: [{ group: 'API', openapi: 'petstore.json', pages: ['GET /pets/{petId}', 'PATCH /pet/{petId}', 'webhook nope'] }] } }),
    );
    assert.deepEqual(summary(site.diagnostics), [
      'warning unknown-operation navigation.groups[0].pages[0]',
      'warning unknown-operation navigation.groups[0].pages[1]',
      'warning unknown-operation navigation.groups[0].pages[2]',
    ]);
    const [path, method, webhook] = site.diagnostics;
    assert.deepEqual(site.diagnostics.map((d) => d.omitted), ['GET /pets/{petId}', 'PATCH /pet/{petId}', 'webhook nope']);
    assert.equal(path!.message, '`GET /pets/{petId}` is not in `petstore.json`: it has no path /pets/{petId}. It is left out of the navigation.');
    assert.match(path!.hint!, /^Closest paths: `\/pet\/\{petId\}`/);
    assert.equal(method!.message, '`petstore.json` has /pet/{petId} but no PATCH operation on it. It is left out of the navigation.');
    assert.equal(method!.hint, 'Methods on /pet/{petId}: `GET`, `POST` or `DELETE`.');
    assert.match(webhook!.message, /The webhook `nope` is not in `petstore.json`/);
  });

  it('uses the first of several specs that have an operation, and names them all', async () => {
    const dir = docsWith({ api: { openapi: ['petstore.json', 'copy.json'] }, navigation: { pages: ['index', 'GET /pet/{petId}'] } });
    cpSync(petstoreFile, path.join(dir, 'copy.json'));
    const site = await loadSite(dir);
    assert.deepEqual(summary(site.diagnostics), ['warning ambiguous-operation navigation.pages[1]']);
    assert.match(site.diagnostics[0]!.message, /is in several specs: `petstore\.json` and `copy\.json`; the operation of `petstore\.json`, the first, is used/);
    assert.match(site.diagnostics[0]!.hint!, /like "copy\.json GET \/pet\/\{petId\}"/);
    assert.ok(site.routes.some((route) => route.file === 'petstore.json GET /pet/{petId}'));
  });

  it('renders an operation below a page that names it in its frontmatter', async () => {
    const dir = docsWith(
      { api: { openapi: 'petstore.json' }, navigation: { pages: ['index', 'guide', 'wrong'] } },
      {
        'guide.mdx': '---\ntitle: Guide\nopenapi: GET /store/inventory\n---\nText.\n',
        'wrong.mdx': '---\ntitle: Wrong\nopenapi: GET /nowhere\n---\n',
      },
    );
    const site = await loadSite(dir);
    // The page whose operation is nowhere is built with its own content.
    assert.deepEqual(summary(site.diagnostics), ['warning unknown-operation wrong.mdx']);
    assert.ok(site.routes.some((route) => route.url === '/wrong' && route.operation === undefined));
    const guide = site.routes.find((route) => route.url === '/guide')!;
    assert.equal(guide.file, 'guide.mdx');
    assert.deepEqual(guide.operation, { spec: 'petstore.json', kind: 'operation', method: 'GET', path: '/store/inventory' });
  });
});
