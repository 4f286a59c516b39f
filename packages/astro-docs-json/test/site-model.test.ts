import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAlternates } from '../src/core/site/alternates.ts';
import { buildSiteModel, type SidebarItem, type SiteModel } from '../src/core/site/site-model.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { fixture, makeDocs, pages } from './helpers.ts';

async function model(dir: string): Promise<SiteModel> {
  const site = await loadSite(dir);
  assert.deepEqual(site.diagnostics.filter((d) => d.severity === 'error'), []);
  return buildSiteModel(site);
}

const page = (m: SiteModel, url: string) => m.pages.find((p) => p.url === url)!;
const section = (m: SiteModel, url: string) => m.sections.find((s) => s.id === page(m, url).section)!;

/** The sidebar as an indented outline: `group` lines carry their flags. */
function outline(items: readonly SidebarItem[], depth = 0): string[] {
  return items.flatMap((item) => {
    const indent = '  '.repeat(depth);
    if (item.type === 'page') return [`${indent}${item.title} ${item.url}`];
    const flags = [item.collapsible ? 'collapsible' : 'fixed', item.expanded ? 'open' : 'closed', item.url ? `root=${item.url}` : ''];
    return [`${indent}[${item.title}] ${flags.filter(Boolean).join(' ')}`, ...outline(item.items, depth + 1)];
  });
}

describe('site model: sections', () => {
  it('cuts the site into sections per version, language and division, each with its switchers', async () => {
    const m = await model(fixture('versioned'));
    assert.deepEqual(
      m.sections.map((s) => `${s.id} ${s.version ?? '-'} ${s.language ?? '-'} ${s.switchers.map((w) => `${w.kind}:${w.items.find((i) => i.current)?.name}`).join(' ')}`),
      ['s0 v1 en ', 's1 v2 en tab:Guides', 's2 v2 en tab:API item:REST', 's3 - fr '],
    );
    const api = m.sections[2]!;
    assert.deepEqual(api.switchers[0]!.items.map((i) => [i.name, i.url, i.current]), [
      ['Guides', '/', false],
      ['API', '/api/overview', true],
    ]);
    assert.deepEqual(api.globalLinks, [{ kind: 'anchor', name: 'Blog', url: 'https://example.com/blog', external: true, icon: 'newspaper', description: 'What the team writes' }]);
  });

  it('builds each sidebar once per section: groups, roots, collapsing', async () => {
    const m = await model(fixture('versioned'));
    assert.deepEqual(outline(m.sections[1]!.sidebar), [
      '[Start] fixed open root=/',
      '  Start /quickstart',
      '  FAQ /shared/faq',
      '  [Deep] collapsible open',
      '    Guides /guides',
      '    [Deeper] collapsible closed',
      '      404 /guides/deeper',
      '    [Users] collapsible closed',
      '      Create a user /other-api/users/create-a-user',
      '    [API Reference] collapsible closed',
      '      GET /health /other-api/get-health',
    ]);
  });

  it('leaves hidden groups and pages with hidden: true out of the sidebar, not out of the site', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'x',
        navigation: { groups: [{ group: 'Shown', pages: ['a', 'secret'] }, { group: 'Gone', hidden: true, pages: ['b'] }] },
      },
      ...pages('a', 'b'),
      'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n',
    });
    const m = await model(dir);
    assert.deepEqual(outline(m.sections[0]!.sidebar), ['[Shown] fixed open', '  a /a']);
    assert.equal(page(m, '/secret').noindex, true);
    assert.equal(page(m, '/b').section, 's0');
  });
});

describe('site model: language settings', () => {
  it('gives each language element its own banner, navbar and footer, wherever it is nested', async () => {
    const m = await model(
      makeDocs({
        'docs.json': {
          name: 'x',
          navigation: {
            versions: [
              // The same language first appears without settings, in an older version.
              { version: 'v1', languages: [{ language: 'en', pages: ['v1/en/a'] }] },
              {
                version: 'v2',
                default: true,
                languages: [
                  { language: 'en', banner: { content: 'English v2' }, navbar: { links: [{ label: 'Blog', href: 'https://blog.example.com' }] }, footer: { socials: { x: 'https://x.com/en' } }, pages: ['v2/en/a'] },
                  { language: 'fr', banner: { content: 'Français v2' }, pages: ['v2/fr/a'] },
                ],
              },
            ],
          },
        },
        ...pages('v1/en/a', 'v2/en/a', 'v2/fr/a'),
      }),
    );
    const settingsOf = (url: string) => {
      const index = section(m, url).settings;
      return index === undefined ? undefined : m.languageSettings[index];
    };
    assert.equal(settingsOf('/v1/en/a'), undefined);
    assert.deepEqual(settingsOf('/v2/en/a'), {
      banner: { content: 'English v2' },
      navbar: { links: [{ label: 'Blog', href: 'https://blog.example.com' }] },
      footer: { socials: { x: 'https://x.com/en' } },
    });
    assert.deepEqual(settingsOf('/v2/fr/a'), { banner: { content: 'Français v2' } });
  });
});

