// A code block's options, read from what follows the fence's language, as Mintlify reads them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatCodeMeta, inRanges, lineRanges, parseCodeMeta } from '../src/core/markdown/code-meta.ts';
import { codeWithoutNotation } from '../src/core/markdown/code-notation.ts';

describe('code block titles', () => {
  it('are the words after the language, however many', () => {
    assert.equal(parseCodeMeta('index.js').title, 'index.js');
    assert.equal(parseCodeMeta('Line highlighting example {1,2,5}').title, 'Line highlighting example');
    assert.equal(parseCodeMeta('src/app/page.tsx').title, 'src/app/page.tsx');
    assert.equal(parseCodeMeta("Alice's  notes").title, "Alice's notes");
  });

  it('come from title="…", with quotes, escapes or none, before the inline words', () => {
    assert.equal(parseCodeMeta('title="utils/hello world.js"').title, 'utils/hello world.js');
    assert.equal(parseCodeMeta("title='a b'").title, 'a b');
    assert.equal(parseCodeMeta('title=plain.txt lines').title, 'plain.txt');
    assert.equal(parseCodeMeta('title="say \\"hi\\" \\\\ now"').title, 'say "hi" \\ now');
    assert.equal(parseCodeMeta('Inline words title="Given"').title, 'Given');
    assert.equal(parseCodeMeta('title={"from an expression.js"}').title, 'from an expression.js');
    assert.equal(parseCodeMeta('Fallback title=""').title, 'Fallback');
  });

  it('never hold a flag', () => {
    for (const flag of ['wrap', 'lines', 'expandable', '[expandable]', 'nocopy', 'twoslash']) {
      assert.equal(parseCodeMeta(flag).title, undefined, flag);
    }
    assert.equal(parseCodeMeta('ts twoslash Twoslash example').title, 'ts Twoslash example');
    assert.equal(parseCodeMeta('Wrap example wrap').title, 'Wrap example');
    assert.equal(parseCodeMeta('Show line numbers example lines').title, 'Show line numbers example');
    assert.equal(parseCodeMeta('HelloWorld.java example icon=java lines').title, 'HelloWorld.java example');
  });

  it('keep a key=value that is no option, as written', () => {
    assert.equal(parseCodeMeta('GET /users?limit=10').title, 'GET /users?limit=10');
    assert.equal(parseCodeMeta('a = b').title, 'a = b');
    assert.equal(parseCodeMeta('Themed theme="dark" lang=js').title, 'Themed');
  });

  it('are absent from an empty meta', () => {
    assert.deepEqual(parseCodeMeta(undefined), { lines: false, wrap: false, expandable: false, nocopy: false, highlight: [], focus: [] });
    assert.equal(parseCodeMeta('   ').title, undefined);
  });
});

describe('code block flags', () => {
  it('are bare words, or key=value with true or false in any quotes', () => {
    const meta = parseCodeMeta('Title lines wrap expandable nocopy');
    assert.deepEqual([meta.lines, meta.wrap, meta.expandable, meta.nocopy], [true, true, true, true]);
    assert.equal(parseCodeMeta('nocopy="false"').nocopy, false);
    assert.equal(parseCodeMeta("nocopy='true'").nocopy, true);
    assert.equal(parseCodeMeta('lines=false').lines, false);
    assert.equal(parseCodeMeta('lines={true}').lines, true);
    assert.equal(parseCodeMeta('wrap=TRUE').wrap, true);
    assert.equal(parseCodeMeta('[expandable]').expandable, true);
  });

  it('are off unless written, and the last one written wins', () => {
    assert.equal(parseCodeMeta('index.js').nocopy, false);
    assert.equal(parseCodeMeta('nocopy nocopy=false').nocopy, false);
    assert.equal(parseCodeMeta('lines="maybe"').lines, false);
  });
});

describe('icons', () => {
  it('are icon="…", icon=\'…\' or icon=name', () => {
    assert.equal(parseCodeMeta('Icon example icon="square-js"').icon, 'square-js');
    assert.equal(parseCodeMeta("icon='python'").icon, 'python');
    assert.equal(parseCodeMeta('icon=java lines').icon, 'java');
    assert.equal(parseCodeMeta('index.js').icon, undefined);
  });
});

