// The same text in several files (a page in each version of a site) is analysed once, and
// each file still gets its own analysis, its problems under its own name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanPageFiles } from '../src/core/pages/page-files.ts';
import { makeDocs } from './helpers.ts';

describe('scanPageFiles', () => {
  it('gives each file of a repeated text its own analysis and its own problems', async () => {
    const text = '---\ntitle: [unclosed\n---\n\n<Note>Hello {props.name}</Note>\n\n![logo](./logo.png)\n';
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['v1/guide', 'v2/guide'] } }, 'v1/guide.mdx': text, 'v2/guide.mdx': text, 'v2/other.md': text });
    const { pages, diagnostics } = await scanPageFiles(dir);
    const [one, two] = ['v1/guide.mdx', 'v2/guide.mdx'].map((file) => pages.find((page) => page.file === file)!);
    assert.deepEqual(diagnostics.map((d) => `${d.code} ${d.file}`).sort(), ['invalid-frontmatter v1/guide.mdx', 'invalid-frontmatter v2/guide.mdx', 'invalid-frontmatter v2/other.md']);
    assert.deepEqual(two!.content, one!.content);
    assert.notEqual(two!.content, one!.content);
    assert.notEqual(two!.content.references, one!.content.references);
    // A Markdown file of the same text is read as Markdown, not as the MDX pages were.
    const markdown = pages.find((page) => page.file === 'v2/other.md')!;
    assert.deepEqual(one!.content.components.map((component) => component.name), ['Note']);
    assert.deepEqual(markdown.content.components, []);
  });
});
