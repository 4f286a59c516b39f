// Accessible names: links and buttons a page writes with nothing a screen reader can announce (`a11y`), and
// the names the rendered pages give links that show only an icon.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { namelessControls } from '../src/core/a11y/accessible-names.ts';
import { iconLinkName, nameIconOnlyLinks } from '../src/core/a11y/icon-link-names.ts';
import { addressOf } from '../src/core/paths/link-address.ts';
import { parseMarkdown } from '../src/core/markdown/markdown-tree.ts';
import { pageBodyMarkdown } from '../src/core/markdown/page-markdown.ts';

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

describe('names of icon-only links in rendered pages', () => {
  const titles: Record<string, string> = { '/quickstart': 'Quickstart', '/': 'Home' };
  const titleOf = (href: string) => titles[href.replace(/#.*$/, '')];
  const icon = (name: string) => `<span class="inline-icon" data-icon="${name}"><i class="icon i3"></i></span>`;

  it('names a link by the title of the page it leads to, else its address, else its icon', () => {
    const html = [
      `<a href="/quickstart#install">${icon('rocket')}</a>`,
      `<a href="https://www.github.com/acme/repo/" target="_blank">${icon('github')}</a>`,
      `<a href="mailto:team@example.com?subject=Hi">${icon('envelope')}</a>`,
      `<a href="/files/guide%20v2.pdf"><img class="icon" src="/i.svg" alt="" loading="lazy"></a>`,
      `<a href="#">${icon('arrow-up')}</a>`,
      '<a href="/"></a>',
    ].join('\n');
    const named = [...nameIconOnlyLinks(html, titleOf).matchAll(/<a aria-label="([^"]*)"/g)].map((match) => match[1]);
    assert.deepEqual(named, ['Quickstart', 'github.com/acme/repo', 'team@example.com', '/files/guide v2.pdf', 'arrow up', 'Home']);
  });

  it('leaves a link with text, alt text or a name of its own, an anchor and a hidden link as they are', () => {
    const html = [
      `<a href="/quickstart">${icon('rocket')} Start</a>`,
      `<a href="/quickstart" aria-label="Get going">${icon('rocket')}</a>`,
      `<a href="/quickstart" title="Get going">${icon('rocket')}</a>`,
      '<a href="/"><img src="/logo.svg" alt="Acme"></a>',
      `<a id="anchor">${icon('link')}</a>`,
      `<a href="#top" aria-hidden="true" tabindex="-1">${icon('link')}</a>`,
      `<a href="/x"><span class="sr-only">Read</span>${icon('book')}</a>`,
    ].join('\n');
    assert.equal(nameIconOnlyLinks(html, titleOf), html);
  });

  it('escapes the name and keeps the link\'s attributes', () => {
    const html = `<a class="x" href="/q">${icon('star')}</a>`;
    assert.equal(nameIconOnlyLinks(html, () => 'Tips & "tricks" <new>'), `<a aria-label="Tips &amp; &quot;tricks&quot; &lt;new&gt;" class="x" href="/q">${icon('star')}</a>`);
  });

  it('says a link\'s address in words', () => {
    assert.equal(addressOf('tel:+1-555-0100'), '+1-555-0100');
    assert.equal(addressOf('//cdn.example.com/a.png'), 'cdn.example.com/a.png');
    assert.equal(addressOf('javascript:void(0)'), undefined);
    assert.equal(iconLinkName(undefined, undefined, () => undefined), undefined);
  });
});

describe('icon-only links in Markdown copies', () => {
  it('gives a link that showed only an icon its author\'s name or its address as text, not `[](…)`', () => {
    const markdown = pageBodyMarkdown(
      '### `send` <sup><a href="https://github.com/acme/x.py#L15"><Icon icon="github" /></a></sup>\n\n[<Icon icon="rocket" />](/quickstart) and [Text](/t) <a href="mailto:team@example.com"><Icon icon="envelope" /></a> <a href="#top" aria-label="To the top"><Icon icon="arrow-up" /></a>\n',
      { file: 'guides/page.mdx', siteUrl: 'https://d.example' },
    );
    assert.equal(markdown, '### `send` [github.com/acme/x.py](https://github.com/acme/x.py#L15)\n\n[/quickstart](https://d.example/quickstart) and [Text](https://d.example/t) <team@example.com> [To the top](#top)');
  });
});
