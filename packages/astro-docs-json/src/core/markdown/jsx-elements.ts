/**
 * Elements written as JSX in a page's Markdown tree (`<Card href="…">`, `<img alt="…">`), and
 * their attributes as written.
 */
import type { Nodes } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

export const isJsxElement = (node: Nodes): node is JsxElement => node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';

/** The attribute `name` (not a spread), when the element has it. */
export function jsxAttribute(element: JsxElement, name: string): MdxJsxAttribute | undefined {
  return element.attributes.find((item): item is MdxJsxAttribute => item.type === 'mdxJsxAttribute' && item.name === name);
}

/** The attribute's text, when it is given as a string (`title="Setup"`, not `title={x}`). */
export function stringAttribute(element: JsxElement, name: string): string | undefined {
  const value = jsxAttribute(element, name)?.value;
  return typeof value === 'string' ? value : undefined;
}
