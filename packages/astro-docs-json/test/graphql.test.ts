// GraphQL schemas to pages: reading and checking a schema, the pages of a tab, their views and Markdown.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyFileFor } from '../src/core/openapi/remote.ts';
import { describe, it } from 'node:test';
import { parseSchema } from '../src/core/graphql/schema-file.ts';
import { graphqlLabel } from '../src/core/graphql/expand.ts';
import { graphqlMarkdown } from '../src/core/graphql/markdown.ts';
import type { GraphqlOperationView, GraphqlTypeView } from '../src/core/graphql/view.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { derivedSkill } from '../src/core/discovery/skills.ts';
import { makeDocs, pages } from './helpers.ts';

const SCHEMA = `"A thing with an identifier."
interface Node {
  id: ID!
}

"A greenhouse."
type Greenhouse implements Node {
  id: ID!
  name: String!
  plants(first: Int = 10): [Plant!]!
  climate: Climate
}

type Plant implements Node {
  id: ID!
  species: String!
  "Old name." label: String @deprecated(reason: "Use species.")
}

enum Climate {
  TROPICAL
  ARID
}

input NewPlant {
  species: String!
  greenhouseId: ID!
}

union Found = Greenhouse | Plant

type Query {
  "One greenhouse by id."
  greenhouse(id: ID!): Greenhouse
  search(text: String!): [Found!]!
}

type Mutation {
  addPlant(plant: NewPlant!): Plant!
  water(id: ID!): Boolean @deprecated
}
`;

function docs(graphql: unknown, extra: Record<string, unknown> = {}) {
  return makeDocs({
    'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'Guides', pages: ['a'] }, { tab: 'GraphQL', graphql }] } },
    ...pages('a'),
    'schema.graphql': SCHEMA,
    ...extra,
  });
}

