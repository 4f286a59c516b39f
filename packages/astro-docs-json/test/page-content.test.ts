// What the site learns from each page's file: plain or not, repairs, components, icons, references.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { repairMdx } from '../src/core/markdown/forgiving-mdx.ts';
import { analyzePageContent } from '../src/core/markdown/page-content.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSearchableHtml, searchableHtml } from '../src/astro/build/searchable-page.ts';

const page = `---
title: A page
---

# Heading

Text with a [link](../other.mdx), an ![image](/images/a.png) from the docs root and
an ![image](https://example.com/b.png) from elsewhere.

\`\`\`js
const answer = 42;
\`\`\`

| A | B |
| - | - |
| 1 | 2 |
`;

const isPlainMarkdown = (file: string, source: string) => analyzePageContent(file, source).plain;

describe('plain Markdown pages', () => {
  it('are Markdown files, and MDX files that MDX reads as Markdown', () => {
    assert.equal(isPlainMarkdown('guide.md', page), true);
    assert.equal(isPlainMarkdown('guide.mdx', page), true);
  });

  it('leave out pages with an image beside them, which Astro optimises through a module', () => {
    assert.equal(isPlainMarkdown('guide.md', `${page}\n![diagram](./diagram.png)\n`), false);
    assert.equal(isPlainMarkdown('guide.mdx', `${page}\n![diagram](images/diagram.svg)\n`), false);
    assert.equal(isPlainMarkdown('guide.md', `${page}\n![diagram][d]\n\n[d]: diagram.png\n`), false);
  });

  it('leave out MDX with components, imports, exports or expressions', () => {
    assert.equal(isPlainMarkdown('guide.mdx', `${page}\n<Note>Careful.</Note>\n`), false);
    assert.equal(isPlainMarkdown('guide.mdx', `import Snippet from '/snippets/a.mdx';\n\n${page}`), false);
    assert.equal(isPlainMarkdown('guide.mdx', `${page}\nexport const a = 1;\n`), false);
    assert.equal(isPlainMarkdown('guide.mdx', `${page}\nThe answer is {40 + 2}.\n`), false);
    assert.equal(isPlainMarkdown('guide.mdx', `${page}\nA <br /> inside text.\n`), false);
  });

  it('leave out MDX that Markdown would read otherwise, or that does not compile', () => {
    // Indented code is a code block in Markdown, a paragraph in MDX.
    assert.equal(isPlainMarkdown('guide.mdx', `${page}\n    indented\n`), false);
    assert.equal(isPlainMarkdown('guide.mdx', `${page}\nAn <unclosed tag.\n`), false);
    // In a .md file the same text is plain: `<` and `{` are characters there.
    assert.equal(isPlainMarkdown('guide.md', `${page}\nAn <unclosed tag and a {brace}.\n`), true);
  });

});

