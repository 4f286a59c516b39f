// Code blocks highlighted once per text, each page given its own copy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoizeHighlight } from '../src/astro/mdx/highlight-memo.ts';

describe('memoizeHighlight', () => {
  const counting = () => {
    const calls: string[] = [];
    const highlight = async (code: string, lang: string, meta?: string) => {
      calls.push(`${lang}:${meta ?? ''}:${code}`);
      return { type: 'element', tagName: 'pre', properties: { className: [`language-${lang}`] }, children: [{ type: 'text', value: code }] };
    };
    return { calls, highlight };
  };

  it('highlights a block once, and gives each later page an equal copy of its own', async () => {
    const { calls, highlight } = counting();
    const memo = memoizeHighlight(highlight);
    const first = await memo('npm install', 'bash', 'Terminal');
    const second = await memo('npm install', 'bash', 'Terminal');
    const third = await memo('npm install', 'bash', 'Terminal');
    assert.deepEqual(calls, ['bash:Terminal:npm install']);
    assert.deepEqual(second, first);
    assert.notEqual(second, third);
    (second as { children: unknown[] }).children.length = 0;
    assert.deepEqual(await memo('npm install', 'bash', 'Terminal'), first);
  });

  it('tells blocks apart by their code, language and meta', async () => {
    const { calls, highlight } = counting();
    const memo = memoizeHighlight(highlight);
    await memo('x', 'js');
    await memo('x', 'ts');
    await memo('x', 'js', '{1}');
    await memo('y', 'js');
    assert.equal(calls.length, 4);
  });

  it('forgets the least recently used blocks past its budget', async () => {
    const { calls, highlight } = counting();
    // Room for about two blocks.
    const memo = memoizeHighlight(highlight, 260);
    await memo('a', 'js');
    await memo('b', 'js');
    await memo('a', 'js');
    await memo('c', 'js');
    await memo('a', 'js');
    await memo('b', 'js');
    assert.deepEqual(calls, ['js::a', 'js::b', 'js::c', 'js::b']);
  });
});
