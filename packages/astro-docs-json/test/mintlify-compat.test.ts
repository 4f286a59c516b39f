// What existing Mintlify repositories lean on: built-in components without imports,
// snippets and images checked at load, redirects, fonts, and the compatibility report.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fontStyles } from '../src/astro/render/fonts.ts';
import { compatibility } from '../src/core/report/compatibility.ts';
import { isBuiltInComponent } from '../src/core/markdown/built-in-components.ts';
import { declareComponents } from '../src/core/markdown/declare-components.ts';
import { repairMdx } from '../src/core/markdown/forgiving-mdx.ts';
import { redirectFor, resolveRedirects } from '../src/core/navigation/redirects.ts';
import type { DivisionNode } from '../src/core/navigation/tree.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel, type SidebarGroup } from '../src/core/site/site-model.ts';
import { makeDocs } from './helpers.ts';

describe('built-in components', () => {
  it('are known with their members, and declared after the frontmatter of the files using them', () => {
    assert.equal(isBuiltInComponent('Card'), true);
    assert.equal(isBuiltInComponent('Tree.Folder'), true);
    assert.equal(isBuiltInComponent('Tree.Leaf'), false);
    assert.equal(isBuiltInComponent('Acme'), false);
    assert.equal(isBuiltInComponent('toString'), false);
    assert.equal(
      declareComponents('---\ntitle: T\n---\n\n<Card>x</Card>\n', ['Card', 'Tree.Folder', 'Tree.File', 'Acme'], 'pkg/components'),
      '---\ntitle: T\n---\n' +
        'import { component as __component, nothing as __nothing } from "pkg/components"; export const Card = __component("Card", []), Tree = __component("Tree", ["Folder","File"]), Acme = __component("Acme", []);\n\n' +
        '\n<Card>x</Card>\n',
    );
    assert.equal(declareComponents('<Note>x</Note>\n', [], 'pkg'), '<Note>x</Note>\n');
  });
});

describe('loading a Mintlify repository', () => {
  it('reports missing images and snippets, unknown components once with every use, and repairs', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['a', 'b'] } },
      'a.mdx': "---\ntitle: A\n---\nimport Intro from '/snippets/intro.mdx';\nimport Gone from '/snippets/gone.mdx';\n\n<Intro />\n\n<Acme>one</Acme>\n\n![Shot](/images/shot.png)\n",
      'b.mdx': '---\ntitle: B\n---\n\n<Acme>two</Acme> <!-- note -->\n\n![Here](./here.png)\n',
      'here.png': 'not really a png',
      'snippets/intro.mdx': '<Acme>three</Acme> <Note>hi</Note>\n',
    });
    const site = await loadSite(dir);
    const lines = site.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line ?? ''}`);
    assert.deepEqual(lines.sort(), [
      'warning forgiving-mdx b.mdx:5',
      'warning missing-image a.mdx:11',
      'warning missing-import a.mdx:5',
      'warning unknown-component a.mdx:9',
    ]);
    const unknown = site.diagnostics.find((d) => d.code === 'unknown-component')!;
    assert.match(unknown.message, /`<Acme>` is not a component this site knows: its content is shown without it\. Used in a\.mdx:9, b\.mdx:5, snippets\/intro\.mdx:1\./);
    const gone = site.diagnostics.find((d) => d.code === 'missing-import')!;
    assert.match(gone.message, /gone\.mdx.*renders as nothing/);
    assert.equal(site.ok, true, 'as on Mintlify, a missing snippet renders as nothing');
    const strict = await loadSite(dir, { strict: true });
    assert.equal(strict.ok, false, '`strict` stops on it');
    assert.deepEqual(strict.diagnostics.map((d) => d.severity), ['error', 'error', 'error', 'error']);
  });

  it('reads link reference definitions as links, and checks as images only those an image reference uses', async () => {
    const page = [
      '---\ntitle: Tides\n---\n',
      'Read [the almanac][almanac], the [Harbour guide], [charts][] and the [ebb table][ebb].',
      '',
      '![Spring tide][spring] and ![Neap] show the range.',
      '',
      '[almanac]: https://almanac.example.org/tides',
      '[harbour guide]: ./harbour.md',
      '[charts]: /charts/overview',
      '[spring]: /images/spring-tide.png',
      '[neap]: ./neap.png',
      '[unused]: ./never-shown.png',
      '[ebb]: ./ebb%ZZ',
      '',
    ].join('\n');
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['tides', 'tides-md'] } }, 'tides.mdx': page, 'tides-md.md': page, 'neap.png': 'not really a png' });
    const site = await loadSite(dir);
    assert.deepEqual(
      site.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line} ${d.message}`).sort(),
      ['tides-md.md', 'tides.mdx'].flatMap((file) => [
        `warning malformed-url ${file}:15 The link \`./ebb%ZZ\` has a malformed \`%\` escape (\`%ZZ\`), so it names no file or page: the link leads nowhere.`,
        `warning missing-image ${file}:12 The image \`/images/spring-tide.png\` is not in the docs folder: the page shows it broken.`,
      ]).sort(),
    );
  });

  it('names icons that no set has, once with every page, and suggests one', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', icons: { library: 'lucide' }, navigation: { pages: ['a', 'b'] } },
      'a.mdx': '---\ntitle: A\n---\n\n<Card icon="rocket">x</Card> <Icon icon="sparkles" /> <Icon icon="sparklesz" />\n',
      'b.mdx': '---\ntitle: B\n---\n\n<Icon icon="sparklesz" /> <Icon icon="github" iconLibrary="fontawesome" iconType="brands" /> <Icon icon="/logo.svg" />\n',
    });
    const icons = (await loadSite(dir)).diagnostics.filter((d) => d.code === 'unknown-icon');
    assert.deepEqual(
      icons.map((d) => [d.file, d.message, d.hint]),
      [['a.mdx', 'The icon `sparklesz` is not one the site knows: the component shows without it. Used in a.mdx, b.mdx.', 'Did you mean `sparkles`? A name is looked up in the site\'s library (docs.json `icons.library`, or `iconLibrary`), then in Font Awesome, Lucide, Tabler, Material Design Icons and Simple Icons; an image file, a URL or SVG code also works.']],
    );
  });

  it('lists what it does not know: components, and frontmatter keys nothing reads', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['a'] } },
      'a.mdx': '---\ntitle: A\nlayout: wide\nog:image: /x.png\nkeywords: [a]\nrss: true\n---\n\n<Acme.Chart /> <Card>x</Card>\n',
    });
    assert.deepEqual(compatibility(await loadSite(dir)), {
      components: [{ name: 'Acme.Chart', uses: ['a.mdx:9'] }],
      frontmatterKeys: [{ key: 'layout', files: ['a.mdx'] }],
    });
  });
});

