/**
 * Every heading's id as Mintlify gives it (`core/markdown/anchors.ts`), set before Astro's
 * heading ids, which keep an id already set and list the headings for the table of
 * contents: so the page and its table of contents agree, and links into Mintlify's pages
 * keep their place here.
 *
 * What Mintlify anchors, in the order of the page: Markdown headings (with their custom
 * `{#id}`, which the parser's heading attributes read), `<h1>`–`<h4>` and `<Heading>`
 * written as JSX, `<Update>` entries and the titles `step-titles.ts` makes headings (which
 * Mintlify anchors as entries, by their `id` or title, not counted as Markdown headings). Those inside
 * an accordion, an expandable, an update or a prompt are left out of the table of contents,
 * and so out of its unique anchors. A JSX heading that carries nothing but an id and
 * classes becomes a plain heading, so that the table of contents lists it too.
 */
import type { Element, ElementContent, Properties } from 'hast';
import type { HastNode, HastPluginDefinition, HastVisitorContext, MdxJsxFlowElementHast, PluginFactoryContext } from 'satteri';
import { headingTitle, PageAnchors, type TitlePart } from '../markdown/anchors.ts';
import { declaresBuiltIn } from '../markdown/declare-components.ts';

/** Components whose headings Mintlify keeps out of the table of contents. */
const UNLISTED_WITHIN = new Set(['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt']);
const JSX_HEADINGS = new Set(['h1', 'h2', 'h3', 'h4']);
/** Attributes a JSX heading may have and still become a plain heading: text, and a `<Heading>`'s level. */
const PLAIN_ATTRIBUTES = new Set(['id', 'className', 'class']);

/**
 * Where the page's data tells, in the page's order, what its table of contents holds: for
 * each heading Astro lists (its `h1`–`h6` elements), whether Mintlify lists it (not those
 * inside an accordion), and between them the entries that are no heading element, which
 * Mintlify lists too: changelog entries, by their label.
 */
export const LISTED_HEADINGS = 'astroDocsJsonListedHeadings';

/** An item of `LISTED_HEADINGS`: Astro's next heading listed or not, or an entry of its own. */
export type ListedHeading = boolean | TocEntry;

interface TocEntry {
  depth: number;
  slug: string;
  text: string;
}

/**
 * Astro's headings of a page, less those Mintlify leaves out of its table of contents, with
 * the entries that are no heading element where the page has them. Without `listed` (a page
 * the plugin did not see), the headings as they are.
 */
export function tableOfContents<Heading extends TocEntry>(headings: readonly Heading[], listed: readonly ListedHeading[] | undefined): Array<Heading | TocEntry> {
  if (!listed || listed.filter((item) => typeof item === 'boolean').length !== headings.length) return [...headings];
  let next = 0;
  return listed.flatMap((item) => {
    if (typeof item !== 'boolean') return [item];
    const heading = headings[next++]!;
    return item ? [heading] : [];
  });
}

type Node = Readonly<HastNode>;
type Jsx = Readonly<MdxJsxFlowElementHast>;

/**
 * Where the page's components are that matter to anchors, as ranges of its source: those
 * whose headings the table of contents leaves out. A component is met before what it holds. (Asking the parser for a
 * heading's ancestors instead hands over the whole page, node by node: 70 MB more on the
 * corpus's largest site.)
 */
class Containers {
  readonly unlisted: Array<[start: number, end: number]> = [];

  add(node: Jsx): void {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (UNLISTED_WITHIN.has(node.name!)) this.unlisted.push([start, end]);
  }

  /** Whether the table of contents lists what is at `node`: it is inside none of the components that keep it out. */
  lists(node: Node): boolean {
    const at = node.position?.start.offset;
    return at === undefined || !this.unlisted.some(([start, end]) => start < at && at < end);
  }
}

