/**
 * Markdown as a tree, as the page's Markdown copy reads, builds and writes it: a page's text
 * parsed the way the site reads it, the props of its JSX elements as text, the nodes that
 * the page's converter (`page-markdown.ts`) and the built-in components' converters
 * (`component-markdown.ts`) make, and the tree written back as text.
 */
import type { BlockContent, Code, Heading, List, ListItem, Nodes, Paragraph, PhrasingContent, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { unified } from 'unified';
import { parseCodeMeta } from './code-meta.ts';
import { codeWithoutNotation } from './code-notation.ts';
import { jsxAttribute, type JsxElement } from './jsx-elements.ts';
import { MINTLIFY_SYNTAX } from './syntax.ts';

/**
 * Parses with satteri, the native parser Astro renders the pages with: the tree is the
 * one remark would build, at a fortieth of the cost, which matters when every page is
 * read again for its Markdown and its checks. A file MDX cannot parse is read as plain
 * Markdown instead, its tags left as HTML.
 */
export function parseMarkdown(source: string, mdx: boolean): Root {
  if (mdx) {
    try {
      return formulasAsWritten(mdxToMdast(source, { features: MINTLIFY_SYNTAX }) as Root);
    } catch {
      // Forgiving: what MDX refuses still reads as Markdown.
    }
  }
  return formulasAsWritten(markdownToMdast(source, { features: MINTLIFY_SYNTAX }) as Root);
}

/** Formulas (read as the site reads them) written back as the page has them: `$…$`, and `$$` blocks. */
function formulasAsWritten(tree: Root): Root {
  const visit = (node: Nodes) => {
    if (!('children' in node)) return;
    node.children = node.children.map((child) => {
      const written = child as Nodes | { type: 'math' | 'inlineMath'; value: string };
      if (written.type === 'inlineMath') return { type: 'text', value: `$${written.value}$` };
      if (written.type === 'math') return { type: 'html', value: `$$\n${written.value}\n$$` };
      visit(child as Nodes);
      return child;
    }) as typeof node.children;
  };
  visit(tree);
  return tree;
}

const stringifier = unified().use(remarkStringify, { bullet: '-', fences: true, rule: '-', emphasis: '_' }).use(remarkGfm);

/** A tree written out as Markdown text, the same way for every page. */
export function markdownToString(tree: Root): string {
  return stringifier.stringify(tree);
}

/** A prop's text as written: a string's, `true` for a bare prop (`defaultOpen`), none for an expression. */
export function attribute(node: JsxElement, name: string): string | undefined {
  const found = jsxAttribute(node, name);
  if (!found) return undefined;
  if (found.value === null || found.value === undefined) return 'true';
  return typeof found.value === 'string' ? found.value : undefined;
}

/** A prop as written: a string's text, or an expression's source (`stepNumber={5}` is `5`). */
export function attributeSource(node: JsxElement, name: string): string | undefined {
  const found = jsxAttribute(node, name);
  return found?.value && typeof found.value === 'object' ? found.value.value.trim() : attribute(node, name);
}

/** The strings of a list prop, written as an expression (`tags={["API", "SDK"]}`) or as one string. */
export function listAttribute(node: JsxElement, name: string): string[] {
  const found = jsxAttribute(node, name);
  if (typeof found?.value === 'string') return [found.value];
  if (!found?.value || typeof found.value !== 'object') return [];
  return [...found.value.value.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((match) => match[2]!);
}

/**
 * The text properties of an object prop written as a literal (`rss={{ title: "March" }}`),
 * those of `keys` that are strings; undefined when it has none.
 */
export function objectAttribute<K extends string>(node: JsxElement, name: string, keys: readonly K[]): Partial<Record<K, string>> | undefined {
  const source = attributeSource(node, name);
  if (!source?.startsWith('{')) return undefined;
  const found: Partial<Record<K, string>> = {};
  for (const match of source.matchAll(/([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')\s*:\s*(['"`])((?:(?!\2)[^\\]|\\.)*)\2/g)) {
    const key = match[1]!.replace(/^["']|["']$/g, '') as K;
    if (keys.includes(key)) found[key] = match[3]!.replace(/\\(.)/g, '$1');
  }
  return Object.keys(found).length ? found : undefined;
}

export const text = (value: string): PhrasingContent => ({ type: 'text', value });
export const strong = (value: string): PhrasingContent => ({ type: 'strong', children: [text(value)] });

const PHRASING = new Set(['text', 'emphasis', 'strong', 'inlineCode', 'link', 'linkReference', 'image', 'imageReference', 'break', 'delete', 'footnoteReference', 'html']);
export const isPhrasing = (node: Nodes) => PHRASING.has(node.type);

/**
 * A paragraph's content without the spaces at its ends, which are left where a component
 * with no Markdown form (an `<Icon>`) stood and would be written out as `&#x20;`.
 */
export function trimEdges(inline: PhrasingContent[]): PhrasingContent[] {
  const trimmed = [...inline];
  const first = trimmed[0];
  const last = trimmed.at(-1);
  if (first?.type === 'text') trimmed[0] = text(first.value.trimStart());
  if (last?.type === 'text') trimmed[trimmed.length - 1] = text((trimmed.at(-1) as { value: string }).value.trimEnd());
  return trimmed.filter((node) => node.type !== 'text' || node.value !== '');
}

/** Block children, with loose inline content wrapped in paragraphs. */
export function asBlocks(children: Nodes[]): BlockContent[] {
  const blocks: BlockContent[] = [];
  let inline: PhrasingContent[] = [];
  const flush = () => {
    if (inline.some((node) => node.type !== 'text' || node.value.trim() !== '')) blocks.push({ type: 'paragraph', children: trimEdges(inline) });
    inline = [];
  };
  for (const child of children) {
    if (isPhrasing(child)) inline.push(child as PhrasingContent);
    else {
      flush();
      blocks.push(child as BlockContent);
    }
  }
  flush();
  return blocks;
}

/** A title line before a component's content: `**Title**` and its content's blocks. */
export function titled(title: string | undefined, children: Nodes[]): Nodes[] {
  return title ? [{ type: 'paragraph', children: [strong(title)] } satisfies Paragraph, ...asBlocks(children)] : children;
}

/** Props that hold inline Markdown (a colour row's title, a prompt's description), as phrasing. */
export function inlineMarkdown(markdown: string): PhrasingContent[] {
  const first = parseMarkdown(markdown, false).children[0];
  return first?.type === 'paragraph' ? first.children : [text(markdown)];
}

export const listItem = (children: BlockContent[]): ListItem => ({ type: 'listItem', spread: false, children });
export const list = (items: Nodes[]): List => ({ type: 'list', ordered: false, spread: false, children: items.filter((item): item is ListItem => item.type === 'listItem') });

/** A heading written as JSX (`<h2>`, `<Heading level={2}>`) is a Markdown heading of its level. */
export function asHeading(level: number, children: Nodes[]): Nodes[] {
  const depth = (Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2) as Heading['depth'];
  // Its text, which MDX reads as a paragraph when it stands on lines of its own.
  const inline = children.flatMap((child) => (child.type === 'paragraph' ? child.children : [child]));
  return inline.every(isPhrasing) ? [{ type: 'heading', depth, children: trimEdges(inline as PhrasingContent[]) }] : children;
}

/**
 * A code block as a reader would copy it: its title kept after the language, its other
 * options (highlighted lines, flags, icon) and its notation (`// [!code ++]`) left out,
 * and the lines that notation marks as removed too. ```` ```nocopy ```` is plain text.
 */
export function markdownCode(node: Code): Code {
  const title = parseCodeMeta(node.meta).title;
  return { ...node, lang: node.lang === 'nocopy' ? 'text' : node.lang, meta: title ?? null, value: codeWithoutNotation(node.value) };
}
