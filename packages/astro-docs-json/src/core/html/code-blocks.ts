/**
 * Code blocks as Mintlify draws them, from their options (`markdown/code-meta.ts`): Shiki
 * transformers that run on every highlighted block.
 *
 * - Shiki's own notation transformers read `// [!code ++]`, `[!code --]` (added and
 *   removed lines), `[!code highlight]` and `[!code focus]`, with `:N` for N lines; they
 *   run only on code that holds `[!code`, which most blocks do not. `[\!code ++]` is
 *   shown as the notation, unread (Shiki's escape).
 * - The options transformer marks the lines that `{1,3-5}`, `highlight=` and `focus=`
 *   name (Shiki's meta transformer reads only the `{…}` form), and wraps the block in a
 *   `<div class="code-block">` that carries its options as data attributes, its header
 *   (icon and title) and its colours. The browser script (`astro/client/code-blocks.ts`)
 *   adds the copy button and the expandable block's button from those attributes.
 *
 * - The time Shiki may take to tokenise a line is raised (`TOKENIZE_TIME_LIMIT`): past its
 *   default half second, Shiki stops and gives the rest of the line one token, with the
 *   colours of wherever the grammar stopped, and the lines after carry on from there. On a
 *   busy machine the first block of a language (whose grammar's expressions are compiled
 *   then) took that long in one theme's pass and not the other's: the same page came out
 *   coloured differently from one build to the next.
 *
 * The header's icon is a placeholder (`CODE_ICON_ATTRIBUTE`) that the page fills with the
 * site's icon when it is rendered (`fillCodeIcons`): the site's icons are numbered once all
 * pages are known, after the blocks are compiled.
 */
import { transformerNotationDiff, transformerNotationFocus, transformerNotationHighlight, transformerRemoveNotationEscape } from '@shikijs/transformers';
import type { Element, ElementContent, Root } from 'hast';
import type { ShikiTransformer, ShikiTransformerContext, ShikiTransformerContextCommon } from 'shiki';
import { inRanges, parseCodeMeta, type CodeMeta } from '../markdown/code-meta.ts';

/** Classes of the lines and of the `<pre>`: Shiki's own names, which the styles follow. */
export const CODE_CLASSES = {
  highlighted: 'highlighted',
  focused: 'focused',
  hasHighlighted: 'has-highlighted',
  hasFocused: 'has-focused',
  added: 'diff add',
  removed: 'diff remove',
  hasDiff: 'has-diff',
} as const;

/** The attribute of the header's icon placeholder, whose value is the icon's name. */
export const CODE_ICON_ATTRIBUTE = 'data-code-icon';

/** A block written ```` ```nocopy ````: plain text without a copy button. */
const NOCOPY_LANGUAGE = 'nocopy';

/** Mintlify's notation transformers, with its matching rules (`v3`: the notation ends its line's comment). */
const notations = [
  transformerNotationDiff({ matchAlgorithm: 'v3', classLineAdd: CODE_CLASSES.added, classLineRemove: CODE_CLASSES.removed, classActivePre: CODE_CLASSES.hasDiff }),
  transformerNotationHighlight({ matchAlgorithm: 'v3', classActiveLine: CODE_CLASSES.highlighted, classActivePre: CODE_CLASSES.hasHighlighted }),
  transformerNotationFocus({ matchAlgorithm: 'v3', classActiveLine: CODE_CLASSES.focused, classActivePre: CODE_CLASSES.hasFocused }),
];

/** `[\!code ++]` shows as `[!code ++]` without being read: for pages that document the notation. */
const notationEscape = transformerRemoveNotationEscape();

/** Shiki's notation transformers, skipped for code without a notation: they look at every line's last token otherwise. */
const codeNotations: ShikiTransformer = {
  name: 'astro-docs-json:code-notations',
  code(node) {
    if (this.source.includes('[!code')) {
      for (const notation of notations) notation.code?.call(this, node);
      // The space before a comment that went with its notation would be copied with the line.
      this.source.split('\n').forEach((line, index) => line.includes('[!code') && this.lines[index] && trimLineEnd(this.lines[index]));
    }
    if (this.source.includes('[\\!code')) notationEscape.code?.call(this, node);
  },
};

/** A line without the spaces at its end: its last tokens' text trimmed, those left empty removed. */
function trimLineEnd(line: Element) {
  while (line.children.length > 0) {
    const last = line.children.at(-1)!;
    const text = last.type === 'element' && last.children.length === 1 ? last.children[0] : last;
    if (text?.type !== 'text') return;
    text.value = text.value.trimEnd();
    if (text.value) return;
    line.children.pop();
  }
}

/** Each highlight's options, read once from its meta string. */
const metaOfCall = new WeakMap<object, CodeMeta>();

function optionsOf(context: ShikiTransformerContextCommon): CodeMeta {
  let meta = metaOfCall.get(context.meta);
  if (!meta) {
    meta = parseCodeMeta(context.options.meta?.__raw);
    if (context.options.lang === NOCOPY_LANGUAGE) meta = { ...meta, nocopy: true };
    metaOfCall.set(context.meta, meta);
  }
  return meta;
}