describe('an empty icon', () => {
  it('is no icon, wherever docs.json or a frontmatter takes an icon, without a word', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'Lighthouses',
        navbar: { links: [{ label: 'Keepers', href: 'https://example.org/keepers', icon: '' }] },
        contextual: { options: ['copy', { title: 'Logbook', href: 'https://example.org/log', icon: '' }] },
        navigation: {
          global: { anchors: [{ anchor: 'Charts', href: 'https://example.org/charts', icon: '' }] },
          tabs: [
            {
              tab: 'Coast',
              icon: '',
              anchors: [{ anchor: 'North', icon: '', groups: [{ group: 'Beacons', icon: '', pages: ['lamps', { group: 'Lenses', icon: '', pages: ['fresnel'] }] }] }],
            },
          ],
        },
      },
      'lamps.mdx': '---\ntitle: Lamps\nicon: ""\n---\n\nOil, then gas.\n',
      'fresnel.mdx': '---\ntitle: Fresnel lenses\nicon: lightbulb\n---\n\nRings of glass.\n',
    });
    const site = await loadSite(dir);
    assert.deepEqual(site.diagnostics, []);
    const sidebar = buildSiteModel(site).sections[0]!.sidebar;
    const [beacons] = sidebar as [SidebarGroup];
    assert.deepEqual([beacons.icon, beacons.items.map((item) => item.icon)], [undefined, [undefined, undefined]]);
    assert.equal((beacons.items[1] as SidebarGroup).items[0]!.icon, 'lightbulb');
    const tab = site.navigation!.children[0] as DivisionNode;
    assert.deepEqual([tab.icon, (tab.children[0] as DivisionNode).icon, site.navigation!.global[0]!.icon], [undefined, undefined, undefined]);
    assert.equal(site.config!.navbar!.links![0]!.icon, undefined);
  });

  it('is told apart from a wrong icon, which stays an error with its own message', async () => {
    const site = await loadSite(makeDocs({ 'docs.json': { name: 'x', navigation: { groups: [{ group: 'G', icon: 'fa-anchor', pages: ['a'] }] } }, 'a.mdx': true }));
    assert.deepEqual(site.diagnostics.map((d) => `${d.severity} ${d.path}: ${d.message}`), ['error navigation.groups[0].icon: Icon names do not start with `fa-`.']);
  });
});

describe('forgiving MDX: words in braces', () => {
  it('reads braces around words nothing defines as text, and leaves code alone', () => {
    const source = "export const plan = 'Pro';\n\nUse {your-api-key} on the {plan} plan, {props.x} and {new Date().getFullYear()}.\n";
    const { source: repaired, repairs } = repairMdx(source);
    assert.equal(repaired, "export const plan = 'Pro';\n\nUse \\{your-api-key} on the {plan} plan, {props.x} and {new Date().getFullYear()}.\n");
    assert.deepEqual(repairs.map((repair) => repair.line), [3]);
  });
});