describe('GraphQL schemas', () => {
  it('report a bad schema at its file and line, with a hint, never a stack trace', () => {
    const unknown = parseSchema('s.graphql', 'type Query {\n  a: Foo\n}');
    assert.equal(unknown.schema, undefined);
    assert.equal(unknown.diagnostics[0]!.line, 2);
    assert.match(unknown.diagnostics[0]!.message, /`s\.graphql` is not valid SDL: Unknown type "Foo"; its pages are left out\./);
    assert.ok(unknown.diagnostics[0]!.hint);
    const syntax = parseSchema('s.graphql', 'type Query {\n  a:\n}');
    assert.equal(syntax.diagnostics[0]!.line, 3);
    assert.doesNotMatch(syntax.diagnostics[0]!.message, /\bat \w+ \(/);
    const noRoot = parseSchema('s.graphql', 'type A { a: Int }');
    assert.match(noRoot.diagnostics[0]!.message, /Query root type must be provided/);
  });

  it('read introspection results as JSON, with or without `data`', () => {
    assert.ok(parseSchema('s.json', JSON.stringify({ data: { __schema: { queryType: { name: 'Query' }, types: [{ kind: 'OBJECT', name: 'Query', fields: [{ name: 'a', args: [], type: { kind: 'SCALAR', name: 'String' }, isDeprecated: false }], interfaces: [] }, { kind: 'SCALAR', name: 'String' }], directives: [] } } })).schema);
    assert.match(parseSchema('s.json', '{"x": 1}').diagnostics[0]!.message, /without `__schema`/);
  });

  it('make a tab with `graphql` into Queries, Mutations and Types groups of pages', async () => {
    const site = await loadSite(docs('schema.graphql'));
    assert.deepEqual(site.diagnostics.filter((d) => d.severity === 'error' || d.code === 'empty-division'), []);
    const tab = site.navigation!.children.find((node) => node.type === 'division' && node.name === 'GraphQL');
    assert.ok(tab && tab.type === 'division');
    assert.deepEqual(tab.children.map((group) => (group.type === 'group' ? group.name : '')), ['Queries', 'Mutations', 'Types']);
    const urls = site.routes.map((route) => route.url).filter((url) => url.startsWith('/graphql-reference/'));
    assert.deepEqual(urls, [
      '/graphql-reference/queries/greenhouse',
      '/graphql-reference/queries/search',
      '/graphql-reference/mutations/addplant',
      '/graphql-reference/mutations/water',
      '/graphql-reference/types/climate',
      '/graphql-reference/types/found',
      '/graphql-reference/types/greenhouse',
      '/graphql-reference/types/newplant',
      '/graphql-reference/types/node',
      '/graphql-reference/types/plant',
    ]);
    // The skill derived from the docs lists the operations, not the types, and not as guides.
    const skill = derivedSkill(buildSiteModel(site), { siteUrl: 'https://docs.example.com', base: '' }).text;
    assert.match(skill, /## GraphQL operations\n\n- `query greenhouse`: \[greenhouse\]\(https:\/\/docs\.example\.com\/graphql-reference\/queries\/greenhouse\.md\)/);
    assert.doesNotMatch(skill, /types\/greenhouse/);
    const water = site.routes.find((route) => route.url.endsWith('/water'))!;
    assert.equal(water.frontmatter.deprecated, true);
    assert.deepEqual(water.graphql, { schema: 'schema.graphql', directory: 'graphql-reference', kind: 'mutation', name: 'water' });
  });

  it('give operation pages their arguments, linked return type and an example', async () => {
    const site = await loadSite(docs({ source: 'schema.graphql', directory: 'api/graphql', endpoint: 'https://api.example.com/graphql' }));
    const view = site.graphql!.views.get(graphqlLabel({ schema: 'schema.graphql', directory: 'api/graphql', kind: 'query', name: 'greenhouse' })) as GraphqlOperationView;
    assert.equal(view.description, 'One greenhouse by id.');
    assert.deepEqual(view.args.map((arg) => [arg.name, arg.type.text, arg.required]), [['id', 'ID!', true]]);
    assert.deepEqual(view.returns, { text: 'Greenhouse', named: 'Greenhouse', url: '/api/graphql/types/greenhouse' });
    assert.equal(view.endpoint, 'https://api.example.com/graphql');
    assert.match(view.example.query, /^query Greenhouse\(\$id: ID!\) \{\n {2}greenhouse\(id: \$id\) \{\n {4}id\n {4}name\n {4}plants \{/);
    assert.deepEqual(JSON.parse(view.example.variables), { id: 'id_123' });
    assert.deepEqual(Object.keys(JSON.parse(view.example.response).data.greenhouse), ['id', 'name', 'plants', 'climate']);
    const addPlant = site.graphql!.views.get(graphqlLabel({ schema: 'schema.graphql', directory: 'api/graphql', kind: 'mutation', name: 'addPlant' })) as GraphqlOperationView;
    assert.doesNotMatch(addPlant.example.query, /label/, 'deprecated fields are left out of examples');
    assert.deepEqual(JSON.parse(addPlant.example.variables), { plant: { species: 'string', greenhouseId: 'id_123' } });
    assert.deepEqual(site.graphql!.endpoints, ['https://api.example.com/graphql']);
    const markdown = graphqlMarkdown(view);
    assert.match(markdown, /## Arguments\n\n- `id`: `ID!` \(required\)/);
    assert.match(markdown, /## Returns\n\n\[`Greenhouse`\]\(\/api\/graphql\/types\/greenhouse\)/);
  });

  it('give type pages their definition, fields with arguments and defaults, deprecations and enum values', async () => {
    const site = await loadSite(docs('schema.graphql'));
    const view = (name: string) => site.graphql!.views.get(graphqlLabel({ schema: 'schema.graphql', directory: 'graphql-reference', kind: 'type', name })) as GraphqlTypeView;
    const greenhouse = view('Greenhouse');
    assert.match(greenhouse.definition, /^"""A greenhouse\."""\ntype Greenhouse implements Node \{/);
    const plants = greenhouse.fields.find((field) => field.name === 'plants')!;
    assert.deepEqual(plants.args.map((arg) => [arg.name, arg.defaultValue]), [['first', '10']]);
    assert.equal(plants.type.url, '/graphql-reference/types/plant');
    assert.deepEqual(view('Plant').fields.find((field) => field.name === 'label')!.deprecated, 'Use species.');
    assert.deepEqual(view('Climate').values.map((value) => value.name), ['TROPICAL', 'ARID']);
    assert.deepEqual(view('Found').members.map((member) => member.named), ['Greenhouse', 'Plant']);
  });

  it('build through a bad or missing schema with a warning at its place, and refuse one outside the docs folder', async () => {
    const bad = await loadSite(docs('schema.graphql', { 'schema.graphql': 'type Query {\n  a: Nope\n}\n' }));
    const warning = bad.diagnostics.find((d) => d.code === 'invalid-graphql')!;
    assert.deepEqual([warning.severity, warning.file, warning.line], ['warning', 'schema.graphql', 2]);
    assert.ok(bad.ok);
    assert.equal(bad.graphql, undefined);
    const missing = await loadSite(docs('none.graphql'));
    assert.match(missing.diagnostics.find((d) => d.code === 'graphql-schema')!.message, /`none\.graphql` does not exist/);
    const outside = await loadSite(docs('../schema.graphql'));
    assert.match(outside.diagnostics.find((d) => d.code === 'graphql-schema')!.message, /outside the docs folder/);
    assert.deepEqual(bad.diagnostics.filter((d) => d.code === 'unsupported-setting'), []);
  });

  it('read a schema named by URL from the copy a build kept, when not fetching', async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'graphql-copies-'));
    const url = 'https://api.example.com/schema.graphql';
    writeFileSync(copyFileFor(cacheDir, url), SCHEMA);
    const site = await loadSite(docs(url), { remoteSpecs: { fetch: false, cacheDir } });
    assert.ok(site.routes.some((route) => route.url === '/graphql-reference/queries/greenhouse'));
    const none = await loadSite(docs('https://api.example.com/other.graphql'), { remoteSpecs: { fetch: false, cacheDir } });
    assert.match(none.diagnostics.find((d) => d.code === 'graphql-schema')!.message, /was not read: `check` does not fetch/);
  });

  it('refuse an http schema URL and warn about `graphql` off a tab, or beside what a GraphQL tab may not hold', async () => {
    const http = await loadSite(docs('http://example.com/schema.graphql'));
    assert.ok(http.diagnostics.some((d) => d.severity === 'error' && /https/.test(d.message)));
    const group = await loadSite(makeDocs({ 'docs.json': { name: 'x', navigation: { anchors: [{ anchor: 'A', graphql: 'schema.graphql', pages: ['a'] }] } }, ...pages('a'), 'schema.graphql': SCHEMA }));
    assert.ok(group.diagnostics.some((d) => d.code === 'graphql-placement'));
    const mixed = await loadSite(makeDocs({ 'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'G', graphql: 'schema.graphql', pages: ['a'] }] } }, ...pages('a'), 'schema.graphql': SCHEMA }));
    assert.match(mixed.diagnostics.find((d) => d.code === 'graphql-placement')!.message, /also sets `pages`/);
    assert.ok(mixed.routes.some((route) => route.url === '/a') && mixed.routes.some((route) => route.url === '/graphql-reference/queries/greenhouse'));
  });
});