describe('forgiving MDX', () => {
  it('repairs what Mintlify accepts and MDX refuses, each with its line', () => {
    const source = [
      '---',
      'title: T',
      '---',
      '',
      '<!-- A note for authors,',
      'over two lines -->',
      '',
      'Line one<br>line two, and <img src="/a.png" alt="A">.',
      '',
      'When a <= b, write {name here.',
      '',
      'Mail <team@example.com> or see <https://example.com>.',
      '',
      '```js',
      'if (a < b) { return "<!-- not a comment -->"; }',
      '```',
    ].join('\n');
    const { source: repaired, repairs, error } = repairMdx(source);
    assert.equal(error, undefined);
    assert.equal(
      repaired,
      [
        '---',
        'title: T',
        '---',
        '',
        '{/* A note for authors,',
        'over two lines */}',
        '',
        'Line one<br />line two, and <img src="/a.png" alt="A" />.',
        '',
        'When a \\<= b, write \\{name here.',
        '',
        'Mail [team@example.com](mailto:team@example.com) or see [https://example.com](https://example.com).',
        '',
        '```js',
        'if (a < b) { return "<!-- not a comment -->"; }',
        '```',
      ].join('\n'),
    );
    assert.deepEqual(
      repairs.map((repair) => repair.line).sort((a, b) => a - b),
      [5, 8, 8, 10, 10, 12, 12],
    );
    assert.match(repairs.find((repair) => repair.line === 5)!.message, /HTML comment/);
  });

  it('reads words in braces as text in a page, and leaves them as code in a snippet, which reads them from its props', () => {
    const source = "export const product = 'Acme';\n\nSend {your-api-key} to {product}, as {word}.\n";
    const page = repairMdx(source);
    assert.equal(page.source, "export const product = 'Acme';\n\nSend \\{your-api-key} to {product}, as \\{word}.\n");
    assert.deepEqual(page.repairs.map((repair) => repair.line), [3, 3]);
    const snippet = repairMdx(source, { snippet: true });
    assert.equal(snippet.source, "export const product = 'Acme';\n\nSend \\{your-api-key} to {product}, as {word}.\n");
    assert.deepEqual(snippet.repairs.map((repair) => repair.line), [3]);
  });

  it('names the line and the reason of what it cannot repair', () => {
    const { error } = repairMdx('# Title\n\n<Note>\nNever closed.\n');
    assert.deepEqual(error, { line: 3, column: 1, message: 'Expected a closing tag for `<Note>` (3:1)' });
  });
});

describe('components, icons and references', () => {
  it('lists the components a page uses without importing them, and the icons they name', () => {
    const content = analyzePageContent(
      'guide.mdx',
      [
        "import Snippet from '/snippets/intro.mdx';",
        "import { Widget, Chart as Graph } from '../snippets/widgets.jsx';",
        'export const Local = () => <span>here</span>;',
        '',
        '<Card title="Start" icon="rocket" href="/start">',
        '  <Icon icon="github" iconType="brands" /> <Snippet /> <Widget /> <Graph /> <Local />',
        '</Card>',
        '',
        '<Mystery.Box>x</Mystery.Box>',
        '',
        '![Shot](./shot.png) <img src="/images/b.png" />',
      ].join('\n'),
    );
    assert.deepEqual(content.components, [
      { name: 'Card', line: 5 },
      { name: 'Icon', line: 6 },
      { name: 'Mystery.Box', line: 9 },
    ]);
    assert.deepEqual(content.icons, ['rocket', { name: 'github', style: 'brands' }]);
    assert.deepEqual(content.references, [
      { kind: 'import', url: '/snippets/intro.mdx', line: 1, names: [{ imported: 'default', local: 'Snippet' }] },
      {
        kind: 'import',
        url: '../snippets/widgets.jsx',
        line: 2,
        names: [
          { imported: 'Widget', local: 'Widget' },
          { imported: 'Chart', local: 'Graph' },
        ],
      },
      { kind: 'image', url: './shot.png', line: 11 },
      { kind: 'image', url: '/images/b.png', line: 11 },
    ]);
    assert.equal(content.plain, false);
  });
});

