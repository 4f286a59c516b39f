// Which pages can be rendered straight from their source, and which need compiling into a module.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPlainMarkdown } from '../src/core/markdown/plain-markdown.ts';
import { searchableHtml } from '../src/astro/search-index.ts';

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

  it('are only Markdown and MDX files', () => {
    assert.equal(isPlainMarkdown('api.yaml GET /users', page), false);
  });
});

describe('search', () => {
  it('indexes a page by its language, title, version filter and article, without the navigation', () => {
    const html =
      '<!DOCTYPE html><html lang="fr"><head><title>Guide - Docs</title><meta data-pagefind-filter="version[content]" content="v2"></head>' +
      '<body><nav><a href="/x">Sidebar link</a></nav><main><article data-pagefind-body><h1>Guide</h1><p>Body</p></article><nav>Next</nav></main></body></html>';
    assert.equal(
      searchableHtml(html),
      '<html lang="fr"><head><title>Guide - Docs</title><meta data-pagefind-filter="version[content]" content="v2"></head>' +
        '<body><article data-pagefind-body><h1>Guide</h1><p>Body</p></article></body></html>',
    );
  });

  it('skips a page with nothing to index (a redirect)', () => {
    assert.equal(searchableHtml('<html><head><meta http-equiv="refresh" content="0;url=/a"></head><body></body></html>'), undefined);
  });
});