describe('site model: pages', () => {
  it('gives each page the groups to open, its eyebrow and its neighbours in the section', async () => {
    const m = await model(fixture('versioned'));
    const deeper = page(m, '/guides/deeper');
    assert.equal(deeper.section, 's1');
    assert.equal(deeper.openGroups.length, 3);
    assert.equal(deeper.eyebrow, 'Deeper');
    assert.deepEqual(deeper.prev, { title: 'Guides', url: '/guides' });
    assert.deepEqual(deeper.next, { title: 'Create a user', url: '/other-api/users/create-a-user' });
    assert.deepEqual(page(m, '/').next, { title: 'Start', url: '/quickstart' });
  });

  it('writes breadcrumbs from divisions and groups, without the version, the language or repeats', async () => {
    const m = await model(fixture('versioned'));
    assert.deepEqual(page(m, '/guides/deeper').breadcrumbs, [
      { name: 'Guides', url: '/' },
      { name: 'Start', url: '/' },
      { name: 'Deep' },
      { name: 'Deeper' },
    ]);
    // The group whose root this page is stands for the page itself.
    assert.deepEqual(page(m, '/').breadcrumbs, [{ name: 'Guides' }]);
  });

  it('lists a group on its root page, as cards or as an accordion by section', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'x',
        navigation: {
          groups: [
            {
              group: 'Cards',
              root: 'cards/index',
              directory: 'card',
              pages: ['cards/one', { group: 'Sub', root: 'cards/sub', pages: ['cards/two'] }],
            },
            {
              group: 'Accordion',
              root: 'acc/index',
              directory: 'accordion',
              pages: ['acc/one', { group: 'Part', pages: ['acc/two', 'acc/three'] }],
            },
            { group: 'Plain', root: 'plain/index', pages: ['plain/one'] },
          ],
        },
      },
      ...pages('cards/index', 'cards/sub', 'cards/two', 'acc/index', 'acc/two', 'acc/three', 'plain/index', 'plain/one'),
      'cards/one.mdx': '---\ntitle: One\ndescription: The first card.\nicon: rocket\n---\n',
      'acc/one.mdx': '---\ntitle: Acc one\ndescription: First.\n---\n',
    });
    const m = await model(dir);
    assert.deepEqual(page(m, '/cards').directory, {
      layout: 'card',
      sections: [
        {
          entries: [
            { title: 'One', url: '/cards/one', description: 'The first card.', icon: 'rocket' },
            { title: 'Sub', url: '/cards/sub' },
          ],
        },
      ],
    });
    assert.deepEqual(page(m, '/acc').directory, {
      layout: 'accordion',
      sections: [
        { entries: [{ title: 'Acc one', url: '/acc/one', description: 'First.' }] },
        { title: 'Part', entries: [{ title: 'two', url: '/acc/two' }, { title: 'three', url: '/acc/three' }] },
      ],
    });
    assert.equal(page(m, '/plain').directory, undefined, 'directory defaults to none');
    assert.equal(page(m, '/cards/one').directory, undefined, 'only root pages list their group');
  });

  it('shows a hidden page the sidebar of its version and language', async () => {
    const m = await model(fixture('versioned'));
    assert.equal(page(m, '/v1/old-page').section, 's0');
    assert.equal(page(m, '/fr/brouillon').section, 's3');
    assert.deepEqual(page(m, '/fr/brouillon').openGroups, []);
  });

  it('keys pages by their path without version and language folders', async () => {
    const m = await model(fixture('versioned'));
    assert.equal(page(m, '/v1').key, 'index');
    assert.equal(page(m, '/fr').key, 'index');
    assert.equal(page(m, '/').key, 'index');
    assert.equal(page(m, '/guides/deeper').key, 'guides/deeper');
  });

  it('leads / to the default scope first page when no page is the index', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { versions: [{ version: 'v1', pages: ['v1/start'] }, { version: 'v2', default: true, pages: ['v2/start'] }] } },
      ...pages('v1/start', 'v2/start'),
    });
    assert.equal((await model(dir)).rootRedirect, '/v2/start');
    assert.equal((await model(fixture('versioned'))).rootRedirect, undefined);
  });
});

describe('version and language selectors', () => {
  const dir = makeDocs({
    'docs.json': {
      name: 'x',
      navigation: {
        languages: [
          {
            language: 'en',
            versions: [
              { version: 'v2', default: true, tag: 'Latest', pages: ['index', 'guide', 'only-v2'] },
              { version: 'v1', tag: 'Old', pages: ['v1/index', 'v1/guide'] },
            ],
          },
          { language: 'es', versions: [{ version: 'v2', pages: ['es/index', 'es/guide'] }] },
        ],
      },
    },
    ...pages('index', 'guide', 'only-v2', 'v1/index', 'v1/guide', 'es/index', 'es/guide'),
  });

  it('leads to the same page in the other version or language, else to its first page', async () => {
    const m = await model(dir);
    const alternates = createAlternates(m);
    const choices = (url: string) => {
      const { versions, languages } = alternates(page(m, url));
      return {
        versions: versions.map((c) => `${c.label}${c.tag ? ` (${c.tag})` : ''} ${c.url}${c.current ? ' *' : ''}`),
        languages: languages.map((c) => `${c.code} ${c.url}${c.current ? ' *' : ''}`),
      };
    };
    assert.deepEqual(choices('/guide'), {
      versions: ['v2 (Latest) /guide *', 'v1 (Old) /v1/guide'],
      languages: ['en /guide *', 'es /es/guide'],
    });
    assert.deepEqual(choices('/only-v2'), {
      versions: ['v2 (Latest) /only-v2 *', 'v1 (Old) /v1'],
      languages: ['en /only-v2 *', 'es /es'],
    });
    // Spanish has no v1: the language selector keeps the reader's version where it can.
    assert.deepEqual(choices('/v1/guide').languages, ['en /v1/guide *', 'es /es/guide']);
    assert.deepEqual(choices('/es/guide').versions, ['v2 (Latest) /es/guide *']);
  });

  it('lists the default version first', async () => {
    const m = await model(
      makeDocs({
        'docs.json': { name: 'x', navigation: { versions: [{ version: 'old', pages: ['a'] }, { version: 'new', default: true, pages: ['b'] }] } },
        ...pages('a', 'b'),
      }),
    );
    assert.deepEqual(m.versions.map((v) => v.name), ['new', 'old']);
  });
});
