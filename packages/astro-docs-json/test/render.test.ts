import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IconRegistry } from '../src/core/icons/iconify.ts';
import type { Section } from '../src/core/site/site-model.ts';
import { renderInlineMarkdown } from '../src/astro/render/inline-markdown.ts';
import { resolvePageLink, rewriteContentLinks } from '../src/core/paths/links.ts';
import { markCurrent, renderSidebar } from '../src/astro/render/sidebar-html.ts';
import { hrefFor } from '../src/core/paths/href.ts';

const section: Section = {
  id: 's0',
  version: null,
  language: null,
  switchers: [
    {
      kind: 'anchor',
      items: [
        { name: 'Guides', url: '/', external: false, current: true },
        { name: 'API', url: '/api', external: false, current: false },
      ],
    },
  ],
  globalLinks: [{ kind: 'anchor', name: 'Blog', url: 'https://example.com', external: true, icon: 'newspaper' }],
  sidebar: [
    {
      type: 'group',
      id: 'g0',
      title: 'Start & go',
      icon: 'rocket',
      tag: 'New',
      collapsible: false,
      expanded: true,
      firstUrl: '/',
      items: [
        { type: 'page', url: '/', title: 'Home' },
        {
          type: 'group',
          id: 'g1',
          title: 'More',
          collapsible: true,
          expanded: false,
          firstUrl: '/more/a',
          items: [{ type: 'page', url: '/more/a', title: 'A <b>' }],
        },
        {
          type: 'group',
          id: 'g2',
          title: 'Rooted',
          url: '/rooted',
          collapsible: true,
          expanded: true,
          firstUrl: '/rooted',
          items: [{ type: 'page', url: '/rooted/x', title: 'X' }],
        },
      ],
    },
  ],
};

const icon = (name: unknown) => (name ? `<i:${String(name)}>` : '');

describe('sidebar HTML', () => {
  it('renders lean markup: anchors on top, fixed top-level groups, collapsible nested groups', () => {
    const html = renderSidebar(section, { drilldown: false, base: '', icon });
    assert.equal(
      html,
      '<ul class="anchors">' +
        '<li><a href="https://example.com" rel="noopener"><i:newspaper>Blog</a></li>' +
        '<li><a href="/" aria-current="true">Guides</a></li>' +
        '<li><a href="/api">API</a></li></ul>' +
        '<ul class="tree"><li class="group sidebar-group"><p class="sidebar-group-header"><span><i:rocket>Start &amp; go<span class="tag">New</span></span></p><ul>' +
        '<li><a href="/">Home</a>' +
        '<li><details data-g="g1"><summary><span>More</span></summary><ul><li><a href="/more/a">A &lt;b&gt;</a></ul></details></li>' +
        '<li><details data-g="g2" open><summary><a href="/rooted">Rooted</a></summary><ul><li><a href="/rooted/x">X</a></ul></details></li>' +
        '</ul></li></ul>',
    );
    assert.doesNotMatch(html, /<a [^>]*class=/, 'links carry no classes');
  });

  it('links group titles to their first page with drilldown', () => {
    const html = renderSidebar(section, { drilldown: true, base: '', icon });
    assert.match(html, /<details data-g="g1"><summary><a href="\/more\/a" data-drilldown>More<\/a><\/summary>/);
    assert.match(html, /<p class="sidebar-group-header"><a href="\/" data-drilldown><i:rocket>Start &amp; go/);
    assert.match(markCurrent(html, '/', []), /<li><a href="\/" aria-current="page">Home<\/a><li>/, 'the page link is current, not the group');
  });

  it('marks one page current and opens the groups above it, per page', () => {
    const html = renderSidebar(section, { drilldown: false, base: '', icon });
    const marked = markCurrent(html, '/more/a', ['g0', 'g1']);
    assert.match(marked, /<details data-g="g1" open><summary><span>More<\/span><\/summary><ul><li><a href="\/more\/a" aria-current="page">/);
    assert.equal(marked.match(/aria-current="page"/g)?.length, 1);
    assert.equal(markCurrent(html, '/', []).match(/aria-current="page"/g)?.length, 1, 'the anchor link is not the page link');
  });

  it('prefixes the base path to site links', () => {
    const html = renderSidebar(section, { drilldown: false, base: '/docs', icon });
    assert.match(html, /<a href="\/docs">Home<\/a>/);
    assert.match(html, /<a href="\/docs\/more\/a">/);
    assert.match(markCurrent(html, '/more/a', [], '/docs'), /href="\/docs\/more\/a" aria-current="page"/);
  });
});