describe('highlighted and focused lines', () => {
  it('are {ranges} alone, or highlight= and focus= in braces, quotes or bare', () => {
    assert.deepEqual(parseCodeMeta('{1,3-5}').highlight, [[1, 1], [3, 5]]);
    assert.deepEqual(parseCodeMeta('highlight={1-2,5}').highlight, [[1, 2], [5, 5]]);
    assert.deepEqual(parseCodeMeta('highlight="2"').highlight, [[2, 2]]);
    assert.deepEqual(parseCodeMeta('focus=2,4,5').focus, [[2, 2], [4, 4], [5, 5]]);
    assert.deepEqual(parseCodeMeta('focus={2,4-5}').focus, [[2, 2], [4, 5]]);
    assert.deepEqual(parseCodeMeta('{1} {3}').highlight, [[1, 1], [3, 3]]);
  });

  it('read stringified arrays and skip what is no line', () => {
    assert.deepEqual(lineRanges('[1,3,4,5]'), [[1, 1], [3, 3], [4, 4], [5, 5]]);
    assert.deepEqual(lineRanges('0, x, 4-2, 7 - 8'), [[7, 8]]);
  });

  it('say whether a line is in them without listing every line', () => {
    const ranges = parseCodeMeta('{2-1000000000}').highlight;
    assert.equal(inRanges(ranges, 1), false);
    assert.equal(inRanges(ranges, 999_999_999), true);
  });
});

describe('meta strings from props', () => {
  it('read back as the options they were made from', () => {
    const options = { title: 'My "file".js', icon: 'js', lines: true, nocopy: true, highlight: [[1, 1], [3, 4]] as const, focus: [[2, 2]] as const };
    const meta = parseCodeMeta(formatCodeMeta({ ...options, highlight: [...options.highlight], focus: [...options.focus] }));
    assert.deepEqual(meta, { title: 'My "file".js', icon: 'js', lines: true, wrap: false, expandable: false, nocopy: true, highlight: [[1, 1], [3, 4]], focus: [[2, 2]] });
  });
});

describe('code notation read as text', () => {
  it('leaves code without notation as it is', () => {
    const code = 'const a = 1; // a comment\nx--;';
    assert.equal(codeWithoutNotation(code), code);
  });

  it('drops the notation and its comment, and the removed lines', () => {
    const code = ['const greeting = "Hello"; // [!code ++]', 'function hi() {', '  console.log("Hello"); // [!code --]', '  console.log(greeting); // [!code ++]', '}'].join('\n');
    assert.equal(codeWithoutNotation(code), ['const greeting = "Hello";', 'function hi() {', '  console.log(greeting);', '}'].join('\n'));
  });

  it('reads each language\'s comments, keeps what else they say, and counts :N lines', () => {
    assert.equal(codeWithoutNotation('print("#")  # [!code --]\nprint(1)  # [!code ++]'), 'print(1)');
    assert.equal(codeWithoutNotation('<p>new</p> <!-- [!code ++] -->\n<p>old</p> <!-- [!code --] -->'), '<p>new</p>');
    assert.equal(codeWithoutNotation('a { color: red; } /* [!code highlight] */'), 'a { color: red; }');
    assert.equal(codeWithoutNotation("SELECT 1; -- [!code focus]"), 'SELECT 1;');
    assert.equal(codeWithoutNotation('i--; // keep this [!code ++]'), 'i--; // keep this');
    assert.equal(codeWithoutNotation('one # [!code --:2]\ntwo\nthree'), 'three');
  });

  it('takes a notation alone on its line as marking the line below', () => {
    assert.equal(codeWithoutNotation('// [!code --]\nold();\nkept();'), 'kept();');
    assert.equal(codeWithoutNotation('# [!code highlight]\nshown'), 'shown');
  });
});

describe('escaped notation', () => {
  it('is shown as the notation, unread', () => {
    assert.equal(codeWithoutNotation('add(); // [\\!code ++]'), 'add(); // [!code ++]');
    assert.equal(codeWithoutNotation('a(); // [!code --]\nb(); // [\\!code --]'), 'b(); // [!code --]');
  });
});
