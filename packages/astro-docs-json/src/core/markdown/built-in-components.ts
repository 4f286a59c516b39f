/**
 * The names of the components every page may use without importing them: Mintlify's, with
 * the members some of them have (`<Tree.Folder>`), and our own. They key the registry of the
 * built-in components, whose two halves have an entry for each name: the core's
 * (`built-in-registry.ts`: props and Markdown converter) and the Astro layer's
 * (`astro/components/mdx/index.ts`: component and style sheets). A tag of any other name
 * renders its children. The names stand apart from the registry so that the browser's React
 * built-ins read them without its schemas and converters.
 */
export const BUILT_IN_COMPONENTS = {
  Accordion: [],
  AccordionGroup: [],
  AgentJobStatus: [],
  Badge: [],
  Callout: [],
  Card: [],
  CardGroup: [],
  Check: [],
  CodeBlock: [],
  CodeGroup: [],
  Color: ['Item', 'Row'],
  Column: [],
  Columns: [],
  Danger: [],
  Expandable: [],
  FileTree: ['Folder', 'File'],
  Frame: [],
  GitHub: ['Repo'],
  Heading: [],
  Icon: [],
  Info: [],
  Latex: [],
  Note: [],
  Panel: [],
  ParamField: [],
  Prompt: [],
  RequestExample: [],
  ResponseExample: [],
  ResponseField: [],
  Step: [],
  Steps: [],
  Tab: [],
  Tabs: [],
  Tile: [],
  Tip: [],
  Tooltip: [],
  Tree: ['Folder', 'File'],
  Update: [],
  View: [],
  Visibility: [],
  Warning: [],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type BuiltInComponentName = keyof typeof BUILT_IN_COMPONENTS;
/** The members a built-in component has (`Item`, `Row` of `Color`). */
export type BuiltInMembers<Name extends BuiltInComponentName> = (typeof BUILT_IN_COMPONENTS)[Name][number];

/** The members of the built-in component `name`, none when it is not one. */
export function builtInMembers(name: string): readonly string[] | undefined {
  return Object.hasOwn(BUILT_IN_COMPONENTS, name) ? BUILT_IN_COMPONENTS[name as BuiltInComponentName] : undefined;
}

/** Whether `name` (`Card`, `Tree.Folder`) is a built-in component. */
export function isBuiltInComponent(name: string): boolean {
  const [root, member, ...rest] = name.split('.');
  const members = builtInMembers(root!);
  if (!members || rest.length > 0) return false;
  return member === undefined || members.includes(member);
}

