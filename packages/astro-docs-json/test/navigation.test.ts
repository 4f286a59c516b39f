import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { docsJsonSchema, type DocsJson } from '../src/core/schema/docs-json.ts';
import { resolveNavigation, type DivisionNode, type GroupNode, type NavNode, type OperationNode, type PageNode } from '../src/core/navigation/tree.ts';

function resolve(config: unknown) {
  return resolveNavigation(docsJsonSchema.parse(config) as DocsJson);
}

/** Finds a node by the names along its way, e.g. `['v2', 'Guides', 'Start', 'Deep']`. */
function find(nodes: readonly NavNode[], names: string[]): NavNode {
  let current: readonly NavNode[] = nodes;
  let found: NavNode | undefined;
  for (const name of names) {
    found = current.find((node) => (node.type === 'division' || node.type === 'group') && node.name === name);
    assert.ok(found, `no element named ${name}`);
    current = found.type === 'division' ? [...found.children, ...found.menu] : found.type === 'group' ? found.children : [];
  }
  return found!;
}

describe('resolveNavigation', () => {
  it('gives every element its effective directory: the nearest ancestor wins, any descendant overrides', () => {
    const nav = resolve({
      name: 'x',
      navigation: {
        directory: 'accordion',
        tabs: [
          {
            tab: 'A',
            groups: [
              { group: 'Inherits', root: 'a', pages: ['b', { group: 'Nested', root: 'c', pages: ['d'] }] },
              { group: 'Overrides', directory: 'card', root: 'e', pages: [{ group: 'Back', directory: 'none', pages: ['f'] }] },
            ],
          },
          { tab: 'B', directory: 'none', groups: [{ group: 'Off', root: 'g', pages: ['h'] }] },
        ],
      },
    });
    const directory = (names: string[]) => (find(nav.children, names) as GroupNode | DivisionNode).directory;
    assert.equal(directory(['A']), 'accordion');
    assert.equal(directory(['A', 'Inherits']), 'accordion');
    assert.equal(directory(['A', 'Inherits', 'Nested']), 'accordion');
    assert.equal(directory(['A', 'Overrides']), 'card');
    assert.equal(directory(['A', 'Overrides', 'Back']), 'none');
    assert.equal(directory(['B', 'Off']), 'none');
    const page = (find(nav.children, ['A', 'Inherits', 'Nested']) as GroupNode).children[0] as PageNode;
    assert.equal(page.directory, 'accordion');
  });

  it('gives every element its effective openapi specs, normalized, starting from api.openapi', () => {
    const nav = resolve({
      name: 'x',
      api: { openapi: 'site.yaml' },
      navigation: {
        anchors: [
          { anchor: 'Site', pages: ['a'] },
          {
            anchor: 'Own',
            openapi: ['one.yaml', { source: 'two.json', directory: 'two-api' }],
            groups: [
              { group: 'Inherits', pages: ['GET /users'] },
              { group: 'Overrides', openapi: { source: 'three.yaml', directory: 'three' }, pages: [] },
            ],
          },
        ],
      },
    });
    assert.deepEqual((find(nav.children, ['Site']) as DivisionNode).openapi, [{ source: 'site.yaml' }]);
    const inherits = find(nav.children, ['Own', 'Inherits']) as GroupNode;
    assert.deepEqual(inherits.openapi, [{ source: 'one.yaml' }, { source: 'two.json', directory: 'two-api' }]);
    assert.deepEqual((inherits.children[0] as OperationNode).openapi, inherits.openapi);
    assert.deepEqual((find(nav.children, ['Own', 'Overrides']) as GroupNode).openapi, [{ source: 'three.yaml', directory: 'three' }]);
  });

  it('expands top-level groups always, and nested groups only with expanded: true', () => {
    const nav = resolve({
      name: 'x',
      navigation: {
        groups: [
          {
            group: 'Top',
            expanded: false,
            pages: [
              { group: 'Open', expanded: true, pages: ['a'] },
              { group: 'Closed', expanded: false, pages: ['b'] },
              { group: 'Default', pages: ['c', { group: 'Deeper', expanded: true, pages: ['d'] }] },
            ],
          },
        ],
      },
    });
    const group = (names: string[]) => find(nav.children, names) as GroupNode;
    assert.deepEqual([group(['Top']).expanded, group(['Top']).nested], [true, false]);
    assert.deepEqual([group(['Top', 'Open']).expanded, group(['Top', 'Open']).nested], [true, true]);
    assert.equal(group(['Top', 'Closed']).expanded, false);
    assert.equal(group(['Top', 'Default']).expanded, false);
    assert.equal(group(['Top', 'Default', 'Deeper']).expanded, true);
  });

  it('resolves group roots to pages with their URL', () => {
    const nav = resolve({ name: 'x', navigation: { groups: [{ group: 'G', root: '/guides/index.mdx', pages: ['guides/a'] }] } });
    const group = nav.children[0] as GroupNode;
    assert.equal(group.root?.page, 'guides/index');
    assert.equal(group.root?.url, '/guides');
    assert.deepEqual(group.root?.jsonPath, ['navigation', 'groups', 0, 'root']);
  });

  it('takes the version or language with default: true, else the first, as the default', () => {
    const marked = resolve({
      name: 'x',
      navigation: { versions: [{ version: '1.0', pages: ['a'] }, { version: '2.0', default: true, pages: ['b'] }] },
    });
    assert.equal(marked.defaultVersion, '2.0');
    assert.equal(marked.defaultLanguage, null);
    assert.deepEqual(marked.children.map((v) => (v as DivisionNode).isDefault), [false, true]);

    const first = resolve({
      name: 'x',
      navigation: {
        languages: [
          { language: 'es', versions: [{ version: 'a', pages: ['es/a'] }, { version: 'b', pages: ['es/b'] }] },
          { language: 'en', versions: [{ version: 'a', pages: ['a'] }] },
        ],
      },
    });
    assert.equal(first.defaultLanguage, 'es');
    assert.equal(first.defaultVersion, 'a');
  });

  it('recognises OpenAPI operation references in pages, not as page paths', () => {
    const nav = resolve({
      name: 'x',
      navigation: { pages: ['GET /users/{id}', 'spec.yaml post /users', 'webhook order.created', 'admin.json webhook Ping', 'get-started'] },
    });
    assert.deepEqual(
      nav.children.map((node) => (node.type === 'operation' ? node.operation : node.type === 'page' ? node.page : node.type)),
      [
        { kind: 'operation', method: 'GET', path: '/users/{id}' },
        { kind: 'operation', spec: 'spec.yaml', method: 'POST', path: '/users' },
        { kind: 'webhook', name: 'order.created' },
        { kind: 'webhook', spec: 'admin.json', name: 'Ping' },
        'get-started',
      ],
    );
  });

  it('keeps tab menus, global anchors and division details', () => {
    const nav = resolve({
      name: 'x',
      navigation: {
        global: { anchors: [{ anchor: 'Blog', href: 'https://example.com', icon: 'newspaper' }] },
        tabs: [
          {
            tab: 'SDKs',
            icon: 'code',
            menu: [{ item: 'JS', description: 'JavaScript', pages: ['js'] }, { item: 'Docs site', href: 'https://example.org' }],
          },
          { tab: 'Out', href: 'https://example.net' },
        ],
      },
    });
    assert.deepEqual(nav.global, [
      { kind: 'anchor', name: 'Blog', href: 'https://example.com', icon: 'newspaper', hidden: false, jsonPath: ['navigation', 'global', 'anchors', 0] },
    ]);
    const sdks = nav.children[0] as DivisionNode;
    assert.deepEqual(sdks.menu.map((item) => [item.kind, item.name, item.description, item.href]), [
      ['item', 'JS', 'JavaScript', undefined],
      ['item', 'Docs site', undefined, 'https://example.org'],
    ]);
    assert.equal((nav.children[1] as DivisionNode).href, 'https://example.net');
    assert.deepEqual(nav.issues, []);
  });

  it('warns about elements that hold nothing', () => {
    const nav = resolve({ name: 'x', navigation: { tabs: [{ tab: 'Empty' }, { tab: 'Fine', groups: [{ group: 'Hollow', pages: [] }] }] } });
    assert.deepEqual(
      nav.issues.map((issue) => [issue.severity, issue.code, issue.at.join('.')]),
      [
        ['warning', 'empty-division', 'navigation.tabs.0'],
        ['warning', 'empty-group', 'navigation.tabs.1.groups.0'],
      ],
    );
  });
});
