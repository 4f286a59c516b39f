// Code blocks as Shiki draws them with the site's transformers: the frame, header and
// options of each block, its marked lines, and the notation read and taken out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHighlighter } from 'shiki';
import { codeBlockTransformers, codeOfHtml, fillCodeIcons, TOKENIZE_TIME_LIMIT } from '../src/core/html/code-blocks.ts';

const highlighter = await createHighlighter({ themes: ['github-dark'], langs: ['js', 'bash'], langAlias: { nocopy: 'plaintext' } });
const render = async (code: string, lang: string, meta?: string) =>
  highlighter.codeToHtml(code, { lang, theme: 'github-dark', transformers: codeBlockTransformers, ...(meta ? { meta: { __raw: meta } } : {}) });

/** Each line's classes and text. */
function lines(html: string): Array<[string, string]> {
  return [...html.matchAll(/<span class="(line[^"]*)">(.*?)<\/span>(?=\n|<\/code>)/g)].map((match) => [match[1]!, match[2]!.replace(/<[^>]+>/g, '')]);
}

describe('a code block', () => {
  it('is framed with its options as attributes, its title and icon in a header, its colours on the frame', async () => {
    const html = await render('const a = 1;', 'js', 'src/a.js icon="square-js" lines wrap expandable nocopy');
    const frame = /^<div ([^>]*)>/.exec(html)![1]!;
    assert.match(frame, /class="code-block"/);
    for (const attribute of ['data-title="src/a.js"', 'data-language="js"', 'data-line-numbers', 'data-wrap', 'data-expandable', 'data-nocopy']) assert.ok(frame.includes(attribute), attribute);
    assert.match(frame, /style="background-color:#24292e;color:#e1e4e8;--line-number-width:1ch"/);
    assert.match(html, /<div class="code-block-header"><svg class="icon" data-code-icon="square-js" aria-hidden="true"><\/svg><span class="code-block-title">src\/a\.js<\/span><\/div><pre /);
    assert.doesNotMatch(/<pre [^>]*>/.exec(html)![0], /background-color/);
  });

  it('has no header, and no attribute of a flag it lacks, without options', async () => {
    const html = await render('echo hi', 'bash');
    assert.match(html, /^<div class="code-block" data-language="bash" style="[^"]*"><pre /);
    assert.doesNotMatch(html, /code-block-header|data-nocopy|data-wrap/);
  });

  it('is plain text without a copy button when its language is written nocopy', async () => {
    assert.doesNotMatch(await render('a -> b', 'text'), /data-nocopy/);
    const nocopy = await render('a -> b', 'nocopy');
    assert.match(nocopy, /^<div class="code-block" data-language="plaintext" data-nocopy(="")? /);
  });
});

describe('marked lines', () => {
  it('are highlighted and focused as the options say', async () => {
    const html = await render('a\nb\nc\nd', 'text', '{1,3-4} focus=2');
    assert.deepEqual(lines(html).map(([classes]) => classes), ['line highlighted', 'line focused', 'line highlighted', 'line highlighted']);
    assert.match(html, /<pre class="[^"]*has-highlighted has-focused/);
  });

  it('are added and removed by the notation, which is taken out with the space before it', async () => {
    const html = await render('const a = 1; // [!code ++]\nconst b = 2; // [!code --]\n// [!code ++:2]\nx();\ny();', 'js');
    assert.deepEqual(lines(html), [
      ['line diff add', 'const a = 1;'],
      ['line diff remove', 'const b = 2;'],
      ['line diff add', 'x();'],
      ['line diff add', 'y();'],
    ]);
  });

  it('show an escaped notation as written, unread', async () => {
    const html = await render('a(); // [\\!code ++]', 'js');
    assert.deepEqual(lines(html), [['line', 'a(); // [!code ++]']]);
  });
});

describe('the header icon', () => {
  it('is drawn by the page from the site\'s icons, or left out', () => {
    const html = '<div class="code-block-header"><svg class="icon" data-code-icon="a&amp;b" aria-hidden="true"></svg><span>t</span></div>';
    assert.equal(fillCodeIcons(html, (name) => `[${name}]`), '<div class="code-block-header">[a&b]<span>t</span></div>');
    assert.equal(fillCodeIcons('<p>no icon</p>', () => 'x'), '<p>no icon</p>');
  });
});

describe("<CodeBlock>'s code", () => {
  it('is the code of a block it holds, with its language, or its text', async () => {
    const html = await render('if (a < b) {\n  go();\n}', 'js', 'x.js');
    assert.deepEqual(codeOfHtml(html), { code: 'if (a < b) {\n  go();\n}', language: 'js' });
    assert.deepEqual(codeOfHtml('\n[build]\n  publish = &quot;dist&quot; &#x26; more\n'), { code: '[build]\n  publish = "dist" & more' });
    assert.deepEqual(codeOfHtml('<p>one</p>\n<p>two</p>'), { code: 'one\n\ntwo' });
  });
});

describe('tokenising a code block', () => {
  it('gives each line the time a loaded machine needs, not the half second Shiki gives by default', () => {
    const limits: unknown[] = [];
    const seen = { name: 'seen', tokens(this: { options: { tokenizeTimeLimit?: number } }) { limits.push(this.options.tokenizeTimeLimit); } };
    highlighter.codeToHast('const a = 1;', { lang: 'js', themes: { light: 'github-dark', dark: 'github-dark' }, transformers: [...codeBlockTransformers, seen] });
    assert.deepEqual(limits, [TOKENIZE_TIME_LIMIT]);
    assert.ok(TOKENIZE_TIME_LIMIT >= 5_000 && Number.isFinite(TOKENIZE_TIME_LIMIT), 'long, and bounded');
  });
});
