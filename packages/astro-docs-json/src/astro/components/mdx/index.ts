/**
 * The built-in components, which pages use without importing them (`BUILT_IN_COMPONENTS`
 * names them): a `.astro` file for each, the modules they share, and here the Astro half of
 * their registry, which gives each name its component and its style sheets. The site's Vite
 * plugin adds `export const Card = component('Card', [])` to each MDX file that uses one,
 * so that snippets get them as pages do.
 */
import { Fragment, jsx } from 'astro/jsx-runtime';
import { builtInMembers, type BuiltInComponentName, type BuiltInMembers } from '../../../core/markdown/built-in-components.ts';
import AgentJobStatus from '../AgentJobStatus.astro';
import { UNGUARDED } from '../component-guard.ts';
import type { CalloutKind } from './callout-kinds.ts';
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

/** Style sheets of `astro/styles/` (`components/cards.css`), which the layout imports. */
type StyleSheet = `${string}.css`;

/**
 * A built-in's entry on the Astro side: the component that draws it, with its members
 * (`<Tree.Folder>`), and the style sheets with rules for what it draws.
 */
interface BuiltIn<Name extends BuiltInComponentName> {
  component: Component & Record<BuiltInMembers<Name>, Component>;
  styles: readonly StyleSheet[];
}

const callout = (kind: CalloutKind): BuiltIn<'Note'> => ({
  component: preset(Callout, { kind }),
  styles: ['components/callouts.css', 'components/shared.css', 'components/glyphs.css'],
});

const treeMembers = { Folder: TreeFolder, File: TreeFile };
const treeStyles: readonly StyleSheet[] = ['components/file-trees.css', 'components/tree-highlights.css', 'components/accordions.css', 'components/glyphs.css'];

/**
 * The registry of the built-in components, the Astro layer's half: an entry for each name,
 * as the core's half (`core/markdown/built-in-registry.ts`) has one with the component's
 * props and Markdown converter. A name left out, or a part, does not type-check.
 */
const builtIns: { [Name in BuiltInComponentName]: BuiltIn<Name> } = {
  Accordion: { component: Accordion, styles: ['components/accordions.css', 'components/shared.css', 'components/glyphs.css'] },
  AccordionGroup: { component: AccordionGroup, styles: ['components/accordions.css'] },
  AgentJobStatus: { component: AgentJobStatus, styles: ['docs.css'] },
  Badge: { component: Badge, styles: ['components/badges.css', 'components/badge-yellow.css'] },
  Callout: callout('callout'),
  Card: { component: Card, styles: ['components/cards.css', 'components/card-types.css', 'components/shared.css', 'components/glyphs.css'] },
  CardGroup: { component: Columns, styles: ['components/columns.css'] },
  Check: callout('check'),
  CodeBlock: { component: CodeBlock, styles: ['code-blocks.css'] },
  CodeGroup: { component: CodeGroup, styles: ['components/code-groups.css', 'code-blocks.css', 'docs.css'] },
  Color: { component: Object.assign(Color, { Item: ColorItem, Row: ColorRow }), styles: ['components/colors.css'] },
  Column: { component: Column, styles: ['components/column.css'] },
  Columns: { component: Columns, styles: ['components/columns.css'] },
  Danger: callout('danger'),
  Expandable: { component: Expandable, styles: ['components/accordions.css', 'components/glyphs.css'] },
  // The same component by another name: a page's `<FileTree>` list becomes its folders and files (core/html/file-tree.ts).
  FileTree: { component: Object.assign((props: object) => jsx(Tree, props), treeMembers), styles: treeStyles },
  Frame: { component: Frame, styles: ['components/frames.css'] },
  // Only a namespace: `<GitHub.Repo>` is the component.
  GitHub: { component: Object.assign((props: { children?: unknown }) => passthrough(props), { Repo: GitHubRepo }), styles: ['components/github-repos.css', 'components/glyphs.css'] },
  // A page's own heading: the content's headings' look (docs.css), none of its own.
  Heading: { component: Heading, styles: [] },
  Icon: { component: Icon, styles: ['components/inline-icons.css', 'icons.css'] },
  Info: callout('info'),
  Latex: { component: Latex, styles: ['diagrams.css'] },
  Note: callout('note'),
  Panel: { component: Panel, styles: ['components/side-column.css', 'components/shared.css'] },
  ParamField: { component: ParamField, styles: ['components/fields.css', 'components/shared.css', 'docs.css'] },
  Prompt: { component: Prompt, styles: ['components/prompts.css', 'components/shared.css', 'components/glyphs.css'] },
  RequestExample: { component: preset(CodeExample, { kind: 'request' }), styles: ['components/code-groups.css', 'components/side-column.css', 'code-blocks.css'] },
  ResponseExample: { component: preset(CodeExample, { kind: 'response' }), styles: ['components/code-groups.css', 'components/side-column.css', 'code-blocks.css'] },
  ResponseField: { component: ResponseField, styles: ['components/fields.css', 'components/shared.css', 'docs.css'] },
  Step: { component: Step, styles: ['components/steps.css', 'components/step-headings.css', 'components/shared.css'] },
  Steps: { component: Steps, styles: ['components/steps.css'] },
  Tab: { component: Tab, styles: ['components/tabs.css', 'components/shared.css'] },
  Tabs: { component: Tabs, styles: ['components/tabs.css', 'docs.css'] },
  Tile: { component: Tile, styles: ['components/tiles.css', 'components/shared.css'] },
  Tip: callout('tip'),
  Tooltip: { component: Tooltip, styles: ['components/tooltips.css', 'components/reduced-motion.css'] },
  Tree: { component: Object.assign(Tree, treeMembers), styles: treeStyles },
  Update: { component: Update, styles: ['components/updates.css', 'components/update-filter.css', 'components/shared.css', 'docs.css'] },
  View: { component: View, styles: ['components/views.css'] },
  // Shows its content, or nothing: no look of its own.
  Visibility: { component: Visibility, styles: [] },
  Warning: callout('warning'),
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
  const known: Component | undefined = builtInMembersOf ? builtIns[name as BuiltInComponentName].component : undefined;
  const base: Component = known ? (props: object) => jsx(known, { ...props, componentName: name }) : passthrough;
  const all = new Set([...members, ...(builtInMembersOf ?? [])]);
  return Object.assign(
    unguarded((props: object) => base(props as never)),
    Object.fromEntries([...all].map((member) => [member, (known as Record<string, Component> | undefined)?.[member] ?? passthrough])),
  );
}
