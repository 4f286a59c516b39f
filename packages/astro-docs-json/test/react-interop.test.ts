// React interop as Mintlify runs it: components that MDX snippets export, wrappers that
// pass their children on to React components (in pages and in `.jsx` snippets), and what
// a component that fails while its page renders becomes: a warning the summary counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createComponent } from 'astro/runtime/server/index.js';
import { asStrict } from '../src/core/diagnostics.ts';
import { analyzeMdx } from '../src/core/markdown/page-content.ts';
import { reactModuleTest } from '../src/core/pages/react-modules.ts';
import { componentFailure } from '../src/core/report/render-failure.ts';
import { formatSummary, summarizeSite } from '../src/core/report/summary.ts';
import { guardedProps, guardOf, UNGUARDED } from '../src/astro/components/component-guard.ts';
import { functionBodySource, mdxExportedNames, mdxModuleSource, pageReactModule, reactComponentsDefined, type MdxModuleInput } from '../src/astro/mdx/mdx-module.ts';
import { exportedNames } from '../src/astro/mdx/declared-names.ts';
import { pageReactModuleId, withReactGlobals } from '../src/astro/mdx/react-module.ts';
import { makeDocs } from './helpers.ts';

/** A docs folder with the files pages here import. */
const docsDir = makeDocs({
  'snippets/planner.mdx': 'Planner.\n',
  'snippets/panel-hooks.jsx': 'export const Panel = () => null;\n',
  'snippets/badge.tsx': 'export default function Badge() { return <b>new</b>; }\n',
  'snippets/levels.js': 'export const levels = [1, 2];\n',
});

