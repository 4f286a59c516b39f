// `broken-links`: links resolved as the site resolves them, through redirects as the site
// matches them, anchors as Mintlify makes them, images and videos, docs.json's navigation.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { linkTargets } from '../src/cli/broken-links.ts';
import { brokenLinks, type LinkTargets } from '../src/core/links/broken-links.ts';
import { mediaSourcesOf } from '../src/core/links/media-sources.ts';
import { parsePageSource } from '../src/core/markdown/page-markdown.ts';
import { resolveRedirects } from '../src/core/navigation/redirects.ts';
import { loadSite, type Site } from '../src/core/site/load-site.ts';
import { fixture } from './helpers.ts';

const pages = [
  { url: '/', file: 'index.mdx', title: 'Home' },
  { url: '/guides/setup', file: 'guides/setup.mdx', title: 'Setup' },
  { url: '/guides', file: 'guides/index.mdx', title: 'Guides' },
  { url: '/v2/fr/guide', file: 'v2/fr/guide.mdx', title: 'Guide' },
  { url: '/api/users', file: 'api/users.mdx', title: 'Users' },
];

function targets(files: Record<string, string>, redirects: Array<{ source: string; destination: string }> = []): LinkTargets {
  return {
    pages,
    snippets: Object.keys(files).filter((file) => file.startsWith('snippets/')),
    redirects: resolveRedirects(redirects, pages.map((page) => page.url)).redirects,
    read: (file) => files[file] ?? (pages.some((page) => page.file === file) ? '# Page\n' : undefined),
    isFile: (file) => file === 'images/logo.png' || file === 'files/guide.pdf',
  };
}

const hrefs = (found: ReturnType<typeof brokenLinks>) => found.map((link) => `${link.file}:${link.line} ${link.href}`);