describe('hrefs', () => {
  it('keeps URLs with a scheme, and makes site paths absolute under the base', () => {
    assert.equal(hrefFor('https://example.com/a b'), 'https://example.com/a b');
    assert.equal(hrefFor('#top'), '#top');
    assert.equal(hrefFor('guides/intro'), '/guides/intro');
    assert.equal(hrefFor('/guides/é tape', '/docs'), '/docs/guides/%C3%A9%20tape');
    assert.equal(hrefFor('/', '/docs'), '/docs');
  });
});

describe('links in page content', () => {
  it('resolves links relative to the page file into site URLs', () => {
    assert.equal(resolvePageLink('./setup', 'guides/intro.mdx'), '/guides/setup');
    assert.equal(resolvePageLink('setup.mdx#step-2', 'guides/intro.mdx'), '/guides/setup#step-2');
    assert.equal(resolvePageLink('../api/index.md?x=1', 'guides/intro.mdx'), '/api?x=1');
    assert.equal(resolvePageLink('./', 'guides/intro.mdx'), '/guides');
    assert.equal(resolvePageLink('./files/report.pdf', 'guides/intro.mdx'), '/guides/files/report.pdf');
    assert.equal(resolvePageLink('/guides/setup.mdx', 'x.mdx'), '/guides/setup');
  });

  it('leaves other links alone', () => {
    for (const href of ['https://example.com/a.mdx', '#top', 'mailto:a@b.c', '/quickstart', '?q=1', '../../outside']) {
      assert.equal(resolvePageLink(href, 'intro.mdx'), href);
    }
  });

  it('rewrites only anchors in rendered HTML', () => {
    const html = '<p><a href="./b.mdx">b</a> <img src="./b.png"> <a class="x" href="c#d">c</a><code>href="./e"</code></p>';
    assert.equal(
      rewriteContentLinks(html, 'docs/a.mdx'),
      '<p><a href="/docs/b">b</a> <img src="./b.png"> <a class="x" href="/docs/c#d">c</a><code>href="./e"</code></p>',
    );
  });
});

describe('banner Markdown', () => {
  it('renders links, emphasis and code, and escapes everything else', () => {
    assert.equal(
      renderInlineMarkdown('**New**: read the [guide](/guide) & `code` <script>'),
      '<strong>New</strong>: read the <a href="/guide">guide</a> &amp; <code>code</code> &lt;script&gt;',
    );
  });

  it('refuses links that would run code', () => {
    assert.equal(renderInlineMarkdown('[x](javascript:alert(1))'), '[x](javascript:alert(1))');
  });
});

describe('icons', () => {
  it('resolves Font Awesome names in any style, other libraries, and files', () => {
    const registry = new IconRegistry();
    assert.deepEqual(registry.resolve('rocket'), { kind: 'symbol', id: 'i0' });
    assert.deepEqual(registry.resolve('github'), { kind: 'symbol', id: 'i1' }, 'brands are found without a style');
    assert.deepEqual(registry.resolve('rocket'), { kind: 'symbol', id: 'i0' }, 'each icon once');
    assert.deepEqual(registry.resolve({ name: 'star', style: 'regular' }), { kind: 'symbol', id: 'i2' });
    assert.deepEqual(registry.resolve({ name: 'house', library: 'lucide' }), { kind: 'symbol', id: 'i3' });
    assert.deepEqual(registry.resolve('/icons/custom.svg'), { kind: 'image', src: '/icons/custom.svg' });
    assert.equal(registry.resolve('no-such-icon-anywhere'), undefined);
    assert.deepEqual([...registry.unknown], ['no-such-icon-anywhere']);
  });

  it('puts only the icons in use into the style sheet', () => {
    const registry = new IconRegistry('lucide');
    registry.resolve('house');
    assert.match(registry.stylesheet(), /^\.icon\.i0\{--icon-mask:url\("data:image\/svg\+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww\.w3\.org%2F2000%2Fsvg%22%20viewBox%3D%220%200%2024%2024%22%3E[^"\n]+"\)\}\n$/);
  });
});
