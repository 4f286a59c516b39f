// docs.json `theme` and `background`: the schema that reads them, and the CSS the page head
// writes for `background`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/core/config/load-config.ts';
import { backgroundCss, cssString, themeOf } from '../src/core/theme/background.ts';
import { errors, makeDocs, summary } from './helpers.ts';

const load = (config: Record<string, unknown>) => loadConfig(makeDocs({ 'docs.json': { name: 'Themes', navigation: { pages: ['index'] }, ...config }, 'index.mdx': '# Hi\n' }));
const sitePath = (path: string) => (/^[a-z]+:/.test(path) ? path : `/docs${path.startsWith('/') ? '' : '/'}${path}`);

describe('docs.json theme', () => {
  it('is mint unless docs.json names one of the nine', async () => {
    assert.equal(themeOf(undefined), 'mint');
    assert.equal(themeOf({}), 'mint');
    const linden = await load({ theme: 'linden' });
    assert.deepEqual(summary(linden.diagnostics), []);
    assert.equal(themeOf(linden.config), 'linden');
  });

  it('refuses a theme Mintlify does not have', async () => {
    const result = await load({ theme: 'oak' });
    assert.equal(errors(result.diagnostics).length, 1);
    assert.match(errors(result.diagnostics)[0]!.message, /theme/);
  });
});

describe('docs.json background', () => {
  it('reads colours, an image in either form, and a decoration', async () => {
    const result = await load({
      background: { color: { light: '#F8FAFC', dark: '#0F172A' }, image: { light: '/bg.png', dark: '/bg-dark.png' }, decoration: 'grid' },
    });
    assert.deepEqual(summary(result.diagnostics), []);
    assert.deepEqual(result.config?.background, { color: { light: '#F8FAFC', dark: '#0F172A' }, image: { light: '/bg.png', dark: '/bg-dark.png' }, decoration: 'grid' });
    assert.deepEqual((await load({ background: { image: '/hero.png' } })).config?.background, { image: '/hero.png' });
  });

  it('warns about a key it does not know and errs on a value it cannot use', async () => {
    const unknown = await load({ background: { decoration: 'gradient', blur: 4 } });
    assert.deepEqual(summary(unknown.diagnostics), ['warning unknown-key background.blur']);
    assert.equal(unknown.config?.background?.decoration, 'gradient');
    for (const background of [{ decoration: 'stripes' }, { color: { light: 'white' } }, { image: { light: '/a.png' } }]) {
      const result = await load({ background });
      assert.equal(errors(result.diagnostics).length, 1, JSON.stringify(background));
      assert.match(errors(result.diagnostics)[0]!.path ?? '', /^background/);
    }
  });

  it('writes the colours for each scheme, over the themes', () => {
    assert.equal(backgroundCss({ color: { light: '#F8FAFC', dark: '#0F172A' } }, sitePath), ':root:root:root{--bg-light:#F8FAFC;--bg-dark:#0F172A}');
    assert.equal(backgroundCss({ color: { dark: '#000' } }, sitePath), ':root:root:root{--bg-dark:#000}');
  });

  it('writes one image for both schemes, or a dark one for the dark scheme, at the site path', () => {
    assert.equal(backgroundCss({ image: 'images/bg.png' }, sitePath), ':root:root:root{--bg-image:url("/docs/images/bg.png")}');
    const both = backgroundCss({ image: { light: '/bg.png', dark: 'https://cdn.example.com/bg-dark.png' } }, sitePath)!;
    assert.match(both, /^:root:root:root\{--bg-image:url\("\/docs\/bg\.png"\)\}/);
    assert.match(both, /@media \(prefers-color-scheme:dark\)\{:root:root:root:not\(\[data-theme='light'\]\)\{--bg-image:url\("https:\/\/cdn\.example\.com\/bg-dark\.png"\)\}\}/);
    assert.match(both, /:root:root:root\[data-theme='dark'\]\{--bg-image:url\("https:\/\/cdn\.example\.com\/bg-dark\.png"\)\}/);
  });

  it('writes nothing for a decoration alone, which is an attribute, or for no background', () => {
    assert.equal(backgroundCss({ decoration: 'windows' }, sitePath), undefined);
    assert.equal(backgroundCss(undefined, sitePath), undefined);
  });

  it('keeps an image path from ending the string, the rule or the style element', () => {
    const css = backgroundCss({ image: 'https://x.example/a.png");}</style><script>alert(1)</script>' }, (path) => path)!;
    assert.doesNotMatch(css, /<|>/);
    assert.equal(css.match(/"/g)?.length, 2, 'only the quotes around the URL');
    assert.equal(cssString('a\\b\nc'), '"a\\5c b\\a c"');
  });
});
