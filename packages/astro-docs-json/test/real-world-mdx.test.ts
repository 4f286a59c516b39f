// MDX as real Mintlify repositories write it: components inside attributes, React
// components defined in the page or in `.jsx` snippets with hooks and no import, imports
// and images that are not there, and pages that throw while they render.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isInteractiveReact, hooksCalledIn } from '../src/core/markdown/jsx-in-code.ts';
import { analyzeMdx } from '../src/core/markdown/page-content.ts';
import { compileFailure, pageFailure } from '../src/core/report/render-failure.ts';
import { failurePosition } from '../src/core/report/failure-position.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { formatSummary, summarizeSite } from '../src/core/report/summary.ts';
import { mdxModuleSource, pageReactModule, type MdxModuleInput } from '../src/astro/mdx/mdx-module.ts';
import { pageReactModuleId, withReactGlobals } from '../src/astro/mdx/react-module.ts';
import { withoutDroppedImports } from '../src/astro/vite/code-imports.ts';
import { makeDocs, summary } from './helpers.ts';

/** The MDX module of `file` in `dir`, as the compiler gets it. */
function moduleInput(dir: string, file: string, source: string, react = true): MdxModuleInput {
  const { repaired, content, tree } = analyzeMdx(file, source);
  return { docsDir: dir, file, source: repaired.source, tree: tree!, content, react, isReactModule: (path) => path.endsWith('.jsx') && path.includes('hooks') };
}

describe('components inside JSX expressions', () => {
  it('are declared and their icons collected, wherever MDX allows JSX', () => {
    const source =
      '<Update label={<><Icon icon="rocket" /> Quickstart</>} description="v2">\n  Text\n</Update>\n\n' +
      'Inline {<Badge>new</Badge>} and {cond ? <Tooltip tip="x">a</Tooltip> : null}.\n\n' +
      'export const Box = () => <Card title="In code" icon="bolt">x</Card>;\n';
    const { content } = analyzeMdx('page.mdx', source);
    assert.deepEqual(content.components.map((c) => c.name).sort(), ['Badge', 'Card', 'Icon', 'Tooltip', 'Update']);
    assert.deepEqual(content.icons.map((icon) => (typeof icon === 'string' ? icon : icon.name)).sort(), ['bolt', 'rocket']);
  });

  it('leave comparisons and type arguments alone', () => {
    assert.deepEqual(analyzeMdx('page.mdx', 'export const f = (a, B) => a<B;\n\n{useState<Value>(1)}\n').content.components, []);
  });
});

