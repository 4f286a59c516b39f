import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadSite } from '../src/core/site/load-site.ts';
import { normalizePagePath, pageUrl, parseOperationRef, titleFromPath } from '../src/core/paths/page-path.ts';
import { parseFrontmatter } from '../src/core/pages/page-frontmatter.ts';
import { errors, fixture, makeDocs, pages, summary } from './helpers.ts';

const row = (r: { url: string; file: string; title: string; version: string | null; language: string | null; hidden: boolean }) =>
  `${r.url} ${r.file} "${r.title}" ${r.version ?? '-'} ${r.language ?? '-'}${r.hidden ? ' hidden' : ''}`;

describe('page paths', () => {
  it('turns page paths into URLs: index is /, x/index is /x, no trailing slash', () => {
    assert.equal(pageUrl('index'), '/');
    assert.equal(pageUrl('guides/index'), '/guides');
    assert.equal(pageUrl('guides/intro'), '/guides/intro');
    assert.equal(pageUrl('/guides/intro.mdx'), '/guides/intro');
    assert.equal(pageUrl('./v2/fr/index.md'), '/v2/fr');
    assert.equal(normalizePagePath('guides/intro/'), 'guides/intro');
  });

  it('derives a title from the path when the frontmatter has none', () => {
    assert.equal(titleFromPath('guides/getting_started-now'), 'Getting started now');
    assert.equal(titleFromPath('api/index'), 'Api');
    assert.equal(titleFromPath('index'), 'Home');
  });

  it('recognises operation references only in their exact forms', () => {
    assert.deepEqual(parseOperationRef('DELETE /plants/{plantId}'), { kind: 'operation', method: 'DELETE', path: '/plants/{plantId}' });
    assert.equal(parseOperationRef('get-started'), undefined);
    assert.equal(parseOperationRef('GET users'), undefined);
    assert.equal(parseOperationRef('guides/webhook'), undefined);
  });
});

describe('frontmatter', () => {
  it('reads the documented keys, keeps others, and turns a numeric title into text', () => {
    const { frontmatter, diagnostics } = parseFrontmatter(
      'a.mdx',
      '---\ntitle: 404\ndescription: "Not: found"\nsidebarTitle: Short\nicon: rocket\ntag: NEW\nhidden: true\nnoindex: false\nopenapi: GET /x\n"og:image": /og.png\n---\n# Body\n',
    );
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(frontmatter, {
      title: '404',
      description: 'Not: found',
      sidebarTitle: 'Short',
      icon: 'rocket',
      tag: 'NEW',
      hidden: true,
      noindex: false,
      openapi: 'GET /x',
      'og:image': '/og.png',
    });
  });

  it('reports invalid YAML as an error with the file line, and a mistyped key as a warning', () => {
    const bad = parseFrontmatter('guides/a.mdx', '---\ntitle: ok\ndescription: "unclosed\n---\nBody\n');
    assert.equal(bad.diagnostics[0]?.severity, 'error');
    assert.equal(bad.diagnostics[0]?.code, 'invalid-frontmatter');
    assert.equal(bad.diagnostics[0]?.line, 3);

    const typed = parseFrontmatter('b.mdx', '---\ntitle: B\nhidden: "yes"\n---\n');
    assert.deepEqual(summary(typed.diagnostics), ['warning invalid-frontmatter b.mdx']);
    assert.equal(typed.diagnostics[0]!.hint, '`hidden` takes `true` or `false`.');
    assert.deepEqual(typed.frontmatter, { title: 'B' });
  });

  it('reads numbers among the keywords as words, and reports a list with several bad items once', () => {
    assert.deepEqual(parseFrontmatter('a.mdx', '---\nkeywords: [rate limits, 429, throttling]\n---\n').frontmatter, { keywords: ['rate limits', '429', 'throttling'] });
    const bad = parseFrontmatter('b.mdx', '---\ntitle: B\nkeywords: [ok, true, {a: 1}]\n---\n');
    assert.deepEqual(summary(bad.diagnostics), ['warning invalid-frontmatter b.mdx']);
    assert.equal(bad.diagnostics[0]!.message, 'The frontmatter\'s `keywords` is ["ok",true,{"a":1}], which is not a valid value; it is ignored.');
    assert.equal(bad.diagnostics[0]!.hint, '`keywords[1]` takes a string or a number.');
    assert.deepEqual(bad.frontmatter, { title: 'B' });
  });

  it('reads a frontmatter that recurs (the same page in each version) once, each page with its own copy and problems', () => {
    const text = '---\ntitle: Same\ntag: New\nhidden: "yes"\n---\nBody\n';
    const v1 = parseFrontmatter('v1/page.mdx', text);
    const v2 = parseFrontmatter('v2/page.mdx', text);
    assert.deepEqual(v2.frontmatter, v1.frontmatter);
    assert.notEqual(v2.frontmatter, v1.frontmatter);
    (v1.frontmatter as Record<string, unknown>).title = 'Changed';
    assert.equal(parseFrontmatter('v3/page.mdx', text).frontmatter.title, 'Same');
    assert.deepEqual([v1, v2].map((read) => summary(read.diagnostics)), [['warning invalid-frontmatter v1/page.mdx'], ['warning invalid-frontmatter v2/page.mdx']]);
  });

  it('handles files without frontmatter, with an empty one, and with a byte order mark', () => {
    assert.deepEqual(parseFrontmatter('a.mdx', '# Just a page\n').frontmatter, {});
    assert.deepEqual(parseFrontmatter('a.mdx', '---\n---\nBody').frontmatter, {});
    assert.deepEqual(parseFrontmatter('a.mdx', '\uFEFF---\r\ntitle: BOM\r\n---\r\n').frontmatter, { title: 'BOM' });
  });
});

