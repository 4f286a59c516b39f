/**
 * ```` ```mermaid ```` blocks become diagrams, as on Mintlify: a figure holding the diagram's
 * text, which the browser draws (`astro/client/diagrams.ts`), with its controls where the
 * block's meta puts them (`placement`, `actions`). It is done on the Markdown tree, before
 * syntax highlighting, which would make highlighted code of the text; the text stays in a
 * plain `<pre>` (no `<code>` in it, which the highlighter would take), readable without
 * JavaScript, as written: a node of our own, since Markdown's text trims its lines.
 */
import type { MdastPluginDefinition } from 'satteri';
import { diagramOptions } from '../markdown/diagrams.ts';

export const mermaidDiagrams: MdastPluginDefinition = {
  name: 'astro-docs-json:mermaid',
  code(node, ctx) {
    if (node.lang !== 'mermaid') return;
    const { placement, actions } = diagramOptions(node.meta);
    ctx.replaceNode(node, {
      type: 'mermaidDiagram',
      data: {
        hName: 'figure',
        hProperties: { className: ['mermaid-diagram'], dataPlacement: placement, ...(actions === undefined ? {} : { dataActions: String(actions) }) },
      },
      children: [{ type: 'mermaidSource', data: { hName: 'pre', hProperties: { className: ['mermaid-source'] } }, children: [{ type: 'mermaidText', value: node.value }] }],
    });
  },
};
