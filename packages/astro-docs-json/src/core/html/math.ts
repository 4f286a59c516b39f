/**
 * LaTeX, typeset at build time with KaTeX, as Mintlify does (remark-math and rehype-katex):
 * readable without any script. The parser's `math` feature reads `$…$` and `$$…$$`
 * (`core/markdown/math.ts` says when a dollar is math); ```` ```math ```` blocks are display
 * math too, and a `<Latex>` element of literal text is inline math. A formula KaTeX cannot
 * typeset shows its source; loading the site warned about it, with its line.
 *
 * The formulas are typeset on the HTML tree, after syntax highlighting, which leaves
 * `math` code alone. The same formula is typeset once for the whole build.
 */
import type { Element, ElementContent } from 'hast';
import { htmlToHast, type HastPluginDefinition, type MdastPluginDefinition } from 'satteri';
import { latexElementSource, typesetFormula } from '../markdown/math.ts';

/** Typeset formulas by their TeX and mode: a site writes the same ones on many pages. */
const typeset = new Map<string, ElementContent[]>();
const TYPESET_KEPT = 5000;

export const mathFormulas: HastPluginDefinition = {
  name: 'astro-docs-json:math',
  element: {
    filter: ['code'],
    visit(node, ctx) {
      const classes = node.properties.className;
      if (!Array.isArray(classes) || !classes.includes('language-math')) return;
      const parent = ctx.parent(node);
      const block = parent?.type === 'element' && parent.tagName === 'pre';
      const tex = ctx.textContent(node).replace(/\n$/, '');
      ctx.replaceNode(block ? parent : node, formulaNodes(tex, block));
    },
  },
};

function formulaNodes(tex: string, display: boolean): ElementContent[] {
  const key = `${display ? 'display' : 'inline'}\0${tex}`;
  let nodes = typeset.get(key);
  if (!nodes) {
    const { html, error } = typesetFormula(tex, display);
    nodes = html === undefined ? [formulaSource(tex, display, error)] : withoutNamespaceDeclarations((htmlToHast(html, { fragment: true }) as { children: ElementContent[] }).children);
    if (typeset.size >= TYPESET_KEPT) typeset.clear();
    typeset.set(key, nodes);
  }
  return structuredClone(nodes);
}

/**
 * KaTeX writes `xmlns` on its `<math>` and `<svg>`, which the HTML parser reads as a
 * namespace declaration (a property named `:xmlns`, not an attribute). HTML needs none:
 * the browser puts both elements in their namespaces by their names.
 */
function withoutNamespaceDeclarations(nodes: ElementContent[]): ElementContent[] {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    for (const key of Object.keys(node.properties)) if (key.startsWith(':')) delete node.properties[key];
    withoutNamespaceDeclarations(node.children);
  }
  return nodes;
}

/** A formula that cannot be typeset: its TeX as code, and why on hover. */
function formulaSource(tex: string, display: boolean, error: string): Element {
  const code: Element = { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: tex }] };
  const title = `This formula cannot be typeset: ${error}`;
  return display
    ? { type: 'element', tagName: 'pre', properties: { className: ['math-error'], title }, children: [code] }
    : { ...code, properties: { className: ['math-error'], title } };
}

/**
 * With LaTeX turned off (docs.json `styling.latex: false`), formulas are the text their
 * author wrote, dollars and all. They are still read as formulas, as Mintlify reads them,
 * so that braces between dollars are never MDX expressions; a ```` ```math ```` block stays
 * a code block.
 */
export const formulasAsText: HastPluginDefinition = {
  name: 'astro-docs-json:math-as-text',
  element: {
    filter: ['code'],
    visit(node, ctx) {
      const classes = node.properties.className;
      if (!Array.isArray(classes) || !classes.includes('math-inline') && !classes.includes('math-display')) return;
      const parent = ctx.parent(node);
      const tex = ctx.textContent(node);
      if (classes.includes('math-inline')) ctx.replaceNode(node, { type: 'text', value: `$${tex}$` });
      else if (parent?.type === 'element') ctx.replaceNode(parent, { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: `$$\n${tex}\n$$` }] });
    },
  },
};

/**
 * `<Latex>a^2 + b^2</Latex>`, Mintlify's component for inline math, as the parser's own
 * inline math: typeset like `$…$`. One whose content is an expression is left to the
 * component (`astro/components/mdx/Latex.astro`), which typesets what it evaluates to.
 */
export const latexElements: MdastPluginDefinition = {
  name: 'astro-docs-json:latex-element',
  // The element's text is read from the source, by its position.
  options: { position: true },
  mdxJsxTextElement(node, ctx) {
    const tex = node.name === 'Latex' ? writtenTex(ctx.source, node.position) : undefined;
    if (tex !== undefined) ctx.replaceNode(node, { type: 'inlineMath', value: tex });
  },
  mdxJsxFlowElement(node, ctx) {
    const tex = node.name === 'Latex' ? writtenTex(ctx.source, node.position) : undefined;
    if (tex !== undefined) ctx.replaceNode(node, { type: 'paragraph', children: [{ type: 'inlineMath', value: tex }] });
  },
};

function writtenTex(source: string, position: { start: { offset?: number }; end: { offset?: number } } | undefined): string | undefined {
  const [start, end] = [position?.start.offset, position?.end.offset];
  return start === undefined || end === undefined ? undefined : latexElementSource(source.slice(start, end));
}