/** The plugin, made anew for each page: anchors are unique within one page. */
export const headingAnchors = (page: PluginFactoryContext): HastPluginDefinition => {
  const anchors = new PageAnchors();
  const containers = new Containers();
  // A page that imports or defines a `Heading` of its own means that one.
  const ownHeading = /^(?:import|export)\b.*\bHeading\b/m.test(page.source) && !declaresBuiltIn(page.source, 'Heading');
  return {
    name: 'astro-docs-json:heading-anchors',
    // Titles are read from the source (`titleOf`), with Mintlify's smart punctuation rather than the site's.
    options: { position: true },
    element: {
      filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
      visit(node, ctx) {
        const title = titleOf(node, ctx);
        const custom = customId(node, ctx.source);
        const isListed = containers.lists(node);
        const anchor =
          node.properties.dataStepTitle !== undefined ? anchors.entry(title, custom) : Number(node.tagName[1]) <= 4 ? anchors.heading(title, custom, isListed) : anchors.minor(title, custom);
        if (anchor) ctx.setProperty(node, 'id', anchor);
        listedHeadings(ctx).push(isListed);
      },
    },
    mdxJsxFlowElement: {
      filter: [...JSX_HEADINGS, 'Heading', ...UNLISTED_WITHIN],
      visit(node, ctx) {
        const anchored = node.name === 'Update' || node.name === 'Heading' || JSX_HEADINGS.has(node.name!);
        const skip = !anchored || textOnItsLine(node) || !containers.lists(node);
        containers.add(node);
        if (skip) return;
        // An update's label given as markup has no text for Mintlify: its anchor is made of nothing, and still counts.
        if (node.name === 'Update') return hasAttribute(node, 'label') ? anchorEntry(node, ctx, anchors, stringAttribute(node, 'label') ?? '') : undefined;
        if ((node.name !== 'Heading' || !ownHeading) && anchorHeading(node, ctx, anchors)) listedHeadings(ctx).push(true);
      },
    },
  };
};

/** An `<Update>`: its anchor, as its `id` prop, which the component shows, and its entry in the table of contents, as a section's. */
function anchorEntry(node: Jsx, ctx: HastVisitorContext, anchors: PageAnchors, title: string | undefined): void {
  if (title === undefined) return;
  const anchor = anchors.entry(title, stringAttribute(node, 'id'));
  if (anchor) ctx.setProperty(node, 'id', anchor);
  if (anchor && title.trim()) listedHeadings(ctx).push({ depth: 2, slug: anchor, text: title });
}

/** The page's `LISTED_HEADINGS`. */
function listedHeadings(ctx: HastVisitorContext): ListedHeading[] {
  const data = ctx.data as Record<string, unknown>;
  return (data[LISTED_HEADINGS] ??= []) as ListedHeading[];
}

/**
 * A JSX `<h2>` or `<Heading>`: a plain heading when it can be one (whether it was made one
 * is the answer), else the element with its anchor.
 */
function anchorHeading(node: Jsx, ctx: HastVisitorContext, anchors: PageAnchors): boolean {
  const title = titleOf(node, ctx);
  const written = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'id');
  // An id given as an expression is the page's own to compute: it keeps it, and its place counts.
  if (written && typeof written.value !== 'string') {
    anchors.entry(title, undefined);
    return false;
  }
  const anchor = anchors.entry(title, stringAttribute(node, 'id'));
  const level = node.name === 'Heading' ? headingLevel(node) : Number(node.name![1]);
  const plain = node.attributes.every(
    (attribute) => attribute.type === 'mdxJsxAttribute' && ((PLAIN_ATTRIBUTES.has(attribute.name) && typeof attribute.value === 'string') || (attribute.name === 'level' && node.name === 'Heading')),
  );
  if (level !== undefined && plain) ctx.replaceNode(node, plainHeading(node, level, anchor));
  else if (anchor) ctx.setProperty(node, 'id', anchor);
  return level !== undefined && plain;
}

/** The element a JSX heading stands for. Its lines of text, which MDX reads as paragraphs, are its text. */
function plainHeading(node: Jsx, level: number, anchor: string): Element {
  const classes = stringAttribute(node, 'className') ?? stringAttribute(node, 'class');
  const properties: Properties = { ...(anchor ? { id: anchor } : {}), ...(classes ? { className: classes.split(/\s+/).filter(Boolean) } : {}) };
  const children = node.children.flatMap((child): ElementContent[] => (child.type === 'element' && child.tagName === 'p' ? child.children : [child]));
  return { type: 'element', tagName: `h${level}`, properties, children };
}

/** `## Title {#id}`, as its line has it: the parser's heading attributes take `{#my id}` for other attributes than an id. */
const WRITTEN_ID = /^[ \t]*#{1,6}[ \t]+[^\n]*?\{\s*#([^}\n]+?)\s*\}[ \t]*$/;

/** A Markdown heading's custom id, if it has one. */
function customId(node: Readonly<Element>, source: string): string | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const written = start !== undefined && end !== undefined && source.charCodeAt(end - 1) === 125 /* } */ ? WRITTEN_ID.exec(source.slice(start, end)) : null;
  if (written) return written[1];
  const parsed = node.properties?.id;
  return typeof parsed === 'string' && parsed !== '' ? parsed : undefined;
}

/** `<Heading level={2}>` or `level="2"`: a level from 1 to 6. */
function headingLevel(node: Jsx): number | undefined {
  const attribute = node.attributes.find((entry) => entry.type === 'mdxJsxAttribute' && entry.name === 'level');
  const value = attribute?.type === 'mdxJsxAttribute' ? (typeof attribute.value === 'object' && attribute.value ? attribute.value.value : attribute.value) : undefined;
  const level = Number(value);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : undefined;
}

