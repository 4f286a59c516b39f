// `a11y`'s accessible names: links and buttons a page writes with nothing a screen reader can announce.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namelessControls } from '../src/core/a11y/accessible-names.ts';
import { parseMarkdown } from '../src/core/markdown/markdown-tree.ts';

const found = (lines: string[], mdx = true) =>
  namelessControls(parseMarkdown(lines.join('\n\n'), mdx)).map(({ line, element, content, href, icon }) => `${line} ${element} ${content}${href !== undefined ? ` ${href}` : ''}${icon ? ` ${icon}` : ''}`);

describe('links and buttons without an accessible name', () => {
  it('finds icon-only links, written as JSX or as Markdown, at their lines', () => {
    assert.deepEqual(
      found([
        '### `send` <sup><a href="https://github.com/acme/x.py#L15" target="_blank"><Icon icon="github" style="width: 14px;" /></a></sup>',
        'Follow us: [<Icon icon="x-twitter" />](https://x.com/acme)',
        '<a href="/quickstart">\n  <Icon icon="rocket" />\n</a>',
        '[![](/images/logo.png)](/)',
      ]),
      ['1 <a> icon https://github.com/acme/x.py#L15 github', '3 link icon https://x.com/acme x-twitter', '5 <a> icon /quickstart rocket', '9 link icon /'],
    );
  });

  it('finds empty links and icon-only buttons', () => {
    assert.deepEqual(found(['<a href="/somewhere"></a>', '[](/empty)', '<button><Icon icon="copy" /></button>', '<a href="/x">{/* nothing yet */}</a>']), [
      '1 <a> empty /somewhere',
      '3 link empty /empty',
      '5 <button> icon copy',
      '7 <a> empty /x',
    ]);
  });

  it('accepts a name from text, attributes, alt text, a link title or what it cannot read', () => {
    assert.deepEqual(
      found([
        '<a href="/a"><Icon icon="github" /> GitHub</a>',
        '<a href="/b" aria-label="Source on GitHub"><Icon icon="github" /></a>',
        '<a href="/c" title="Source"><Icon icon="github" /></a>',
        '<a href="/d" aria-label={label}><Icon icon="github" /></a>',
        '<a href="/e" {...props}><Icon icon="github" /></a>',
        '<a href="/f"><img src="/logo.png" alt="Acme" /></a>',
        '[<Icon icon="x" />](https://x.com "Acme on X")',
        '[![Acme](/logo.png)](/)',
        '<a href="/g">{name}</a>',
        '<a href="/h"><MyBadge /></a>',
        '<a href="/i"><Icon icon="star" /><span aria-label="Star it" /></a>',
        '<button aria-label="Copy"><Icon icon="copy" /></button>',
        '<a href="/j">`code`</a>',
        '<a href="/k"><Tooltip tip="More">Read more</Tooltip></a>',
      ]),
      [],
    );
  });

  it('leaves out anchors, which have no href and no name to give', () => {
    assert.deepEqual(found(['<a id="raw-task" />', '<a name="old-anchor"></a>']), []);
  });

  it('counts a blank aria-label as none, and a built-in component by its own content', () => {
    assert.deepEqual(found(['<a href="/a" aria-label=" "><Icon icon="github" /></a>', '<a href="/b"><Badge><Icon icon="check" /></Badge></a>']), [
      '1 <a> icon /a github',
      '3 <a> icon /b check',
    ]);
  });

  it('reads plain Markdown pages too, and counts the frontmatter\'s lines', () => {
    const tree = parseMarkdown('Text\n\n[](/empty)', false);
    assert.deepEqual(namelessControls(tree, 4).map(({ line }) => line), [7]);
  });
});
