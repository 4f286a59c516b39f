// The registry of the built-in components: every name and member has its Markdown converter
// (the types see to its other parts), and the style sheets the Astro half names are the
// layout's, none of the components' own left unnamed.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BUILT_IN_COMPONENTS } from '../src/core/markdown/built-in-components.ts';
import { builtInMarkdown } from '../src/core/markdown/built-in-registry.ts';

const ASTRO = fileURLToPath(new URL('../src/astro/', import.meta.url));
const read = (file: string) => readFileSync(ASTRO + file, 'utf8');

describe('the built-in registry', () => {
  it('converts every built-in tag to Markdown, and no other', () => {
    const tags = Object.entries(BUILT_IN_COMPONENTS).flatMap(([name, members]) => [name, ...members.map((member) => `${name}.${member}`)]);
    assert.ok(tags.length > 40, 'the names are read');
    assert.deepEqual(tags.filter((tag) => !builtInMarkdown(tag)), []);
    for (const tag of ['Acme', 'Card.Folder', 'Tree.Folder.File', 'toString', 'Tree.constructor', 'img', '']) assert.equal(builtInMarkdown(tag), undefined, tag);
  });

  it('names style sheets that the layout imports, and every sheet of styles/components/', () => {
    const named = new Set([...read('components/mdx/index.ts').matchAll(/'([\w/.-]+\.css)'/g)].map((match) => match[1]!));
    const imported = new Set([...read('components/Layout.astro').matchAll(/^import '\.\.\/styles\/([\w/.-]+\.css)';$/gm)].map((match) => match[1]!));
    assert.ok(named.has('components/cards.css') && imported.has('themes.css'), 'the names and imports are read');
    assert.deepEqual([...named].filter((sheet) => !existsSync(`${ASTRO}styles/${sheet}`) || !imported.has(sheet)), []);
    const sheets = readdirSync(`${ASTRO}styles/components`).filter((file) => file.endsWith('.css'));
    assert.deepEqual(sheets.filter((file) => !named.has(`components/${file}`) || !imported.has(`components/${file}`)), []);
  });
});