describe('broken links', () => {
  it('finds links to no page, at their file and line, with the closest page', () => {
    const found = brokenLinks(targets({ 'index.mdx': '---\ntitle: Home\n---\n\n[Setup](/guides/setup)\n\n[Gone](/guides/setp)\n\n<Card title="x" href="/nowhere/at-all">y</Card>\n\n<a href="https://example.com">out</a>\n' }));
    assert.deepEqual(hrefs(found), ['index.mdx:7 /guides/setp', 'index.mdx:9 /nowhere/at-all']);
    assert.equal(found[0]!.message, 'leads to no page');
    assert.equal(found[0]!.closest, '/guides/setup');
  });

  it('accepts every form the site serves: relative files, index, trailing slashes, Markdown copies, files, redirects, what the build writes', () => {
    const text = [
      '[a](./guides/setup.mdx)', '[b](guides/setup)', '[c](/guides/index)', '[d](/guides/)', '[e](/guides/setup.md)', '[f](/index.md)',
      '[g](/images/logo.png)', '[h](/files/guide.pdf)', '[i](/old-setup)', '[j](/llms.txt)', '[k](/v2/fr/guide?tab=1)', '[l](mailto:a@b.c)', '[m](#)',
    ].join('\n\n');
    const found = brokenLinks(targets({ 'index.mdx': text }, [{ source: '/old-setup', destination: '/guides/setup' }]));
    assert.deepEqual(hrefs(found), []);
  });

  it('resolves links relative to the page file, in versions and languages, and names those that leave the docs folder', () => {
    const found = brokenLinks(targets({ 'v2/fr/guide.mdx': '[up](../../guides/setup)\n\n[here](./guide)\n\n[sibling](./missing)\n\n[out](../../../../etc/passwd)\n' }));
    assert.deepEqual(hrefs(found), ['v2/fr/guide.mdx:5 ./missing', 'v2/fr/guide.mdx:7 ../../../../etc/passwd']);
    assert.equal(found[1]!.message, 'leads out of the docs folder');
  });

  it('matches redirects as the site does: no leading slash, a source ending in `index`, parameters, chains; reports loops and redirects to nowhere', () => {
    const redirects = [
      { source: 'old/setup', destination: '/guides/setup' },
      { source: '/old/guides/index', destination: '/guides' },
      { source: '/beta/:slug*', destination: '/guides/:slug*' },
      { source: '/hop-one', destination: '/hop-two' },
      { source: '/hop-two', destination: '/guides/setup' },
      { source: '/ping', destination: '/pong' },
      { source: '/pong', destination: '/ping' },
      { source: '/old', destination: '/also-gone' },
      { source: '/away', destination: 'https://example.com/away' },
    ];
    const text = ['[a](/old/setup)', '[b](/old/guides/index)', '[c](/beta/setup)', '[d](/beta/nothing)', '[e](/hop-one)', '[f](/ping)', '[g](/old)', '[h](/away)'].join('\n\n');
    const found = brokenLinks(targets({ 'index.mdx': text }, redirects));
    assert.deepEqual(hrefs(found), ['index.mdx:7 /beta/nothing', 'index.mdx:11 /ping', 'index.mdx:13 /old'], 'a redirect is followed whatever the flags');
    assert.equal(found[0]!.message, 'leads to no page', '`:slug*` redirects only the paths of pages its destination matches, as the site does');
    assert.equal(found[1]!.message, 'is redirected in a loop, back to `/ping`');
    assert.equal(found[2]!.message, 'is redirected to `/also-gone`, which leads to no page');
  });

  it('checks the images and videos of pages are files of the docs folder', () => {
    const text = [
      '![a](/images/logo.png)', '![b](../images/logo.png)', '![c](/images/gone.png)', '<img src="/images/gone.svg" />',
      '<video src="/images/logo.png" poster="/images/poster.png" />', '<video>\n  <source src="/clips/gone.webm" />\n</video>',
      '<Frame>\n  <img src="/images/logo.png" />\n</Frame>', '<Card title="x" img="/images/card.png">y</Card>', '![d](https://example.com/x.png)', '<img src={logo} />',
    ].join('\n\n');
    const found = brokenLinks(targets({ 'guides/setup.mdx': text }));
    assert.deepEqual(hrefs(found), ['guides/setup.mdx:5 /images/gone.png', 'guides/setup.mdx:7 /images/gone.svg', 'guides/setup.mdx:9 /images/poster.png', 'guides/setup.mdx:12 /clips/gone.webm', 'guides/setup.mdx:19 /images/card.png']);
    assert.equal(found[0]!.message, 'is not a file of the docs folder');
    assert.deepEqual(mediaSourcesOf(parsePageSource(text, 'guides/setup.mdx').root).length, 10, 'every source but the expression');
    const markdown = '# Notes\n\n<p>\n  <img alt="a" src="/images/a.png">\n  <video poster=\'/images/b.png\' src="/clips/c.mp4"></video>\n</p>\n';
    assert.deepEqual(mediaSourcesOf(parsePageSource(markdown, 'notes.md').root), [
      { src: '/images/a.png', line: 4 },
      { src: '/images/b.png', line: 5 },
      { src: '/clips/c.mp4', line: 5 },
    ], 'the raw HTML of a Markdown page');
  });

  it('checks anchors against Mintlify\'s ids, with --check-anchors', () => {
    const files = {
      'guides/setup.mdx': "## What's new\n\n## Setup\n\n## Setup\n\n## Install {#custom-install}\n\n<Accordion title=\"Q&A\" id=\"faq\">x</Accordion>\n\n<ParamField path=\"max-retries\" type=\"number\">x</ParamField>\n\n<Update label=\"v2.1\">x</Update>\n",
      'index.mdx': [
        '[a](/guides/setup#what’s-new)', '[b](/guides/setup#setup-2)', '[c](/guides/setup#custom-install)', '[d](/guides/setup#faq)',
        '[e](/guides/setup#param-max-retries)', '[f](/guides/setup#v2-1)', '[g](/guides/setup#nope)', '[h](#also-nope)', '[i](./guides/setup.mdx#setup)',
      ].join('\n\n'),
    };
    assert.deepEqual(hrefs(brokenLinks(targets(files))), [], 'anchors are not checked without the flag');
    const found = brokenLinks(targets(files), { anchors: true });
    assert.deepEqual(hrefs(found), ['index.mdx:13 /guides/setup#nope', 'index.mdx:15 #also-nope']);
    assert.equal(found[0]!.message, 'has no anchor `#nope` on `/guides/setup`');
    assert.equal(found[1]!.message, 'has no anchor `#also-nope` on this page');
  });

  it('counts the anchors of the snippets a page imports as the page\'s', () => {
    const files = {
      'guides/setup.mdx': "import Steps from '/snippets/steps.mdx';\n\n## Setup\n\n<Steps />\n",
      'snippets/steps.mdx': "import More from './more.mdx';\n\n## From the snippet\n\n<More />\n",
      'snippets/more.mdx': '## Deeper\n',
      'index.mdx': '[a](/guides/setup#from-the-snippet)\n\n[b](/guides/setup#deeper)\n\n[c](/guides/setup#elsewhere)\n',
    };
    assert.deepEqual(hrefs(brokenLinks(targets(files), { anchors: true })), ['index.mdx:5 /guides/setup#elsewhere']);
  });

  it('checks snippets only when asked, and only the files asked for', () => {
    const files = { 'snippets/note.mdx': '[gone](/gone)\n', 'index.mdx': '[gone](/gone)\n', 'guides/setup.mdx': '[gone](/gone)\n' };
    assert.deepEqual(hrefs(brokenLinks(targets(files))), ['index.mdx:1 /gone', 'guides/setup.mdx:1 /gone']);
    assert.deepEqual(hrefs(brokenLinks(targets(files), { snippets: true, only: (file) => !file.startsWith('guides/') })), ['index.mdx:1 /gone', 'snippets/note.mdx:1 /gone']);
  });
});

