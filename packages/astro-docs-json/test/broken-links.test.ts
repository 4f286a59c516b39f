// `broken-links`: links resolved as the site resolves them, anchors as Mintlify makes them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brokenLinks, type LinkTargets } from '../src/core/links/broken-links.ts';
import { resolveRedirects } from '../src/core/navigation/redirects.ts';

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

  it('checks redirects lead somewhere, with --check-redirects', () => {
    const files = { 'index.mdx': '[old](/old)\n' };
    const redirects = [{ source: '/old', destination: '/also-gone' }];
    assert.deepEqual(hrefs(brokenLinks(targets(files, redirects))), []);
    const found = brokenLinks(targets(files, redirects), { redirects: true });
    assert.deepEqual(hrefs(found), ['index.mdx:1 /old']);
    assert.match(found[0]!.message, /is redirected to `\/also-gone`, which leads to no page/);
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