describe('search', () => {
  it('indexes a page by its language, title and article, without the navigation', () => {
    const html =
      '<!DOCTYPE html><html lang="fr"><head><title>Guide - Docs</title><meta name="description" content="d"></head>' +
      '<body><nav><a href="/x">Sidebar link</a></nav><main><article data-pagefind-body><h1>Guide</h1><p>Body</p></article><nav>Next</nav></main></body></html>';
    assert.equal(
      searchableHtml(html),
      '<html lang="fr"><head><title>Guide - Docs</title></head>' +
        '<body><article data-pagefind-body><h1>Guide</h1><p>Body</p></article></body></html>',
    );
  });

  it('finds the article by its attribute, whatever comes before it in the tag', () => {
    const html = '<html lang="en"><head><title>A</title></head><body><main><article id="content-area" data-pagefind-body><p>Body</p></article></main></body></html>';
    assert.equal(searchableHtml(html), '<html lang="en"><head><title>A</title></head><body><article id="content-area" data-pagefind-body><p>Body</p></article></body></html>');
  });

  it("looks for the article from the layout's <main>, and finds it when text elsewhere names its attribute", () => {
    const article = '<article class="a" data-pagefind-body><p>Write &lt;article data-pagefind-body&gt; to index it.</p></article>';
    const page = (sidebar: string, main: string) => `<html lang="en"><head><title>A</title></head><body><nav>${sidebar}</nav>${main}${article}</main></body></html>`;
    const expected = `<html lang="en"><head><title>A</title></head><body>${article}</body></html>`;
    assert.equal(searchableHtml(page('<a> data-pagefind-body</a>', '<main id="content" tabindex="-1">')), expected);
    // Another layout: the first article with the attribute in its own tag.
    assert.equal(searchableHtml(page('<a>about data-pagefind-body</a>', '<main>')), expected);
  });

  it('reads from a built file what the whole file gives, without reading the sidebar between the head and the article', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'searchable-'));
    const sidebar = Array.from({ length: 4000 }, (_, i) => `<li><a href="/p${i}">Page ${i} data-pagefind-body</a>`).join('');
    const article = '<article data-pagefind-body><h1>Guide</h1><p>Body</p></article>';
    const pages = {
      large: `<html lang="fr"><head><title>Guide</title><style>${'x'.repeat(3000)}</style></head><body><nav>${sidebar}</nav><main id="content" tabindex="-1">${article}</main></body></html>`,
      small: `<html lang="en"><head><title>Small</title></head><body><main id="content">${article}</main></body></html>`,
      // No layout <main>: the article is looked for from the start, in the whole file.
      otherLayout: `<html lang="en"><head><title>Other</title></head><body><nav>${sidebar}</nav><div>${article}</div>${'<p>filler</p>'.repeat(9000)}</body></html>`,
      // A head too long to look into first: the whole file.
      longHead: `<html lang="en"><head><title>Long</title><style>${'y'.repeat(40_000)}</style></head><body><nav>${sidebar}</nav><main id="content">${article}</main></body></html>`,
    };
    for (const [name, html] of Object.entries(pages)) {
      const file = path.join(dir, `${name}.html`);
      writeFileSync(file, html);
      assert.equal(readSearchableHtml(file), searchableHtml(html), name);
      assert.ok(searchableHtml(html)?.includes('<p>Body</p>'), name);
    }
  });

  it('weighs a page by its boost, and indexes its keywords as strongly as a title', () => {
    const html =
      '<html lang="en"><head><title>A</title></head><body><main><article data-pagefind-body data-search-boost="2" data-search-keywords="tuning, ordering">' +
      '<h1>A</h1><h2 id="b">B</h2><header>x</header><p>Body</p></article></main></body></html>';
    assert.equal(
      searchableHtml(html),
      '<html lang="en"><head><title>A</title></head><body><article data-pagefind-weight="2" data-pagefind-body data-search-boost="2" data-search-keywords="tuning, ordering">' +
        '<h1 data-pagefind-weight="10">A</h1><h2 data-pagefind-weight="10" id="b">B</h2><header>x</header><p>Body</p><p data-pagefind-weight="10">tuning, ordering</p></article></body></html>',
    );
    const lowered = searchableHtml(html.replace('data-search-boost="2"', 'data-search-boost="0.5"'))!;
    assert.match(lowered, /<article data-pagefind-weight="0.5"/);
    assert.match(lowered, /<h2 data-pagefind-weight="3" id="b">/);
  });

  it('skips a page with nothing to index (a redirect)', () => {
    assert.equal(searchableHtml('<html><head><meta http-equiv="refresh" content="0;url=/a"></head><body></body></html>'), undefined);
  });
});
