// Mermaid blocks and LaTeX formulas: when a dollar sign is math (remark-math's rules, as
// Mintlify reads pages), how formulas and diagrams are rendered, their options, and the
// warnings for those that cannot be typeset or drawn; and Mermaid's own files, which a
// build copies beside the pages.
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { markdownToHtml, markdownToMdast, mdxToJs, mdxToMdast } from 'satteri';
import { docsMarkdown } from '../src/core/html/index.ts';
import { diagramOptions, diagramProblem, readDiagram } from '../src/core/markdown/diagrams.ts';
import { DiagramThread } from '../src/core/markdown/diagram-thread.ts';
import { latexElementSource, typesetFormula } from '../src/core/markdown/math.ts';
import { MINTLIFY_SYNTAX } from '../src/core/markdown/syntax.ts';
import { analyzePageContent } from '../src/core/markdown/page-content.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { mermaidPath, type MermaidBuild } from '../src/astro/build/mermaid-files.ts';
import { copyMermaid } from '../src/astro/build/output-files.ts';
import { makeDocs } from './helpers.ts';

type Inline = [type: string, value: string | undefined];

/** A paragraph's inline nodes as the site reads them: type and value. */
function inline(source: string, mdx = false): Inline[] {
  const tree = (mdx ? mdxToMdast : markdownToMdast)(source, { features: MINTLIFY_SYNTAX }) as { children: Array<{ type: string; value?: string; children?: Array<{ type: string; value?: string }> }> };
  return tree.children.flatMap((node) => (node.type === 'paragraph' ? node.children!.map((child): Inline => [child.type, child.value]) : [[node.type, node.value] as Inline]));
}

const render = (source: string, config?: Parameters<typeof docsMarkdown>[0]) => {
  const { mdastPlugins, hastPlugins, features } = docsMarkdown(config);
  // Our plugins are synchronous: so is the result.
  return (markdownToHtml(source, { mdastPlugins, hastPlugins, features }) as { html: string }).html;
};

describe('when a dollar sign is math (remark-math, with single dollars on)', () => {
  it('pairs dollars like code spans: two in a paragraph make a formula of what lies between, currency or not', () => {
    assert.deepEqual(inline('It costs $5 and $10.'), [['text', 'It costs '], ['inlineMath', '5 and '], ['text', '10.']]);
    assert.deepEqual(inline('Price: $5, $6 and $7.'), [['text', 'Price: '], ['inlineMath', '5, '], ['text', '6 and $7.']]);
    assert.deepEqual(inline('Use $HOME and $PATH'), [['text', 'Use '], ['inlineMath', 'HOME and '], ['text', 'PATH']]);
    assert.deepEqual(inline('a$b$c'), [['text', 'a'], ['inlineMath', 'b'], ['text', 'c']]);
  });

  it('leaves a lone dollar, an escaped one and dollars in code as text', () => {
    assert.deepEqual(inline('A lone $ sign.'), [['text', 'A lone $ sign.']]);
    assert.deepEqual(inline('$5'), [['text', '$5']]);
    assert.deepEqual(inline('Escaped \\$5 and \\$10.'), [['text', 'Escaped $5 and $10.']]);
    assert.deepEqual(inline('In code `$x$` here.'), [['text', 'In code '], ['inlineCode', '$x$'], ['text', ' here.']]);
    assert.deepEqual(inline('```bash\nexport A=$5 B=$6\n```'), [['code', 'export A=$5 B=$6']]);
    assert.deepEqual(inline('\\$x$ and $y$'), [['text', '$x'], ['inlineMath', 'and'], ['text', 'y$']]);
  });

  it('reads $$ in a line as inline math, and $$ on lines of their own as a display block', () => {
    assert.deepEqual(inline('Inline $$x^2$$ double.'), [['text', 'Inline '], ['inlineMath', 'x^2'], ['text', ' double.']]);
    assert.deepEqual(inline('$$\nE=mc^2\n$$'), [['math', 'E=mc^2']]);
    assert.deepEqual(inline('$ spaced $ math'), [['inlineMath', 'spaced'], ['text', ' math']]);
  });

  it('reads the same in MDX, where braces between dollars are TeX, not expressions', () => {
    assert.deepEqual(inline('It costs $5 and $10.', true), [['text', 'It costs '], ['inlineMath', '5 and '], ['text', '10.']]);
    assert.deepEqual(inline('Half: $\\frac{1}{2}$ and {1 + 1}', true), [['text', 'Half: '], ['inlineMath', '\\frac{1}{2}'], ['text', ' and '], ['mdxTextExpression', '1 + 1']]);
  });
});

