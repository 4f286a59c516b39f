// `a11y`: WCAG contrast of docs.json's colours, and images and videos with no text alternative.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contrastProblems, contrastRatio, missingAltText, readableTextOn } from '../src/core/a11y/accessibility.ts';
import { parseMarkdown } from '../src/core/markdown/markdown-tree.ts';

describe('colour contrast', () => {
  it('follows WCAG 2\'s formula', () => {
    assert.equal(contrastRatio('#000000', '#ffffff'), 21);
    assert.equal(contrastRatio('#fff', '#fff'), 1);
    // WCAG's own example: #777 on white is 4.48:1, just under AA.
    assert.equal(contrastRatio('#777777', '#ffffff')!.toFixed(2), '4.48');
    assert.equal(contrastRatio('#767676', '#ffffff')!.toFixed(2), '4.54');
    assert.equal(contrastRatio('red', '#fff'), undefined);
  });

  it('picks the text colour that reads best on a background', () => {
    assert.equal(readableTextOn('#b91c1c'), '#ffffff');
    // A mid green: near-black reads better (4.9:1) than white (3.9:1).
    assert.equal(readableTextOn('#0D9373'), '#111111');
    assert.equal(readableTextOn('#A8FF53'), '#111111');
    assert.equal(readableTextOn('#1e293b'), '#ffffff');
  });

  it('checks the primary on the light background and the light colour on the dark one', () => {
    assert.deepEqual(contrastProblems({ colors: { primary: '#166534', light: '#55D799' } }), []);
    // Mintlify's own default green is under AA on white.
    assert.equal(contrastProblems({ colors: { primary: '#0D9373' } })[0]?.ratio, 3.86);
    const pale = contrastProblems({ colors: { primary: '#A8FF53' } });
    assert.deepEqual(pale.map(({ setting, mode }) => `${setting} ${mode}`), ['colors.primary light']);
    assert.equal(pale[0]!.ratio, 1.22);
    const dark = contrastProblems({ colors: { primary: '#166534', light: '#1a1a40' } });
    assert.deepEqual(dark.map(({ setting, mode, background }) => `${setting} ${mode} ${background}`), ['colors.light dark #0f1216']);
  });

  it('checks colors.dark at 3:1, for the interface, against both backgrounds', () => {
    // A mid green passes on both; Mintlify's own example, #0D9373, too (3.86 and 4.86).
    assert.deepEqual(contrastProblems({ colors: { primary: '#166534', light: '#55D799', dark: '#15803d' } }), []);
    assert.deepEqual(contrastProblems({ colors: { primary: '#166534', light: '#55D799', dark: '#0D9373' } }), []);
    // A dark indigo is lost on the dark background; a pale green on the light one.
    const indigo = contrastProblems({ colors: { primary: '#166534', light: '#55D799', dark: '#312e81' } });
    assert.deepEqual(indigo.map(({ setting, mode, threshold, ratio }) => `${setting} ${mode} ${threshold} ${ratio}`), ['colors.dark dark 3 1.64']);
    const pale = contrastProblems({ colors: { primary: '#166534', light: '#55D799', dark: '#A8FF53' } });
    assert.deepEqual(pale.map(({ setting, mode }) => `${setting} ${mode}`), ['colors.dark light']);
    // 4.5:1 is for text: #0D9373 at 3.86:1 on white passes as colors.dark, not as the primary.
    assert.deepEqual(contrastProblems({ colors: { primary: '#0D9373', dark: '#0D9373' } }).map(({ setting, mode }) => `${setting} ${mode}`), ['colors.primary light']);
  });

  it('uses docs.json\'s own backgrounds', () => {
    const problems = contrastProblems({ colors: { primary: '#166534', light: '#55D799' }, background: { color: { light: '#0b3d2e', dark: '#0f1216' } } });
    assert.deepEqual(problems.map(({ mode, background }) => `${mode} ${background}`), ['light #0b3d2e']);
  });
});

describe('alt text', () => {
  it('finds Markdown images, <img>, images in <Frame>, and videos with no text alternative, at their lines', () => {
    const tree = parseMarkdown(
      [
        '![](/images/a.png)',
        '![A chart](/images/b.png)',
        '<img src="/images/c.png" />',
        '<img src="/images/d.png" alt="" />',
        '<Frame caption="A caption is no alt text">\n  <img src="/images/e.png" />\n</Frame>',
        '<video src="/v.mp4" controls />',
        '<video src="/w.mp4" title="A demo" controls />',
      ].join('\n\n'),
      true,
    );
    const found = missingAltText(tree, 3).map(({ line, element, src }) => `${line} ${element} ${src}`);
    assert.deepEqual(found, ['4 image /images/a.png', '8 <img> /images/c.png', '13 <img> /images/e.png', '16 <video> /v.mp4']);
  });
});
