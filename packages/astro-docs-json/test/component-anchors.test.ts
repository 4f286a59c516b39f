// Field, accordion, tab and view anchors as Mintlify makes them. The expected ids follow
// Mintlify's documented rule: a field is `slugify('param-' + name + (n ? '_' + n : ''),
// { decamelize: true })`, numbered past ids already taken on the page; an accordion or a
// view is its title's slug (transliterated, the first `:` made `-`), `-1`, `-2` for its
// repeats; a tab is its title's slug as a heading's, counted as headings are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import librarySlugify from '@sindresorhus/slugify';
import { mdxToJs } from 'satteri';
import { componentAnchor, fieldAnchor } from '../src/core/markdown/anchors.ts';
import { ComponentAnchors, givenIds, titleText, type WrittenComponent } from '../src/core/markdown/component-anchors.ts';
import { docsMarkdown } from '../src/core/html/index.ts';
import { anchorsOf } from '../src/core/links/page-anchors.ts';
import { parsePageSource } from '../src/core/markdown/page-markdown.ts';
import { operationFieldAnchors } from '../src/core/openapi/field-anchors.ts';
import type { OperationView } from '../src/core/openapi/view.ts';

/** A component as a page writes it, from its attributes. */
function component(name: string, attributes: Record<string, string>): WrittenComponent {
  return { name, attribute: (key) => attributes[key], has: (key) => key in attributes };
}

describe('field anchors', () => {
  it('are `param-` and the name, slugged with camelCase split and `_` a separator', () => {
    const cases: Array<[string, string]> = [
      ['build_id', 'param-build-id'],
      ['workingDir', 'param-working-dir'],
      ['--api-key / -k', 'param-api-key-k'],
      ['X-API-Key', 'param-x-api-key'],
      ['HTTPServer', 'param-http-server'],
      ['user.address', 'param-user-address'],
      ['page[size]', 'param-page-size'],
      ['id', 'param-id'],
      // A name of no Latin letter leaves only the prefix, as on Mintlify.
      ['이름', 'param'],
    ];
    for (const [name, id] of cases) assert.equal(fieldAnchor(name), id, name);
  });

  it('number the second and later fields of a name on the page, and avoid the ids fields are given', () => {
    const anchors = new ComponentAnchors({ fields: ['param-token-1'] });
    const ids = [
      component('ParamField', { path: 'id' }),
      component('ResponseField', { name: 'id' }),
      component('ParamField', { body: 'id' }),
      component('ParamField', { query: 'token' }),
      component('ParamField', { query: 'token' }),
      // Two names of one slug share its count.
      component('ParamField', { query: 'build_id' }),
      component('ParamField', { query: 'buildId' }),
      // A field given an id keeps it: no id is made for it.
      component('ParamField', { query: 'id', id: 'custom' }),
    ].map((field) => anchors.anchor(field));
    assert.deepEqual(ids, ['param-id', 'param-id-1', 'param-id-2', 'param-token', 'param-token-2', 'param-build-id', 'param-build-id-1', undefined]);
  });

  it('take `<ParamField>`s name from query, path, body, then header', () => {
    assert.equal(new ComponentAnchors().anchor(component('ParamField', { header: 'h', path: 'p', query: 'q' })), 'param-q');
    assert.equal(new ComponentAnchors().anchor(component('ParamField', { header: 'h', body: 'b' })), 'param-b');
    assert.equal(new ComponentAnchors().anchor(component('ParamField', { type: 'string' })), undefined);
  });

  it('on OpenAPI pages carry their parents’ names, counted with the rest', () => {
    const street = { name: 'street', type: 'string' };
    const address = { name: 'address', type: 'object', children: [street] };
    const responseId = { name: 'id', type: 'string' };
    const view = {
      parameters: [{ location: 'path', parameters: [{ name: 'id', type: 'string' }] }],
      requestBody: { required: true, contents: [{ mediaType: 'application/json', examples: [], schema: { type: 'object', children: [address] } }] },
      responses: [{ status: '200', contents: [{ mediaType: 'application/json', examples: [], schema: { type: 'object', children: [responseId, { name: 'userName', type: 'string' }] } }] }],
    } as unknown as OperationView;
    const anchors = operationFieldAnchors(view);
    assert.deepEqual([...anchors.values()], ['param-id', 'param-address', 'param-address-street', 'param-id-1', 'param-user-name']);
    assert.equal(anchors.get(street), 'param-address-street');
  });
});