describe('formulas', () => {
  it('are typeset once per text and mode: a formula that recurs (in each version of a site) is the same result', () => {
    const first = typesetFormula('e^{i\\pi} + 1 = 0', false);
    assert.equal(typesetFormula('e^{i\\pi} + 1 = 0', false), first);
    assert.notEqual(typesetFormula('e^{i\\pi} + 1 = 0', true), first);
    assert.match(typesetFormula('e^{i\\pi} + 1 = 0', true).html!, /katex-display/);
    assert.equal(typesetFormula('\\frac{1}{', false).error, typesetFormula('\\frac{1}{', false).error);
    assert.ok(typesetFormula('\\frac{1}{', false).error);
  });

  it('are typeset with KaTeX at build time: HTML for the eye, MathML for screen readers', () => {
    const html = render('The area is $A = \\pi r^2$.\n\n$$\n\\frac{a}{b}\n$$\n\n```math\nx^2\n```\n');
    assert.match(html, /<p>The area is <span class="katex"><span class="katex-mathml"><math>/);
    assert.match(html, /<annotation encoding="application\/x-tex">A = \\pi r\^2<\/annotation>/);
    assert.equal(html.match(/<span class="katex-display">/g)?.length, 2);
    assert.doesNotMatch(html, /language-math|<pre/);
    // No namespace declaration the HTML parser reads as a stray property.
    assert.doesNotMatch(html, /:xmlns/);
  });

  it('show their source when KaTeX cannot typeset them', () => {
    const html = render('Broken $\\frac{1}{$ here.');
    assert.match(html, /<code class="math-error" title="This formula cannot be typeset: [^"]+">\\frac\{1\}\{<\/code>/);
  });

  it('are the text written when docs.json turns LaTeX off (styling.latex: false)', () => {
    const html = render('It costs $5 and $10.\n\n$$\nE=mc^2\n$$\n', { styling: { latex: false } } as never);
    assert.match(html, /<p>It costs \$5 and \$10\.<\/p>/);
    assert.match(html, /<p>\$\$\nE=mc\^2\n\$\$<\/p>/);
    assert.doesNotMatch(html, /katex/);
  });

  it('<Latex> with literal text is inline math; with an expression it is left to the component', async () => {
    assert.equal(latexElementSource('<Latex>a^2 + b_1</Latex>'), 'a^2 + b_1');
    assert.equal(latexElementSource('<Latex>\\{x\\}</Latex>'), '{x}');
    assert.equal(latexElementSource('<Latex>{String.raw`\\frac{a}{b}`}</Latex>'), undefined);
    const { mdastPlugins, hastPlugins, features } = docsMarkdown(undefined);
    const { code } = await mdxToJs('Euler: <Latex>e^i + 1</Latex>.', { mdastPlugins, hastPlugins, features, jsxImportSource: 'astro' });
    assert.match(code, /"e\^i \+ 1"/);
    assert.match(code, /katex-mathml/);
  });
});

describe('mermaid blocks', () => {
  it('read placement and actions from the meta, as Mintlify does', () => {
    assert.deepEqual(diagramOptions(undefined), { placement: 'bottom-right' });
    assert.deepEqual(diagramOptions('placement="top-left" actions={false}'), { placement: 'top-left', actions: false });
    assert.deepEqual(diagramOptions("actions={true} placement='bottom-left'"), { placement: 'bottom-left', actions: true });
    assert.deepEqual(diagramOptions('actions="false"'), { placement: 'bottom-right', actions: false });
    assert.deepEqual(diagramOptions('Actions=true Placement="top-right"'), { placement: 'top-right', actions: true });
    assert.deepEqual(diagramOptions('actions'), { placement: 'bottom-right', actions: true });
    assert.deepEqual(diagramOptions('actions={maybe}'), { placement: 'bottom-right' });
    assert.deepEqual(diagramOptions('placement="middle"'), { placement: 'bottom-right', unknownPlacement: 'middle' });
  });

  it('become a figure holding the diagram text as written, not highlighted code', () => {
    const html = render('```mermaid placement="top-left" actions={false}\nflowchart LR\n  A --> B\n```\n');
    assert.equal(html.trim(), '<figure class="mermaid-diagram" data-placement="top-left" data-actions="false"><pre class="mermaid-source">flowchart LR\n  A --&gt; B</pre></figure>');
  });

  it('are read by Mermaid in Node: a diagram it cannot draw is a problem, with its line', async () => {
    assert.equal(await diagramProblem('flowchart LR\n  A --> B'), undefined);
    assert.equal(await diagramProblem('pie title Pets\n  "Dogs": 3'), undefined);
    assert.deepEqual(await diagramProblem('sequenceDiagram\n  Alice->>Bob: Hi\n  Bob-->>Alice Hello'), {
      message: "Parse error on line 3: Expecting 'TXT', got 'NEWLINE'",
      line: 3,
    });
    assert.match((await diagramProblem('pie title Pets\n  "Dogs" 3'))!.message, /line 2, column \d+: Expecting token of type ':'/);
    assert.match((await diagramProblem('not a diagram'))!.message, /No diagram type detected/);
  });

  it('are read on a thread of their own as on this one, and on this one once the thread has ended', async () => {
    const texts = ['flowchart LR\n  A --> B', 'sequenceDiagram\n  Alice->>Bob: Hi\n  Bob-->>Alice Hello', 'pie title Pets\n  "Dogs" 3'];
    const thread = new DiagramThread();
    const read = await Promise.all(texts.map(thread.read));
    assert.deepEqual(read, await Promise.all(texts.map(readDiagram)));
    assert.equal(read.filter(Boolean).length, 2);
    await thread.close();
    assert.deepEqual(await thread.read(texts[1]!), read[1]);
    await thread.close();
  });
});

