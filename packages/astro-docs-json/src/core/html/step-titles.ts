/**
 * `<Steps titleSize="h2">` (or a `<Step>`'s own `titleSize`): the steps' titles are the
 * page's headings, as on Mintlify, where steps of `h2` and `h3` are entries of the table
 * of contents. Each such title becomes a heading element, so that it gets its anchor
 * (`heading-anchors.ts`, which knows it by `data-step-title`) and its place in the table
 * of contents as any heading does; a step's `id` is its heading's anchor. An `h4` title
 * is drawn by `<Step>` itself: Mintlify neither anchors nor lists it. The heading is the step's first child, marked `data-step-title`, which `<Step>`
 * moves to its title's place (a named slot would not do: through the components MDX
 * pages use, a slot becomes a prop).
 */
import type { Element, ElementContent } from 'hast';
import type { HastPluginDefinition, HastVisitorContext, MdxJsxFlowElementHast } from 'satteri';

const HEADING_SIZES = new Set(['h2', 'h3']);

/** The text of a prop written as text (`title="Install"`); an expression's value is not known here. */
function textAttribute(node: Readonly<MdxJsxFlowElementHast>, name: string): string | undefined {
  const found = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
  return found?.type === 'mdxJsxAttribute' && typeof found.value === 'string' ? found.value : undefined;
}

/** Whether a flag prop is set: written bare (`noAnchor`) or `"true"`. */
function flagAttribute(node: Readonly<MdxJsxFlowElementHast>, name: string): boolean {
  const found = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
  if (found?.type !== 'mdxJsxAttribute') return false;
  return found.value === null || found.value === undefined || found.value === 'true' || (typeof found.value === 'object' && found.value.value.trim() === 'true');
}

/** The heading a step's title is, or undefined when it stays a paragraph (no heading size, no text, `noAnchor`). */
export function stepTitleHeading(step: Readonly<MdxJsxFlowElementHast>, parent: { type: string; name?: string | null; attributes?: MdxJsxFlowElementHast['attributes'] } | undefined): Element | undefined {
  const inherited = parent?.type === 'mdxJsxFlowElement' && parent.name === 'Steps' ? textAttribute(parent as MdxJsxFlowElementHast, 'titleSize') : undefined;
  const size = textAttribute(step, 'titleSize') ?? inherited;
  const title = textAttribute(step, 'title')?.trim();
  if (!size || !HEADING_SIZES.has(size) || !title || flagAttribute(step, 'noAnchor')) return undefined;
  const id = textAttribute(step, 'id')?.trim();
  return {
    type: 'element',
    tagName: size,
    properties: { className: ['step-title'], dataStepTitle: '', ...(id ? { id } : {}) },
    children: titleContent(title),
  };
}

/** A title's text, its `code` spans as code, as Mintlify writes titles (`Create a \`task\``). */
function titleContent(title: string): ElementContent[] {
  return title.split(/(`[^`]+`)/).flatMap((part): ElementContent[] => {
    if (part === '') return [];
    if (/^`[^`]+`$/.test(part)) return [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: part.slice(1, -1) }] }];
    return [{ type: 'text', value: part }];
  });
}

function headStep(node: Readonly<MdxJsxFlowElementHast>, ctx: HastVisitorContext): void {
  const heading = stepTitleHeading(node, ctx.parent(node) as never);
  if (heading) ctx.prependChild(node, heading);
}

export const stepTitleHeadings: HastPluginDefinition = {
  name: 'astro-docs-json:step-titles',
  mdxJsxFlowElement: { filter: ['Step'], visit: headStep },
};