/**
 * `<h2>Title</h2>` on one line: MDX reads it here as a block, but Mintlify's parser reads
 * an element whose text starts on its opening tag's line as text in a paragraph, which it
 * neither anchors nor lists. Left as Mintlify leaves it, it moves no other anchor.
 */
function textOnItsLine(node: Jsx): boolean {
  const first = node.children[0];
  return first !== undefined && first.position?.start.line !== undefined && first.position.start.line === node.position?.start.line;
}

function hasAttribute(node: Jsx, name: string): boolean {
  return node.attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
}

function stringAttribute(node: Readonly<MdxJsxFlowElementHast>, name: string): string | undefined {
  const found = node.attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
  return found?.type === 'mdxJsxAttribute' && typeof found.value === 'string' ? found.value : undefined;
}

/**
 * A heading's title as Mintlify reads it (`headingTitle`): its text and code as written,
 * with Mintlify's smart punctuation rather than the site's. Expressions, images and raw
 * HTML add nothing.
 */
export function titleOf(node: Node, ctx: HastVisitorContext): string {
  // Most titles have nothing smart punctuation changes, here or on Mintlify: their text is
  // the title, without a walk of their nodes (each of which the parser hands over one by one).
  const text = ctx.textContent(node);
  if (!PUNCTUATED.test(text)) return text;
  const { source } = ctx;
  const parts: TitlePart[] = [];
  const visit = (child: Node, code: boolean) => {
    if (child.type === 'text') parts.push(code ? { text: child.value, code } : { text: writtenText(child, source) });
    else if (child.type === 'element' || child.type === 'mdxJsxTextElement' || child.type === 'mdxJsxFlowElement') {
      for (const next of child.children) visit(next as Node, code || (child.type === 'element' && child.tagName === 'code'));
    }
  };
  if ('children' in node) for (const child of node.children) visit(child as Node, false);
  return headingTitle(parts, node.type === 'element' ? textBefore(node, source) : ' ');
}

/** What smart punctuation reads or writes: quotes, backticks, dashes, ellipses. */
const PUNCTUATED = /['"`’‘“”–—…]|--|\.\s?\.\s?\./;

/**
 * What Mintlify reads just before a Markdown heading, which decides how a quote that opens
 * it is read (`."Quoted"` is `.”Quoted”`): the end of the text before it, as the source
 * shows it, reduced to a word and the punctuation after it. Code counts as a word (as it
 * does for Mintlify); a closing tag ends a component's text, which ends a sentence. A JSX
 * heading's text is a paragraph of its own, which starts after a space.
 */
function textBefore(node: Node, source: string): string {
  let at = (node.position?.start.offset ?? 0) - 1;
  for (;;) {
    while (at >= 0 && /\s/.test(source[at]!)) at--;
    // A code block holds no text for Mintlify: the text is before it.
    const lineStart = source.lastIndexOf('\n', at) + 1;
    const fence = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(source.slice(lineStart, at + 1));
    if (at < 0 || !fence) break;
    const opening = source.lastIndexOf(`\n${fence[1]}`, lineStart - 2);
    at = opening < 0 ? -1 : opening;
  }
  if (at < 0) return '';
  const last = source[at]!;
  if (last === '>') return 'A.';
  return /[.,:;!?)\]]/.test(last) ? `A${last}` : 'A';
}

/**
 * A text node's text as its source has it: smart punctuation turns `'` into `’`, `--`
 * into `–` and `...` into `…` in the tree only. Escapes (`\*`) and character references
 * (`&amp;`) in the source are read as the parser reads them; a reference it cannot be
 * sure of leaves the tree's text.
 */
function writtenText(node: Readonly<{ value: string; position?: { start: { offset?: number }; end: { offset?: number } } | undefined }>, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return node.value;
  const written = source.slice(start, end);
  if (written === node.value || written.length < node.value.length) return node.value;
  if (!/[\\&]/.test(written)) return written;
  return unescaped(written) ?? node.value;
}

const NAMED_REFERENCES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function unescaped(written: string): string | undefined {
  let sure = true;
  const text = written.replace(/\\([!-/:-@[-`{-~])|&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{1,31}));/g, (whole, escaped?: string, decimal?: string, hex?: string, name?: string) => {
    if (escaped !== undefined) return escaped;
    if (decimal !== undefined || hex !== undefined) {
      const code = Number.parseInt(decimal ?? hex!, decimal !== undefined ? 10 : 16);
      return String.fromCodePoint(code > 0 && code <= 0x10ffff ? code : 0xfffd);
    }
    const named = NAMED_REFERENCES[name!];
    if (named === undefined) sure = false;
    return named ?? whole;
  });
  return sure ? text : undefined;
}