describe('accordion, tab and view anchors', () => {
  it("are an accordion's title slugged, with `/`, inline code and other scripts as Mintlify reads them", () => {
    const cases: Array<[string, string]> = [
      ['Getting started', 'getting-started'],
      ['A/B tests', 'a-b-tests'],
      ['Use `npm` / **pnpm**', 'use-npm-pnpm'],
      ['Step 1: install: now', 'step-1-install-now'],
      ['컴피 데스크톱 Comfy Desktop', 'comfy-desktop'],
      ['Café crème', 'cafe-creme'],
      ['What’s new?', 'whats-new'],
    ];
    for (const [title, id] of cases) assert.equal(new ComponentAnchors().anchor(component('Accordion', { title })), id, title);
    assert.equal(titleText('See [the guide](/guide) and `code`'), 'See the guide and code');
  });

  it('number repeats `-1`, `-2` for accordions and views, each kind apart', () => {
    const anchors = new ComponentAnchors();
    const ids = ['Setup', 'Setup', 'Setup: advanced', 'Setup-Advanced'].map((title) => anchors.anchor(component('Accordion', { title })));
    assert.deepEqual(ids, ['setup', 'setup-1', 'setup-advanced', 'setup-advanced-1']);
    assert.deepEqual(['Python', 'Python'].map((title) => anchors.anchor(component('View', { title }))), ['python', 'python-1']);
    assert.equal(componentAnchor('Setup', 2), 'setup-2');
  });

  it('make a tab’s id as a heading’s, escapes kept, counted, past the ids tabs are given', () => {
    const anchors = new ComponentAnchors({ tabs: ['python-2'] });
    const ids = ['Python', 'Python', 'A/B tests', '한국어', 'Use `npm`'].map((title) => anchors.anchor(component('Tab', { title })));
    assert.deepEqual(ids, ['python', 'python-3', 'a%2Fb-tests', '%ED%95%9C%EA%B5%AD%EC%96%B4', 'use-npm']);
  });

  it('give none to a component with an id of its own, nor to a title of no Latin letter', () => {
    const anchors = new ComponentAnchors();
    assert.equal(anchors.anchor(component('Accordion', { title: 'Setup', id: 'mine' })), undefined);
    assert.equal(anchors.anchor(component('Accordion', { title: '설치' })), undefined);
    assert.equal(anchors.anchor(component('Card', { title: 'Setup' })), undefined);
  });

  it('read the ids a page gives its fields and tabs from its source', () => {
    const source = '<ParamField query="a" id="limit" type="string">\n<Tab title="X" id=\'tab-x\'>\n<Accordion id="not-counted">';
    assert.deepEqual(givenIds(source), { fields: ['limit'], tabs: ['tab-x'] });
  });
});

const PAGE = `
<ParamField path="build_id" type="string">The build.</ParamField>
<ParamField query="workingDir">Where.</ParamField>
<ParamField query="--api-key / -k">Flag.</ParamField>
<ResponseField name="id" type="string">First.</ResponseField>
<ResponseField name="address" type="object">
  <Expandable title="properties">
    <ResponseField name="id" type="string">Nested.</ResponseField>
    <ResponseField name="street" type="string">Street.</ResponseField>
  </Expandable>
</ResponseField>
<ResponseField name="id" id="param-id-2" type="string">Given.</ResponseField>

<AccordionGroup>
  <Accordion title="A/B tests">One.</Accordion>
  <Accordion title="A/B tests">Two.</Accordion>
  <Accordion title="컴피 데스크톱 Comfy Desktop">Three.</Accordion>
</AccordionGroup>

<Tabs>
  <Tab title="npm / pnpm">One.</Tab>
  <Tab title="한국어">Two.</Tab>
</Tabs>

<Card title="Card title" href="#param-working-dir">Card.</Card>
`;

describe('on a compiled page', () => {
  it('every field and titled component gets its id, unique on the page', async () => {
    const markdown = docsMarkdown(undefined);
    const result = await mdxToJs(PAGE, { features: markdown.features, hastPlugins: markdown.hastPlugins as never, data: {} });
    const ids = [...result.code.matchAll(/\bid: "([^"]*)"/g)].map((match) => match[1]);
    assert.deepEqual(ids, [
      'param-build-id',
      'param-working-dir',
      'param-api-key-k',
      'param-id',
      'param-address',
      // Nested in an expandable, a field is counted with the page's (Mintlify gives MDX fields no parent prefix).
      'param-id-1',
      'param-street',
      'param-id-2',
      'a-b-tests',
      'a-b-tests-1',
      'comfy-desktop',
      'npm-%2F-pnpm',
      '%ED%95%9C%EA%B5%AD%EC%96%B4',
    ]);
    assert.equal(new Set(ids).size, ids.length);
  });

  it("are the page's anchors for the link checker, and a card's or an expandable's title is none", () => {
    const anchors = anchorsOf(parsePageSource(PAGE, 'page.mdx').root);
    for (const id of ['param-build-id', 'param-id-1', 'param-id-2', 'param-street', 'a-b-tests-1', 'comfy-desktop', 'npm-%2F-pnpm', 'npm-/-pnpm', '%ED%95%9C%EA%B5%AD%EC%96%B4']) {
      assert.ok(anchors.has(id), id);
    }
    for (const id of ['card-title', 'properties', 'param-build_id', 'param-workingdir']) assert.ok(!anchors.has(id), id);
  });
});

describe('Field and component anchors of ASCII text', () => {
  it('are the slug library’s, whatever the text holds', () => {
    const characters = [..."abcstXYZAPIs019 -_.!~*'()%/&?:,;\"^`\\@#$[]{}|<>=+\t"];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 3000; run++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 16) }, () => characters[Math.floor(random() * characters.length)]).join('');
      assert.equal(fieldAnchor(text), librarySlugify(`param-${text}`, { decamelize: true }), JSON.stringify(text));
      assert.equal(componentAnchor(text), librarySlugify(text.replace(':', '-'), { decamelize: false }), JSON.stringify(text));
    }
  });
});
