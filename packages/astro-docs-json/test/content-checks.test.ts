import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzePageContent } from '../src/core/markdown/page-content.ts';
import { lintOfFile, lintPage } from '../src/core/score/content-checks.ts';

const where = (findings: Array<{ line?: number; column?: number }>) => findings.map((finding) => `${finding.line}:${finding.column}`);

describe('lintPage', () => {
  it('finds a heading that goes down more than one level below the closest heading above it', () => {
    const source = ['## Install', '', '#### Options', '', '### Flags', '', '##### Verbose', '', '## Next', '', '### Then'].join('\n');
    const lint = lintPage('guide.mdx', source, 'Guide');
    assert.deepEqual(where(lint.headings), ['3:1', '7:1']);
    assert.match(lint.headings[0]!.message, /^An h4 where an h3 is expected/);
    assert.match(lint.headings[1]!.message, /^An h5 where an h4 is expected/);
  });

  it('counts the title as the h1, unless the page has its own', () => {
    assert.deepEqual(where(lintPage('a.mdx', '### Deep\n', 'A title').headings), ['1:1']);
    // Without a title, the first heading has nothing above it to skip from.
    assert.deepEqual(where(lintPage('a.mdx', '### Deep\n', undefined).headings), []);
    assert.deepEqual(where(lintPage('a.mdx', '# Own\n\n### Deep\n', 'A title').headings), ['3:1']);
  });

  it('reads headings written as HTML and as JSX, and those inside components', () => {
    const source = ['<h2>In HTML</h2>', '', '<Tabs>', '  <Tab title="One">', '    #### In a tab', '  </Tab>', '</Tabs>', '', '<h6>In JSX</h6>'].join('\n');
    assert.deepEqual(where(lintPage('b.mdx', source, 'B').headings), ['5:5', '9:1']);
  });

  it('finds fenced code blocks that name no language, inside components too, and not indented ones', () => {
    const source = ['```', 'plain', '```', '', '~~~bash', 'ls', '~~~', '', '<Steps>', '  <Step title="Run">', '    ```', '    npm start', '    ```', '  </Step>', '</Steps>'].join('\n');
    const lint = lintPage('c.mdx', source, 'C');
    assert.deepEqual(where(lint.codeBlocks), ['1:1', '11:5']);
    assert.match(lint.codeBlocks[0]!.message, /names no language/);
    assert.deepEqual(lintPage('d.md', 'Text.\n\n    indented code\n', 'D').codeBlocks, []);
  });

  it('names the file in each finding', () => {
    const lint = lintPage('e.md', '```\nx\n```\n', undefined);
    assert.deepEqual(lint.codeBlocks.map((finding) => finding.file), ['e.md']);
  });

  it('is found by loading a page, on the tree it parsed, as the score would find it from the text', () => {
    const source = ['---', 'title: Setup', '---', '', '### Deep', '', '```', 'x', '```', '', '$$', 'E = mc^2', '$$'].join('\n');
    for (const file of ['setup.mdx', 'setup.md']) {
      const content = analyzePageContent(file, source, true);
      assert.equal(content.lint?.titled, true);
      assert.deepEqual(lintOfFile(file, content.lint!), lintPage(file, source, 'Setup'));
      assert.deepEqual(where(content.lint!.headings), ['5:1']);
    }
    // A snippet is not linted, and a page MDX reads only once repaired is linted from its text later.
    assert.equal(analyzePageContent('snippets/a.mdx', source).lint, undefined);
    assert.equal(analyzePageContent('broken.mdx', 'A <b>bold claim.\n', true).lint, undefined);
  });
});
