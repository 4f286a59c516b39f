// A snippet's variables as Mintlify reads them: every name a snippet's expressions use and
// the snippet does not define is a prop the page gives it, wherever the expression is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSync } from 'vite';
import { freeNames } from '../src/astro/mdx/free-names.ts';
import { functionBodySource, mdxModuleSource, type MdxModuleInput } from '../src/astro/mdx/mdx-module.ts';
import { analyzeMdx } from '../src/core/markdown/page-content.ts';

const free = (code: string) => {
  const { program, errors } = parseSync('x.jsx', code, { lang: 'jsx', sourceType: 'module' });
  assert.deepEqual(errors, []);
  return freeNames(program as never).map(({ name, shorthand }) => (shorthand ? `{${name}}` : name));
};

function moduleInput(file: string, source: string): MdxModuleInput {
  const { repaired, content, tree } = analyzeMdx(file, source);
  return { docsDir: '/docs', file, source: repaired.source, tree: tree!, content, react: false, isReactModule: () => false };
}

describe('free names', () => {
  it('are the names code uses without defining them, wherever they are used', () => {
    assert.deepEqual(free('(`run ${script} in ${dir.path}`)'), ['script', 'dir']);
    assert.deepEqual(free('(shown ? <a href={`/x/${slug}`} {...rest}>{label}</a> : null)'), ['shown', 'slug', 'rest', 'label']);
    assert.deepEqual(free('({ tier, limit: max, [key]: 1 })'), ['{tier}', 'max', 'key']);
    assert.deepEqual(free('(typeof token === "string" && token.length)'), ['token', 'token']);
  });

  it('are not what the code declares, nor property names, labels or tag names', () => {
    assert.deepEqual(free('(items.map((item, index) => <Row key={index}>{item.name}</Row>))'), ['items']);
    assert.deepEqual(free('(function total(list) { var sum = 0; for (const n of list) { sum += n; } return sum + total.length + arguments.length; })'), []);
    assert.deepEqual(free('(({ a = fallback, ...others }) => { let b; try { b = a; } catch (error) { b = error; } return [b, others]; })'), ['fallback']);
    assert.deepEqual(free('(() => { out: for (;;) { break out; } class Box { static size = width; grow() { return this; } } return Box; })'), ['width']);
    assert.deepEqual(free('(import.meta.url)'), []);
  });
});

describe('a snippet', () => {
  const snippet = [
    "import Steps2 from '/snippets/steps.mdx';",
    'export const base = "https://example.com";',
    '',
    'Run {`uv run python ${script}`}, from {base}.',
    '',
    '<Card title={title ?? "Untitled"} href={`/x/${slug}`} {...extra}>',
    '  {shown ? <b>{count}</b> : items.map((item) => <i>{item}</i>)} and {Math.max(count, 1)}',
    '</Card>',
    '',
    '> A quote {`with ${quoted}`}',
    '',
    'Plain {name}, and {({ name })}.',
  ].join('\n');

  it('reads every name it does not define from the props the page gives it, in text, attributes, conditions and JSX', () => {
    const mdx = mdxModuleSource(moduleInput('snippets/run.mdx', snippet));
    assert.match(mdx, /Run \{`uv run python \$\{props\.script\}`\}, from \{base\}\./);
    assert.match(mdx, /<Card title=\{props\.title \?\? "Untitled"\} href=\{`\/x\/\$\{props\.slug\}`\} \{\.\.\.props\.extra\}>/);
    assert.match(mdx, /\{props\.shown \? <b>\{props\.count\}<\/b> : props\.items\.map\(\(item\) => <i>\{item\}<\/i>\)\} and \{Math\.max\(props\.count, 1\)\}/);
    assert.match(mdx, /> A quote \{`with \$\{props\.quoted\}`\}/);
    assert.match(mdx, /Plain \{props\.name\}, and \{\(\{ name: props\.name \}\)\}\./);
    assert.equal(functionBodySource(moduleInput('snippets/run.mdx', snippet)).source.includes('{`uv run python ${props.script}`}'), true, 'rendered from its source alike');
  });

  it('is read as written in a page, which nothing gives props', () => {
    const mdx = mdxModuleSource(moduleInput('guide.mdx', 'Run {`uv run ${script}`}.\n'));
    assert.match(mdx, /Run \{`uv run \$\{script\}`\}\./);
  });
});
