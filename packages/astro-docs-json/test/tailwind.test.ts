// Pages' Tailwind classes: which class names a page writes, and the stylesheet compiled from them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzePageContent } from '../src/core/markdown/page-content.ts';
import { compileUtilities, utilityInput } from '../src/core/theme/tailwind.ts';
import type { Site } from '../src/core/site/load-site.ts';

const classesOf = (file: string, source: string) => analyzePageContent(file, source).classes ?? [];

describe('class names a page writes', () => {
  it('reads className and class attributes, quoted or as expressions, in JSX, code and HTML', () => {
    const mdx = [
      "export const Hero = ({ dark }) => <div className={dark ? 'bg-black text-white' : `bg-white ${dark}`}>x</div>;",
      '',
      '<img src="/a.png" className="block dark:hidden rounded-xl" />',
      '<div class="mt-4  md:flex">',
      '  <Card title="A" icon={<span className="text-primary" />} />',
      '</div>',
      '',
      'Prose that says block, hidden and flex adds no class.',
    ].join('\n');
    assert.deepEqual(classesOf('page.mdx', mdx), ['bg-black', 'bg-white', 'block', 'dark:hidden', 'md:flex', 'mt-4', 'rounded-xl', 'text-primary', 'text-white']);
    assert.deepEqual(classesOf('page.md', '# Title\n\n<div class="grid gap-4">\n\nText\n\n</div>\n'), ['gap-4', 'grid']);
    assert.deepEqual(classesOf('snippets/box.jsx', 'export const Box = () => <div className="p-4 lg:p-8">x</div>;'), ['lg:p-8', 'p-4']);
  });

  it('has none for a page that writes none', () => {
    assert.equal(analyzePageContent('page.mdx', '# Title\n\n<Note>A note</Note>\n').classes, undefined);
  });
});

describe('the stylesheet', () => {
  const site = (classes: string[][], config: Partial<NonNullable<Site['config']>> = {}) =>
    ({
      routes: classes.map((list) => ({ content: { classes: list } })),
      snippets: [],
      config: { colors: { primary: '#6D28D9', light: '#A78BFA' }, ...config },
    }) as unknown as Site;

  it('compiles the classes of every page once, with dark mode by class and the theme colours of docs.json', async () => {
    const input = utilityInput(site([['rounded-xl', 'dark:hidden', 'md:flex'], ['rounded-xl', 'text-primary-light', 'not-a-tailwind-class']]));
    assert.deepEqual(input.classes, ['dark:hidden', 'md:flex', 'not-a-tailwind-class', 'rounded-xl', 'text-primary-light']);
    const css = await compileUtilities(input);
    assert.match(css, /#content-area \.rounded-xl \{\s*border-radius: 0\.75rem/);
    assert.match(css, /#content-area \.dark\\:hidden:is\(\.dark \*\) \{\s*display: none/);
    assert.match(css, /@media \(min-width: 768px\) \{\s*#content-area \.md\\:flex \{\s*display: flex/);
    assert.match(css, /\.text-primary-light \{[^}]*color: rgb\(167 139 250/);
    assert.doesNotMatch(css, /not-a-tailwind-class/);
    // No reset of the site's own elements (Tailwind's preflight), but borders that `border` draws.
    assert.doesNotMatch(css, /^(html|body|h1|img)\b/m);
    assert.match(css, /^:where\(#content-area \[class\*='border'\][^)]*\) \{\s*border: 0 solid/m);
  });

  it('is empty for a site that writes no class names, or none of Tailwind\'s', async () => {
    assert.equal(await compileUtilities(utilityInput(site([[]]))), '');
    assert.equal(await compileUtilities(utilityInput(site([['acme-box', 'plan-table']]))), '');
  });
});
