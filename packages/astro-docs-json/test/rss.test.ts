import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { changelogEntries } from '../src/core/markdown/page-markdown.ts';
import { rssFeed } from '../src/core/discovery/rss.ts';

const page = [
  '---',
  'title: Changelog',
  'rss: true',
  '---',
  '',
  '<Update label="2025-06-02" description="v2.4" tags={["SDK", "A & B"]}>',
  '  Shares are [documented](/guides/share). <Note>Beta.</Note>',
  '</Update>',
  '',
  '<Update label="Spring release">',
  '  Faster `<search>`.',
  '</Update>',
].join('\n');

describe('changelog feeds', () => {
  it('reads each <Update> of a page, its content as Markdown with absolute links', () => {
    const entries = changelogEntries(page, { file: 'changelog.mdx', siteUrl: 'https://docs.example.com', base: '' });
    assert.deepEqual(
      entries.map((entry) => [entry.label, entry.description, entry.tags]),
      [
        ['2025-06-02', 'v2.4', ['SDK', 'A & B']],
        ['Spring release', undefined, []],
      ],
    );
    assert.match(entries[0]!.markdown, /\[documented\]\(https:\/\/docs\.example\.com\/guides\/share\)/);
    assert.match(entries[0]!.markdown, /Beta\./);
  });

  it('writes RSS 2.0: one escaped item per entry, linked to its anchor, dated when its label is a date', () => {
    const entries = changelogEntries(page, { file: 'changelog.mdx', siteUrl: 'https://docs.example.com', base: '' });
    const feed = rssFeed({ title: 'Changelog - Docs', link: 'https://docs.example.com/changelog', self: 'https://docs.example.com/changelog/rss.xml', entries });
    assert.match(feed, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0"/);
    assert.equal(feed.match(/<item>/g)?.length, 2);
    assert.match(feed, /<link>https:\/\/docs\.example\.com\/changelog#2025-06-02<\/link>/);
    assert.match(feed, /<link>https:\/\/docs\.example\.com\/changelog#spring-release<\/link>/);
    assert.match(feed, /<pubDate>Mon, 02 Jun 2025 00:00:00 GMT<\/pubDate>/);
    assert.equal(feed.match(/<pubDate>/g)?.length, 1);
    assert.match(feed, /<category>A &amp; B<\/category>/);
    assert.match(feed, /Faster `&lt;search&gt;`\./);
    assert.doesNotMatch(feed, /\u0000/);
  });

  it('makes an item of each heading in an update, or one of its rss prop, as Mintlify documents', () => {
    const source = [
      '---',
      'title: Changelog',
      'rss: true',
      '---',
      '',
      '<Update label="2025-07-01" tags={["SDK"]}>',
      '  Intro line.',
      '',
      '  ## New **exports**',
      '',
      '  Two of them.',
      '',
      '  ## Fixes',
      '',
      '  - One fix.',
      '</Update>',
      '',
      '<Update label="2025-06-01" rss={{ title: "June: a \\"new\\" look", description: \'Redesigned pages.\' }}>',
      '  ## Ignored heading',
      '',
      '  <Frame><img src="/x.png" alt="" /></Frame>',
      '</Update>',
      '',
      '<Update label="2025-05-01">',
      '  ## Fixes',
      '',
      '  - Another fix.',
      '</Update>',
    ].join('\n');
    const entries = changelogEntries(source, { file: 'changelog.mdx' });
    assert.deepEqual(entries[0]!.sections.map((section) => section.heading), ['New exports', 'Fixes']);
    assert.match(entries[0]!.sections[0]!.markdown, /^Intro line\.\n\nTwo of them\.$/);
    assert.deepEqual(entries[1]!.rss, { title: 'June: a "new" look', description: 'Redesigned pages.' });
    const feed = rssFeed({ title: 'Changelog', link: 'https://docs.example.com/changelog', self: 'https://docs.example.com/changelog/rss.xml', entries });
    const items = [...feed.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => [/<title>(.*)<\/title>/.exec(item!)![1], /<link>(.*)<\/link>/.exec(item!)![1]!.replace('https://docs.example.com/changelog', '')]);
    assert.deepEqual(items, [
      ['New exports', '#new-exports'],
      ['Fixes', '#fixes'],
      ['June: a &quot;new&quot; look', '#2025-06-01'],
      // A heading that repeats has the anchor the page gives it.
      ['Fixes', '#fixes-1'],
    ]);
    assert.match(feed, /<description>Redesigned pages\.<\/description>/);
    assert.equal(feed.match(/<category>SDK<\/category>/g)?.length, 2);
  });
});