describe('components written for React', () => {
  it('are those that call hooks or handle events', () => {
    assert.equal(isInteractiveReact('export const C = () => { const [n, setN] = useState(0); return <b>{n}</b>; }'), true);
    assert.equal(isInteractiveReact('export const C = () => <button onClick={() => alert(1)}>x</button>'), true);
    assert.equal(isInteractiveReact('export const C = ({ title }) => <Card title={title} />'), false);
    assert.deepEqual(hooksCalledIn('const a = useState(1); const b = React.useEffect(() => {}); useMemo(x)'), ['useState', 'useMemo']);
  });

  it('defined in a page move to a module of their own, and their uses are hydrated', () => {
    const source =
      "---\ntitle: T\n---\nimport confetti from 'canvas-confetti';\n\nexport const Counter = ({ start }) => {\n  const [n, setN] = useState(start);\n  return <button onClick={() => setN(n + 1)}>Clicked {n}</button>;\n};\n\n" +
      'export const Plain = () => <Note>static</Note>;\n\n<Counter start={2} />\n\n<Counter render={() => 1} />\n\n<Plain />\n';
    // An installed package: its import is kept.
    const input = moduleInput(makeDocs({ 'node_modules/canvas-confetti/package.json': '{}' }), 'guide/page.mdx', source);
    const mdx = mdxModuleSource(input);
    assert.match(mdx, new RegExp(`import \\{ Counter \\} from "${pageReactModuleId('guide/page.mdx')}";`));
    assert.doesNotMatch(mdx, /useState/, 'the React component left the page');
    assert.match(mdx, /<Counter client:load start=\{2\} \/>/);
    assert.match(mdx, /<Counter render=\{\(\) => 1\} \/>/, 'a function prop cannot cross to the browser: rendered on the server only');
    assert.match(mdx, /export const Plain = \(\) => <Note>static<\/Note>;/, 'a component without hooks stays in the page, for Astro');
    const react = pageReactModule(input);
    assert.match(react, /^import \{ useState \} from 'react';$/m);
    assert.match(react, /^import confetti from 'canvas-confetti';$/m, 'the page\'s imports come along');
    assert.match(react, /export const Counter = /);
  });

  it('in `.jsx` files get the hooks Mintlify provides without an import, the built-in components as React’s, and unknown components show their content', () => {
    const code = 'export const Toggle = ({ children }) => {\n  const [open, setOpen] = useState(false);\n  useEffect(() => {}, []);\n  return <div><Tip>hi</Tip><Gadget>g</Gadget><button onClick={() => setOpen(!open)}>x</button>{open && children}</div>;\n};\n';
    const out = withReactGlobals(code);
    assert.match(out, /^import \{ useState, useEffect \} from 'react';$/m);
    assert.match(out, /^const Tip = __builtIn\("Tip"\);$/m);
    assert.match(out, /^const Gadget = \(\{ children \}\) => children \?\? null;$/m);
    assert.equal(withReactGlobals("import { useState } from 'react';\nexport const A = () => useState(1);\n"), "import { useState } from 'react';\nexport const A = () => useState(1);\n");
  });

  it('make the site add React’s renderer, only when a page has some', async () => {
    const base = { 'docs.json': { name: 'x', navigation: { pages: ['a'] } } };
    const withHooks = await loadSite(makeDocs({ ...base, 'a.mdx': "import { Toggle } from '/snippets/toggle.jsx';\n\n<Toggle />\n", 'snippets/toggle.jsx': 'export const Toggle = () => { const [o] = useState(1); return <b>{o}</b>; };\n' }));
    assert.equal(withHooks.react, true);
    const defined = await loadSite(makeDocs({ ...base, 'a.mdx': 'export const C = () => { const [n] = useState(0); return <b>{n}</b>; };\n\n<C />\n' }));
    assert.equal(defined.react, true);
    const none = await loadSite(makeDocs({ ...base, 'a.mdx': "import { Box } from '/snippets/box.jsx';\n\n<Box />\n", 'snippets/box.jsx': 'export const Box = () => <div>x</div>;\n' }));
    assert.equal(none.react, false);
  });
});

