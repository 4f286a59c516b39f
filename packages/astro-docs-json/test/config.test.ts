import assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/core/config/load-config.ts';
import { resolveConfigRefs } from '../src/core/config/resolve-refs.ts';
import { errors, makeDocs, summary, warnings } from './helpers.ts';

const base = { name: 'Test docs' };

async function load(config: unknown, extra: Record<string, unknown> = {}) {
  return loadConfig(makeDocs({ 'docs.json': config, ...extra }));
}

describe('docs.json syntax', () => {
  it('names the line and column of invalid JSON', async () => {
    const result = await loadConfig(makeDocs({ 'docs.json': '{\n  "name": "x",\n  "navigation": { "pages": ["a",] }\n}\n' }));
    assert.equal(result.config, undefined);
    const [error] = result.diagnostics;
    assert.equal(error?.code, 'invalid-json');
    assert.equal(error?.file, 'docs.json');
    assert.equal(error?.line, 3);
    assert.equal(error?.column, 33);
    assert.match(error!.message, /not valid JSON: a value was expected/);
  });

  it('says so when docs.json is not an object', async () => {
    const result = await load(['index']);
    assert.deepEqual(summary(result.diagnostics), ['error invalid-type docs.json']);
    assert.match(result.diagnostics[0]!.message, /must hold a JSON object, not an array/);
  });

  it('reports an empty file', async () => {
    const result = await loadConfig(makeDocs({ 'docs.json': '' }));
    assert.equal(result.diagnostics[0]!.message, 'docs.json is empty.');
  });

  it('reports a missing docs.json, and points a mint.json to the upgrade', async () => {
    const missing = await loadConfig(makeDocs({ 'index.mdx': true }));
    assert.deepEqual(summary(missing.diagnostics), ['error missing-config docs.json']);
    const legacy = await loadConfig(makeDocs({ 'mint.json': { name: 'x' } }));
    assert.equal(legacy.diagnostics[0]?.code, 'legacy-config');
    assert.match(legacy.diagnostics[0]!.hint!, /upgrade/);
  });
});

