// SDK reference pages (core/sdk/): TypeDoc JSON read into symbols, pages generated from `sdk`
// on tabs and groups, `sdk` frontmatter, and every bad input a warning with its place.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { NavNode } from '../src/core/navigation/tree.ts';
import { slugOf } from '../src/core/sdk/expand.ts';
import { readTypeDoc } from '../src/core/sdk/typedoc.ts';
import { loadSite, type Site } from '../src/core/site/load-site.ts';
import { summarizeSite } from '../src/core/report/summary.ts';
import { makeDocs, pages } from './helpers.ts';

// A small TypeDoc export written by hand, in TypeDoc's JSON schema 2.0 (kinds: 128 class,
// 256 interface, 64 function, 8 enum, 16 enum member, 2097152 type alias, 32 variable,
// 512 constructor, 1024 property, 2048 method, 4096 call signature, 32768 parameter).
const text = (value: string) => [{ kind: 'text', text: value }];
const intrinsic = (name: string) => ({ type: 'intrinsic', name });
const ref = (name: string, target: number, typeArguments?: unknown[]) => ({ type: 'reference', name, target, ...(typeArguments ? { typeArguments } : {}) });
const param = (id: number, name: string, type: unknown, extra: Record<string, unknown> = {}) => ({ id, name, kind: 32768, variant: 'param', flags: {}, type, ...extra });
const TYPEDOC = {
  schemaVersion: '2.0',
  id: 0,
  name: 'shop-sdk',
  variant: 'project',
  kind: 1,
  flags: {},
  children: [
    {
      id: 10,
      name: 'ShopClient',
      kind: 128,
      flags: {},
      comment: { summary: [...text('Talks to the shop. See '), { kind: 'inline-tag', tag: '@link', text: 'Order', target: 20 }, ...text('.')] },
      children: [
        { id: 11, name: 'constructor', kind: 512, flags: {}, signatures: [{ id: 12, name: 'ShopClient', kind: 16384, flags: {}, parameters: [param(13, 'token', intrinsic('string'), { comment: { summary: text('The shop token.') } })], type: ref('ShopClient', 10) }] },
        { id: 14, name: 'region', kind: 1024, flags: { isReadonly: true }, type: { type: 'union', types: [{ type: 'literal', value: 'eu' }, { type: 'literal', value: 'us' }] }, comment: { summary: text('Where orders go.') } },
        {
          id: 15,
          name: 'placeOrder',
          kind: 2048,
          flags: {},
          signatures: [
            {
              id: 16,
              name: 'placeOrder',
              kind: 4096,
              flags: {},
              comment: { summary: text('Places an order.'), blockTags: [{ tag: '@returns', content: text('The order, once paid.') }] },
              parameters: [
                param(17, 'items', { type: 'array', elementType: intrinsic('string') }, { comment: { summary: text('What to buy.') } }),
                param(18, 'express', intrinsic('boolean'), { defaultValue: 'false' }),
              ],
              type: ref('Promise', -1, [ref('Order', 20)]),
            },
          ],
        },
        { id: 19, name: 'secret', kind: 1024, flags: { isPrivate: true }, type: intrinsic('string') },
      ],
    },
    {
      id: 20,
      name: 'Order',
      kind: 256,
      flags: {},
      comment: { summary: text('An order.') },
      children: [
        { id: 21, name: 'id', kind: 1024, flags: {}, type: intrinsic('string') },
        { id: 22, name: 'onPaid', kind: 1024, flags: { isOptional: true }, type: { type: 'reflection', declaration: { id: 23, name: '__type', kind: 65536, flags: {}, signatures: [{ id: 24, name: '__type', kind: 4096, flags: {}, parameters: [param(25, 'at', ref('Date', -1))], type: intrinsic('void') }] } } },
      ],
    },
    { id: 30, name: 'Currency', kind: 8, flags: {}, children: [{ id: 31, name: 'Euro', kind: 16, flags: {}, type: { type: 'literal', value: 'EUR' } }] },
    { id: 40, name: 'OrderId', kind: 2097152, flags: {}, type: { type: 'tuple', elements: [intrinsic('string'), intrinsic('number')] } },
    { id: 50, name: 'VERSION', kind: 32, flags: { isConst: true }, type: { type: 'literal', value: '2.0.0' }, defaultValue: '"2.0.0"' },
    {
      id: 60,
      name: 'connect',
      kind: 64,
      flags: {},
      signatures: [{ id: 61, name: 'connect', kind: 4096, flags: {}, comment: { summary: text('Opens a client.'), blockTags: [{ tag: '@deprecated', content: text('Use the constructor.') }] }, parameters: [param(62, 'token', intrinsic('string'))], type: ref('ShopClient', 10) }],
    },
  ],
};

