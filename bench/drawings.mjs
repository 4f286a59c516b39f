// What Mermaid diagrams, LaTeX formulas and code block options cost the Mintlify-like pages
// (`--content mintlify`), per page that has them, apart from the rest of the build: reading
// each diagram with Mermaid's parsers when the site is loaded (the warning for one that
// cannot be drawn), typesetting each formula with KaTeX when its page is rendered, and
// highlighting each block with options through Mintlify's transformers rather than without
// them. The browser draws the diagrams; the build only publishes Mermaid's files, whose size
// is printed too.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
const ms = (value) => `${value.toFixed(1)} ms`;

export async function measureDrawings(docsDir) {
  const { loadSite } = await import('astro-docs-json/core');
  const { mdxToMdast } = await import('satteri');
  const { diagramProblem } = await import('../packages/astro-docs-json/src/core/markdown/diagrams.ts');
  const { typesetFormula } = await import('../packages/astro-docs-json/src/core/markdown/math.ts');
  const { MINTLIFY_SYNTAX } = await import('../packages/astro-docs-json/src/core/markdown/syntax.ts');
  // Loading Mermaid first, alone: loading the site reads the diagrams with it.
  let start = performance.now();
  await diagramProblem('flowchart LR\n  A --> B');
  const loading = performance.now() - start;
  const site = await loadSite(docsDir);
  const diagrams = [];
  const formulas = [];
  const optionBlocks = [];
  const [diagramPages, mathPages, optionPages] = [new Set(), new Set(), new Set()];
  for (const route of site.routes) {
    if (!route.content.diagrams && !route.content.math && !route.content.languages.some((language) => language.name === 'js')) continue;
    const walk = (node) => {
      if (node.type === 'code' && node.lang === 'mermaid') diagrams.push(node.value) && diagramPages.add(route.file);
      if (node.type === 'math' || node.type === 'inlineMath') formulas.push([node.value, node.type === 'math']) && mathPages.add(route.file);
      if (node.type === 'code' && node.meta?.includes('lines')) optionBlocks.push(node) && optionPages.add(route.file);
      node.children?.forEach(walk);
    };
    walk(mdxToMdast(readFileSync(path.join(docsDir, route.file), 'utf8'), { features: MINTLIFY_SYNTAX }));
  }
  // Each text made unique by a Mermaid comment, which its parser skips: loading the site read
  // them already, and each distinct text is read once per build.
  start = performance.now();
  for (const [index, text] of diagrams.entries()) await diagramProblem(`%% bench ${index}\n${text}`);
  const reading = performance.now() - start;
  const distinct = new Set(diagrams).size;
  start = performance.now();
  for (const [tex, display] of formulas) typesetFormula(tex, display);
  const typesetting = performance.now() - start;
  const options = await highlightingCost(optionBlocks);
  const mermaidDir = path.join(path.dirname(import.meta.resolve('mermaid/package.json').replace('file://', '')), 'dist');
  const published = [path.join(mermaidDir, 'mermaid.esm.min.mjs'), ...readdirSync(path.join(mermaidDir, 'chunks/mermaid.esm.min')).filter((name) => name.endsWith('.mjs')).map((name) => path.join(mermaidDir, 'chunks/mermaid.esm.min', name))];
  const size = published.reduce((total, file) => total + statSync(file).size, 0);
  console.log(
    `Diagrams: ${diagrams.length} on ${diagramPages.size} of ${site.routes.length} pages, ${distinct} distinct; read by Mermaid in ${ms(reading)} (${ms(reading / Math.max(1, diagramPages.size))} per page with one; a build reads each distinct text once), ` +
      `after loading Mermaid once in ${ms(loading)}; the build publishes its ${published.length} files (${kib(size)}), each page fetches those its diagrams need.`,
  );
  console.log(
    `Code block options: ${optionBlocks.length} blocks (highlighted lines, line numbers, diff notation) on ${optionPages.size} pages, highlighted in ${ms(options.with)} with Mintlify's options ` +
      `against ${ms(options.without)} as plain blocks: ${ms((options.with - options.without) / Math.max(1, optionPages.size))} more per page with one.`,
  );
  console.log(`Math: ${formulas.length} formulas on ${mathPages.size} pages, typeset in ${ms(typesetting)} (${ms(typesetting / Math.max(1, mathPages.size))} per page with some); KaTeX's styles are linked by those pages only.`);
}

/** Shiki's time for `blocks`, with the code block transformers and without them, each the best of three passes. */
async function highlightingCost(blocks) {
  const { createHighlighter } = await import('shiki');
  const { codeBlockTransformers } = await import('../packages/astro-docs-json/src/core/html/code-blocks.ts');
  const highlighter = await createHighlighter({ themes: ['github-dark'], langs: ['js'] });
  const pass = (transformers) => {
    const start = performance.now();
    for (const { value, lang, meta } of blocks) highlighter.codeToHast(value, { lang, theme: 'github-dark', meta: { __raw: meta }, transformers });
    return performance.now() - start;
  };
  const best = (transformers) => Math.min(...[0, 1, 2].map(() => pass(transformers)));
  pass(codeBlockTransformers); // warm
  return { without: best([]), with: best(codeBlockTransformers) };
}