describe('docs.json schema', () => {
  it('accepts the documented top-level keys of real repositories', async () => {
    const result = await load({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Docs',
      description: 'About',
      colors: { primary: '#0D9373', light: '#07C983', dark: '#0D9373' },
      logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://example.com' },
      favicon: '/favicon.svg',
      api: { openapi: 'openapi.yaml', baseUrl: 'https://api.example.com', playground: { display: 'interactive' } },
      appearance: { default: 'dark' },
      background: { decoration: 'gradient' },
      navbar: { links: [{ label: 'Blog', href: 'https://example.com' }], primary: { type: 'github', href: 'https://github.com/x/y' } },
      footer: { socials: { x: 'https://x.com/y' }, links: [{ header: 'More', items: [{ label: 'Home', href: '/' }] }] },
      search: { prompt: 'Search...' },
      seo: { indexing: 'all', metatags: { 'og:image': '/og.png' } },
      fonts: { family: 'Inter' },
      icons: { library: 'lucide' },
      styling: { eyebrows: 'breadcrumbs', codeblocks: 'system' },
      redirects: [{ source: '/old', destination: '/new', permanent: false }],
      integrations: { ga4: { measurementId: 'G-1' } },
      banner: { content: 'Hi [there](/x)', dismissible: true, type: 'warning' },
      errors: { '404': { redirect: false } },
      contextual: { options: ['copy', 'chatgpt'] },
      interaction: { drilldown: true },
      metadata: { timestamp: true },
      variables: { version: '2.0' },
      navigation: { pages: ['index'] },
    });
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.config?.seo?.indexing, 'all');
  });

  it('warns about an unknown key with its path and a did-you-mean, and still loads', async () => {
    const config = {
      ...base,
      feedback: { thumbsRating: true },
      navigation: { tabs: [{ tab: 'Guides', grups: [], groups: [{ group: 'A', pages: ['a'], expnded: true }] }] },
    };
    const result = await load(config);
    assert.deepEqual(errors(result.diagnostics), []);
    assert.deepEqual(summary(result.diagnostics), [
      'warning unknown-key feedback',
      'warning unknown-key navigation.tabs[0].grups',
      'warning unknown-key navigation.tabs[0].groups[0].expnded',
    ]);
    const [feedback, grups, expnded] = result.diagnostics;
    assert.match(feedback!.message, /Unknown key `feedback` in docs.json/);
    assert.equal(grups!.hint, 'did you mean `groups`?');
    assert.equal(expnded!.hint, 'did you mean `expanded`?');
    const lines = JSON.stringify(config, null, 2).split('\n');
    assert.equal(grups!.line, lines.findIndex((line) => line.includes('"grups"')) + 1);
    assert.equal(grups!.column, lines.find((line) => line.includes('"grups"'))!.indexOf('"grups"') + 1);
    assert.ok(result.config, 'a config with only warnings loads');
    assert.equal(result.config!.navigation.tabs![0]!.groups![0]!.expanded, undefined);
  });

  it('names the element and both keys when an element holds two kinds of children', async () => {
    const result = await load({
      ...base,
      navigation: {
        tabs: [
          { tab: 'Home', pages: ['index'] },
          { tab: 'Guides', anchors: [{ anchor: 'A', pages: ['a'] }], groups: [{ group: 'G', pages: ['g'] }] },
        ],
      },
    });
    assert.deepEqual(summary(result.diagnostics), ['error invalid-structure navigation.tabs[1]']);
    const [error] = result.diagnostics;
    assert.equal(error!.message, 'The tab "Guides" holds both `anchors` and `groups`.');
    assert.match(error!.hint!, /one kind of child per level/);
    assert.equal(result.config, undefined);
  });

  it('refuses an href beside children', async () => {
    const result = await load({ ...base, navigation: { anchors: [{ anchor: 'Blog', href: 'https://x.y', pages: ['a'] }] } });
    assert.equal(result.diagnostics[0]!.message, 'The anchor "Blog" has an `href` and also `pages`.');
  });

  it('requires exactly one root-level navigation kind', async () => {
    const two = await load({ ...base, navigation: { tabs: [{ tab: 'A', pages: ['a'] }], groups: [{ group: 'G', pages: ['g'] }] } });
    assert.deepEqual(summary(two.diagnostics), ['error invalid-structure navigation']);
    assert.match(two.diagnostics[0]!.message, /more than one root: `tabs` and `groups`/);
    const none = await load({ ...base, navigation: { global: { anchors: [{ anchor: 'X', href: '/x' }] } } });
    assert.match(none.diagnostics[0]!.message, /`navigation` holds no pages/);
    assert.match(none.diagnostics[0]!.hint!, /`products`, `languages`, `versions`, `tabs`, `dropdowns`, `anchors`, `groups` or `pages`/);
  });

  it('requires the name field of every kind of element', async () => {
    const result = await load({
      navigation: {
        products: [
          {
            icon: 'box',
            tabs: [
              {
                menu: [{ pages: ['a'] }],
              },
              { tab: 'T', anchors: [{ dropdowns: [{ versions: [{ languages: [{ groups: [{ pages: ['x'] }] }] }] }] }] },
            ],
          },
        ],
      },
    });
    assert.deepEqual(summary(errors(result.diagnostics)).sort(), [
      'error missing-key name',
      'error missing-key navigation.products[0].product',
      'error missing-key navigation.products[0].tabs[0].menu[0].item',
      'error missing-key navigation.products[0].tabs[0].tab',
      'error missing-key navigation.products[0].tabs[1].anchors[0].anchor',
      'error missing-key navigation.products[0].tabs[1].anchors[0].dropdowns[0].dropdown',
      'error missing-key navigation.products[0].tabs[1].anchors[0].dropdowns[0].versions[0].languages[0].groups[0].group',
      'error missing-key navigation.products[0].tabs[1].anchors[0].dropdowns[0].versions[0].languages[0].language',
      'error missing-key navigation.products[0].tabs[1].anchors[0].dropdowns[0].versions[0].version',
    ]);
    const tab = result.diagnostics.find((d) => d.path === 'navigation.products[0].tabs[0].tab');
    assert.equal(tab!.message, 'This tab has no `tab`, which is required.');
    assert.equal(tab!.hint, 'Add its name, like "tab": "Getting started".');
  });

  it('checks language codes against spec 2.4 and the usual aliases', async () => {
    const languages = ['en', 'cn', 'zh', 'zh-Hans', 'zh-Hant', 'ja', 'jp', 'pt-BR', 'fr-CA', 'uk', 'uz'].map((language) => ({
      language,
      pages: [`${language}/index`],
    }));
    const good = await load({ ...base, navigation: { languages } });
    assert.deepEqual(good.diagnostics, []);

    const bad = await load({
      ...base,
      navigation: { languages: [{ language: 'en', pages: ['a'] }, { language: 'pt-br', pages: ['b'] }, { language: 'klingon', pages: ['c'] }] },
    });
    assert.deepEqual(summary(bad.diagnostics), [
      'error invalid-value navigation.languages[1].language',
      'error invalid-value navigation.languages[2].language',
    ]);
    assert.equal(bad.diagnostics[0]!.message, '`language` is "pt-br", which is not one of the allowed values.');
    assert.match(bad.diagnostics[0]!.hint!, /^did you mean `pt-BR`\? Allowed: `ar`, `ca`/);
    assert.match(bad.diagnostics[1]!.hint!, /^Allowed: /);
  });

  it('checks the directory enum with a did-you-mean', async () => {
    const result = await load({ ...base, navigation: { groups: [{ group: 'G', directory: 'cards', root: 'g', pages: [] }] } });
    assert.deepEqual(summary(result.diagnostics), ['error invalid-value navigation.groups[0].directory']);
    assert.equal(result.diagnostics[0]!.hint, 'did you mean `card`? Allowed: `none`, `accordion` or `card`.');
  });

  it('allows at most one default version and one default language, and no name twice', async () => {
    const result = await load({
      ...base,
      navigation: {
        languages: [
          {
            language: 'en',
            default: true,
            versions: [
              { version: 'v1', default: true, pages: ['a'] },
              { version: 'v2', default: true, pages: ['b'] },
              { version: 'v1', pages: ['c'] },
            ],
          },
          { language: 'fr', default: true, pages: ['fr/a'] },
        ],
      },
    });
    assert.deepEqual(summary(result.diagnostics), [
      'error invalid-structure navigation.languages[0].versions[1].default',
      'error invalid-structure navigation.languages[0].versions[2].version',
      'error invalid-structure navigation.languages[1].default',
    ]);
    assert.equal(result.diagnostics[0]!.message, 'More than one version has `default: true` (the first is [0]).');
    assert.equal(result.diagnostics[1]!.message, 'The version "v1" is listed twice (also at [0]).');
  });

  it('refuses keys that are known but not allowed where they stand', async () => {
    const result = await load({
      ...base,
      navigation: {
        global: { anchors: [{ anchor: 'Docs', href: '/docs', groups: [] }] },
        tabs: [
          { tab: 'A', menu: [{ item: 'I', tabs: [{ tab: 'x', pages: ['y'] }] }] },
          { tab: 'B', tabs: [{ tab: 'x', pages: ['y'] }] },
          { tab: 'C', groups: [{ group: 'G', groups: [{ group: 'H', pages: ['h'] }] }] },
        ],
      },
    });
    assert.deepEqual(summary(result.diagnostics), [
      'error not-allowed-here navigation.global.anchors[0].groups',
      'error not-allowed-here navigation.tabs[0].menu[0].tabs',
      'error not-allowed-here navigation.tabs[1].tabs',
      'error not-allowed-here navigation.tabs[2].groups[0].groups',
    ]);
    assert.match(result.diagnostics[1]!.message, /A menu item holds only `groups`, `pages` or an `href`/);
    assert.match(result.diagnostics[3]!.message, /A group holds its pages and nested groups in `pages`/);
  });

  it('checks links, icons and types inside nested groups', async () => {
    const result = await load({
      ...base,
      navbar: { links: [{ label: 'x', href: 'javascript:alert(1)' }] },
      navigation: {
        groups: [
          {
            group: 'G',
            icon: 'fa-rocket',
            expanded: 'yes',
            pages: ['a', { group: 'Nested', pages: ['b', 42, { group: 'Deep', tag: 3, pages: [] }] }],
          },
        ],
      },
    });
    assert.deepEqual(summary(result.diagnostics), [
      'error invalid-value navbar.links[0].href',
      'error invalid-value navigation.groups[0].icon',
      'error invalid-type navigation.groups[0].expanded',
      'error invalid-type navigation.groups[0].pages[1].pages[1]',
      'error invalid-type navigation.groups[0].pages[1].pages[2].tag',
    ]);
    const [href, icon, expanded, entry, tag] = result.diagnostics;
    assert.match(href!.message, /scheme a docs site cannot link to/);
    assert.match(icon!.message, /do not start with `fa-`/);
    assert.equal(expanded!.message, '`expanded` must be `true` or `false`, not a string.');
    assert.match(entry!.message, /A `pages` entry is a page path, an operation like `GET \/users`, or a group object; this is a number/);
    assert.equal(tag!.message, '`tag` must be a string, not a number.');
  });

  it('reports every error of the config at once, each with its line', async () => {
    const text = `{
  "name": "Docs",
  "navigation": {
    "tabs": [
      { "tab": "A", "groups": [{ "group": "G", "directory": "list", "pages": ["a"] }] },
      { "tab": "B", "anchors": [], "pages": ["b"] },
      { "tabs": "C", "pages": ["c"] }
    ]
  },
  "styling": { "eyebrows": "crumbs" }
}
`;
    const result = await loadConfig(makeDocs({ 'docs.json': text }));
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.line}:${d.column} ${d.path}`),
      [
        '5:48 navigation.tabs[0].groups[0].directory',
        '6:7 navigation.tabs[1]',
        '6:21 navigation.tabs[1].anchors',
        '7:7 navigation.tabs[2].tab',
        '7:9 navigation.tabs[2].tabs',
        '10:16 styling.eyebrows',
      ],
    );
  });
});

describe('$ref', () => {
  it('replaces a reference with the file, relative to the referring file, siblings overriding', async () => {
    const dir = makeDocs({
      'docs.json': { ...base, navigation: { languages: [{ $ref: './i18n/en.json' }, { $ref: './i18n/fr.json', default: true }] } },
      'i18n/en.json': { language: 'en', tabs: [{ $ref: './tabs/guides.json' }] },
      'i18n/tabs/guides.json': { tab: 'Guides', pages: ['index'] },
      'i18n/fr.json': { language: 'fr', default: false, pages: ['fr/index'] },
    });
    const result = await loadConfig(dir);
    assert.deepEqual(result.diagnostics, []);
    assert.deepEqual(result.config!.navigation.languages, [
      { language: 'en', tabs: [{ tab: 'Guides', pages: ['index'] }] },
      { language: 'fr', default: true, pages: ['fr/index'] },
    ]);
    assert.equal(result.files.length, 4);
  });

  it('locates errors inside a referenced file', async () => {
    const dir = makeDocs({
      'docs.json': { ...base, navigation: { languages: [{ $ref: './fr.json' }] } },
      'fr.json': '{\n  "language": "fr",\n  "groups": [\n    { "group": "A", "pages": ["a"], "directory": "grid" }\n  ]\n}\n',
    });
    const result = await loadConfig(dir);
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.path}`),
      ['fr.json:4:37 navigation.languages[0].groups[0].directory'],
    );
  });

  it('names both files when a referenced file is missing', async () => {
    const result = await load({ ...base, navigation: { languages: [{ $ref: './fr.json', language: 'fr' }] } });
    assert.deepEqual(summary(result.diagnostics), ['error invalid-ref navigation.languages[0]']);
    const [error] = result.diagnostics;
    assert.equal(error!.file, 'docs.json');
    assert.equal(error!.message, '`$ref` "./fr.json" in docs.json names fr.json, which does not exist.');
  });

  it('reports a cycle with the whole chain', async () => {
    const dir = makeDocs({
      'docs.json': { ...base, navigation: { $ref: './nav.json' } },
      'nav.json': { tabs: [{ $ref: './tab.json' }] },
      'tab.json': { tab: 'Loop', tabs: [{ $ref: './nav.json' }] },
    });
    const result = await loadConfig(dir);
    const refErrors = result.diagnostics.filter((d) => d.code === 'invalid-ref');
    assert.equal(refErrors.length, 1);
    assert.equal(refErrors[0]!.file, 'tab.json');
    assert.equal(
      refErrors[0]!.message,
      '`$ref` "./nav.json" in tab.json refers back to nav.json, which is already being included: nav.json → tab.json → nav.json.',
    );
  });

  it('refuses a path outside the docs folder', async () => {
    const result = await load({ ...base, navigation: { $ref: '../../etc/passwd' } });
    assert.equal(result.diagnostics[0]!.code, 'invalid-ref');
    assert.match(result.diagnostics[0]!.message, /in docs.json points outside the docs folder/);
  });

  it('reports invalid JSON in a referenced file with its own line', async () => {
    const result = await load({ ...base, navigation: { $ref: './nav.json' } }, { 'nav.json': '{\n  "pages": [\n}' });
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`),
      ['invalid-json nav.json:3'],
    );
  });

  it('does not repeat a broken reference as schema errors', async () => {
    const result = await load({ ...base, navigation: { languages: [{ $ref: './missing.json' }] } });
    assert.deepEqual(summary(result.diagnostics), ['error invalid-ref navigation.languages[0]']);
  });

  it('cannot merge sibling keys into a file that holds an array', async () => {
    const result = await load({ ...base, navigation: { pages: { $ref: './pages.json', extra: 1 } } }, { 'pages.json': ['a'] });
    assert.match(result.diagnostics[0]!.message, /holds an array, so the keys beside `\$ref` cannot be merged/);
    const plain = await load({ ...base, navigation: { pages: { $ref: './pages.json' } } }, { 'pages.json': ['a'] });
    assert.deepEqual(plain.config?.navigation.pages, ['a']);
  });
});

describe('warnings', () => {
  it('does not fail on warnings alone', async () => {
    const result = await load({ ...base, head: [], navigation: { pages: ['index'] } });
    assert.equal(warnings(result.diagnostics).length, 1);
    assert.ok(result.config);
  });
});

/** `levels` arrays, one in another: `[[[…]]]`. */
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** A group holding a group holding a group…, `levels` groups deep, the last with a page. */
function nestedGroups(levels: number): Record<string, unknown> {
  let group: Record<string, unknown> = { group: `G${levels}`, pages: ['a'] };
  for (let i = levels - 1; i > 0; i--) group = { group: `G${i}`, pages: [group] };
  return group;
}

describe('hostile input', () => {
  it('refuses 10,000 nested arrays under an unknown key: one too-deep error with its line, not a crash', async () => {
    const text = `{\n  "name": "x",\n  "navigation": { "pages": ["a"] },\n  "junk": ${nestedArrays(10_000)}\n}\n`;
    const result = await loadConfig(makeDocs({ 'docs.json': text }));
    assert.deepEqual(summary(result.diagnostics), [`error too-deep junk${'[0]'.repeat(63)}`]);
    const [error] = result.diagnostics;
    assert.equal(error!.file, 'docs.json');
    assert.equal(error!.line, 4);
    // The root object is the first level, `junk`'s outer array the second: the 64th `[` crosses.
    assert.equal(error!.column, '  "junk": '.length + 64);
    assert.equal(error!.message, 'docs.json nests objects and arrays more than 64 levels deep: it is not read.');
    assert.equal(result.config, undefined);
    assert.equal(result.unchecked, undefined);
  });

  it('refuses invalid JSON that opens 10,000 brackets as too deep, not a crash', async () => {
    const result = await loadConfig(makeDocs({ 'docs.json': `{"name": "x", "junk": ${'['.repeat(10_000)}` }));
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`),
      [`too-deep docs.json:1:${'{"name": "x", "junk": '.length + 64}`],
    );
  });

  it('refuses navigation nested 500 levels deep, naming where it crosses the limit', async () => {
    const config = { ...base, navigation: { groups: [nestedGroups(250)] } };
    const result = await loadConfig(makeDocs({ 'docs.json': config }));
    assert.deepEqual(result.diagnostics.map((d) => d.code), ['too-deep']);
    const [error] = result.diagnostics;
    // navigation, groups, then a group and its `pages` per level: the 64th level is the 31st group's `pages`.
    assert.equal(error!.path, `navigation.groups[0]${'.pages[0]'.repeat(30)}.pages`);
    const lines = JSON.stringify(config, null, 2).split('\n');
    assert.equal(error!.line, lines.findIndex((line) => line.includes('"group": "G31"')) + 2);
  });

  it('accepts nesting up to the limit, and refuses one level more', async () => {
    const at = (levels: number) => `{ "name": "x", "navigation": { "pages": ["a"] }, "junk": ${nestedArrays(levels)} }`;
    const deepest = await loadConfig(makeDocs({ 'docs.json': at(63) }));
    assert.deepEqual(summary(deepest.diagnostics), ['warning unknown-key junk']);
    assert.ok(deepest.config);
    const tooDeep = await loadConfig(makeDocs({ 'docs.json': at(64) }));
    assert.deepEqual(tooDeep.diagnostics.map((d) => d.code), ['too-deep']);
    // 20 groups in groups, deeper than any real site, still load.
    const groups = await load({ ...base, navigation: { groups: [nestedGroups(20)] } });
    assert.deepEqual(groups.diagnostics, []);
  });

  it('counts what `$ref`s include toward the limit: one error in the file where it is crossed', async () => {
    // Two branches, each 40 levels in docs.json and 40 in the file: reported once, where first crossed.
    const dir = makeDocs({
      'docs.json': `{\n  "name": "x",\n  "navigation": { "pages": ["a"] },\n  "junk": [${'['.repeat(38)}{ "$ref": "./deep.json" }, { "$ref": "./deep.json" }${']'.repeat(38)}]\n}\n`,
      'deep.json': `{\n  "x":\n    ${nestedArrays(40)}\n}\n`,
    });
    const result = await loadConfig(dir);
    const tooDeep = result.diagnostics.filter((d) => d.code === 'too-deep');
    assert.equal(tooDeep.length, 1);
    assert.equal(tooDeep[0]!.severity, 'error');
    assert.equal(tooDeep[0]!.file, 'deep.json');
    assert.equal(tooDeep[0]!.line, 3);
    assert.equal(tooDeep[0]!.path, `junk${'[0]'.repeat(39)}.x${'[0]'.repeat(23)}`);
    assert.deepEqual(summary(result.diagnostics).filter((line) => !line.includes('too-deep')), ['warning unknown-key junk']);
  });

  it('refuses a chain of more than 64 `$ref`s', async () => {
    const files: Record<string, unknown> = { 'docs.json': { ...base, navigation: { $ref: './1.json' } } };
    for (let i = 1; i < 100; i++) files[`${i}.json`] = { $ref: `./${i + 1}.json` };
    files['100.json'] = { pages: ['a'] };
    const result = await loadConfig(makeDocs(files));
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.code} ${d.file} ${d.path}`),
      ['too-deep 63.json navigation'],
    );
    assert.match(result.diagnostics[0]!.message, /^`\$ref` "\.\/64\.json" in 63\.json would make a chain of more than 64 files/);
  });

  it('reports `__proto__`, `constructor` and `prototype` as unknown keys, never as a prototype', async () => {
    const text = '{ "name": "x", "__proto__": { "navigation": { "pages": ["a"] } } }';
    const proto = await loadConfig(makeDocs({ 'docs.json': text }));
    assert.deepEqual(summary(proto.diagnostics), ['error missing-key navigation', 'warning unknown-key __proto__']);
    assert.equal(proto.config, undefined);
    assert.equal(Object.getPrototypeOf(proto.unchecked), Object.prototype);
    assert.equal((proto.unchecked as { navigation?: unknown }).navigation, undefined);

    // Inside a referenced file, and where any key is allowed (`variables`), too.
    const dir = makeDocs({
      'docs.json': '{ "name": "x", "navigation": { "$ref": "./nav.json" }, "constructor": 1, "prototype": {}, "variables": { "__proto__": { "a": "b" }, "constructor": "c" } }',
      'nav.json': '{ "pages": ["a"], "__proto__": { "tabs": [] } }',
    });
    const result = await loadConfig(dir);
    assert.deepEqual(summary(result.diagnostics), [
      'warning unknown-key constructor',
      'warning unknown-key prototype',
      'warning unknown-key variables.__proto__',
      'warning unknown-key navigation.__proto__',
    ]);
    assert.equal(result.diagnostics[3]!.file, 'nav.json');
    assert.equal(result.diagnostics[3]!.message, 'Unknown key `__proto__` in navigation: it is ignored.');
    assert.deepEqual(result.config!.navigation, { pages: ['a'] });
    assert.equal(Object.getPrototypeOf(result.config!.navigation), Object.prototype);
    assert.deepEqual(result.config!.variables, { constructor: 'c' });
    assert.equal(Object.getPrototypeOf(result.config!.variables), Object.prototype);
    assert.equal(({} as Record<string, unknown>)['a'], undefined);
  });

  it('reads a file once, however many `$ref`s name it', async () => {
    const groups = Array.from({ length: 1000 }, () => ({ $ref: './group.json' }));
    const dir = makeDocs({ 'docs.json': { ...base, navigation: { groups } }, 'group.json': { group: 'G', pages: ['a'] } });
    const reads: string[] = [];
    const resolved = await resolveConfigRefs(path.join(dir, 'docs.json'), dir, (file) => {
      reads.push(path.basename(file));
      return readFile(file, 'utf8');
    });
    assert.deepEqual(reads, ['docs.json', 'group.json']);
    assert.deepEqual(resolved.diagnostics, []);

    const result = await loadConfig(dir);
    assert.deepEqual(result.diagnostics, []);
    assert.equal(result.config!.navigation.groups!.length, 1000);
    assert.deepEqual(result.config!.navigation.groups![999], { group: 'G', pages: ['a'] });
    assert.equal(result.files.length, 2);
  });

  it('does not follow a `$ref` through a symbolic link out of the docs folder, nor name where it leads', async () => {
    const outside = makeDocs({ 'secret.json': { pages: ['secret-page'] }, 'folder/nav.json': { pages: ['secret-folder-page'] } });
    const dir = makeDocs({
      'docs.json': { ...base, navigation: { $ref: './nav.json' }, navbar: { $ref: './linked/nav.json' } },
      'inside.json': { pages: ['a'] },
    });
    symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'nav.json'));
    symlinkSync(path.join(outside, 'folder'), path.join(dir, 'linked'));
    const result = await loadConfig(dir);
    // Without the file, `navigation` is an empty object: the schema says what it lacks.
    assert.deepEqual(summary(result.diagnostics), [
      'error invalid-structure navigation',
      'warning outside-docs navigation',
      'warning outside-docs navbar',
    ]);
    const [, link, folder] = result.diagnostics;
    assert.equal(link!.file, 'docs.json');
    assert.equal(link!.message, '`$ref` "./nav.json" in docs.json is a symbolic link that leads out of the docs folder: it is not read, and the config is read without it.');
    assert.match(folder!.message, /^`\$ref` "\.\/linked\/nav\.json" in docs\.json is a symbolic link that leads out/);
    const everything = JSON.stringify(result);
    assert.doesNotMatch(everything, /secret/);
    assert.ok(!everything.includes(outside));

    // A link that stays inside is followed.
    symlinkSync(path.join(dir, 'inside.json'), path.join(dir, 'inside-link.json'));
    const followed = await loadConfig(withConfig(dir, { ...base, navigation: { $ref: './inside-link.json' } }));
    assert.deepEqual(followed.diagnostics, []);
    assert.deepEqual(followed.config!.navigation, { pages: ['a'] });
  });

  it('does not name the outside path of a plain `../` reference either', async () => {
    const result = await load({ ...base, navigation: { $ref: '../../etc/passwd' } });
    assert.equal(result.diagnostics[0]!.message, '`$ref` "../../etc/passwd" in docs.json points outside the docs folder.');
  });
});

/** Rewrites docs.json of `dir`. */
function withConfig(dir: string, config: unknown): string {
  writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(config, null, 2));
  return dir;
}
