/**
 * The registry of the built-in components, the core's half: one entry for each name of
 * `BUILT_IN_COMPONENTS`, with the props a page gives it (a zod schema) and its Markdown
 * converter (`component-markdown.ts`), and the same for each of its members (`<Tree.Folder>`).
 * The Astro half (`astro/components/mdx/index.ts`) has an entry for each name too: the
 * component that draws it and the style sheets that style it. A name without an entry, or an
 * entry without one of its parts, does not type-check.
 *
 * A schema describes the props and types them for the component that takes them
 * (`BuiltInProps`); nothing checks a page against it. MDX hands a prop over as the page
 * wrote it (`"3"`, `{3}`, a bare `true`, an element), so most are `unknown` and the
 * component reads them (`astro/components/mdx/prop-values.ts`).
 */
import * as z from 'zod';
import type { BuiltInComponentName, BuiltInMembers } from './built-in-components.ts';
import {
  calloutOf,
  convertAccordion,
  convertBlocks,
  convertCard,
  convertCodeBlock,
  convertColor,
  convertColorItem,
  convertColorRow,
  convertContent,
  convertField,
  convertFrame,
  convertGitHubRepo,
  convertHeading,
  convertNothing,
  convertPrompt,
  convertSteps,
  convertTitledContent,
  convertTooltip,
  convertTree,
  convertTreeFile,
  convertTreeFolder,
  convertUpdate,
  convertVisibility,
  titledAs,
  type MarkdownConverter,
} from './component-markdown.ts';

/** A built-in component (`<Tree>`) or one of its members (`<Tree.Folder>`), as pages write it. */
export interface BuiltInPart {
  /** The props a page gives it. */
  props: z.ZodObject;
  /** What it becomes in the page's Markdown copy. */
  markdown: MarkdownConverter;
}

/** A built-in's entry: its parts, and those of each of its members. */
type Entry<Name extends BuiltInComponentName> = BuiltInPart &
  ([BuiltInMembers<Name>] extends [never] ? { members?: never } : { members: { [Member in BuiltInMembers<Name>]: BuiltInPart } });

/** A prop as the page wrote it. */
const prop = z.unknown().optional();

/** The props that name an icon: a Font Awesome name (`iconType` its style) or, with `iconLibrary="lucide"`, a Lucide one; or a URL or inline SVG. */
const icon = { icon: prop, iconType: prop, iconLibrary: prop };

const callout = z.object({
  ...icon,
  /** Any CSS colour: the callout's accent instead of its kind's. */
  color: prop,
});

const columns = z.object({ cols: prop });

const codeExample = z.object({ dropdown: prop });

const tree = { props: z.object({ style: prop, className: prop }), markdown: convertTree };

const treeMembers = {
  Folder: { props: z.object({ name: prop, defaultOpen: prop, openable: prop, highlight: prop }), markdown: convertTreeFolder },
  File: { props: z.object({ name: prop, highlight: prop }), markdown: convertTreeFile },
};

