// The social images' text set as CSS sets it: lines, baselines, blocks stacked from the bottom.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baselines, blockHeight, stackAtBottom, wrapText } from '../src/core/seo/text-layout.ts';

// Every character 10 wide, a space 5.
const widthOf = (word: string) => [...word].length * 10;

describe('wrapText', () => {
  it('keeps words on a line while they fit, spaces counted', () => {
    assert.deepEqual(wrapText('ab cd ef', 100, widthOf, 5), ['ab cd ef']);
    // "ab cd" is 45 wide; with " ef" 70, past 60.
    assert.deepEqual(wrapText('ab cd ef', 60, widthOf, 5), ['ab cd', 'ef']);
    assert.deepEqual(wrapText('ab cd ef', 45, widthOf, 5), ['ab cd', 'ef']);
    assert.deepEqual(wrapText('ab cd ef', 44, widthOf, 5), ['ab', 'cd', 'ef']);
  });

  it('breaks a word wider than a line between its characters, and goes on after it', () => {
    assert.deepEqual(wrapText('a abcdefgh b', 35, widthOf, 5), ['a', 'abc', 'def', 'gh b']);
  });

  it('gives no line for no words, and none for repeated spaces', () => {
    assert.deepEqual(wrapText('', 30, widthOf, 5), []);
    assert.deepEqual(wrapText('  a   b ', 100, widthOf, 5), ['a b']);
  });
});

describe('line boxes', () => {
  // Ascent 800 and descent -200 of 1000 units: a content box of one font size.
  const metrics = { ascent: 800, descent: -200, unitsPerEm: 1000 };

  it('put each baseline at the half-leading plus the ascent, one line box apart', () => {
    // 20px at 1.5: 30px boxes, 5px of half-leading above the 16px ascent.
    assert.deepEqual(baselines(100, 3, 20, 1.5, metrics), [121, 151, 181]);
    assert.equal(blockHeight(3, 20, 1.5), 90);
  });

  it('stack blocks to end at the bottom, each after its margin', () => {
    assert.deepEqual(stackAtBottom([{ height: 90, marginTop: 0 }, { height: 40, marginTop: 10 }], 500), [360, 460]);
    assert.deepEqual(stackAtBottom([], 500), []);
  });
});
