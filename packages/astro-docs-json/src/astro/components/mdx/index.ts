/**
 * The components pages use without importing them (`BUILT_IN_COMPONENTS`). The site's
 * Vite plugin adds `export const Card = component('Card', [])` to each MDX file that uses
 * one, so that snippets get them as pages do.
 */
import { Fragment, jsx } from 'astro/jsx-runtime';
import { builtInMembers, type BuiltInComponentName, type BuiltInMembers } from '../../../core/markdown/built-in-components.ts';
import AgentJobStatus from '../AgentJobStatus.astro';
import { UNGUARDED } from '../component-guard.ts';
import Accordion from './Accordion.astro';
import AccordionGroup from './AccordionGroup.astro';
import Badge from './Badge.astro';
import Callout from './Callout.astro';
import Card from './Card.astro';
import CodeBlock from './CodeBlock.astro';
import CodeExample from './CodeExample.astro';
import CodeGroup from './CodeGroup.astro';
import Color from './Color.astro';
import ColorItem from './ColorItem.astro';
import ColorRow from './ColorRow.astro';
import Column from './Column.astro';
import Columns from './Columns.astro';
import Expandable from './Expandable.astro';
import Frame from './Frame.astro';
import GitHubRepo from './GitHubRepo.astro';
import Heading from './Heading.astro';
import Icon from './Icon.astro';
import Latex from './Latex.astro';
import Panel from './Panel.astro';
import ParamField from './ParamField.astro';
import Prompt from './Prompt.astro';
import ResponseField from './ResponseField.astro';
import Step from './Step.astro';
import Steps from './Steps.astro';
import Tab from './Tab.astro';
import Tabs from './Tabs.astro';
import Tile from './Tile.astro';
import Tooltip from './Tooltip.astro';
import Tree from './Tree.astro';
import TreeFile from './TreeFile.astro';
import TreeFolder from './TreeFolder.astro';
import Update from './Update.astro';
import View from './View.astro';
import Visibility from './Visibility.astro';

type Component = (...args: never[]) => unknown;

/** The built-in components are Astro's and need no guard against failing (`component-guard.ts`). */
const unguarded = <T extends object>(component: T): T => Object.assign(component, { [UNGUARDED]: true });

/** Renders its children and nothing else: what a component nobody provides becomes. */
export const passthrough = unguarded((props: { children?: unknown }) => jsx(Fragment, { children: props.children }));

/** Renders nothing: what an import of a missing file gives, as on Mintlify. */
export const nothing = unguarded(() => jsx(Fragment, {}));

/**
 * What a page's import of a name that its file does not export gives (`import { Chart }
 * from '/snippets/x.mdx'`, where x exports no `Chart`): a component that fails where it is
 * used, so that the page shows a notice in its place and the build names it
 * (`component-guard.ts`), rather than a build the bundler stops.
 */
export function missingExport(name: string, file: string): Component {
  const component = () => {
    throw new Error(`${file} exports no \`${name}\``);
  };
  return Object.assign(component, { displayName: name });
}

/** A component with one prop fixed: `<Note>` is a callout of the kind `note`. */
const preset =
  (base: Component, fixed: Record<string, string>): Component =>
  (props: object) =>
    jsx(base, { ...props, ...fixed });

/** One component for each built-in name, with its members: a name left out does not type-check. */
type BuiltIns = { [Name in BuiltInComponentName]: Component & Record<BuiltInMembers<Name>, Component> };

const builtIns: BuiltIns = {
  Accordion,
  AccordionGroup,
  AgentJobStatus,
  Badge,
  Callout: preset(Callout, { kind: 'callout' }),
  Card,
  CardGroup: Columns,
  Check: preset(Callout, { kind: 'check' }),
  CodeBlock,
  CodeGroup,
  Color: Object.assign(Color, { Item: ColorItem, Row: ColorRow }),
  Column,
  Columns,
  Danger: preset(Callout, { kind: 'danger' }),
  Expandable,
  // The same component by another name: a page's `<FileTree>` list becomes its folders and files (core/html/file-tree.ts).
  FileTree: Object.assign((props: object) => jsx(Tree, props), { Folder: TreeFolder, File: TreeFile }),
  Frame,
  // Only a namespace: `<GitHub.Repo>` is the component.
  GitHub: Object.assign((props: { children?: unknown }) => passthrough(props), { Repo: GitHubRepo }),
  Heading,
  Icon,
  Info: preset(Callout, { kind: 'info' }),
  Latex,
  Note: preset(Callout, { kind: 'note' }),
  Panel,
  ParamField,
  Prompt,
  RequestExample: preset(CodeExample, { kind: 'request' }),
  ResponseExample: preset(CodeExample, { kind: 'response' }),
  ResponseField,
  Step,
  Steps,
  Tab,
  Tabs,
  Tile,
  Tip: preset(Callout, { kind: 'tip' }),
  Tooltip,
  Tree: Object.assign(Tree, { Folder: TreeFolder, File: TreeFile }),
  Update,
  View,
  Visibility,
  Warning: preset(Callout, { kind: 'warning' }),
};

/**
 * The component a page's `<Name>` (or `<Name.Member>`) stands for: the built-in one, or
 * one that shows only its children. The built-in gets the name the page wrote
 * (`componentName`, Mintlify's `data-component-name` hook: `Note`, `CardGroup`). A member
 * that the component lacks is added the same way, on the wrapper, so that the built-in
 * itself is left as it is. A built-in has all its members, not only those the page wrote:
 * the page's Markdown may become some (a `<FileTree>` list becomes `<FileTree.Folder>`s).
 */
export function component(name: string, members: readonly string[]): Component {
  const builtInMembersOf = builtInMembers(name);
  const known: Component | undefined = builtInMembersOf ? builtIns[name as BuiltInComponentName] : undefined;
  const base: Component = known ? (props: object) => jsx(known, { ...props, componentName: name }) : passthrough;
  const all = new Set([...members, ...(builtInMembersOf ?? [])]);
  return Object.assign(
    unguarded((props: object) => base(props as never)),
    Object.fromEntries([...all].map((member) => [member, (known as Record<string, Component> | undefined)?.[member] ?? passthrough])),
  );
}
