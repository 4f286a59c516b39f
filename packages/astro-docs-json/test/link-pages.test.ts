import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markCurrent, renderSidebar } from '../src/astro/render/sidebar-html.ts';
import { buildLlmsTxt } from '../src/core/discovery/llms.ts';
import { mcpSourceOf } from '../src/core/mcp/docs-index.ts';
import { planSiteSearch } from '../src/core/discovery/search-shards.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel, type SidebarItem } from '../src/core/site/site-model.ts';
import { indexableRoutes } from '../src/core/site/indexing.ts';
import { makeDocs, pages } from './helpers.ts';

/** A site whose navigation holds pages with frontmatter `url`: out of the site, and within it. */
function linkSite() {
  return makeDocs({
    'docs.json': {
      name: 'Acme',
      navigation: {
        tabs: [
          { tab: 'Community', groups: [{ group: 'Elsewhere', pages: ['discord', 'status', 'intro'] }] },
          { tab: 'Guides', groups: [{ group: 'Start', pages: ['a', 'github', 'b', 'old'] }] },
        ],
      },
    },
    ...pages('intro', 'a', 'b'),
    'discord.mdx': '---\ntitle: Discord\nurl: "https://discord.gg/acme"\n---\n\nJoin us.\n',
    'status.mdx': '---\ntitle: Status page\nsidebarTitle: Status\nurl: https://status.acme.example\nicon: signal\n---\n',
    'github.mdx': '---\ntitle: Source code\nurl: https://github.com/acme/acme\n---\n',
    'old.mdx': '---\ntitle: Old intro\nurl: /intro\n---\n',
  });
}

const entries = (items: readonly SidebarItem[]): SidebarItem[] => items.flatMap((item) => (item.type === 'group' ? entries(item.items) : [item]));