describe('imports and images that are not there', () => {
  it('an import of a missing file renders nothing, with a warning', async () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['a'] } }, 'a.mdx': "import Gone, { Other } from '/snippets/gone.mdx';\nimport Here from '/snippets/here.mdx';\n\n<Gone /> <Here />\n", 'snippets/here.mdx': 'Here.\n' });
    const mdx = mdxModuleSource(moduleInput(dir, 'a.mdx', "import Gone, { Other } from '/snippets/gone.mdx';\nimport Here from '/snippets/here.mdx';\n\n<Gone /> <Here />\n", false));
    assert.match(mdx, /^import \{ component as __component, nothing as __nothing \} from "astro-docs-json\/components"; export const Gone = __nothing, Other = __nothing;$/m);
    assert.match(mdx, new RegExp(`import Here from ${JSON.stringify(`${dir}/snippets/here.mdx`).replace(/[/.]/g, '\\$&')}`), 'snippets are read from the docs folder');
    const site = await loadSite(dir);
    assert.deepEqual(summary(site.diagnostics), ['warning missing-import a.mdx']);
  });

  it('an import of a package that is not installed, or of Mintlify\'s own, is left out: built-in components stand in, others show their content', async () => {
    const page = [
      '---',
      'title: A',
      '---',
      "import { Card, CardGroup as Grid } from '@mintlify/components';",
      "import { Gauge, formatReading } from '@acme-nowhere/dials';",
      "import { Spark } from 'sparkline-kit';",
      "import { Note } from '/snippets/gone.jsx';",
      '',
      '<Grid cols={2}><Card title="One">first</Card></Grid> <Gauge.Needle>read</Gauge.Needle> <Spark /> <Note>kept</Note>',
    ].join('\n');
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['a'] } }, 'a.mdx': page, 'node_modules/sparkline-kit/package.json': '{}' });
    const mdx = mdxModuleSource(moduleInput(dir, 'a.mdx', page, false));
    assert.doesNotMatch(mdx, /@mintlify|@acme-nowhere|gone\.jsx/, 'the imports are left out');
    assert.match(mdx, /export const Card = __component\("Card", \[\]\), Grid = __component\("CardGroup", \[\]\), Gauge = __component\("Gauge", \["Needle"\]\), formatReading = undefined, Note = __component\("Note", \[\]\);/);
    assert.match(mdx, /^import \{ Spark \} from 'sparkline-kit';$/m, 'an installed package is imported');

    const site = await loadSite(dir);
    assert.equal(site.ok, true);
    assert.deepEqual(site.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line} ${d.message}`), [
      'warning dropped-import a.mdx:4 The import of `@mintlify/components` is left out, as on Mintlify: Mintlify\'s components are built in. `<Card>` and `<Grid>` are the built-in components.',
      'warning dropped-import a.mdx:5 The import of `@acme-nowhere/dials` is left out, as on Mintlify: the package is not installed where the docs are built. `<Gauge>` shows its content alone; `formatReading` is undefined.',
      'warning page-import a.mdx:6 The page imports `sparkline-kit`, which is not a file of the docs folder: its code runs on the machine that builds the site.',
      'warning missing-import a.mdx:7 The import `/snippets/gone.jsx` is not a file of the docs folder: `<Note>` is the built-in component, and the rest of what it imports renders as nothing.',
    ]);
  });

  it('in a `.jsx` snippet, an import of a package that is not installed is left out too: the built-in components stand in for Astro, content for React', async () => {
    const code = "import { Card } from '@mintlify/components';\nimport { Gauge, scale } from 'gauge-nowhere';\n\nexport const Box = () => <Card title={scale}><Gauge.Needle /></Card>;\n";
    const astro = withoutDroppedImports(code, 'jsx', '/docs', 'snippets/box.jsx', true);
    assert.equal(
      astro.split('\n')[0],
      'import { component as __component } from "astro-docs-json/components"; const Card = __component("Card", []); const Gauge = __component("Gauge", ["Needle"]); const scale = undefined; ',
    );
    assert.equal(astro.split('\n').length, code.split('\n').length, 'its lines keep their numbers');
    const react = withoutDroppedImports(code, 'jsx', '/docs', 'snippets/box.jsx', false);
    assert.match(react, /^const Card = \(\{ children \}\) => children \?\? null; const Gauge = Object\.assign\(\(\{ children \}\) => children \?\? null, \{ Needle: /);
    assert.doesNotMatch(react, /from '@mintlify|gauge-nowhere/);

    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['a'] } }, 'a.mdx': "import { Box } from '/snippets/box.jsx';\n\n<Box />\n", 'snippets/box.jsx': code });
    const site = await loadSite(dir);
    assert.deepEqual(site.diagnostics.map((d) => `${d.code} ${d.file}:${d.line} ${d.message}`), [
      'dropped-import snippets/box.jsx:1 The import of `@mintlify/components` is left out, as on Mintlify: Mintlify\'s components are built in. `<Card>` is the built-in component.',
      'dropped-import snippets/box.jsx:2 The import of `gauge-nowhere` is left out, as on Mintlify: the package is not installed where the docs are built. `<Gauge>` shows its content alone; `scale` is undefined.',
    ]);
  });

  it('a missing image, whatever its path form, is a warning naming the page and the line', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'x', navigation: { pages: ['guide/a'] } },
      'guide/a.mdx': '# A\n\n![One](./images/one.png)\n\n![Two](../images/two.png)\n\n![Three](/images/three.png)\n\n![Four](images/four.png)\n\n<img src="./five.png" />\n',
    });
    const site = await loadSite(dir);
    assert.equal(site.ok, true);
    assert.deepEqual(site.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}`), [
      'warning missing-image guide/a.mdx:3',
      'warning missing-image guide/a.mdx:5',
      'warning missing-image guide/a.mdx:7',
      'warning missing-image guide/a.mdx:9',
      'warning missing-image guide/a.mdx:11',
    ]);
    assert.equal((await loadSite(dir, { strict: true })).ok, false);
  });
});

