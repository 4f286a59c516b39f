/**
 * Whether a page file is plain Markdown: a file nothing in which needs compiling into a
 * module. That is a `.md` file, or an `.mdx` file with no imports, exports, JSX or
 * expressions that MDX reads exactly as Markdown would, and in either case no image
 * beside the page (those go through Astro's image pipeline, which needs a module).
 *
 * Such a page can be rendered straight from its source. On a large site that matters:
 * the bundler spends about 300 KB of memory on every module.
 */
import type { Nodes } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';

/** A URL relative to the page's file: not `/x`, `#x`, `https:`, `data:` or the like. */
const FILE_RELATIVE = /^(?![a-z][a-z0-9+.-]*:|\/|#)/i;

function hasLocalImage(node: Nodes): boolean {
  if ((node.type === 'image' || node.type === 'definition') && FILE_RELATIVE.test(node.url)) return true;
  return 'children' in node && (node.children as Nodes[]).some(hasLocalImage);
}

/** Node types that only MDX has: they need MDX's compiler. */
const MDX_ONLY = /^mdx/;

function hasMdxSyntax(node: Nodes): boolean {
  if (MDX_ONLY.test(node.type)) return true;
  return 'children' in node && (node.children as Nodes[]).some(hasMdxSyntax);
}

const withoutPositions = (tree: unknown) => JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value));

export function isPlainMarkdown(file: string, source: string): boolean {
  if (/\.md$/i.test(file)) return !hasLocalImage(markdownToMdast(source, { position: false }) as Nodes);
  if (!/\.mdx$/i.test(file)) return false;
  let mdx: Nodes;
  try {
    mdx = mdxToMdast(source, { position: false }) as Nodes;
  } catch {
    // MDX's compiler will say what is wrong.
    return false;
  }
  if (hasMdxSyntax(mdx) || hasLocalImage(mdx)) return false;
  // MDX reads some Markdown differently (indented code, autolinks, HTML): plain only if it reads the same.
  return withoutPositions(mdx) === withoutPositions(markdownToMdast(source, { position: false }));
}