describe('redirects', () => {
  it('answer a request for a source with its status and destination, under the base path', () => {
    const redirects = [{ source: '/old page', destination: '/new', status: 308 as const }, { source: '/temp', destination: 'https://x.example/y', status: 307 as const }];
    assert.deepEqual(redirectFor(redirects, '/docs/old%20page/', '/docs'), { status: 308, headers: { Location: '/docs/new', 'Cache-Control': 'public, max-age=3600' } });
    assert.equal(redirectFor(redirects, '/temp')?.headers.Location, 'https://x.example/y');
    assert.equal(redirectFor(redirects, '/docs/other', '/docs'), undefined);
    assert.equal(redirectFor(redirects, '/%E0%A4%A'), undefined);
  });

  const pages = ['/', '/v2/guides/setup', '/v2/guides/deploy', '/v2/api', '/moved'];

  it('are permanent by default, and expand parameters over the pages their destination matches', () => {
    const { redirects, issues } = resolveRedirects(
      [
        { source: '/old', destination: '/moved' },
        { source: '/beta/:slug*', destination: '/v2/guides/:slug*', permanent: false },
        { source: '/docs/:section/:page', destination: '/v2/:section/:page' },
        { source: '/elsewhere', destination: 'https://example.com/x' },
      ],
      pages,
    );
    assert.deepEqual(redirects, [
      { source: '/old', destination: '/moved', status: 308 },
      { source: '/beta/setup', destination: '/v2/guides/setup', status: 307 },
      { source: '/beta/deploy', destination: '/v2/guides/deploy', status: 307 },
      { source: '/docs/guides/setup', destination: '/v2/guides/setup', status: 308 },
      { source: '/docs/guides/deploy', destination: '/v2/guides/deploy', status: 308 },
      { source: '/elsewhere', destination: 'https://example.com/x', status: 308 },
    ]);
    assert.deepEqual(issues, []);
  });

  it('name what cannot be made', () => {
    const { redirects, issues } = resolveRedirects(
      [
        { source: '/moved', destination: '/' },
        { source: '/a/:x', destination: '/b/:y' },
        { source: '/gone/:slug*', destination: '/nowhere/:slug*' },
        { source: 'relative', destination: '/' },
        { source: '/api-old', destination: 'v2/api' },
      ],
      pages,
    );
    // Mintlify reads a path without its leading slash from the site's root.
    assert.deepEqual(redirects, [
      { source: '/relative', destination: '/', status: 308 },
      { source: '/api-old', destination: '/v2/api', status: 308 },
    ]);
    assert.deepEqual(
      issues.map((issue) => [issue.severity, issue.at.join('.'), issue.message]),
      [
        ['warning', 'redirects.0.source', 'The redirect from /moved is not made: a page has that URL.'],
        ['error', 'redirects.1.destination', 'The redirect destination uses `:y`, which its source does not define.'],
        ['warning', 'redirects.2', 'The redirect from /gone/:slug* matches no page: /nowhere/:slug* is not the URL of any.'],
        ['warning', 'redirects.3.source', 'The redirect path "relative" has no leading slash: it is read as "/relative".'],
        ['warning', 'redirects.4.destination', 'The redirect path "v2/api" has no leading slash: it is read as "/v2/api".'],
      ],
    );
  });
});

describe('fonts', () => {
  it('load font files with @font-face and families by name from Google Fonts', () => {
    assert.deepEqual(
      fontStyles({ heading: { family: 'Acme Sans', source: '/fonts/acme.woff2', weight: 700 }, body: { family: 'Open Sans', weight: 400 } }, '/docs'),
      {
        stylesheet: 'https://fonts.googleapis.com/css2?family=Open+Sans:wght@400&display=swap',
        css:
          '@font-face{font-family:"Acme Sans";src:url("/docs/fonts/acme.woff2") format("woff2");font-weight:700;font-display:swap}' +
          ':root:root{--font:"Open Sans",var(--font-system);--font-heading:"Acme Sans",var(--font-system);--font-weight:400;--font-heading-weight:700}',
      },
    );
    assert.deepEqual(fontStyles({ family: 'Inter' }, ''), {
      stylesheet: 'https://fonts.googleapis.com/css2?family=Inter&display=swap',
      css: ':root:root{--font:"Inter",var(--font-system);--font-heading:"Inter",var(--font-system)}',
    });
    assert.equal(fontStyles(undefined, ''), undefined);
  });
});