/** The MDX module input of `source`: `.jsx` files named `*hooks*` are React's, and MDX snippets export what `reactExports` says. */
function moduleInput(file: string, source: string, reactExports: Record<string, string[]> = {}): MdxModuleInput {
  const { repaired, content, tree } = analyzeMdx(file, source);
  return {
    docsDir,
    file,
    source: repaired.source,
    tree: tree!,
    content,
    react: true,
    isReactModule: (path) => path.includes('hooks'),
    reactExportsOf: (path) => reactExports[path] ?? [],
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('components an MDX snippet exports', () => {
  const snippet =
    'export const Gauge = ({ start }) => {\n  const [fuel, setFuel] = useState(start);\n  return <button onClick={() => setFuel(fuel - 1)}>{fuel}</button>;\n};\n\n' +
    'export const Stage = () => {\n  const [n] = useState(1);\n  return <b>{n}</b>;\n};\n\nexport const limit = 3;\n\nThe snippet uses its own: <Gauge start={2} />\n';

  it('move to the snippet’s React module, which its MDX imports and exports again', () => {
    const input = moduleInput('snippets/planner.mdx', snippet);
    assert.deepEqual(reactComponentsDefined(input), ['Gauge', 'Stage']);
    const mdx = mdxModuleSource(input);
    assert.match(mdx, new RegExp(`import \\{ Gauge, Stage \\} from "${escaped(pageReactModuleId('snippets/planner.mdx'))}"; export \\{ Gauge, Stage \\};`));
    assert.match(mdx, /<Gauge client:load start=\{2\} \/>/, 'its own content hydrates it');
    assert.doesNotMatch(mdx, /useState/);
    assert.match(mdx, /export const limit = 3;/, 'data stays exported from the MDX');
    const react = pageReactModule(input);
    assert.match(react, /^import \{ useState \} from 'react';$/m);
    assert.match(react, /export const Gauge = /);
    assert.match(react, /export const limit = 3;/, 'the components get a copy of the data');
  });

  it('are imported by a page from that module, by name, with the rest of the statement kept', () => {
    const page = "import Planner, { Gauge, limit, Stage as Booster } from '/snippets/planner.mdx';\n\n<Planner />\n\n<Gauge start={limit} />\n\n<Booster />\n";
    const input = moduleInput('guide.mdx', page, { 'snippets/planner.mdx': ['Gauge', 'Stage'] });
    const mdx = mdxModuleSource(input);
    const reactModule = JSON.stringify(pageReactModuleId('snippets/planner.mdx'));
    assert.match(mdx, new RegExp(`import \\{ Gauge as Gauge, Stage as Booster \\} from ${escaped(reactModule)}; import Planner, \\{ limit as limit \\} from ${escaped(JSON.stringify(`${docsDir}/snippets/planner.mdx`))};`));
    assert.match(mdx, /<Gauge client:load start=\{limit\} \/>/);
    assert.match(mdx, /<Booster client:load \/>/);
    assert.match(mdx, /<Planner \/>/, 'the snippet’s content is Astro’s');
  });

  it('reach the React components of a snippet that imports them', () => {
    const log = "import { Gauge } from '/snippets/planner.mdx';\n\nexport const Twin = () => (\n  <div>\n    <Gauge start={1} />\n    <Gauge start={2} />\n  </div>\n);\n";
    const input = moduleInput('snippets/log.mdx', log, { 'snippets/planner.mdx': ['Gauge'] });
    assert.deepEqual(reactComponentsDefined(input), ['Twin'], 'it renders only React components: React’s too');
    assert.match(pageReactModule(input), new RegExp(`^import \\{ Gauge as Gauge \\} from ${escaped(JSON.stringify(pageReactModuleId('snippets/planner.mdx')))};$`, 'm'));
  });

  it('leave a site without React as it was', () => {
    const input = { ...moduleInput('snippets/planner.mdx', snippet), react: false };
    assert.deepEqual(reactComponentsDefined(input), []);
    assert.match(mdxModuleSource(input), /useState/);
  });
});

describe('components that pass their children on to React components', () => {
  const page =
    "import { Panel } from '/snippets/panel-hooks.jsx';\n\n" +
    'export const Box = ({ title, children }) => <Panel title={title}>{children}</Panel>;\n\n' +
    'export const Outer = ({ children }) => <section><Box title="x">{children}</Box></section>;\n\n' +
    'export const Mixed = ({ children }) => <Panel><Note>fixed</Note>{children}</Panel>;\n\n' +
    '<Box title="Brief">\n  Some **Markdown**.\n\n  <Note>Inside.</Note>\n</Box>\n\n<Mixed>text</Mixed>\n';

  it('are React components when they render only React components, wrappers of wrappers included', () => {
    const input = moduleInput('guide.mdx', page);
    assert.deepEqual(reactComponentsDefined(input), ['Box', 'Outer']);
    const mdx = mdxModuleSource(input);
    assert.match(mdx, /<Box client:load title="Brief">/, 'hydrated, its children given as HTML');
    assert.match(mdx, /export const Mixed = /, 'one that renders a built-in component stays with Astro');
    assert.match(mdx, /<Mixed>text<\/Mixed>/);
  });

  it('in `.jsx` snippets, make the snippet React’s, unless it renders built-in components', () => {
    const dir = makeDocs({
      'snippets/panel.jsx': 'export const Panel = ({ children }) => { const [open] = useState(true); return open ? <div>{children}</div> : null; };\n',
      'snippets/wrapper.jsx': "import { Panel } from '/snippets/panel.jsx';\n\nconst Frame = ({ children }) => <Panel>{children}</Panel>;\nexport const Wrapper = ({ children }) => <Frame>{children}</Frame>;\n",
      'snippets/mixed.jsx': "import { Panel } from './panel.jsx';\n\nexport const Mixed = ({ children }) => <Panel><Note>n</Note>{children}</Panel>;\n",
      'snippets/plain.jsx': 'export const Plain = () => <div>x</div>;\n',
      'snippets/a.jsx': "import { B } from './b.jsx';\nexport const A = () => <B />;\n",
      'snippets/b.jsx': "import { A } from './a.jsx';\nexport const B = () => <A />;\n",
    });
    const isReact = reactModuleTest(dir);
    assert.equal(isReact('snippets/panel.jsx'), true, 'hooks');
    assert.equal(isReact('snippets/wrapper.jsx'), true, 'renders only React components, and its own');
    assert.equal(isReact('snippets/mixed.jsx'), false, 'renders a built-in component');
    assert.equal(isReact('snippets/plain.jsx'), false, 'renders HTML only');
    assert.equal(isReact('snippets/a.jsx'), false, 'an import cycle decides nothing');
    assert.equal(isReact('snippets/missing.jsx'), false);
  });
});

describe('components a page gives a React component in its props', () => {
  const page =
    "import { Panel } from '/snippets/panel-hooks.jsx';\n\n" +
    'export const Sample = ({ children, ...props }) => <Boxed><CodeBlock {...props}>{children}</CodeBlock></Boxed>;\n\n' +
    'export const Boxed = ({ children }) => <div className="boxed">{children}</div>;\n\n' +
    'export const limit = 3;\n\n' +
    '<Panel Block={Sample} title="Try">\n  Some **Markdown**.\n</Panel>\n\n<Panel Block={CodeBlock} count={limit} />\n\n<Sample language="js">x</Sample>\n';

  it('make the element an island of its own, whose wrapper binds them in the page’s React module', () => {
    const input = moduleInput('guide.mdx', page);
    const mdx = mdxModuleSource(input);
    const reactModule = escaped(JSON.stringify(pageReactModuleId('guide.mdx')));
    assert.match(mdx, new RegExp(`import \\{ Panel\\$island0, Panel\\$island1 \\} from ${reactModule};`));
    assert.doesNotMatch(mdx, /export \{ Panel\$island/, 'the wrappers are the page’s own, not exported');
    assert.match(mdx, /<Panel\$island0 client:load Block=\{Sample\} title="Try">\n {2}Some \*\*Markdown\*\*\.\n<\/Panel\$island0>/, 'its children stay Markdown');
    assert.match(mdx, /<Panel\$island1 client:load Block=\{CodeBlock\} count=\{limit\} \/>/);
    assert.match(mdx, /export const Sample = /, 'the page’s own markup keeps the Astro version');
    assert.match(mdx, /<Sample language="js">x<\/Sample>/);
    assert.deepEqual(reactComponentsDefined(input), [], 'no React component moves out of the page');
  });

  it('give the React module a copy of those components, and of the page’s components they render', () => {
    const react = pageReactModule(moduleInput('guide.mdx', page));
    assert.match(react, /^export const Sample = \(\{ children, \.\.\.props \}\) => <Boxed>/m);
    assert.match(react, /^export const Boxed = /m);
    assert.match(react, /^export const limit = 3;$/m);
    assert.match(react, /^export const Panel\$island0 = \(props\) => <Panel \{\.\.\.props\} Block=\{Sample\} \/>;\nPanel\$island0\.displayName = "Panel";$/m);
    assert.match(react, /^export const Panel\$island1 = \(props\) => <Panel \{\.\.\.props\} Block=\{CodeBlock\} \/>;$/m, 'a built-in given by name');
    assert.match(react, /^import \{ builtIn as __builtIn \} from "astro-docs-json\/react-components";\nconst CodeBlock = __builtIn\("CodeBlock"\);$/m, 'the built-ins there are React’s');
  });

  it('take into the React module, which the browser loads, only code and React’s components: never a .tsx compiled for Astro', () => {
    const withImports = `import Badge from '/snippets/badge.tsx';\nimport { levels } from '/snippets/levels.js';\n${page}\n<Badge />\n`;
    const react = pageReactModule(moduleInput('guide.mdx', withImports));
    assert.match(react, /^import \{ Panel \} from ".*snippets\/panel-hooks\.jsx";$/m);
    assert.match(react, /^import \{ levels \} from ".*snippets\/levels\.js";$/m);
    assert.doesNotMatch(react, /badge\.tsx/, 'Astro’s JSX runtime runs on the server only');
  });

  it('leave props that are not components, and components given to what is not React’s, as they were', () => {
    const plain = "import { Panel } from '/snippets/panel-hooks.jsx';\n\nexport const Sample = () => <Note>x</Note>;\n\n<Panel count={limit} label={Sample.name} />\n\n<Card icon={Sample} />\n";
    const mdx = mdxModuleSource(moduleInput('guide.mdx', plain));
    assert.match(mdx, /<Panel client:load count=\{limit\} label=\{Sample\.name\} \/>/);
    assert.match(mdx, /<Card icon=\{Sample\} \/>/);
    assert.doesNotMatch(pageReactModule(moduleInput('guide.mdx', plain)), /island|export const Sample/);
  });
});

describe('React code', () => {
  it('gets the built-in components it names as React’s, and other unknown components as their content', () => {
    const code = 'export const Pick = ({ Item = Tip }) => {\n  const [n] = useState(1);\n  return <Note><Tree.Folder name="a" /><Unknown>{n}</Unknown><Item /></Note>;\n};\n';
    const lines = withReactGlobals(code).split('\n');
    assert.deepEqual(lines.slice(0, 4), [
      "import { useState } from 'react';",
      'import { builtIn as __builtIn } from "astro-docs-json/react-components";',
      'const Note = __builtIn("Note"), Tree = __builtIn("Tree");',
      'const Unknown = ({ children }) => children ?? null;',
    ]);
  });
});

describe('an import of a name its file does not export', () => {
  it('is a component that fails where it is used (a notice), or undefined data, not a build the bundler stops', () => {
    const page = "import Planner, { Gauge, Chart, limit } from '/snippets/planner.mdx';\nimport { Panel, Ghost } from '/snippets/panel-hooks.jsx';\n\n<Planner />\n\n<Chart />\n\n<Ghost />\n\n{limit}\n";
    const exported: Record<string, Set<string>> = { 'snippets/planner.mdx': new Set(['default', 'Gauge']), 'snippets/panel-hooks.jsx': new Set(['Panel']) };
    const input = { ...moduleInput('guide.mdx', page, { 'snippets/planner.mdx': ['Gauge'] }), exportsOf: (file: string) => exported[file] };
    const mdx = mdxModuleSource(input);
    assert.match(mdx, /export const Chart = __missingExport\("Chart", "snippets\/planner\.mdx"\), limit = undefined, Ghost = __missingExport\("Ghost", "snippets\/panel-hooks\.jsx"\);/);
    assert.match(mdx, /import \{ missingExport as __missingExport \} from "astro-docs-json\/components";/);
    assert.match(mdx, new RegExp(`import \\{ Gauge as Gauge \\} from [^;]+; import Planner from ${escaped(JSON.stringify(`${docsDir}/snippets/planner.mdx`))};`));
    assert.match(mdx, new RegExp(`import \\{ Panel as Panel \\} from ${escaped(JSON.stringify(`${docsDir}/snippets/panel-hooks.jsx`))};`));
    assert.doesNotMatch(pageReactModule(input), /Ghost/, 'nor does the page’s React module import it');
  });

  it('rendered from its source, falls back to such a component when the file lacks it', () => {
    const { source } = functionBodySource({ ...moduleInput('guide.mdx', "import Planner, { Chart, limit } from '/snippets/planner.mdx';\n\n<Chart />\n"), react: false });
    assert.match(source, /export const Planner = __docsImport0\["default"\], Chart = __docsImport0\["Chart"\] \?\? __missingExport\("Chart", "snippets\/planner\.mdx"\), limit = __docsImport0\["limit"\];/);
    assert.match(source, /import \{ missingExport as __missingExport \} from "astro-docs-json\/components";/);
  });

  it('is known from what MDX and code files export, and left unchecked where that is open', () => {
    const mdx = mdxExportedNames(moduleInput('snippets/x.mdx', "import Gone from '/snippets/gone.mdx';\nexport const A = 1, b = 2;\nexport { b as C };\n\n<Card>x</Card>\n"))!;
    for (const name of ['A', 'b', 'C', 'Card', 'Gone', 'default', 'frontmatter']) assert.ok(mdx.has(name), name);
    assert.equal(mdx.has('D'), false);
    assert.equal(mdxExportedNames(moduleInput('snippets/y.mdx', "export * from './z.mdx';\n")), undefined);
    assert.deepEqual([...exportedNames('export const A = () => 1;\nexport function B() {}\nexport default A;\nconst c = 1;\nexport { c as D };\n', 'jsx')!].sort(), ['A', 'B', 'D', 'default']);
    assert.equal(exportedNames('export const { a, b } = obj;\n', 'jsx'), undefined, 'a pattern: not known');
    assert.equal(exportedNames('export const = ;', 'jsx'), undefined, 'does not parse');
  });
});

describe('a component that fails while its page renders', () => {
  it('is a warning naming the page, the component and the first line of the reason', () => {
    const error = new TypeError('channel is offline\n    at Telemetry (page.mdx:3:9)');
    assert.deepEqual(componentFailure('guide/page.mdx', 'Telemetry', error), {
      severity: 'warning',
      code: 'component-error',
      file: 'guide/page.mdx',
      message: '`<Telemetry>` failed while the page was rendered, and shows a notice in its place: TypeError: channel is offline',
      hint: 'Check the code that defines `<Telemetry>` and the props the page gives it; the rest of the page is built.',
    });
  });

  it('counts in the summary, and is an error under `strict`', () => {
    const failures = [componentFailure('a.mdx', 'Telemetry', new Error('x')), componentFailure('b.mdx', 'Chart', new Error('y'))];
    const summary = summarizeSite({ config: {}, routes: [{ hidden: false }, { hidden: false }], diagnostics: failures });
    assert.deepEqual(summary.warnings, [{ code: 'component-error', label: 'components that failed while their page rendered, shown as a notice', count: 2 }]);
    assert.match(formatSummary(summary), /2 warnings, tolerated as Mintlify does \(`strict` makes them errors\):\n {6}2 {2}components that failed while their page rendered, shown as a notice \(component-error\)/);
    assert.deepEqual(asStrict(failures).map((d) => d.severity), ['error', 'error']);
  });

  it('is guarded when a page or snippet defines or imports it, not when it is built in or Astro’s', () => {
    const Telemetry = () => null;
    const guard = guardOf(Telemetry);
    assert.equal(typeof guard, 'function');
    assert.equal(guardOf(Telemetry), guard, 'one guard per component');
    assert.equal((guard as { isAstroComponentFactory?: boolean }).isAstroComponentFactory, true);
    assert.equal(guardOf('div'), undefined);
    assert.equal(guardOf(Object.assign(() => null, { [UNGUARDED]: true })), undefined, 'a built-in component');
    assert.equal(guardOf(createComponent(() => '' as never)), undefined, 'an Astro component');
    assert.equal(guardOf(Object.assign(() => null, { [Symbol.for('mdx-component')]: true })), undefined, 'a snippet’s content');
    assert.equal(guardOf(function _createMdxContent() {}), undefined, 'MDX’s own function');
  });

  it('keeps its hydration directives aside from the guard, for the component inside', () => {
    assert.deepEqual(guardedProps({ start: 2, 'client:load': true, 'client:component-path': '/x.jsx' }), { start: 2, __astroDocsJsonDirectives: { 'client:load': true, 'client:component-path': '/x.jsx' } });
    const plain = { start: 2 };
    assert.equal(guardedProps(plain), plain);
  });
});
