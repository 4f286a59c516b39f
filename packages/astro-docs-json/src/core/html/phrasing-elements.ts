/**
 * An HTML element that may hold only phrasing content (a paragraph, a heading, `<span>`,
 * `<a>`, `<button>`, `<label>`, …) written in a page with its text on lines of its own:
 *
 *     <p className="lead">
 *       Text of the lead.
 *     </p>
 *
 * MDX reads the lines between the tags as blocks of Markdown and puts the text in a
 * paragraph of its own, `<p class="lead"><p>Text of the lead.</p></p>`, which a browser
 * splits: an empty `<p class="lead">`, then the text in a bare paragraph, without the
 * author's classes. Mintlify renders the text inside the element, as written: here the
 * paragraphs MDX made inside such an element give way to their text, and two of them (a
 * blank line between) are kept apart by a line break. Other blocks written inside (a list,
 * a code block) are left as they are: no element of HTML can hold them there.
 */
import type { Break, Nodes, PhrasingContent } from 'mdast';
import type { MdastPluginDefinition, MdxJsxFlowElement } from 'satteri';

/** HTML's elements whose content is phrasing content only, and `<a>`, whose text is a link's. */
export const PHRASING_ELEMENTS = new Set([
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'a', 'button', 'label', 'legend', 'summary', 'pre', 'output'],
  ...['em', 'strong', 'b', 'i', 'u', 's', 'small', 'mark', 'code', 'kbd', 'samp', 'var', 'sub', 'sup'],
  ...['abbr', 'cite', 'q', 'dfn', 'time', 'data', 'bdi', 'bdo'],
]);

const LINE_BREAK: Break = { type: 'break' };

/** The element's children with its paragraphs unwrapped, or undefined when it has none. */
export function withoutParagraphs(children: readonly Nodes[]): Nodes[] | undefined {
  if (!children.some((child) => child.type === 'paragraph')) return undefined;
  return children.flatMap((child, index): Nodes[] => {
    if (child.type !== 'paragraph') return [child];
    const previous = children[index - 1];
    return [...(previous?.type === 'paragraph' ? [LINE_BREAK] : []), ...(child.children as PhrasingContent[])];
  });
}

export const phrasingElementText: MdastPluginDefinition = {
  name: 'astro-docs-json:phrasing-elements',
  mdxJsxFlowElement(node: Readonly<MdxJsxFlowElement>, ctx) {
    if (!node.name || !PHRASING_ELEMENTS.has(node.name)) return;
    const children = withoutParagraphs(node.children as Nodes[]);
    if (children) ctx.setProperty(node, 'children', children as never);
  },
};