describe('a page that throws while it renders', () => {
  const page = [
    ...['---', 'title: Tide tables', 'description: When the harbour floods', '---', '', 'High water at {tides.morning}.', '', '{almanac.entries.map((entry) => entry.hour)}', ''],
    ...['Printed in {almanac.year}; the tides and the `.map` of the harbour are in the almanac.', '', '```js', 'tides.map(print);', '```', ''],
  ].join('\n');

  it('is a warning naming the page, the line that threw where the page writes it once, and the reason', () => {
    assert.deepEqual(pageFailure('tides.mdx', new ReferenceError('tides is not defined'), page), {
      severity: 'warning',
      code: 'page-error',
      file: 'tides.mdx',
      line: 6,
      column: 16,
      message: 'The page failed while it was rendered, and shows a notice in place of its content: ReferenceError: tides is not defined',
      hint: 'Check the expressions of the page and the code of the files it imports: one of them threw; the rest of the site is built.',
    });
    const component = pageFailure('a.mdx', new Error('Unable to render `Counter`.\n\nNo valid renderer was found for this file extension.'));
    assert.equal(component.message, '`<Counter>` failed while the page was rendered, and shows a notice in place of its content: Unable to render `Counter`.');
    assert.equal(component.line, undefined, 'no source, no line');
  });

  it('is placed by what the error names in the page’s code (not its prose): a name not defined, a property read from nothing, a call of no function', () => {
    const at = (error: Error) => failurePosition(page, error);
    assert.deepEqual(at(new TypeError("Cannot read properties of undefined (reading 'map')")), { line: 8, column: 17 });
    assert.deepEqual(at(new TypeError('almanac.entries.map is not a function')), { line: 8, column: 2 });
    assert.deepEqual(at(new TypeError("Cannot read properties of null (reading 'morning')")), { line: 6, column: 21 });
    assert.equal(at(new ReferenceError('title is not defined')), undefined, 'the frontmatter is not code');
    assert.equal(at(new ReferenceError('print is not defined')), undefined, 'nor is a code block');
    assert.equal(at(new ReferenceError('almanac is not defined')), undefined, 'written on more than one line: no guess');
    assert.equal(at(new RangeError('Maximum call stack size exceeded')), undefined);
  });

  it('is an error when the page cannot be compiled', () => {
    assert.deepEqual(compileFailure('b.mdx', new SyntaxError('Unexpected token\n    at somewhere')), {
      severity: 'error',
      code: 'render-failed',
      file: 'b.mdx',
      message: 'The page could not be compiled: SyntaxError: Unexpected token',
      hint: 'Check the page’s MDX or Markdown where the reason points.',
    });
  });
});

describe('the summary a build ends with', () => {
  it('counts pages, names what was left out and why, and counts warnings by kind', () => {
    const site = {
      config: {},
      routes: [{ hidden: false }, { hidden: true }],
      diagnostics: [
        { severity: 'warning' as const, code: 'missing-page', file: 'docs.json', path: 'navigation.pages[1]', message: 'm', omitted: 'setup' },
        { severity: 'warning' as const, code: 'missing-image', file: 'a.mdx', line: 3, message: 'm' },
        { severity: 'warning' as const, code: 'missing-image', file: 'a.mdx', line: 5, message: 'm' },
        { severity: 'warning' as const, code: 'page-error', file: 'tides.mdx', line: 6, column: 16, message: 'm' },
        { severity: 'warning' as const, code: 'page-error', file: 'charts.mdx', message: 'm' },
      ],
    };
    assert.equal(
      formatSummary(summarizeSite(site)),
      '2 pages (1 not in the navigation)\n' +
        '1 navigation entry left out:\n' +
        '  setup  (no file; docs.json navigation.pages[1])\n' +
        '2 pages failed while they rendered, built with a notice in place of their content:\n' +
        '  charts.mdx\n' +
        '  tides.mdx:6:16\n' +
        '5 warnings, tolerated as Mintlify does (`strict` makes them errors):\n' +
        '      2  images not in the docs folder (missing-image)\n' +
        '      2  pages that failed while they rendered, shown with a notice in place of their content (page-error)\n' +
        '      1  navigation pages with no file (missing-page)',
    );
  });
});
