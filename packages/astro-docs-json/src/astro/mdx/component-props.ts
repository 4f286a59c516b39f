/**
 * Components a page gives a React component as a prop, as Mintlify's pages do:
 * `<Playground Block={SampleBlock}>`, where the page defines `SampleBlock` (often around a
 * built-in component: `export const SampleBlock = (props) => <CodeBlock {...props} />`) and
 * the React component renders `<Block>`. React calls it, on the server and in the browser,
 * so it must be React's, and a function cannot cross to the browser in the island's props.
 *
 * Such an element becomes an island of its own, defined in the page's React module: a
 * wrapper that renders the React component with those props bound there
 * (`Playground$island0 = (props) => <Playground {...props} Block={SampleBlock} />`). The
 * page's component is copied into that module, written for React, with the components it
 * renders; there, the built-in ones are React's (`astro/react/built-ins.ts`). Its Astro
 * version stays in the MDX for the page's own markup and for the pages that import it.
 */
import type { Nodes, RootContent } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { isBuiltInComponent } from '../../core/markdown/built-in-components.ts';
import { componentTagsIn } from '../../core/markdown/jsx-in-code.ts';
import type { SourceEdit } from '../../core/markdown/url-escapes.ts';

export type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A component the page defines: its names and its declaration's text. */
export interface PageComponent {
  names: string[];
  text: string;
}

export interface ComponentPropIslands {
  /** The MDX's edits: each such element's tag renamed to its wrapper's, hydrated where it can be. */
  edits: SourceEdit[];
  /** The elements these edits take care of. */
  elements: Set<JsxElement>;
  /** The wrappers, which the MDX imports from the page's React module. */
  wrappers: string[];
  /** What the page's React module gets: the page's components that are given (and those they render), then the wrappers. */
  code: string[];
}

interface Context {
  source: string;
  /** Local names React renders: imported from React modules, or defined in the page and moved to its React module. */
  reactComponents: ReadonlySet<string>;
  /** The page's components, by name. */
  pageComponents: ReadonlyMap<string, PageComponent>;
  /** Whether an element's other props can go to the browser (`client:load`). */
  canHydrate(element: JsxElement): boolean;
}

/** An attribute whose value is a component's name: `Block={SampleBlock}`, `Item={Tree.Folder}`. */
const COMPONENT_VALUE = /^\s*([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\s*$/;

export function componentPropIslands(tree: Nodes, context: Context): ComponentPropIslands {
  const islands: ComponentPropIslands = { edits: [], elements: new Set(), wrappers: [], code: [] };
  const copied = new Set<PageComponent>();
  const visit = (node: Nodes | RootContent) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && context.reactComponents.has(node.name.split('.')[0]!)) {
      const given = givenComponents(node, context);
      if (given.size > 0) addIsland(node, given, context, islands, copied);
    }
    if ('children' in node) node.children.forEach(visit);
  };
  visit(tree);
  // The copies first: the wrappers render them.
  islands.code.unshift(...[...copied].map((component) => component.text));
  return islands;
}

/** The element's props whose values are components React can render there, by prop name. */
function givenComponents(element: JsxElement, context: Context): Map<string, string> {
  const given = new Map<string, string>();
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || typeof attribute.value !== 'object' || attribute.value === null) continue;
    const name = COMPONENT_VALUE.exec(attribute.value.value)?.[1];
    if (!name) continue;
    const root = name.split('.')[0]!;
    if (context.pageComponents.has(root) || context.reactComponents.has(root) || isBuiltInComponent(name)) given.set(attribute.name, name);
  }
  return given;
}

function addIsland(element: JsxElement, given: ReadonlyMap<string, string>, context: Context, islands: ComponentPropIslands, copied: Set<PageComponent>) {
  const name = element.name!;
  const start = element.position?.start.offset;
  const end = element.position?.end.offset;
  if (start === undefined || end === undefined || !context.source.startsWith(`<${name}`, start)) return;
  const closing = `</${name}>`;
  const closed = context.source.slice(end - closing.length, end) === closing;
  if (!closed && !context.source.slice(start, end).endsWith('/>')) return; // written in a way this does not follow: left as it is
  const wrapper = `${name.replaceAll('.', '_')}$island${islands.wrappers.length}`;
  const hydrate = context.canHydrate(element) ? ' client:load' : '';
  islands.edits.push({ start: start + 1, end: start + 1 + name.length, text: `${wrapper}${hydrate}` });
  if (closed) islands.edits.push({ start: end - closing.length + 2, end: end - 1, text: wrapper });
  islands.elements.add(element);
  islands.wrappers.push(wrapper);
  const bound = [...given].map(([prop, value]) => `${prop}={${value}}`).join(' ');
  islands.code.push(`export const ${wrapper} = (props) => <${name} {...props} ${bound} />;`, `${wrapper}.displayName = ${JSON.stringify(name)};`);
  for (const value of given.values()) copyPageComponent(value.split('.')[0]!, context, copied);
}

/** The page's component `name`, and those it renders, into the React module, unless React's already. */
function copyPageComponent(name: string, context: Context, copied: Set<PageComponent>) {
  const component = context.pageComponents.get(name);
  if (!component || context.reactComponents.has(name) || copied.has(component)) return;
  copied.add(component);
  for (const tag of componentTagsIn(component.text)) copyPageComponent(tag.name.split('.')[0]!, context, copied);
}
