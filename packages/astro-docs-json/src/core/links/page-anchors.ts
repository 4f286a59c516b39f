/**
 * The anchors a page has, for `broken-links --check-anchors`: only ids the built page
 * gives an element, made as the page's compiler makes them, so that a link to an anchor
 * no page has (the title of a `<Card>` or an `<Expandable>`) is reported, as Mintlify's
 * checker reports it. Where the page may read two ways, both count: a heading's id as the
 * table of contents numbers it and as when it leaves it out; a tab's id as written
 * (`%ED%95%9C`) and decoded.
 */
import type { Nodes, Root } from 'mdast';
import { cleanAnchor, headingTitle, labelAnchor, PageAnchors, type TitlePart } from '../markdown/anchors.ts';
import { isBuiltInComponent } from '../markdown/built-in-components.ts';
import { ComponentAnchors, type WrittenComponent } from '../markdown/component-anchors.ts';
import { isJsxElement, stringAttribute, type JsxElement } from '../markdown/jsx-elements.ts';

/** The built-in components that render the `id` a page gives them; the others have no element to carry it. */
const KEEPS_ITS_ID = new Set(['Accordion', 'ParamField', 'ResponseField', 'Tab', 'View']);
/** Those that render it cleaned as a heading's (`core/markdown/anchors.ts`). */
const CLEANS_ITS_ID = new Set(['Heading', 'Step', 'Update']);

/**
 * The anchors of a page's tree: headings' ids as Mintlify makes them, custom ids, the ids
 * of elements and of the components that keep theirs, the anchors made for fields,
 * accordions, tabs and views (`ComponentAnchors`), changelog entries' and steps'.
 */
export function anchorsOf(tree: Root | undefined): Set<string> {
  const anchors = new Set<string>();
  if (!tree) return anchors;
  const listed = new PageAnchors();
  const unlisted = new PageAnchors();
  const components = new ComponentAnchors(givenIds(tree));
  const visit = (node: Nodes) => {
    if (node.type === 'heading') {
      const custom = (node.data as { hProperties?: { id?: string } } | undefined)?.hProperties?.id;
      const title = headingTitle(titleParts(node));
      anchors.add(listed.heading(title, custom, true));
      anchors.add(unlisted.heading(title, custom, false));
    }
    if (isJsxElement(node)) for (const anchor of elementAnchors(node, components, listed)) anchors.add(anchor);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  anchors.delete('');
  return anchors;
}

/** The anchors one element gives its page. */
function elementAnchors(node: JsxElement, components: ComponentAnchors, listed: PageAnchors): string[] {
  const name = node.name ?? '';
  const id = stringAttribute(node, 'id');
  const found: string[] = [];
  if (id && CLEANS_ITS_ID.has(name)) found.push(cleanAnchor(id));
  else if (id && (KEEPS_ITS_ID.has(name) || !isBuiltInComponent(name))) found.push(id);
  if (node.type === 'mdxJsxFlowElement') {
    const made = components.anchor(written(node));
    if (made) found.push(made, cleanAnchor(made));
  }
  const label = stringAttribute(node, 'label');
  if (name === 'Update' && label !== undefined) found.push(listed.entry(label, id), labelAnchor(label));
  // A step's title is a heading when its size says so (`core/html/step-titles.ts`).
  const title = stringAttribute(node, 'title');
  if (name === 'Step' && title) found.push(labelAnchor(title));
  return found;
}

/** The ids the page gives its fields and tabs, which ids made for others avoid. */
function givenIds(tree: Root): { fields: string[]; tabs: string[] } {
  const given = { fields: [] as string[], tabs: [] as string[] };
  const visit = (node: Nodes) => {
    if (isJsxElement(node) && node.type === 'mdxJsxFlowElement') {
      const id = stringAttribute(node, 'id');
      if (id && node.name === 'Tab') given.tabs.push(id);
      else if (id && (node.name === 'ParamField' || node.name === 'Param' || node.name === 'ResponseField')) given.fields.push(id);
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return given;
}

function written(node: JsxElement): WrittenComponent {
  return {
    name: node.name ?? '',
    attribute: (name) => stringAttribute(node, name),
    has: (name) => node.attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name),
  };
}

function titleParts(node: Nodes): TitlePart[] {
  if (node.type === 'text') return [{ text: node.value }];
  if (node.type === 'inlineCode') return [{ text: node.value, code: true }];
  return 'children' in node ? (node.children as Nodes[]).flatMap(titleParts) : [];
}