const codeOptions: ShikiTransformer = {
  name: 'astro-docs-json:code-options',
  line(node, line) {
    const { highlight, focus } = optionsOf(this);
    if (highlight.length && inRanges(highlight, line)) this.addClassToHast(node, CODE_CLASSES.highlighted);
    if (focus.length && inRanges(focus, line)) this.addClassToHast(node, CODE_CLASSES.focused);
  },
  pre(node) {
    const { highlight, focus } = optionsOf(this);
    if (highlight.length) this.addClassToHast(node, CODE_CLASSES.hasHighlighted);
    if (focus.length) this.addClassToHast(node, CODE_CLASSES.hasFocused);
    // Astro's highlighter names the language on the `<pre>`; Shiki alone does not.
    if (this.options.lang === NOCOPY_LANGUAGE) node.properties['dataLanguage'] = 'plaintext';
    else node.properties['dataLanguage'] ??= this.options.lang;
  },
  root(root) {
    const index = root.children.findIndex((child) => child.type === 'element' && child.tagName === 'pre');
    if (index >= 0) root.children[index] = codeBlock(this, root.children[index] as Element);
  },
};

/**
 * Seconds, not Shiki's half second, that a line may take to tokenise: long enough that no
 * grammar stops early on a loaded machine, bounded so that a grammar of the docs folder's
 * own (`styling.codeblocks.languages`) whose expressions backtrack without end cannot hold
 * the build. In milliseconds.
 */
export const TOKENIZE_TIME_LIMIT = 10_000;

const tokenizingTime: ShikiTransformer = {
  name: 'astro-docs-json:tokenizing-time',
  // The options of this one call (Astro's highlighter makes them for each block), read after the transformers' `preprocess`.
  preprocess(_code, options) {
    options.tokenizeTimeLimit = TOKENIZE_TIME_LIMIT;
  },
};

/** The transformers of code blocks, in the order they run. */
export const codeBlockTransformers: ShikiTransformer[] = [tokenizingTime, codeNotations, codeOptions];

/** The `<pre>` in its `<div class="code-block">`, with the header and the attributes its options give. */
function codeBlock(context: ShikiTransformerContext, pre: Element): Root['children'][number] {
  const meta = optionsOf(context);
  const { colors, rest } = splitColors(String(pre.properties['style'] ?? ''));
  pre.properties['style'] = rest || undefined;
  const lineCount = context.lines.length;
  const style = [colors, meta.lines ? `--line-number-width:${String(lineCount).length}ch` : ''].filter(Boolean).join(';');
  const properties: Element['properties'] = {
    class: 'code-block',
    'data-language': pre.properties['dataLanguage'] as string | undefined,
    'data-title': meta.title,
    'data-nocopy': presentIf(meta.nocopy),
    'data-wrap': presentIf(meta.wrap),
    'data-line-numbers': presentIf(meta.lines),
    'data-expandable': presentIf(meta.expandable),
    style: style || undefined,
  };
  for (const [key, value] of Object.entries(properties)) if (value === undefined) delete properties[key];
  return { type: 'element', tagName: 'div', properties, children: [...header(meta), pre] };
}

/** An attribute without a value, there or not. */
const presentIf = (on: boolean) => (on ? '' : undefined);

/** The header above the code: the icon and the title, when the block has either. */
function header({ title, icon }: CodeMeta): Element[] {
  if (!title && !icon) return [];
  const children: ElementContent[] = [];
  if (icon) children.push({ type: 'element', tagName: 'svg', properties: { class: 'icon', [CODE_ICON_ATTRIBUTE]: icon, ariaHidden: 'true' }, children: [] });
  if (title) children.push({ type: 'element', tagName: 'span', properties: { class: 'code-block-title' }, children: [{ type: 'text', value: title }] });
  return [{ type: 'element', tagName: 'div', properties: { class: 'code-block-header' }, children }];
}

/**
 * Shiki's colours (`background-color`, `color`, and the variables of a second theme) move
 * to the block, which frames the header and the code; the rest (`overflow-x`) stays.
 */
function splitColors(style: string): { colors: string; rest: string } {
  const colors: string[] = [];
  const rest: string[] = [];
  for (const declaration of style.split(';').map((part) => part.trim()).filter(Boolean)) {
    const property = declaration.slice(0, declaration.indexOf(':')).trim();
    (property === 'background-color' || property === 'color' || property.startsWith('--') ? colors : rest).push(declaration);
  }
  return { colors: colors.join(';'), rest: rest.join(';') };
}

/**
 * The page's HTML with each code block's icon placeholder replaced by the icon as the
 * site draws it (`iconHtml`), or removed when the icon is unknown.
 */
export function fillCodeIcons(html: string, iconHtml: (name: string) => string): string {
  if (!html.includes(CODE_ICON_ATTRIBUTE)) return html;
  return html.replace(/<svg\b[^>]*?\sdata-code-icon="([^"]*)"[^>]*>\s*<\/svg>/g, (_, name: string) => iconHtml(unescapeAttribute(name)));
}

const unescapeAttribute = (value: string) =>
  value.replace(/&(?:quot|#34|#x22);/g, '"').replace(/&(?:#39|#x27|apos);/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text of HTML: its tags left out, its entities read. */
function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The code that rendered content holds, for `<CodeBlock>`: the code of the first code
 * block in it (and that block's language), or else its text, paragraphs a line apart.
 */
export function codeOfHtml(html: string): { code: string; language?: string } {
  const block = /<pre\b[^>]*>([\s\S]*?)<\/pre>/i.exec(html);
  if (block) {
    const language = /<pre\b[^>]*\sdata-language="([^"]*)"/i.exec(html)?.[1];
    const code = /<code\b[^>]*>([\s\S]*?)<\/code>/i.exec(block[1]!)?.[1] ?? block[1]!;
    return { code: htmlText(code), ...(language ? { language } : {}) };
  }
  const text = htmlText(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*/gi, '\n\n'));
  return { code: text.replace(/^(?:[ \t]*\n)+|\s+$/g, '') };
}
