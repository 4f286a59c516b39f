/**
 * `<FileTree>` and `<Tree>` written as a Markdown list, as Mintlify reads them: each item
 * is a file, or a folder when its name ends in `/` or a list is nested under it; folders
 * are open. The list becomes the `<Tree.Folder>` and `<Tree.File>` elements that the
 * component form writes (named after the tag the page used: `<FileTree.Folder>`), so both
 * forms render alike. Names are the items' text, without their formatting.
 */
import type { List, ListItem, Nodes } from 'mdast';
import type { MdastPluginDefinition, MdastVisitorContext, MdxJsxFlowElement } from 'satteri';

/** A file or folder of a tree written as a list. */
export interface TreeEntry {
  name: string;
  folder: boolean;
  children: TreeEntry[];
}

/** The components whose Markdown list is their tree. */
const TREE_COMPONENTS = new Set(['FileTree', 'Tree']);

/** The text of a node and what it holds: a name written `` `src` `` or `**src**` is `src`. */
function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'html') return node.value;
  return 'children' in node ? (node.children as Nodes[]).map(textOf).join('') : '';
}

/** The entries of a Markdown list: each item's own text is its name, a list under it its contents. */
export function treeEntries(list: List): TreeEntry[] {
  return list.children.map((item: ListItem) => {
    const nested = item.children.find((child): child is List => child.type === 'list');
    const written = item.children
      .filter((child) => child.type !== 'list')
      .map((child) => textOf(child))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    return {
      name: written.replace(/\/+$/, ''),
      folder: nested !== undefined || written.endsWith('/'),
      children: nested ? treeEntries(nested) : [],
    };
  });
}

/** An entry as the element the component form writes: `<Tree.Folder name="src" defaultOpen>`. */
export function treeElement(entry: TreeEntry, component: string): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name: `${component}.${entry.folder ? 'Folder' : 'File'}`,
    attributes: [
      { type: 'mdxJsxAttribute', name: 'name', value: entry.name },
      ...(entry.folder ? [{ type: 'mdxJsxAttribute' as const, name: 'defaultOpen', value: null }] : []),
    ],
    children: entry.children.map((child) => treeElement(child, component)),
  };
}

/** Lists inside a tree's tag become its entries; its other children (elements, expressions) stay. */
function convertTree(node: Readonly<MdxJsxFlowElement>, ctx: MdastVisitorContext): void {
  const children = node.children as Nodes[];
  if (!children.some((child) => child.type === 'list')) return;
  const converted = children.flatMap((child): Nodes[] => (child.type === 'list' ? treeEntries(child).map((entry) => treeElement(entry, node.name!) as Nodes) : [child]));
  ctx.setProperty(node, 'children', converted as never);
}

export const fileTreeLists: MdastPluginDefinition = {
  name: 'astro-docs-json:file-tree',
  mdxJsxFlowElement(node, ctx) {
    if (node.name && TREE_COMPONENTS.has(node.name)) convertTree(node, ctx);
  },
};
