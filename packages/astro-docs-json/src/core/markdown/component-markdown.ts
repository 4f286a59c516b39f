/**
 * The built-in components in a page's Markdown copy (`<url>.md`, llms-full.txt): the
 * converter of each, which turns the component, its children already converted, into the
 * Markdown that says what the page shows (a callout a blockquote, a card a link, tabs headed
 * sections). The registry (`built-in-registry.ts`) gives each component its converter; the
 * page's converter (`page-markdown.ts`) calls it.
 */
import type { BlockContent, Code, Heading, List, Nodes, Paragraph, PhrasingContent, RootContent } from 'mdast';
import { stringLiteral } from './code-meta.ts';
import { parseGitHubRepo } from './github-repo.ts';
import { jsxAttribute, type JsxElement } from './jsx-elements.ts';
import { asBlocks, asHeading, attribute, attributeSource, inlineMarkdown, list, listAttribute, listItem, markdownCode, markdownToString, objectAttribute, strong, text, titled } from './markdown-tree.ts';

/** An `<Update>` of a changelog page as its converter finds it: what it says of itself, and its content. */
export interface UpdateEntry {
  label: string;
  description?: string;
  tags: string[];
  /** Its `rss` prop (`rss={{ title: "...", description: "..." }}`): its one item of the feed, in place of its label and content. */
  rss?: { title?: string; description?: string };
  blocks: BlockContent[];
}

/** What a converter may ask of the page's converter. */
export interface MarkdownContext {
  /** An element converted as the page's converter converts it, for a component that converts its children itself (`<Steps>`). */
  convert(element: JsxElement): Nodes[];
  /** Where `<Update>` entries are gathered, when the page's feed is being read (`changelogEntries`). */
  updates: UpdateEntry[] | undefined;
}

/** Turns one component, its children already converted, into their Markdown. */
export type MarkdownConverter = (node: JsxElement, children: Nodes[], context: MarkdownContext) => Nodes[];

/** A component whose content stands for it (`<CardGroup>`, `<Tabs>`, `<Badge>`): its children as they are. */
export const convertContent: MarkdownConverter = (_node, children) => children;

/** A component with no Markdown form at all (`<Icon>`). */
export const convertNothing: MarkdownConverter = () => [];

/** A component whose content is set apart as blocks of its own (`<Panel>`). */
export const convertBlocks: MarkdownConverter = (_node, children) => asBlocks(children);

/** The Markdown copy is what agents read: their content is in it, the humans' is not. */
export const convertVisibility: MarkdownConverter = (node, children) => (attribute(node, 'for') === 'humans' ? [] : children);

/** A tree written as a Markdown list (`<FileTree>`) is that list already; its folders and files make one. */
export const convertTree: MarkdownConverter = (_node, children) => (children.some((child) => child.type === 'listItem') ? [list(children)] : children);

/** A `<Color>` palette: its rows or colours as a list. */
export const convertColor: MarkdownConverter = (_node, children) => [list(children)];

/** `<Heading level={3}>`: a Markdown heading of its level. */
export const convertHeading: MarkdownConverter = (node, children) => asHeading(Number(attributeSource(node, 'level') ?? 2), children);

/** A component whose content comes under a fixed title (`<RequestExample>`: **Request example**). */
export const titledAs =
  (title: string): MarkdownConverter =>
  (_node, children) =>
    titled(title, children);

/** A callout of the kind `kind` (`Note`, `Warning`). */
export const calloutOf =
  (kind: string): MarkdownConverter =>
  (_node, children) =>
    convertCallout(kind, children);

/** A callout as a blockquote that opens with its kind in bold (`> **Note:** …`). */
function convertCallout(kind: string, children: Nodes[]): Nodes[] {
  const blocks = asBlocks(children);
  const first = blocks[0];
  const label = strong(`${kind}:`);
  if (first?.type === 'paragraph') first.children.unshift(label, text(' '));
  else blocks.unshift({ type: 'paragraph', children: [label] });
  return [{ type: 'blockquote', children: blocks }];
}