describe('pages with frontmatter url: links in the navigation', () => {
  it('are sidebar links to their address, marked when they leave the site', async () => {
    const model = buildSiteModel(await loadSite(linkSite()));
    const guides = entries(model.sections[1]!.sidebar);
    assert.deepEqual(
      guides.map((item) => item.type === 'page' && [item.title, item.url, item.link ?? false, item.external ?? false]),
      [
        ['a', '/a', false, false],
        ['Source code', 'https://github.com/acme/acme', true, true],
        ['b', '/b', false, false],
        ['Old intro', '/intro', true, false],
      ],
    );
    const community = entries(model.sections[0]!.sidebar);
    assert.deepEqual(community[1], { type: 'page', url: 'https://status.acme.example', link: true, external: true, title: 'Status', icon: 'signal' });
  });

  it('are no page to read next, nor the first page of a tab', async () => {
    const model = buildSiteModel(await loadSite(linkSite()));
    const view = (url: string) => model.pages.find((page) => page.url === url)!;
    assert.deepEqual(view('/a').next, { title: 'b', url: '/b' });
    assert.deepEqual(view('/b').prev, { title: 'a', url: '/a' });
    assert.equal(view('/b').next, undefined);
    // The Community tab's first page of its own is the third it lists.
    assert.equal(model.sections[0]!.firstUrl, '/intro');
    assert.equal(model.sections[1]!.switchers[0]!.items[0]!.url, '/intro');
  });

  it('lead to their address from their own URL, and are left out of search, the sitemap and llms.txt as pages', async () => {
    const site = await loadSite(linkSite());
    const model = buildSiteModel(site);
    const view = (url: string) => model.pages.find((page) => page.url === url)!;
    assert.equal(view('/discord').link, 'https://discord.gg/acme');
    assert.equal(view('/old').link, '/intro');
    assert.equal(view('/discord').indexable, false);
    assert.deepEqual(indexableRoutes(site).map((route) => route.url).sort(), ['/a', '/b', '/intro']);
    assert.deepEqual(planSiteSearch(site, 100).shards.flatMap((shard) => shard.urls).sort(), ['/a', '/b', '/intro']);
    const llms = buildLlmsTxt(model, 'https://docs.acme.example');
    assert.doesNotMatch(llms, /discord\.md|status\.md|github\.md|old\.md/);
    assert.match(llms, /## Optional\n\n(- .*\n)*- \[Discord\]\(https:\/\/discord\.gg\/acme\)/);
    assert.match(llms, /- \[Source code\]\(https:\/\/github\.com\/acme\/acme\)/);
    assert.doesNotMatch(llms, /\[Old intro\]/);
  });

  it('without a url, or with an empty one, are pages as any other', async () => {
    const site = await loadSite(
      makeDocs({ 'docs.json': { name: 'x', navigation: { groups: [{ group: 'G', pages: ['a', 'blank'] }] } }, ...pages('a'), 'blank.mdx': '---\ntitle: Blank\nurl: "  "\n---\n\nText.\n' }),
    );
    const model = buildSiteModel(site);
    assert.equal(model.pages.find((page) => page.url === '/blank')!.link, undefined);
    assert.equal(model.pages.find((page) => page.url === '/blank')!.indexable, true);
  });
});

/** A site whose groups list link objects, as mint.json had them: out of the site, and to one of its pages. */
function linkObjectSite() {
  return makeDocs({
    'docs.json': {
      name: 'Orchard',
      navigation: {
        groups: [
          { group: 'Growing', pages: ['pruning', { title: 'Frost forecast', href: 'https://weather.example.org/frost', icon: 'snowflake' }, { label: 'Then graft', href: '/grafting' }] },
          { group: 'Joining', pages: ['grafting'] },
        ],
      },
    },
    ...pages('pruning', 'grafting'),
  });
}

describe('link objects among `pages`, left over from mint.json', () => {
  it('are sidebar links to their href, with a warning naming the entry and the docs.json forms of a link', async () => {
    const site = await loadSite(linkObjectSite());
    assert.equal(site.ok, true);
    assert.deepEqual(
      site.diagnostics.map((d) => `${d.severity} ${d.code} ${d.path} line ${d.line}`),
      ['warning link-entry navigation.groups[0].pages[1] line 9', 'warning link-entry navigation.groups[0].pages[2] line 14'],
    );
    assert.equal(site.diagnostics[0]!.message, 'This `pages` entry is a link (an object with an `href`, as in mint.json), which docs.json does not define: it is shown in the sidebar as a link to https://weather.example.org/frost.');
    assert.match(site.diagnostics[0]!.hint!, /frontmatter has `url: "https:\/\/\.\.\."`; a link beside the navigation is an anchor with an `href`, or a global anchor/);
    const model = buildSiteModel(site);
    assert.deepEqual(entries(model.sections[0]!.sidebar), [
      { type: 'page', url: '/pruning', title: 'pruning' },
      { type: 'page', url: 'https://weather.example.org/frost', title: 'Frost forecast', link: true, external: true, icon: 'snowflake' },
      { type: 'page', url: '/grafting', title: 'Then graft', link: true },
      { type: 'page', url: '/grafting', title: 'grafting' },
    ]);
    // The link to a page of the site is not marked as that page's own entry.
    const html = renderSidebar(model.sections[0]!, { drilldown: false, base: '/docs', icon: () => '' });
    assert.match(markCurrent(html, '/docs/grafting', []), /<a href="\/docs\/grafting" data-link>Then graft<\/a><\/ul>.*<a href="\/docs\/grafting" aria-current="page">grafting<\/a>/);
    assert.match(html, /<a href="https:\/\/weather\.example\.org\/frost" target="_blank"[^>]*>Frost forecast/);
    assert.equal((await loadSite(linkObjectSite(), { strict: true })).ok, false);
  });

  it('are no page: not in the routes, search, llms.txt or the MCP index as one, nor a page to read next', async () => {
    const site = await loadSite(linkObjectSite());
    const model = buildSiteModel(site);
    assert.deepEqual(site.routes.map((route) => route.url).sort(), ['/grafting', '/pruning']);
    assert.deepEqual(planSiteSearch(site, 100).shards.flatMap((shard) => shard.urls).sort(), ['/grafting', '/pruning']);
    assert.deepEqual(model.pages.find((page) => page.url === '/pruning')!.next, { title: 'grafting', url: '/grafting' }, 'the page after the links');
    const llms = buildLlmsTxt(model, 'https://orchard.example');
    // Each page under its own group, not where a link to it stands.
    assert.match(llms, /## Growing\n\n- \[pruning\]\(https:\/\/orchard\.example\/pruning\.md\)\n\n## Joining\n\n- \[grafting\]\(https:\/\/orchard\.example\/grafting\.md\)\n/);
    assert.match(llms, /## Optional\n\n- \[Frost forecast\]\(https:\/\/weather\.example\.org\/frost\)\n/);
    assert.doesNotMatch(llms, /Then graft/);
    assert.deepEqual(mcpSourceOf(model).sections[0]!.items, [{ group: 'Growing', items: ['/pruning'] }, { group: 'Joining', items: ['/grafting'] }]);
  });

  it('stay an error where they are neither a link nor a group', async () => {
    const site = await loadSite(makeDocs({ 'docs.json': { name: 'x', navigation: { groups: [{ group: 'G', pages: ['a', { title: 'Nowhere' }, { group: 'H', href: '/a', pages: ['a'] }] }] } }, ...pages('a') }));
    assert.deepEqual(
      site.diagnostics.map((d) => `${d.severity} ${d.path}: ${d.message}`),
      [
        'error navigation.groups[0].pages[1].href: `navigation.groups[0].pages[1]` has no `href`, which is required.',
        'error navigation.groups[0].pages[2].href: A group holds its pages and nested groups in `pages`, not in `href`.',
      ],
    );
  });
});
