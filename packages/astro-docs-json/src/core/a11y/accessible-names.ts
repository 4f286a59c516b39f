/**
 * Links and buttons a page writes with nothing a screen reader can announce: a link whose
 * only content is an `<Icon>` (or an image with no alt text), a link with no content at all,
 * a `<button>` holding only an icon, none of them with an `aria-label`, `aria-labelledby` or
 * `title`. A reader hears "link" and nothing else. Mintlify's `a11y` counts such `<a>`
 * elements; this check also reads Markdown links and buttons, and leaves out what has no
 * name to give: an `<a id>` with no `href` is an anchor, not a link.
 *
 * What a component or an expression renders is not known here: content of that kind is taken
 * as named, so that every finding is a real one.
 */
import type { Nodes, Root } from 'mdast';
import { isJsxElement, jsxAttribute, stringAttribute, type JsxElement } from '../markdown/jsx-elements.ts';
import { isBuiltInComponent } from '../markdown/built-in-components.ts';

export interface NamelessControl {
  line: number;
  /** `link` (Markdown's `[…](…)`), `<a>` or `<button>`. */
  element: 'link' | '<a>' | '<button>';
  /** `icon`: it shows an icon (or an image with no alt text) and nothing else; `empty`: it shows nothing. */
  content: 'icon' | 'empty';
  href?: string;
  /** The icon it shows, as the page names it (`<Icon icon="github">`). */
  icon?: string;
}

/** What a control's content gives it: a name, only an icon (the icon's name, when written), or nothing. */
type ContentName = { kind: 'named' } | { kind: 'icon'; icon?: string } | { kind: 'empty' };

/** Attributes that name an element whatever its content. */
const NAMING_ATTRIBUTES = ['aria-label', 'aria-labelledby', 'title'];

/** An attribute given a value that is not blank: an expression counts, as its value is not known. */
function hasNamingAttribute(element: JsxElement): boolean {
  if (element.attributes.some((attribute) => attribute.type === 'mdxJsxExpressionAttribute')) return true; // `{...props}` may name it.
  return NAMING_ATTRIBUTES.some((name) => {
    const value = jsxAttribute(element, name)?.value;
    return value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '');
  });
}

/** `{/* a comment *\/}`: an expression that renders nothing. */
const isComment = (value: string) => /^\s*\/\*[\s\S]*\*\/\s*$/.test(value);

/** What a JSX element inside a control gives it. */
function elementName(element: JsxElement): ContentName {
  if (hasNamingAttribute(element)) return { kind: 'named' };
  if (element.name === 'Icon') {
    const icon = stringAttribute(element, 'icon') ?? stringAttribute(element, 'src');
    return { kind: 'icon', ...(icon ? { icon } : {}) };
  }
  if (element.name === 'img') {
    const alt = jsxAttribute(element, 'alt')?.value;
    return alt !== undefined && alt !== null && (typeof alt !== 'string' || alt.trim() !== '') ? { kind: 'named' } : { kind: 'icon' };
  }
  if (element.name === 'svg') return { kind: 'icon' };
  // A component of the page's own (a snippet's, an import) may render text: taken as named.
  if (element.name === null || (/^[A-Z]/.test(element.name) && !isBuiltInComponent(element.name))) return { kind: 'named' };
  return contentName(element.children as Nodes[]);
}

function nodeName(node: Nodes): ContentName {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value.trim() ? { kind: 'named' } : { kind: 'empty' };
  if (node.type === 'image' || node.type === 'imageReference') return node.alt?.trim() ? { kind: 'named' } : { kind: 'icon' };
  if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') return isComment(node.value) ? { kind: 'empty' } : { kind: 'named' };
  if (isJsxElement(node)) return elementName(node);
  // Raw HTML and anything else with a value: taken as named, its rendering is not read here.
  if ('value' in node) return node.value.trim() ? { kind: 'named' } : { kind: 'empty' };
  return 'children' in node ? contentName(node.children as Nodes[]) : { kind: 'empty' };
}

/** A list of nodes: named if any is, else an icon if any is one (the first icon's name), else empty. */
function contentName(children: readonly Nodes[]): ContentName {
  let icon: ContentName | undefined;
  for (const child of children) {
    const name = nodeName(child);
    if (name.kind === 'named') return name;
    if (name.kind === 'icon' && (!icon || (icon.kind === 'icon' && !icon.icon))) icon = name;
  }
  return icon ?? { kind: 'empty' };
}

/** The control a node is, with its content's name, or undefined when it is none or is named. */
function namelessControl(node: Nodes, line: number): NamelessControl | undefined {
  let control: Pick<NamelessControl, 'element' | 'href'>;
  let name: ContentName;
  if (node.type === 'link' || node.type === 'linkReference') {
    if (node.type === 'link' && node.title?.trim()) return undefined;
    control = { element: 'link', ...(node.type === 'link' ? { href: node.url } : {}) };
    name = contentName(node.children as Nodes[]);
  } else if (isJsxElement(node) && (node.name === 'button' || (node.name === 'a' && jsxAttribute(node, 'href')))) {
    if (hasNamingAttribute(node)) return undefined;
    const href = node.name === 'a' ? stringAttribute(node, 'href') : undefined;
    control = { element: node.name === 'a' ? '<a>' : '<button>', ...(href !== undefined ? { href } : {}) };
    name = contentName(node.children as Nodes[]);
  } else return undefined;
  if (name.kind === 'named') return undefined;
  return { line, ...control, content: name.kind, ...(name.kind === 'icon' && name.icon ? { icon: name.icon } : {}) };
}

/**
 * The links and buttons of a page with no accessible name, in the order of the page.
 * `offset`: the lines of the frontmatter, which the tree does not hold.
 */
export function namelessControls(tree: Root, offset = 0): NamelessControl[] {
  const found: NamelessControl[] = [];
  const visit = (node: Nodes) => {
    const control = namelessControl(node, (node.position?.start.line ?? 1) + offset);
    if (control) found.push(control);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return found;
}