/** A card as its title in bold, a link where it leads somewhere, then its description and content. */
export function convertCard(node: JsxElement, children: Nodes[]): Nodes[] {
  const title = attribute(node, 'title');
  const href = attribute(node, 'href');
  const head: PhrasingContent[] = title ? [href ? { type: 'link', url: href, children: [strong(title)] } : strong(title)] : [];
  const description = attribute(node, 'description');
  return [...(head.length ? [{ type: 'paragraph', children: head } as Paragraph] : []), ...(description ? [{ type: 'paragraph', children: [text(description)] } as Paragraph] : []), ...asBlocks(children)];
}

/** A changelog entry: its label as a heading, then what the entry says of itself. */
export function convertUpdate(node: JsxElement, children: Nodes[], context: MarkdownContext): Nodes[] {
  const label = attribute(node, 'label');
  const description = attribute(node, 'description');
  const tags = listAttribute(node, 'tags');
  const blocks = asBlocks(children);
  const rss = objectAttribute(node, 'rss', ['title', 'description']);
  context.updates?.push({ label: label ?? '', ...(description ? { description } : {}), tags, ...(rss ? { rss } : {}), blocks });
  return [
    ...(label ? [{ type: 'heading', depth: 2, children: [text(label)] } satisfies Heading] : []),
    ...(description ? [{ type: 'paragraph', children: inlineMarkdown(description) } satisfies Paragraph] : []),
    ...(tags.length ? [{ type: 'paragraph', children: [text(`Tags: ${tags.join(', ')}`)] } satisfies Paragraph] : []),
    ...blocks,
  ];
}

/** The prompt as the text a reader copies, in a fence, after what it is for. */
export function convertPrompt(node: JsxElement, children: Nodes[]): Nodes[] {
  const description = attribute(node, 'description');
  const prompt = markdownToString({ type: 'root', children: asBlocks(children) as RootContent[] }).trim();
  return [
    ...(description ? [{ type: 'paragraph', children: inlineMarkdown(description) } satisfies Paragraph] : []),
    { type: 'code', lang: 'text', value: prompt },
  ];
}

/** The term, then its tip in parentheses: what a reader of the page sees on hover. */
export function convertTooltip(node: JsxElement, children: Nodes[]): Nodes[] {
  const tip = attribute(node, 'tip');
  const headline = attribute(node, 'headline');
  return tip ? [...children, text(` (${headline ? `${headline}: ` : ''}${tip})`)] : children;
}

/** A folder of a `<Tree>`: its name, then what it holds as a nested list. */
export function convertTreeFolder(node: JsxElement, children: Nodes[]): Nodes[] {
  const folder: BlockContent[] = [{ type: 'paragraph', children: [text(`${attribute(node, 'name') ?? ''}/`)] }];
  const items = list(children);
  return [listItem(items.children.length ? [...folder, items] : folder)];
}

/** A file of a `<Tree>`: its name, as a list item. */
export function convertTreeFile(node: JsxElement): Nodes[] {
  return [listItem([{ type: 'paragraph', children: [text(attribute(node, 'name') ?? '')] }])];
}

/** A GitHub card as a link to the repository, named by it. */
export function convertGitHubRepo(node: JsxElement): Nodes[] {
  const repository = parseGitHubRepo(attribute(node, 'repo') ?? '');
  return repository ? [{ type: 'paragraph', children: [{ type: 'link', url: repository.url, children: [text(`${repository.slug} on GitHub`)] }] }] : [];
}

/** A row of a `<Color>` palette: its title, then its colours as a nested list. */
export function convertColorRow(node: JsxElement, children: Nodes[]): Nodes[] {
  const title = attribute(node, 'title');
  return [listItem([{ type: 'paragraph', children: title ? inlineMarkdown(title) : [] }, list(children)])];
}

/** A colour of a `<Color>` palette: its name and value, as a list item. */
export function convertColorItem(node: JsxElement): Nodes[] {
  const colorName = attribute(node, 'name');
  const value = colorValue(node);
  return [listItem([{ type: 'paragraph', children: [text(colorName ? `${colorName}: ${value}` : value)] }])];
}