function library() {
  const read = readTypeDoc(TYPEDOC);
  assert.ok('library' in read);
  return read.library;
}

const tabDocs = (extra: Record<string, unknown> = {}, sdk: Record<string, unknown> = { format: 'typedoc', source: 'artifacts/shop.json', directory: 'sdk/shop' }) =>
  makeDocs({
    'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'Guides', pages: ['index'] }, { tab: 'SDK', sdk, groups: [{ group: 'Shop SDK', pages: ['sdk/intro'] }] }] } },
    'artifacts/shop.json': TYPEDOC,
    ...pages('index', 'sdk/intro'),
    ...extra,
  });

const warnings = (site: Site, code: string) => site.diagnostics.filter((d) => d.code === code);
const names = (nodes: readonly NavNode[]): unknown[] =>
  nodes.map((node) => (node.type === 'group' ? [node.name, names(node.children)] : node.type === 'page' ? node.url : node.type));

describe('TypeDoc JSON', () => {
  it('reads each kind of symbol, with its signatures, parameters, return type and members', () => {
    const { symbols } = library();
    assert.deepEqual(symbols.map((symbol) => `${symbol.kind} ${symbol.name}`), ['class ShopClient', 'interface Order', 'enum Currency', 'type OrderId', 'variable VERSION', 'function connect']);
    const client = symbols[0]!;
    assert.equal(client.declaration, 'class ShopClient');
    assert.deepEqual(client.members.map((member) => `${member.kind} ${member.name}`), ['constructor constructor', 'property region', 'method placeOrder'], 'private members are left out');
    const place = client.members[2]!.signatures[0]!;
    assert.equal(place.code, 'placeOrder(items: string[], express?: boolean): Promise<Order>');
    assert.deepEqual(place.parameters.map((p) => [p.name, p.type?.text, p.optional, p.defaultValue, p.description]), [
      ['items', 'string[]', false, undefined, 'What to buy.'],
      ['express', 'boolean', true, 'false', ''],
    ]);
    assert.deepEqual(place.returns, { type: { text: 'Promise<Order>', refs: ['20'] }, description: 'The order, once paid.' });
    assert.equal(client.members[0]!.signatures[0]!.code, 'new ShopClient(token: string)');
    assert.equal(client.members[1]!.code, 'readonly region: "eu" | "us"');
    assert.equal(symbols[1]!.members[1]!.code, 'onPaid?: (at: Date) => void');
    assert.equal(symbols[3]!.declaration, 'type OrderId = [string, number]');
    assert.equal(symbols[4]!.declaration, 'const VERSION: "2.0.0" = "2.0.0"');
    assert.equal(symbols[5]!.doc.deprecated, 'Use the constructor.');
    assert.equal(client.doc.description, 'Talks to the shop. See [`Order`](sdk-symbol:20).');
  });

  it('names what is wrong in a file that is not an export, by JSON path', () => {
    assert.deepEqual(readTypeDoc({ openapi: '3.1.0' }), { problem: { path: 'schemaVersion', message: 'A TypeDoc JSON export has a `schemaVersion`: this file has none.' } });
    const broken = readTypeDoc({ ...TYPEDOC, children: [{ ...TYPEDOC.children[0], name: 7 }] });
    assert.ok('problem' in broken);
    assert.equal(broken.problem.path, 'children[0].name');
  });

  it('puts each module of an export with several entry points in a group and a folder of its own', async () => {
    const modular = { ...TYPEDOC, children: [{ id: 1, name: 'client', kind: 2, flags: {}, children: [TYPEDOC.children[0]] }, { id: 2, name: 'models', kind: 2, flags: {}, children: [TYPEDOC.children[1]] }] };
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'SDK', sdk: { format: 'typedoc', source: 'sdk.json' } }] } }, 'sdk.json': modular });
    const site = await loadSite(dir);
    const tab = site.navigation!.children[0]! as NavNode & { type: 'division' };
    assert.deepEqual(names(tab.children), [
      ['client', [['Classes', ['/sdk-reference/client/classes/shop-client']]]],
      ['models', [['Interfaces', ['/sdk-reference/models/interfaces/order']]]],
    ]);
  });
});