describe('broken links of a whole site (fixture `broken-links`)', () => {
  let site: Site;
  before(async () => {
    site = await loadSite(fixture('broken-links'));
  });
  const found = (options: Parameters<typeof brokenLinks>[1] = {}) => brokenLinks(linkTargets(site), options).map((link) => `${link.file}:${link.line}${link.at ? ` ${link.at}` : ''} ${link.href}`);

  /** docs.json's links that lead nowhere, which loading the site finds but for the navigation's `href`s. */
  const CONFIG = [
    'docs.json:3 logo.dark /logo/dark-missing.svg',
    'docs.json:8 navigation.global.anchors[0].href /status-board',
    'docs.json:18 navigation.tabs[0].groups[0].root guide/overview',
    'docs.json:19 navigation.tabs[0].groups[0].pages[2] guide/missing-page',
    'docs.json:19 navigation.tabs[0].groups[0].pages[4].href /rota',
    'docs.json:21 navigation.tabs[0].groups[1].openapi specs/missing.yaml',
  ];
  /** Links through redirects: the others lead to a page, through a source without its leading slash, `:slug*`, a chain, a source ending in `index`. */
  const REDIRECTED = ['index.mdx:9 /lenses/nothing', 'index.mdx:11 /loop-one', 'index.mdx:12 /retired', 'index.mdx:14 /guide/wip'];
  const MEDIA = [
    'guide/lamps.mdx:9 /images/missing.png',
    'guide/lamps.mdx:13 /images/nope.svg',
    'guide/lamps.mdx:15 /images/missing-poster.png',
    'guide/lamps.mdx:18 /videos/missing.webm',
    'guide/lamps.mdx:22 /images/frame-missing.png',
    'guide/lamps.mdx:25 /images/card-missing.png',
    'guide/lamps.mdx:31 /images/draft/sketch.svg',
  ];

  it('finds the 17 broken links of docs.json, of links through redirects, and of images and videos, .mintignore leaving out what it names', () => {
    assert.deepEqual(found(), [...CONFIG, ...REDIRECTED, ...MEDIA]);
    assert.equal(found().length, 17);
    const messages = brokenLinks(linkTargets(site)).map((link) => link.message);
    assert.ok(messages.includes('leads to guide/wip.mdx, which is ignored by `.mintignore` line 3 (`guide/wip.mdx`)'), 'a link to an ignored page');
    assert.ok(messages.includes('is images/draft/sketch.svg, which is ignored by `.mintignore` line 2 (`images/draft/`)'), 'an ignored image');
    // The navigation's entry for guide/wip is left out of the site, which shows no link to it: `check` warns of it.
    assert.equal(found().some((link) => link.includes('pages[3]')), false, 'a navigation page .mintignore leaves out');
  });

  it('finds 1 more with --check-anchors, and 5 more with --check-redirects: redirects whose destination leads nowhere, in a loop, or to no page a pattern matches', () => {
    assert.deepEqual(found({ anchors: true }), [...CONFIG, ...REDIRECTED, 'index.mdx:15 /guide/lamps#no-such-beam', ...MEDIA]);
    assert.equal(found({ anchors: true }).length, 18);
    assert.equal(found({ anchors: true, redirects: true }).length, 23);
    const redirects = found({ redirects: true }).filter((link) => link.startsWith('docs.json') && !CONFIG.includes(link));
    assert.deepEqual(redirects, [
      'docs.json:32 redirects[4].destination /loop-two',
      'docs.json:33 redirects[5].destination /loop-one',
      'docs.json:34 redirects[6].destination /gone-for-good',
      'docs.json:36 redirects[8].destination /guide/*',
      'docs.json:37 redirects[9] /signals/:slug*',
    ]);
  });

  it('checks only the files --files names, docs.json among them', () => {
    assert.deepEqual(found({ only: (file) => file === 'index.mdx' }), REDIRECTED);
    assert.deepEqual(found({ only: (file) => file === 'docs.json' }), CONFIG);
  });
});