/** A colour's value: a CSS colour, or one for each theme (`value={{ light: "#fff", dark: "#000" }}`). */
function colorValue(node: JsxElement): string {
  const written = attribute(node, 'value');
  if (written !== undefined) return written;
  const expression = jsxAttribute(node, 'value')?.value;
  if (!expression || typeof expression !== 'object') return '';
  const themes = [...expression.value.matchAll(/(light|dark)\s*:\s*(['"`])([^'"`]*)\2/g)].map((match) => `${match[3]} (${match[1]})`);
  return themes.length ? themes.join(', ') : expression.value.trim();
}

/** An accordion: its title in bold, then its description and content. */
export function convertAccordion(node: JsxElement, children: Nodes[]): Nodes[] {
  const description = attribute(node, 'description');
  return titled(attribute(node, 'title'), description ? [{ type: 'paragraph', children: inlineMarkdown(description) } satisfies Paragraph, ...children] : children);
}

/** Components whose title heads their content (a tab, a step). */
export function convertTitledContent(node: JsxElement, children: Nodes[]): Nodes[] {
  return titled(attribute(node, 'title'), children);
}

/** Each step is an item of a numbered list, its title first. */
export function convertSteps(node: JsxElement, children: Nodes[], context: MarkdownContext): Nodes[] {
  const steps = (node.children as Nodes[]).flatMap((child) => (child.type === 'paragraph' ? (child.children as Nodes[]) : [child]));
  const items = steps
    .filter((step): step is JsxElement => step.type === 'mdxJsxFlowElement' || step.type === 'mdxJsxTextElement')
    .map((step) => ({ type: 'listItem' as const, spread: false, children: asBlocks(context.convert(step)) }));
  const first = steps.find((step): step is JsxElement => step.type === 'mdxJsxFlowElement' || step.type === 'mdxJsxTextElement');
  const start = first ? Number.parseInt(attributeSource(first, 'stepNumber') ?? '', 10) : Number.NaN;
  return items.length ? [{ type: 'list', ordered: true, spread: false, ...(start > 1 ? { start } : {}), children: items }] : children;
}

const FIELD_LOCATIONS = ['path', 'query', 'body', 'header'] as const;

/** A `<ParamField>` or `<ResponseField>`: its name in code and what is known of it, then its content, as a list item. */
export function convertField(node: JsxElement, children: Nodes[]): Nodes[] {
  const location = FIELD_LOCATIONS.find((where) => attribute(node, where) !== undefined);
  const fieldName = attribute(node, 'name') ?? (location ? attribute(node, location) : undefined) ?? '';
  const fallback = attribute(node, 'default');
  const facts = [
    attribute(node, 'type'),
    location,
    attributeSource(node, 'required') === 'true' ? 'required' : undefined,
    attributeSource(node, 'deprecated') === 'true' ? 'deprecated' : undefined,
    fallback ? `default: ${fallback}` : undefined,
  ].filter(Boolean);
  const head: PhrasingContent[] = [{ type: 'inlineCode', value: fieldName }, ...(facts.length ? [text(` (${facts.join(', ')})`)] : [])];
  // Fields one after another make one list: see `joinFieldLists` (page-markdown.ts).
  return [{ type: 'list', ordered: false, spread: false, data: { fields: true }, children: [listItem([{ type: 'paragraph', children: head }, ...asBlocks(children)])] } as List];
}

/** A frame's content, then its caption in italics. */
export function convertFrame(node: JsxElement, children: Nodes[]): Nodes[] {
  const caption = attribute(node, 'caption');
  return [...children, ...(caption ? [{ type: 'paragraph', children: [{ type: 'emphasis', children: inlineMarkdown(caption) }] } as Paragraph] : [])];
}

/** The text a component's children give as code: a string or template literal (`{`npm i`}`), or their text. */
function childrenAsCode(children: Nodes[]): string {
  return children
    .map((child): string => {
      if (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression') return stringLiteral(child.value) ?? '';
      if (child.type === 'text' || child.type === 'inlineCode') return child.value;
      return 'children' in child ? childrenAsCode(child.children as Nodes[]) : '';
    })
    .join('\n')
    .replace(/^(?:[ \t]*\n)+|\s+$/g, '');
}

/** `<CodeBlock>` as the fenced block it draws: its code, language and file name. */
export function convertCodeBlock(node: JsxElement): Nodes[] {
  const fenced = (node.children as Nodes[]).find((child): child is Code => child.type === 'code');
  const code = markdownCode(fenced ?? { type: 'code', value: childrenAsCode(node.children as Nodes[]) });
  const language = attribute(node, 'language');
  const filename = attribute(node, 'filename');
  return [{ ...code, lang: language ?? code.lang ?? null, meta: filename ?? code.meta ?? null }];
}