export const BUILT_IN_REGISTRY = {
  Accordion: {
    props: z.object({
      ...icon,
      title: prop,
      description: prop,
      defaultOpen: prop,
      /** The anchor that opens it; its title's by default. */
      id: prop,
    }),
    markdown: convertAccordion,
  },
  AccordionGroup: { props: z.object({}), markdown: convertContent },
  AgentJobStatus: {
    props: z.object({
      projectId: z.string(),
      id: z.string(),
      /** Between two reads of an active job. */
      intervalMs: z.number().optional(),
    }),
    markdown: convertContent,
  },
  Badge: {
    props: z.object({
      ...icon,
      /** gray (the default), blue, green, yellow, orange, red, purple, white, surface, white-destructive, surface-destructive. */
      color: prop,
      /** xs, sm, md (the default) or lg. */
      size: prop,
      /** rounded (the default) or pill. */
      shape: prop,
      /** An outline instead of a fill. */
      stroke: prop,
      disabled: prop,
      className: prop,
    }),
    markdown: convertContent,
  },
  Callout: { props: callout, markdown: calloutOf('Note') },
  Card: {
    props: z.object({
      ...icon,
      title: prop,
      /** The icon's colour. */
      color: prop,
      href: prop,
      horizontal: prop,
      /** An image across the top of the card. */
      img: prop,
      /** The call to action at the foot of a linked card. */
      cta: prop,
      arrow: prop,
      /** A callout's kind, whose colours and icon (unless `icon` is given) the card takes. */
      type: prop,
    }),
    markdown: convertCard,
  },
  CardGroup: { props: columns, markdown: convertContent },
  Check: { props: callout, markdown: calloutOf('Check') },
  CodeBlock: {
    props: z.object({
      language: prop,
      filename: prop,
      icon: prop,
      lines: prop,
      wrap: prop,
      nocopy: prop,
      expandable: prop,
      /** Lines to highlight: `"[1,3,4,5]"`, `"1,3-5"` or an array. */
      highlight: prop,
      focus: prop,
    }),
    markdown: convertCodeBlock,
  },
  CodeGroup: {
    props: z.object({
      /** A menu of the blocks' languages instead of tabs. */
      dropdown: prop,
      sync: prop,
    }),
    markdown: convertContent,
  },
  Color: {
    props: z.object({ variant: prop }),
    markdown: convertColor,
    members: {
      Item: { props: z.object({ name: prop, value: prop }), markdown: convertColorItem },
      Row: { props: z.object({ title: prop }), markdown: convertColorRow },
    },
  },
  Column: { props: z.object({}), markdown: convertContent },
  Columns: { props: columns, markdown: convertContent },
  Danger: { props: callout, markdown: calloutOf('Danger') },
  Expandable: {
    props: z.object({
      title: prop,
      defaultOpen: prop,
      /** Mintlify renders the content only once opened; here it is in the page from the start. */
      lazy: prop,
    }),
    markdown: convertTitledContent,
  },
  FileTree: { ...tree, members: treeMembers },
  Frame: { props: z.object({ caption: prop, hint: prop, noZoom: prop }), markdown: convertFrame },
  GitHub: {
    // Only a namespace: `<GitHub.Repo>` is the component.
    props: z.object({}),
    markdown: convertContent,
    members: {
      Repo: {
        props: z.object({
          /** `owner/name`, or the repository's URL. */
          repo: prop,
          variant: prop,
          className: prop,
        }),
        markdown: convertGitHubRepo,
      },
    },
  },
  Heading: {
    props: z.object({
      /** 1 to 6; 2 when not given. */
      level: prop,
      id: prop,
      /** Mintlify's opt-out of the heading's link to itself: headings here have none. */
      noAnchor: prop,
      className: prop,
    }),
    markdown: convertHeading,
  },
  Icon: { props: z.object({ ...icon, color: prop, size: prop, className: prop, src: prop }), markdown: convertNothing },
  Info: { props: callout, markdown: calloutOf('Info') },
  Latex: { props: z.object({}), markdown: convertContent },
  Note: { props: callout, markdown: calloutOf('Note') },
  Panel: { props: z.object({}), markdown: convertBlocks },
  ParamField: {
    props: z.object({
      path: prop,
      query: prop,
      body: prop,
      header: prop,
      type: prop,
      required: prop,
      deprecated: prop,
      default: prop,
      /** The API playground's input hint; there is no playground here. */
      placeholder: prop,
      /** Its anchor; by default `param-<name>`, as Mintlify makes it (core/markdown/component-anchors.ts). */
      id: prop,
    }),
    markdown: convertField,
  },
  Prompt: {
    props: z.object({
      ...icon,
      description: prop,
      /** `copy` (the default) and `cursor`. */
      actions: prop,
      className: prop,
    }),
    markdown: convertPrompt,
  },
  RequestExample: { props: codeExample, markdown: titledAs('Request example') },
  ResponseExample: { props: codeExample, markdown: titledAs('Response example') },
  ResponseField: {
    props: z.object({ name: prop, type: prop, required: prop, deprecated: prop, default: prop, pre: prop, post: prop, id: prop }),
    markdown: convertField,
  },
  Step: {
    props: z.object({
      ...icon,
      title: prop,
      /** This step's number; the steps after it count on from it. */
      stepNumber: prop,
      /** `p` (the default), `h2`, `h3` or `h4`: headings when the steps are the page's sections. */
      titleSize: prop,
      /** The step's anchor, for links to it: its heading's when its title is one (core/html/heading-anchors.ts). */
      id: prop,
    }),
    markdown: convertTitledContent,
  },
  Steps: {
    props: z.object({
      /** The size of every step's title (`p`, `h2`, `h3`, `h4`), unless a step sets its own. */
      titleSize: prop,
    }),
    markdown: convertSteps,
  },
  Tab: {
    props: z.object({
      ...icon,
      title: prop,
      /** The anchor that selects it; its title's by default. */
      id: prop,
    }),
    markdown: convertTitledContent,
  },
  Tabs: {
    props: z.object({
      /** Which tab shows first, from 0. */
      defaultTabIndex: prop,
      sync: prop,
      borderBottom: prop,
    }),
    markdown: convertContent,
  },
  Tile: { props: z.object({ href: prop, title: prop, description: prop }), markdown: convertCard },
  Tip: { props: callout, markdown: calloutOf('Tip') },
  Tooltip: { props: z.object({ tip: prop, headline: prop, cta: prop, href: prop }), markdown: convertTooltip },
  Tree: { ...tree, members: treeMembers },
  Update: {
    props: z.object({
      label: prop,
      id: prop,
      description: prop,
      tags: prop,
      /** The entry's item in the page's feed (`rss: true`): `{ title, description }` in place of its label and content (core/discovery/rss.ts). */
      rss: prop,
    }),
    markdown: convertUpdate,
  },
  View: { props: z.object({ ...icon, title: prop, id: prop }), markdown: convertTitledContent },
  Visibility: { props: z.object({ for: prop }), markdown: convertVisibility },
  Warning: { props: callout, markdown: calloutOf('Warning') },
} satisfies { [Name in BuiltInComponentName]: Entry<Name> };

type Registry = typeof BUILT_IN_REGISTRY;

/** The props a page gives the built-in `Name`, as its schema types them: what its component takes. */
export type BuiltInProps<Name extends BuiltInComponentName> = z.infer<Registry[Name]['props']>;

/** The props a page gives a member of a built-in (`<Tree.Folder>`). */
export type BuiltInMemberProps<Name extends BuiltInComponentName, Member extends BuiltInMembers<Name>> =
  Registry[Name] extends { members: Record<Member, { props: infer Props extends z.ZodObject }> } ? z.infer<Props> : never;

/** The Markdown converter of a tag a page writes (`Card`, `Tree.Folder`), when it is a built-in's. */
export function builtInMarkdown(tag: string): MarkdownConverter | undefined {
  const [name, member, ...rest] = tag.split('.');
  if (rest.length > 0 || !Object.hasOwn(BUILT_IN_REGISTRY, name!)) return undefined;
  const entry: BuiltInPart & { members?: Readonly<Record<string, BuiltInPart>> } = BUILT_IN_REGISTRY[name as BuiltInComponentName];
  if (member === undefined) return entry.markdown;
  return entry.members && Object.hasOwn(entry.members, member) ? entry.members[member]!.markdown : undefined;
}