describe('warnings for formulas and diagrams', () => {
  const docs = (pageText: string, config: object = {}) =>
    makeDocs({
      'docs.json': { name: 'Test', theme: 'mint', colors: { primary: '#000000' }, navigation: { pages: ['index'] }, ...config },
      'index.mdx': pageText,
      'snippets/flow.mdx': '```mermaid\nflowchart LR\n  A --> B\n```\n',
    });
  const page = `---\ntitle: Home\n---\n\nimport Flow from '/snippets/flow.mdx';\n\nIt costs $5 and $10, or $\\frac{1}{$ (broken).\n\n\`\`\`mermaid\nsequenceDiagram\n  Alice->>Bob: Hi\n  Bob-->>Alice Hello\n\`\`\`\n\n<Flow />\n`;

  it('name the page and line of a formula KaTeX cannot typeset and of a diagram Mermaid cannot draw', async () => {
    const site = await loadSite(docs(page));
    const found = site.diagnostics.filter((d) => d.code === 'math-syntax' || d.code === 'diagram-syntax').map(({ severity, code, file, line }) => ({ severity, code, file, line }));
    assert.deepEqual(found, [
      { severity: 'warning', code: 'math-syntax', file: 'index.mdx', line: 7 },
      { severity: 'warning', code: 'diagram-syntax', file: 'index.mdx', line: 12 },
    ]);
    assert.equal(site.ok, true);
    const math = site.diagnostics.find((d) => d.code === 'math-syntax')!;
    assert.match(math.message, /The formula `\\frac\{1\}\{` cannot be typeset/);
  });

  it('say nothing of currency that reads as a formula KaTeX can typeset, nor of formulas when LaTeX is off', async () => {
    const currency = await loadSite(docs('---\ntitle: Home\n---\n\nPlans cost $5 and $10 a month; the $20 plan adds $3 per seat.\n'));
    assert.deepEqual(currency.diagnostics.filter((d) => d.code === 'math-syntax'), []);
    const off = await loadSite(docs(page, { styling: { latex: false } }));
    assert.deepEqual(off.diagnostics.filter((d) => d.code === 'math-syntax'), []);
  });

  it('mark the pages that draw, through the snippets they import, for their styles and script', async () => {
    const model = buildSiteModel(await loadSite(docs(`---\ntitle: Home\n---\n\nimport Flow from '/snippets/flow.mdx';\n\nText with $x$.\n\n<Flow />\n`)));
    const home = model.pages.find((view) => view.url === '/')!;
    assert.equal(home.diagrams, true);
    assert.equal(home.math, true);
    const plain = buildSiteModel(await loadSite(docs('---\ntitle: Home\n---\n\nNo drawings, one $ sign.\n')));
    assert.equal(plain.pages[0]!.diagrams, undefined);
    assert.equal(plain.pages[0]!.math, undefined);
  });

  it('warn of a placement that is no corner', () => {
    const content = analyzePageContent('a.md', '```mermaid placement="center"\nflowchart LR\n  A --> B\n```\n');
    assert.equal(content.diagrams?.count, 1);
    assert.deepEqual(content.diagrams?.problems.map(({ line, setting }) => ({ line, setting })), [{ line: 1, setting: true }]);
  });
});

describe("Mermaid's files in a build", () => {
  it('are copied where the pages preload them, as they are; a rebuild writes again only one that differs', async () => {
    const chunk = 'chunks/mermaid.esm.min/flowDiagram-X.mjs';
    const dir = makeDocs({ 'mermaid.esm.min.mjs': 'export default {};\n', [chunk]: 'export const flow = 1;\n', 'mermaid.js': 'not published' });
    const build: MermaidBuild = { dir, version: '1.2.3', files: ['mermaid.esm.min.mjs', chunk] };
    const outDir = makeDocs({});
    const output = (file: string) => path.join(outDir, mermaidPath(build.version, file));
    assert.equal(await copyMermaid(build, outDir), 2);
    assert.equal(mermaidPath(build.version), '/_docs/mermaid/1.2.3/mermaid.esm.min.mjs');
    for (const file of build.files) assert.deepEqual(readFileSync(output(file)), readFileSync(path.join(dir, file)));
    // The files a rebuild kept in place stay as they are; one of another size is copied again.
    const entryWritten = statSync(output('mermaid.esm.min.mjs')).mtimeMs;
    writeFileSync(output(chunk), 'cut');
    assert.equal(await copyMermaid(build, outDir), 1);
    assert.equal(statSync(output('mermaid.esm.min.mjs')).mtimeMs, entryWritten);
    assert.equal(readFileSync(output(chunk), 'utf8'), 'export const flow = 1;\n');
    assert.equal(await copyMermaid(build, outDir), 0);
  });
});
