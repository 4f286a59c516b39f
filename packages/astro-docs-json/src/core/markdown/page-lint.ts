/**
 * A page's headings that skip a level and its fenced code blocks that name no language,
 * found in its tree as remark-lint's `heading-increment` and `fenced-code-flag` find them,
 * in one walk. Loading a page walks the tree it parsed anyway (`page-content.ts`), so the
 * score (`score/content-checks.ts`) need not parse the page again; building a unified
 * processor and running its rules per page cost more than the parse.
 */
import type { Nodes, Root } from 'mdast';

/** Where a finding is in its file, and what is wrong. */
export interface LintFinding {
  line?: number;
  column?: number;
  message: string;
}

/** What the walk finds; `titled` says whether the page's frontmatter title counted as its h1. */
export interface TreeLint {
  titled: boolean;
  headings: LintFinding[];
  codeBlocks: LintFinding[];
}

/** A fence as CommonMark opens one: indented code has no info string to name a language in. */
const FENCE = /^ {0,3}([~`])\1{2,}/;
/** What a heading's rank is read from, as remark-lint reads it: `<h2` in HTML, `<h2>` in JSX. */
const HTML_HEADING = /<h([1-6])/;
const JSX_HEADING = /^h([1-6])$/;
/** Inline content, which holds no code block (remark-lint does not walk into it for one). */
const PHRASING = new Set(['break', 'delete', 'emphasis', 'footnote', 'footnoteReference', 'image', 'imageReference', 'inlineCode', 'inlineMath', 'link', 'linkReference', 'mdxJsxTextElement', 'mdxTextExpression', 'strong', 'text', 'textDirective']);

/**
 * Lints `tree`, parsed from `source`. A formula block counts as the HTML the score's parse
 * makes of it (`parseMarkdown`), which has no position: it may open a section, and is
 * never a finding itself.
 */
export function lintTree(tree: Root, source: string, titled: boolean): TreeLint {
  const lint: TreeLint = { titled, headings: [], codeBlocks: [] };
  // The ranks of the headings that open the sections the walk is in: a heading may go one
  // level below the closest, no further. The frontmatter title is the page's h1, unless
  // the page has one of its own.
  const open: boolean[] = [];
  if (titled && !tree.children.some((node) => node.type === 'heading' && node.depth === 1)) open[1] = true;
  const walk = (node: Nodes, inPhrasing: boolean) => {
    const rank = rankOf(node);
    if (rank) {
      let parent = rank - 1;
      while (parent > 0 && !open[parent]) parent--;
      if (parent > 0 && rank > parent + 1 && node.position && node.type !== 'math') {
        lint.headings.push(at(node, `An h${rank} where an h${parent + 1} is expected: headings go down one level at a time (the title is the h1).`));
      }
      open[rank] = true;
      open.length = rank + 1;
    }
    if (!inPhrasing && node.type === 'code' && !node.lang && fencedAt(node, source)) {
      lint.codeBlocks.push(at(node, 'This code block names no language: write it after the fence, like ```bash.'));
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes, inPhrasing || PHRASING.has(node.type));
  };
  walk(tree, false);
  return lint;
}

function at(node: Nodes, message: string): LintFinding {
  const start = node.position?.start;
  return { ...(start?.line ? { line: start.line, column: start.column ?? 1 } : {}), message };
}

function rankOf(node: Nodes): number | undefined {
  if (node.type === 'heading') return node.depth;
  const html = node.type === 'html' || node.type === 'math' ? node.value : undefined;
  const jsx = (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name ? node.name : undefined;
  const match = html !== undefined ? HTML_HEADING.exec(html) : jsx ? JSX_HEADING.exec(jsx) : null;
  return match ? Number(match[1]) : undefined;
}

/** Whether the code block's text, where the tree places it, opens with a fence. */
function fencedAt(node: Nodes, source: string): boolean {
  const { start, end } = node.position ?? {};
  if (!start || !end || !(start.line > 0 && start.column > 0 && end.line > 0 && end.column > 0)) return false;
  if (typeof start.offset !== 'number' || typeof end.offset !== 'number' || start.offset < 0 || end.offset < 0) return false;
  return FENCE.test(source.slice(start.offset, end.offset));
}
