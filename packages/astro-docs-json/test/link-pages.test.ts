import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildLlmsTxt } from '../src/core/discovery/llms.ts';
import { planSiteSearch } from '../src/core/discovery/search-shards.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel, indexableRoutes, type SidebarItem } from '../src/core/site/site-model.ts';
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
