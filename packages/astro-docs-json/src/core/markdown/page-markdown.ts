/**
 * A page as plain Markdown, for AI systems (`<url>.md`, llms-full.txt): `# Title`, the
 * description as a blockquote, then the body with its components turned into their
 * Markdown equivalents (a callout becomes a blockquote, a card a link, tabs headed
 * sections: the built-in components' converters, from their registry) and no JSX,
 * imports or expressions left.
 */
import type { BlockContent, Definition, Heading, Image, Link, Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import path from 'node:path';
import { addressOf } from '../paths/link-address.ts';
import { resolvePageLink } from '../paths/links.ts';
import { builtInMarkdown } from './built-in-registry.ts';
import { parseCodeMeta } from './code-meta.ts';
import type { UpdateEntry } from './component-markdown.ts';
import { splitFrontmatter } from './frontmatter.ts';
import { jsxAttribute, type JsxElement } from './jsx-elements.ts';
import { asBlocks, asHeading, attribute, isPhrasing, markdownCode, markdownToString, parseMarkdown, text, trimEdges } from './markdown-tree.ts';

export interface MarkdownOptions {
  /** Relative to the docs folder: links and images are resolved against it. */
  file: string;
  /** The site's origin (`https://docs.example.com`), to make site links absolute. */
  siteUrl?: string;
  base?: string;
  /** The file is plain Markdown (`PageContent.plain`): it is kept as written, only its link targets resolved. */
  plain?: boolean;
  /** A file of the docs folder, for the snippets a page imports; without it, snippets are left out. */
  readFile?: (file: string) => string | undefined;
}

/** What the names in a file's expressions and tags stand for. */
interface Scope {
  file: string;
  /** Names imported from MDX snippets: the snippet's file and the export (`default`: the snippet itself). */
  imports: Map<string, { file: string; name: string }>;
  /** Text the expressions `{name}` and `{props.name}` read: a snippet's props, and string constants. */
  values: Map<string, string>;
  readFile: ((file: string) => string | undefined) | undefined;
  /** Snippets being inlined, outermost first: a snippet that includes itself stops there. */
  within: readonly string[];
  /** Where `<Update>` entries are gathered, for the page's feed (`changelogEntries`). */
  updates?: UpdateEntry[];
}

/** One `<Update>` of a changelog page, its content as Markdown. */
export interface ChangelogEntry extends Omit<UpdateEntry, 'blocks'> {
  markdown: string;
  /** Its content cut at its Markdown headings, each heading with what follows it (what comes before the first goes with it). */
  sections: Array<{ heading: string; markdown: string }>;
}

/** A page file's body parsed (MDX for `.mdx`), with the lines of its frontmatter, which the tree does not count. */
export function parsePageSource(source: string, file: string): { root: Root; offset: number } {
  const { body } = splitFrontmatter(source);
  const offset = source.slice(0, source.length - body.length).split('\n').length - 1;
  return { root: parseMarkdown(body, /\.mdx$/i.test(file)), offset };
}

/** Fields written one after another (`<ParamField>`s) as one list, not a list each. */
function joinFieldLists(nodes: Nodes[]): Nodes[] {
  const joined: Nodes[] = [];
  for (const node of nodes) {
    const previous = joined.at(-1);
    if (node.type === 'list' && node.data && 'fields' in node.data && previous?.type === 'list' && previous.data && 'fields' in previous.data) {
      joined[joined.length - 1] = { ...previous, children: [...previous.children, ...node.children] };
    } else joined.push(node);
  }
  return joined;
}

const MDX_SNIPPET = /\.mdx?$/i;
const STRING_CONSTANT = /export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*(['"`])((?:(?!\2)[^\\$]|\\.)*)\2/g;

/** The string constants a file exports (`export const product = 'Acme'`). */
function stringConstants(esm: string): Array<[string, string]> {
  return [...esm.matchAll(STRING_CONSTANT)].map((match) => [match[1]!, match[3]!.replace(/\\(.)/g, '$1')]);
}

/** The names a file imports from MDX snippets, and the string constants in its reach. */
function scopeOf(tree: Root, file: string, values: Map<string, string>, readFile: Scope['readFile'], within: readonly string[] = []): Scope {
  const scope: Scope = { file, imports: new Map(), values: new Map(values), readFile, within };
  for (const node of tree.children as Nodes[]) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const [name, value] of stringConstants(node.value)) scope.values.set(name, value);
    for (const [, clause, specifier] of node.value.matchAll(/import\s+([\s\S]+?)\s+from\s*['"]([^'"]+)['"]/g)) {
      if (!MDX_SNIPPET.test(specifier!)) continue;
      const target = specifier!.startsWith('/') ? specifier!.slice(1) : path.posix.join(path.posix.dirname(file), specifier!);
      const named = /\{([\s\S]*)\}/.exec(clause!)?.[1] ?? '';
      const exported = new Map(readFile && named ? stringConstants(readFile(target) ?? '') : []);
      for (const entry of named.split(',')) {
        const [imported, local = imported] = entry.split(/\s+as\s+/).map((part) => part.trim());
        if (!imported) continue;
        scope.imports.set(local!, { file: target, name: imported });
        if (exported.has(imported)) scope.values.set(local!, exported.get(imported)!);
      }
      const defaultName = clause!.replace(/\{[\s\S]*\}/, '').split(',')[0]!.trim();
      if (/^[A-Za-z_$][\w$]*$/.test(defaultName)) scope.imports.set(defaultName, { file: target, name: 'default' });
    }
  }
  return scope;
}

/**
 * The text of an expression, where it has one: a string (`{' '}`), a name the scope knows
 * (`{product}`, `{props.word}`), a template string of those (``{`npx ${script}`}``), or
 * such values in turn, the first one defined (`{props.node ?? '22'}`, `{label ?? script}`).
 * Other expressions have no Markdown form.
 */
function expressionValue(expression: string, scope: Scope): string | undefined {
  const alternatives = expression.split('??');
  if (alternatives.length > 1) {
    for (const alternative of alternatives) {
      const value = expressionValue(alternative, scope);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  const literal = /^\s*(['"])([^'"]*)\1\s*$/.exec(expression);
  if (literal) return literal[2]!;
  const template = /^\s*`([^`]*)`\s*$/.exec(expression);
  if (template) return templateValue(template[1]!, scope);
  const named = /^\s*(?:props\.)?([A-Za-z_$][\w$]*)\s*$/.exec(expression);
  return named ? scope.values.get(named[1]!) : undefined;
}

/** A template string's text, each `${…}` filled in; undefined when one has no text. */
function templateValue(template: string, scope: Scope): string | undefined {
  let unknown = false;
  const filled = template.replace(/\$\{([^}]*)\}/g, (_, inner: string) => {
    const value = expressionValue(inner, scope);
    unknown ||= value === undefined;
    return value ?? '';
  });
  return unknown ? undefined : filled;
}

/** A snippet in the page's place, its props filled in: what the reader of the page sees there. */
function inlineSnippet(file: string, node: JsxElement, scope: Scope): Nodes[] | undefined {
  if (scope.within.includes(file)) return undefined;
  const source = scope.readFile?.(file);
  if (source === undefined) return undefined;
  const props = new Map<string, string>();
  for (const attributeNode of node.attributes) {
    if (attributeNode.type !== 'mdxJsxAttribute') continue;
    const value = typeof attributeNode.value === 'string' ? attributeNode.value : attributeNode.value ? expressionValue(attributeNode.value.value, scope) : 'true';
    if (value !== undefined) props.set(attributeNode.name, value);
  }
  const tree = parseMarkdown(source, /\.mdx$/i.test(file));
  return convertChildren(tree.children as Nodes[], scopeOf(tree, file, props, scope.readFile, [...scope.within, file]));
}

/** Turns one HTML element, its children already converted, into their Markdown. */
type ElementConverter = (node: JsxElement, children: Nodes[], scope: Scope) => Nodes[];

function convertImage(node: JsxElement): Nodes[] {
  const src = attribute(node, 'src');
  return src ? [{ type: 'image', url: src, alt: attribute(node, 'alt') ?? '' }] : [];
}

function convertAnchor(node: JsxElement, children: Nodes[], scope: Scope): Nodes[] {
  const written = jsxAttribute(node, 'href')?.value;
  const href = typeof written === 'string' ? written : written ? expressionValue(written.value, scope) : undefined;
  // A link that shows only an icon, named by its author: the name is its text here.
  const label = [jsxAttribute(node, 'aria-label')?.value, jsxAttribute(node, 'title')?.value].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const text: Nodes[] = label && !children.some(hasText) ? [{ type: 'text', value: label.trim() }] : children;
  return href ? [{ type: 'link', url: href, children: text as PhrasingContent[] }] : children;
}

/** Whether writing a plain page's code blocks as `markdownCode` would change them. */
function hasCodeToClean(tree: Nodes): boolean {
  // `[\!code ++]` is notation shown as written: the page shows it unescaped.
  if (tree.type === 'code') return tree.value.includes('[!code') || tree.value.includes('[\\!code') || tree.lang === 'nocopy' || (tree.meta ?? null) !== (parseCodeMeta(tree.meta).title ?? null);
  return 'children' in tree && (tree.children as Nodes[]).some(hasCodeToClean);
}

/** The HTML elements with a Markdown form of their own, by name; the built-in components' are in their registry. */
const HTML_CONVERTERS = new Map<string, ElementConverter>([
  ['img', convertImage],
  ['a', convertAnchor],
  ['br', () => [{ type: 'break' }]],
  ...[1, 2, 3, 4, 5, 6].map((level): [string, ElementConverter] => [`h${level}`, (_node, children) => asHeading(level, children)]),
]);

/** `dangerouslySetInnerHTML={{ __html: '…' }}`: the element's content is that HTML, where its text is known. */
function innerHtmlOf(node: JsxElement, scope: Scope): string | undefined {
  const written = jsxAttribute(node, 'dangerouslySetInnerHTML')?.value;
  if (!written || typeof written === 'string') return undefined;
  const html = /^\s*\{\s*__html\s*:\s*([\s\S]*?)\s*,?\s*\}\s*$/.exec(written.value);
  return html ? expressionValue(html[1]!, scope) : undefined;
}

function convertElement(node: JsxElement, scope: Scope): Nodes[] {
  const innerHtml = innerHtmlOf(node, scope);
  if (innerHtml !== undefined) return [{ type: 'html', value: innerHtml }];
  const children = convertChildren(node.children as Nodes[], scope);
  const name = node.name ?? '';
  const snippet = scope.imports.get(name);
  if (snippet?.name === 'default') return inlineSnippet(snippet.file, node, scope) ?? children;
  const builtIn = builtInMarkdown(name);
  if (builtIn) return builtIn(node, children, { convert: (element) => convertElement(element, scope), updates: scope.updates });
  const convert = HTML_CONVERTERS.get(name);
  // Others (divs, components of the site's own): their content stands for them.
  return convert ? convert(node, children, scope) : children;
}

function convertChildren(children: Nodes[], scope: Scope): Nodes[] {
  return joinFieldLists(children.flatMap((child): Nodes[] => {
    switch (child.type) {
      case 'yaml':
      case 'mdxjsEsm':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression': {
        // `{{name}}` that no docs.json variable defines: shown as written, as on the page.
        if (/^\{\s*[\w.-]+\s*\}$/.test(child.value)) return [text(`{${child.value}}`)];
        const value = expressionValue(child.value, scope);
        return value === undefined ? [] : [text(value)];
      }
      case 'code':
        return [markdownCode(child)];
      case 'mdxJsxFlowElement':
        // In a flow of blocks, a component's inline content (an <img>) is a paragraph.
        return asBlocks(convertElement(child, scope));
      case 'mdxJsxTextElement':
        return convertElement(child, scope);
      case 'paragraph': {
        // A component written inline (`<Card ...>text</Card>` on one line) becomes blocks:
        // the paragraph then splits around them.
        const converted = convertChildren(child.children as Nodes[], scope);
        if (!converted.every(isPhrasing)) return asBlocks(converted);
        const inline = trimEdges(converted as PhrasingContent[]);
        return inline.length ? [{ ...child, children: inline }] : [];
      }
      default:
        if ('children' in child && Array.isArray(child.children)) {
          return [{ ...child, children: convertChildren(child.children as Nodes[], scope) } as Nodes];
        }
        return [child];
    }
  }));
}

/** Where a link, image or definition target points from the Markdown copy: site paths are absolute where the site's origin is known. */
function resolveTarget(url: string, options: MarkdownOptions): string {
  const resolved = resolvePageLink(url, options.file, options.base);
  return resolved.startsWith('/') && options.siteUrl ? `${options.siteUrl}${resolved}` : resolved;
}

type Target = Link | Image | Definition;
const isTarget = (node: Nodes): node is Target => node.type === 'link' || node.type === 'image' || node.type === 'definition';

/** A link's text, or nothing to read (an icon, which Markdown has no form for). */
const hasText = (node: Nodes): boolean => ('value' in node && node.value.trim() !== '') || (node.type === 'image' && !!node.alt?.trim()) || ('children' in node && (node.children as Nodes[]).some(hasText));

function absolutize(tree: Nodes, options: MarkdownOptions) {
  const visit = (node: Nodes) => {
    // A link that showed only an icon would be `[](…)`: its address, as written, is its text.
    if (node.type === 'link' && !hasText(node)) node.children = [{ type: 'text', value: addressOf(node.url) ?? node.url }];
    if (isTarget(node)) node.url = resolveTarget(node.url, options);
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
}

/** Where a node's target is written: after `](` (`]:` in a definition), spaces and an optional `<`. */
function targetOffset(source: string, node: Target): number | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const written = source.slice(start, end);
  let offset: number | undefined;
  for (const match of written.matchAll(node.type === 'definition' ? /\]:\s*<?/g : /\]\(\s*<?/g)) {
    const at = match.index + match[0].length;
    // A link's target comes after its text, which may hold `](` itself: the last match is the one.
    if (written.startsWith(node.url, at)) offset = start + at;
    if (offset !== undefined && node.type === 'definition') break;
  }
  return offset;
}

/**
 * The source as written (from `start` to `end`), with each target resolved as `absolutize`
 * would; undefined when a target is not written as it reads (escaped, say), and the tree has
 * to be written out instead.
 */
function withTargetsResolved(source: string, tree: Nodes, options: MarkdownOptions, start = 0, end = source.length): string | undefined {
  const edits: Array<{ offset: number; length: number; text: string }> = [];
  let complete = true;
  const edit = (node: Target) => {
    const target = resolveTarget(node.url, options);
    if (target === node.url) return;
    const offset = targetOffset(source, node);
    if (offset === undefined) complete = false;
    else edits.push({ offset, length: node.url.length, text: target });
  };
  const visit = (node: Nodes) => {
    if (isTarget(node)) edit(node);
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  if (!complete) return undefined;
  let result = source.slice(start, end);
  for (const edit of edits.sort((a, b) => b.offset - a.offset)) result = result.slice(0, edit.offset - start) + edit.text + result.slice(edit.offset - start + edit.length);
  return result;
}

/** The body of a page file as plain Markdown, without its frontmatter. */
export function pageBodyMarkdown(source: string, options: MarkdownOptions): string {
  const tree = parseMarkdown(source, /\.mdx$/i.test(options.file));
  // A plain Markdown page is already Markdown, kept as its author wrote it. Writing the tree
  // out again would be most of the cost of a large site's Markdown copies.
  const kept = options.plain && !hasCodeToClean(tree) ? withTargetsResolved(source, tree, options) : undefined;
  if (kept !== undefined) return splitFrontmatter(kept).body.trim();
  const scope = scopeOf(tree, options.file, new Map(), options.readFile);
  // Blocks with nothing to convert are kept as written too; the others are converted and
  // written out, those in a row together, as one tree (lists that follow each other, say).
  const parts: string[] = [];
  let run: Nodes[] = [];
  const writeRun = () => {
    const converted: Root = { type: 'root', children: convertChildren(run, scope) as RootContent[] };
    absolutize(converted, options);
    parts.push(markdownToString(converted).trim());
    run = [];
  };
  for (const block of tree.children as Nodes[]) {
    const written = asWritten(source, block, options);
    if (written === undefined) {
      run.push(block);
      continue;
    }
    if (run.length) writeRun();
    parts.push(written);
  }
  if (run.length) writeRun();
  return parts.filter(Boolean).join('\n\n');
}

/** Blocks that are Markdown as written, when nothing in them is MDX: kept, not written out again. */
const KEPT_BLOCKS = new Set(['paragraph', 'heading', 'table', 'code', 'thematicBreak']);

/** A top-level block as its source writes it, targets resolved; undefined for one to convert. */
function asWritten(source: string, block: Nodes, options: MarkdownOptions): string | undefined {
  const { start, end } = block.position ?? {};
  if (!KEPT_BLOCKS.has(block.type) || start?.offset === undefined || end?.offset === undefined) return undefined;
  // An indented fence's first line would lose its indent, and its content lines not.
  if (start.column !== 1 || readBeyondMarkdown(block, source) || hasCodeToClean(block)) return undefined;
  return withTargetsResolved(source, block, options, start.offset, end.offset)?.trim();
}

/**
 * Whether the parser read anything in the node beyond plain text as written: a component, an
 * expression, a formula made text, a heading's `{#id}`, or text whose source differs from it
 * (`&lt;` in a variable's value, a `\*`), which the copy writes as the text it reads.
 */
function readBeyondMarkdown(node: Nodes, source: string): boolean {
  if (node.type.startsWith('mdx') || node.data !== undefined) return true;
  if (node.type === 'text') return node.position?.start.offset === undefined || source.slice(node.position.start.offset, node.position.end.offset) !== node.value;
  return 'children' in node && (node.children as Nodes[]).some((child) => readBeyondMarkdown(child, source));
}

/** The `<Update>` entries of a changelog page, in order, their links made absolute like the page's Markdown. */
export function changelogEntries(source: string, options: MarkdownOptions): ChangelogEntry[] {
  const tree = parseMarkdown(source, /\.mdx$/i.test(options.file));
  const scope: Scope = { ...scopeOf(tree, options.file, new Map(), options.readFile), updates: [] };
  const converted: Root = { type: 'root', children: convertChildren(tree.children as Nodes[], scope) as RootContent[] };
  absolutize(converted, options);
  const write = (blocks: readonly Nodes[]) => markdownToString({ type: 'root', children: blocks as RootContent[] }).trim();
  return scope.updates!.map(({ blocks, ...entry }) => ({ ...entry, markdown: write(blocks), sections: headingSections(blocks, write) }));
}

/** The text of a node, without its formatting: a heading's, as a feed's item title. */
function plainTextOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.type === 'html' ? '' : node.value;
  return 'children' in node ? (node.children as Nodes[]).map(plainTextOf).join('') : '';
}

/** Blocks cut at their headings: each heading's text, with what follows it up to the next heading. */
function headingSections(blocks: readonly BlockContent[], write: (blocks: readonly Nodes[]) => string): ChangelogEntry['sections'] {
  const firstHeading = blocks.findIndex((block) => block.type === 'heading');
  if (firstHeading < 0) return [];
  const sections: Array<{ heading: string; blocks: Nodes[] }> = [];
  for (const block of blocks.slice(firstHeading)) {
    if (block.type === 'heading') sections.push({ heading: plainTextOf(block).trim(), blocks: [] });
    else sections.at(-1)!.blocks.push(block);
  }
  sections[0]!.blocks.unshift(...blocks.slice(0, firstHeading));
  return sections.map(({ heading, blocks: own }) => ({ heading, markdown: write(own) }));
}

/** `# Title` (unless the page draws its own heading), the description as a blockquote, then the body. */
export function pageMarkdown(page: { title: string; untitled?: true; description?: string }, body: string): string {
  const head: Array<Heading | RootContent> = page.untitled ? [] : [{ type: 'heading', depth: 1, children: [text(page.title)] }];
  if (page.description) head.push({ type: 'blockquote', children: [{ type: 'paragraph', children: [text(page.description)] }] });
  const top = markdownToString({ type: 'root', children: head as RootContent[] }).trim();
  return `${top}\n\n${body}`.trim() + '\n';
}