describe('route table', () => {
  it('builds the versioned, multilingual fixture in navigation order, hidden pages last', async () => {
    const site = await loadSite(fixture('versioned'));
    assert.deepEqual(errors(site.diagnostics), []);
    assert.equal(site.defaultVersion, 'v2');
    assert.equal(site.defaultLanguage, 'fr');
    assert.deepEqual(site.routes.map(row), [
      '/v1 v1/index.mdx "Version 1" v1 en',
      // Listed under en/v1, en/v2 and fr: it belongs to the default language.
      '/shared/faq shared/faq.md "FAQ" - fr',
      '/ index.mdx "Welcome" v2 en',
      '/quickstart quickstart.mdx "Quickstart" v2 en',
      '/guides guides/index.mdx "Guides" v2 en',
      '/guides/deeper guides/deeper.mdx "404" v2 en',
      // Generated from the Deep group's own spec, into its URL folder.
      '/other-api/users/create-a-user other.yaml POST /users "Create a user" v2 en',
      '/other-api/get-health other.yaml GET /health "GET /health" v2 en',
      '/api/overview api/overview.mdx "API overview" v2 en',
      // Picked in `pages`: from the version's spec, or from the spec they name.
      '/api-reference/users/get-a-user v2/openapi.yaml GET /users/{id} "Get a user" v2 en',
      '/api-reference/users/create-a-user other.yaml POST /users "Create a user" v2 en',
      '/api-reference/user-created v2/openapi.yaml webhook user.created "User created" v2 en',
      '/fr fr/index.mdx "Accueil" - fr',
      // Not in the navigation: placed by the listed pages of their folder, else the defaults.
      '/fr/brouillon fr/brouillon.mdx "Brouillon" - fr hidden',
      '/hidden-page hidden-page.mdx "Hidden" v2 fr hidden',
      '/v1/old-page v1/old-page.mdx "Old page" v1 en hidden',
    ]);
  });

  it('gives each route its frontmatter, sidebar title and chain of navigation elements', async () => {
    const site = await loadSite(fixture('versioned'));
    const quickstart = site.routes.find((route) => route.url === '/quickstart')!;
    assert.equal(quickstart.sidebarTitle, 'Start');
    assert.deepEqual(
      quickstart.chain.map((node) => `${node.type === 'division' ? node.kind : 'group'}:${node.name}`),
      ['language:en', 'version:v2', 'tab:Guides', 'group:Start'],
    );
    assert.deepEqual(quickstart.node?.jsonPath, ['navigation', 'languages', 0, 'versions', 1, 'tabs', 0, 'groups', 0, 'pages', 0]);

    const overview = site.routes.find((route) => route.url === '/api/overview')!;
    assert.deepEqual(overview.chain.map((node) => node.name), ['en', 'v2', 'API', 'REST', 'Endpoints']);
    const home = site.routes.find((route) => route.url === '/')!;
    assert.deepEqual(home.chain.map((node) => node.name), ['en', 'v2', 'Guides', 'Start'], 'a group root sits in its group');
    assert.equal(home.description, 'The home page.');
    const hidden = site.routes.find((route) => route.url === '/hidden-page')!;
    assert.deepEqual([hidden.chain, hidden.node, hidden.frontmatter.noindex], [[], undefined, true]);
  });

  it('names a page whose title is blank by its sidebar title, else by its path, and leaves its heading to its content', async () => {
    const site = await loadSite(
      makeDocs({
        'docs.json': { name: 'x', navigation: { pages: ['cli/work-pool', 'blank-page', 'titled'] } },
        'cli/work-pool.mdx': '---\ntitle: " "\nsidebarTitle: acme work-pool\n---\n\n# `acme work-pool`\n\n### Options\n',
        'blank-page.mdx': '---\ntitle: ""\n---\n\nText.\n',
        'titled.mdx': '---\ntitle: Titled\n---\n\n# Own\n',
      }),
    );
    assert.deepEqual(
      site.routes.map((route) => [route.title, route.sidebarTitle, route.untitled ?? false]),
      [['acme work-pool', 'acme work-pool', true], ['Blank page', 'Blank page', true], ['Titled', 'Titled', false]],
    );
    // Its own h1 is its title, so an h3 under it skips the h2.
    assert.equal(site.routes[0]!.content.lint?.titled, false);
    assert.equal(site.routes[0]!.content.lint?.headings.length, 1);
  });

  it('leaves out snippets, dependencies, dot-folders and repository files', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['index', 'CONTRIBUTING'] } },
      ...pages('index', 'CONTRIBUTING', 'snippets/note', '_snippets/tip', 'node_modules/pkg/docs', '.github/guide', 'guides/snippets/ok', 'docs/README', 'dist/kept'),
    });
    const site = await loadSite(dir, { exclude: ['dist'] });
    assert.deepEqual(site.diagnostics, []);
    assert.deepEqual(site.routes.map((route) => `${route.url}${route.hidden ? ' hidden' : ''}`), [
      '/',
      '/CONTRIBUTING',
      '/guides/snippets/ok hidden',
    ]);
  });

  it('leaves out a missing page, a missing group root and an operation with no spec, naming where docs.json lists them', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'x',
        navigation: { groups: [{ group: 'Start', root: 'overview', pages: ['index', 'guides/instalation', 'GET /users'] }] },
      },
      ...pages('index', 'guides/installation', 'guides/configuration'),
    });
    const site = await loadSite(dir);
    assert.equal(site.ok, true, 'Mintlify builds the rest of the site');
    assert.deepEqual(summary(site.diagnostics), [
      'warning missing-page navigation.groups[0].root',
      'warning missing-page navigation.groups[0].pages[1]',
      // An operation reference is not a missing file, but it needs a spec.
      'warning missing-openapi navigation.groups[0].pages[2]',
    ]);
    const [root, page, operation] = site.diagnostics;
    assert.match(operation!.message, /`GET \/users` names an OpenAPI operation, but no spec is set here, and no file of the docs folder is one\. It is left out of the navigation\./);
    assert.equal(root!.message, 'The root page `overview` of the group "Start" does not exist: there is no overview.mdx or overview.md. The group is built without it.');
    assert.equal(page!.message, 'The page `guides/instalation` is listed in the navigation, but there is no guides/instalation.mdx or guides/instalation.md: it is left out.');
    assert.match(page!.hint!, /Closest existing pages: `guides\/installation`/);
    assert.deepEqual([root!.file, root!.line, page!.line], ['docs.json', 7, 10]);
    assert.deepEqual(site.diagnostics.map((d) => d.omitted), ['overview', 'guides/instalation', 'GET /users']);
    assert.deepEqual(site.routes.map((route) => `${route.url}${route.hidden ? ' hidden' : ''}`), ['/', '/guides/configuration hidden', '/guides/installation hidden']);
    assert.equal((await loadSite(dir, { strict: true })).ok, false, '`strict` stops on them');
  });

  it('reports config errors, page errors and file conflicts together', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { tabs: [{ tab: 'A', pages: ['a', 'missing'], groups: [] }] } },
      'a.mdx': '---\ntitle: [unclosed\n---\n',
      'b.mdx': true,
      'b/index.mdx': true,
      'c.md': true,
      'c.mdx': true,
    });
    const site = await loadSite(dir);
    assert.deepEqual(summary(site.diagnostics), [
      'error invalid-frontmatter a.mdx',
      'error url-conflict b/index.mdx',
      'error invalid-structure navigation.tabs[0]',
      'error empty navigation.tabs[0].groups',
      'warning duplicate-page c.md',
      'warning missing-page navigation.tabs[0].pages[1]',
    ]);
    assert.equal(site.diagnostics[1]!.message, 'b.mdx and b/index.mdx would both be served at /b.');
    assert.equal(site.diagnostics[4]!.message, 'c.md and c.mdx are the same page; c.mdx is used.');
  });

  it('resolves a page listed as x to the file x/index, since both are the URL /x', async () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['guides', 'api/index'] } }, ...pages('guides/index', 'api/index') });
    const site = await loadSite(dir);
    assert.deepEqual(site.diagnostics, []);
    assert.deepEqual(site.routes.map((route) => `${route.url} ${route.file}`), ['/guides guides/index.mdx', '/api api/index.mdx']);
  });

  it('gives the default version to a page listed under several versions, else the first', async () => {
    const dir = makeDocs({
      'docs.json': {
        name: 'x',
        navigation: {
          versions: [
            { version: 'v1', pages: ['shared', 'old-only'] },
            { version: 'v2', default: true, pages: ['new'] },
            { version: 'v3', pages: ['shared', 'old-only'] },
          ],
        },
      },
      ...pages('shared', 'old-only', 'new'),
    });
    const site = await loadSite(dir);
    assert.deepEqual(site.routes.map(row), [
      '/shared shared.mdx "shared" v1 -',
      '/old-only old-only.mdx "old-only" v1 -',
      '/new new.mdx "new" v2 -',
    ]);

    const withDefault = makeDocs({
      'docs.json': { name: 'x', navigation: { versions: [{ version: 'v1', pages: ['shared'] }, { version: 'v2', default: true, pages: ['shared'] }] } },
      ...pages('shared'),
    });
    assert.deepEqual((await loadSite(withDefault)).routes.map(row), ['/shared shared.mdx "shared" v2 -']);
  });

  it('has null versions and languages on a site without them', async () => {
    const site = await loadSite(makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, ...pages('index', 'extra') }));
    assert.deepEqual(site.routes.map(row), ['/ index.mdx "index" - -', '/extra extra.mdx "extra" - - hidden']);
    assert.deepEqual([site.defaultVersion, site.defaultLanguage], [null, null]);
  });
});