describe('generated SDK pages', () => {
  it('follow the tab\'s own groups, a group per kind, at `<directory>/<kind>/<name>`', async () => {
    const site = await loadSite(tabDocs());
    assert.equal(site.ok, true);
    assert.deepEqual(site.diagnostics.filter((d) => /sdk|artifact/.test(d.code)), []);
    const tab = site.navigation!.children[1]! as NavNode & { type: 'division' };
    assert.deepEqual(names(tab.children), [
      ['Shop SDK', ['/sdk/intro']],
      ['Classes', ['/sdk/shop/classes/shop-client']],
      ['Interfaces', ['/sdk/shop/interfaces/order']],
      ['Enumerations', ['/sdk/shop/enums/currency']],
      ['Type aliases', ['/sdk/shop/types/order-id']],
      ['Functions', ['/sdk/shop/functions/connect']],
      ['Variables', ['/sdk/shop/variables/version']],
    ]);
    const route = site.routes.find((r) => r.url === '/sdk/shop/classes/shop-client')!;
    assert.deepEqual([route.title, route.description, route.sdk], ['ShopClient', 'Talks to the shop. See Order.', { source: 'artifacts/shop.json', label: 'artifacts/shop.json class ShopClient' }]);
    assert.equal(site.routes.find((r) => r.url === '/sdk/shop/functions/connect')!.frontmatter.deprecated, true);
  });

  it('show signatures, parameters and return types as Markdown that links the library\'s other pages', async () => {
    const site = await loadSite(tabDocs());
    const markdown = site.sdkReferences!.get('artifacts/shop.json class ShopClient')!;
    assert.match(markdown, /^```ts\nclass ShopClient\n```/);
    assert.match(markdown, /Talks to the shop\. See \[`Order`\]\(\/sdk\/shop\/interfaces\/order\)\./);
    assert.match(markdown, /## Methods\n\n### placeOrder\(\)\n\nPlaces an order\.\n\n```ts\nplaceOrder\(items: string\[\], express\?: boolean\): Promise<Order>\n```/);
    assert.match(markdown, /- `items` \(`string\[\]`, required\): What to buy\.\n- `express` \(`boolean`, optional, default `false`\)/);
    assert.match(markdown, /\*\*Returns\*\* \[`Promise<Order>`\]\(\/sdk\/shop\/interfaces\/order\): The order, once paid\./);
    assert.match(markdown, /### constructor\(\)\n\n```ts\nnew ShopClient\(token: string\)\n```/);
    assert.match(site.sdkReferences!.get('artifacts/shop.json function connect')!, /> \*\*Deprecated\.\*\* Use the constructor\./);
    assert.match(site.sdkReferences!.get('artifacts/shop.json enum Currency')!, /## Members\n\n- `Euro = "EUR"`/);
  });

  it('on a group are nested groups after its pages, and a nested `sdk` replaces the inherited one', async () => {
    const other = { ...TYPEDOC, children: [TYPEDOC.children[4]] };
    const dir = makeDocs({
      'docs.json': {
        name: 'x',
        navigation: { groups: [{ group: 'Shop', sdk: { format: 'typedoc', source: 'shop.json', directory: 'shop' }, pages: ['intro', { group: 'Beta', sdk: { format: 'typedoc', source: 'beta.json', directory: 'beta' }, pages: ['beta'] }] }] },
      },
      'shop.json': TYPEDOC,
      'beta.json': other,
      ...pages('intro', 'beta'),
    });
    const site = await loadSite(dir);
    const group = site.navigation!.children[0]! as NavNode & { type: 'group' };
    assert.deepEqual(names(group.children).slice(0, 3), ['/intro', ['Beta', ['/beta', ['Variables', ['/beta/variables/version']]]], ['Classes', ['/shop/classes/shop-client']]]);
    assert.equal((group.children[2] as NavNode & { type: 'group' }).expanded, false);
  });

  it('are not generated where a page names a symbol; that page shows it below its content, titled by it', async () => {
    const site = await loadSite(
      tabDocs({
        'sdk/intro.mdx': '---\nsdk: "method ShopClient.placeOrder"\n---\n\nOwn words.\n',
        'guide.mdx': '---\ntitle: Guide\nsdk:\n  kind: interface\n  name: Order\n  format: typedoc\n  source: artifacts/shop.json\n---\n\nMore words.\n',
        'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'Guides', pages: ['index', 'guide'] }, { tab: 'SDK', sdk: { format: 'typedoc', source: 'artifacts/shop.json' }, groups: [{ group: 'Shop SDK', pages: ['sdk/intro'] }] }] } },
      }),
    );
    assert.deepEqual(site.diagnostics.filter((d) => /sdk|artifact/.test(d.code)), []);
    assert.equal(site.routes.filter((route) => route.sdk).length, 2, 'no generated pages');
    const intro = site.routes.find((route) => route.url === '/sdk/intro')!;
    assert.equal(intro.title, 'ShopClient.placeOrder');
    assert.equal(intro.description, 'Places an order.');
    assert.match(site.sdkReferences!.get(intro.sdk!.label)!, /^## placeOrder\(\)/);
    const guide = site.routes.find((route) => route.url === '/guide')!;
    assert.equal(guide.title, 'Guide', 'the page\'s own title wins');
    assert.match(site.sdkReferences!.get(guide.sdk!.label)!, /interface Order/);
  });

  it('read an artifact that `.mintignore` names, as Mintlify asks for', async () => {
    const site = await loadSite(tabDocs({ '.mintignore': 'artifacts/\n' }));
    assert.ok(site.routes.some((route) => route.url === '/sdk/shop/classes/shop-client'));
  });

  it('slug names into lowercase words', () => {
    assert.deepEqual(['NotesClient', 'SDK_VERSION', 'createClient', 'HTTPError', 'Ns.Inner', '$'].map(slugOf), ['notes-client', 'sdk-version', 'create-client', 'http-error', 'ns-inner', 'symbol']);
  });
});

describe('SDK problems', () => {
  it('are warnings naming the artifact, its format and the place, and leave the pages out', async () => {
    const site = await loadSite(tabDocs({}, { format: 'javadoc', source: 'artifacts/javadoc', directory: 'sdk/java' }));
    assert.equal(site.ok, true);
    const [warning] = warnings(site, 'sdk-format-unsupported');
    assert.equal(warning?.path, 'navigation.tabs[1].sdk');
    assert.match(warning!.message, /`artifacts\/javadoc` is in the `javadoc` format .* which this site cannot read yet/);
    assert.equal(warning!.omitted, 'the SDK reference pages of artifacts/javadoc');
    assert.deepEqual(summarizeSite(site).leftOut.map((entry) => entry.reason), ['its artifact is in a format not read yet']);
    assert.equal(site.routes.filter((route) => route.sdk).length, 0);
  });

  it('do not download an artifact named by URL, and refuse plain HTTP', async () => {
    const remote = await loadSite(tabDocs({}, { format: 'typedoc', source: 'https://example.com/sdk.json' }));
    assert.match(warnings(remote, 'sdk-remote-artifact')[0]!.message, /named by URL: this site reads artifacts from the docs folder only/);
    const http = await loadSite(tabDocs({}, { format: 'typedoc', source: 'http://example.com/sdk.json' }));
    assert.ok(http.diagnostics.some((d) => d.path === 'navigation.tabs[1].sdk.source' && /HTTPS only/.test(d.message)));
  });

  it('name a missing, unreadable or foreign artifact, with the JSON path that is wrong', async () => {
    const missing = await loadSite(tabDocs({}, { format: 'typedoc', source: 'nowhere.json' }));
    assert.match(warnings(missing, 'missing-sdk-artifact')[0]!.message, /`nowhere\.json` does not exist/);
    const broken = await loadSite(tabDocs({ 'artifacts/shop.json': '{ "schemaVersion": ' }));
    const [invalid] = warnings(broken, 'invalid-sdk-artifact');
    assert.equal(invalid?.file, 'artifacts/shop.json');
    assert.match(invalid!.message, /is not valid JSON/);
    const foreign = await loadSite(tabDocs({ 'artifacts/shop.json': { openapi: '3.1.0' } }));
    assert.deepEqual(warnings(foreign, 'invalid-sdk-artifact').map((d) => [d.file, d.path]), [['artifacts/shop.json', 'schemaVersion']]);
    assert.ok(![missing, broken, foreign].some((site) => site.diagnostics.some((d) => /\n\s+at /.test(d.message))), 'no stack trace');
  });

  it('never read an artifact outside the docs folder, even through a symbolic link', async () => {
    const outside = path.join(tmpdir(), `sdk-outside-${process.pid}.json`);
    writeFileSync(outside, JSON.stringify(TYPEDOC));
    const dir = tabDocs({}, { format: 'typedoc', source: 'artifacts/linked.json' });
    mkdirSync(path.join(dir, 'artifacts'), { recursive: true });
    symlinkSync(outside, path.join(dir, 'artifacts/linked.json'));
    const site = await loadSite(dir);
    assert.match(warnings(site, 'sdk-outside-docs').find((d) => d.path === 'navigation.tabs[1].sdk')!.message, /lies outside the docs folder/);
    assert.equal(site.routes.filter((route) => route.sdk).length, 0);
    const parent = await loadSite(tabDocs({}, { format: 'typedoc', source: '../shop.json' }));
    assert.ok(warnings(parent, 'sdk-outside-docs').some((d) => d.path === 'navigation.tabs[1].sdk'));
  });

  it('where Mintlify does not take `sdk`, say so, and generate the pages all the same', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'SDK', sdk: { format: 'typedoc', source: 'shop.json' }, pages: ['index'] }, { tab: 'More', anchors: [{ anchor: 'A', sdk: { format: 'typedoc', source: 'shop.json', directory: 'a' }, pages: ['more'] }] }] } },
      'shop.json': TYPEDOC,
      ...pages('index', 'more'),
    });
    const site = await loadSite(dir);
    assert.deepEqual(warnings(site, 'sdk-placement').map((d) => [d.path, d.message.split(':')[0]]), [
      ['navigation.tabs[0].sdk', 'A tab with `sdk` holds no `pages` on Mintlify, and this one does. The pages are generated here all the same.'],
      ['navigation.tabs[1].anchors[0].sdk', '`sdk` is set on an anchor'],
    ]);
    assert.ok(site.routes.some((route) => route.url === '/a/classes/shop-client'));
  });

  it('in frontmatter leave the page its own content', async () => {
    const site = await loadSite(
      tabDocs({
        'a.mdx': '---\ntitle: A\nsdk: "class Nope"\n---\n',
        'b.mdx': '---\ntitle: B\nsdk: "class ShopClient"\n---\n',
        'c.mdx': '---\ntitle: C\nsdk: "gadget ShopClient"\n---\n',
        'd.mdx': '---\ntitle: D\nsdk: "class ShopClient"\n---\n',
        'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'Guides', pages: ['index', 'b', 'c'] }, { tab: 'SDK', sdk: { format: 'typedoc', source: 'artifacts/shop.json' }, groups: [{ group: 'G', pages: ['sdk/intro', 'a'] }] }] } },
      }),
    );
    const found = warnings(site, 'sdk-symbol').map((d) => `${d.file}: ${d.message} ${d.hint}`);
    assert.equal(found.length, 4);
    assert.match(found[0]!, /^a\.mdx: .*has no class `Nope`/);
    assert.match(found[1]!, /^b\.mdx: .*string form takes its format from a tab or group with `sdk`/);
    assert.match(found[2]!, /^c\.mdx: .*is not `\[source\] kind name`/);
    assert.match(found[3]!, /^d\.mdx: .*in no navigation/);
    assert.equal(site.routes.find((route) => route.url === '/a')!.sdk, undefined);
  });
});
