import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildLlmsTxt } from '../src/core/discovery/llms.ts';
import { planSiteSearch } from '../src/core/discovery/search-shards.ts';
import { isRestricted } from '../src/core/navigation/restricted.ts';
import { formatSummary, summarizeSite } from '../src/core/report/summary.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel, type SidebarItem } from '../src/core/site/site-model.ts';
import { indexableRoutes } from '../src/core/site/indexing.ts';
import { makeDocs, pages, warnings } from './helpers.ts';

const docs = {
  'docs.json': {
    name: 'Restricted',
    navigation: {
      tabs: [
        {
          tab: 'Guides',
          groups: [
            { group: 'Start', pages: ['intro', 'admin', 'billing', 'after'] },
            { group: 'Staff only', pages: ['staff/one', 'staff/two'] },
          ],
        },
        { tab: 'Internal', groups: [{ group: 'Ops', pages: ['ops'] }] },
      ],
    },
  },
  ...pages('intro', 'after'),
  'admin.mdx': '---\ntitle: Admin\ngroups: ["admin"]\n---\n\nFor admins.\n',
  'billing.mdx': '---\ntitle: Billing\ngroups: ["admin", "billing"]\npublic: true\n---\n\nFor everyone.\n',
  'staff/one.mdx': '---\ntitle: One\ngroups: ["staff"]\n---\n',
  'staff/two.mdx': '---\ntitle: Two\ngroups: ["staff"]\n---\n',
  'ops.mdx': '---\ntitle: Ops\ngroups: ["ops"]\n---\n',
  'unlisted.mdx': '---\ntitle: Unlisted\ngroups: ["admin"]\n---\n',
};

const titles = (items: readonly SidebarItem[]): string[] => items.flatMap((item) => (item.type === 'page' ? [item.title] : [`${item.title}:`, ...titles(item.items)]));

describe('restricted pages', () => {
  it('are pages with groups and without public: true', () => {
    assert.equal(isRestricted({ groups: ['admin'] }), true);
    assert.equal(isRestricted({ groups: ['admin'], public: true }), false);
    assert.equal(isRestricted({ groups: [] }), false);
    assert.equal(isRestricted({}), false);
  });

  it('are left out of the routes, the sidebar, prev/next, search and llms.txt, each with a warning', async () => {
    const site = await loadSite(makeDocs(docs));
    const urls = site.routes.map((route) => route.url);
    assert.deepEqual(urls.sort(), ['/after', '/billing', '/intro']);

    const model = buildSiteModel(site);
    assert.deepEqual(model.sections.map((section) => titles(section.sidebar)), [['Start:', 'intro', 'Billing', 'after']], 'the emptied group and tab are gone');
    assert.deepEqual(model.sections[0]!.switchers[0]!.items.map((item) => item.name), ['Guides']);
    const billing = model.pages.find((page) => page.url === '/billing')!;
    assert.equal(billing.prev?.url, '/intro');
    assert.equal(billing.next?.url, '/after');

    const searched = planSiteSearch(site, 100).shards.flatMap((shard) => shard.urls);
    assert.deepEqual(searched.sort(), ['/after', '/billing', '/intro']);
    assert.deepEqual(indexableRoutes(site).map((route) => route.url).sort(), ['/after', '/billing', '/intro']);
    const llms = buildLlmsTxt(model, 'https://docs.example.com');
    assert.doesNotMatch(llms, /admin|staff|ops|Unlisted/i);

    const restricted = warnings(site.diagnostics).filter((d) => d.code === 'restricted-page');
    assert.deepEqual(restricted.map((d) => d.file).sort(), ['admin.mdx', 'ops.mdx', 'staff/one.mdx', 'staff/two.mdx', 'unlisted.mdx']);
    assert.match(restricted.find((d) => d.file === 'admin.mdx')!.message, /"admin"/);
    assert.equal(site.diagnostics.filter((d) => d.code === 'missing-page' || d.code === 'empty-division').length, 0);
    assert.match(formatSummary(summarizeSite(site)), /5 {2}pages for signed-in readers of some groups, left out/);
  });

  it("stay warnings with strict, and are published with restrictedPages: 'publish'", async () => {
    const dir = makeDocs(docs);
    const strict = await loadSite(dir, { strict: true });
    assert.equal(strict.ok, true);
    assert.ok(strict.diagnostics.some((d) => d.code === 'restricted-page' && d.severity === 'warning'));

    const published = await loadSite(dir, { restrictedPages: 'publish' });
    assert.equal(published.routes.length, 8);
    assert.equal(published.diagnostics.filter((d) => d.code === 'restricted-page').length, 0);
    const model = buildSiteModel(published);
    assert.deepEqual(titles(model.sections[0]!.sidebar), ['Start:', 'intro', 'Admin', 'Billing', 'after', 'Staff only:', 'One', 'Two']);
  });

  it('include OpenAPI operations with x-mint groups, and date generated pages by their spec', async () => {
    const spec = {
      openapi: '3.0.0',
      info: { title: 'API', version: '1' },
      paths: {
        '/users': { get: { summary: 'List users', responses: { 200: { description: 'OK' } } } },
        '/billing': { get: { summary: 'Billing', 'x-mint': { groups: ['admin'] }, responses: { 200: { description: 'OK' } } } },
        '/open': { get: { summary: 'Open', 'x-mint': { metadata: { groups: ['admin'], public: true } }, responses: { 200: { description: 'OK' } } } },
      },
    };
    const site = await loadSite(makeDocs({ 'docs.json': { name: 'API', navigation: { groups: [{ group: 'API', openapi: 'openapi.json', pages: [] }] } }, 'openapi.json': spec }));
    assert.deepEqual(site.routes.map((route) => route.title).sort(), ['List users', 'Open']);
    assert.deepEqual(site.diagnostics.filter((d) => d.code === 'restricted-page').map((d) => d.file), ['openapi.json GET /billing']);
    const users = site.routes.find((route) => route.title === 'List users')!;
    assert.ok(site.lastModified.get(users.file), 'a generated page has a date');
  });
});
