/**
 * The images and videos a page shows, each with its line: what `broken-links` checks are
 * files of the docs folder. Markdown images (`![alt](/images/a.png)`), and the attributes
 * of elements that load a file: `<img src>`, `<video src poster>`, `<audio src>`,
 * `<source src>`, `<Frame src>` and `<Card img>`. A `<Frame>` holds its image or video as a
 * child, which is visited like any other element. Sources written as expressions
 * (`src={logo}`) are not strings, and are left to the page's own imports. A `.md` page's
 * raw HTML (`<img src="...">` in a Markdown file) is read for the same attributes.
 */
import type { Nodes, Root } from 'mdast';
import { isJsxElement, stringAttribute } from '../markdown/jsx-elements.ts';

export interface MediaSource {
  src: string;
  /** 1-based, in the file. */
  line: number;
}

/** The attributes of each element that name a file the page loads. */
const SOURCE_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  img: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  source: ['src'],
  Frame: ['src'],
  Card: ['img'],
};

/** The media sources of a page's tree (`offset`: the lines of its frontmatter, which the tree does not hold). */
export function mediaSourcesOf(tree: Root, offset = 0): MediaSource[] {
  const sources: MediaSource[] = [];
  const visit = (node: Nodes) => {
    const line = (node.position?.start.line ?? 1) + offset;
    if (node.type === 'image') sources.push({ src: node.url, line });
    if (node.type === 'html') sources.push(...htmlSources(node.value, line));
    if (isJsxElement(node)) {
      for (const name of SOURCE_ATTRIBUTES[node.name ?? ''] ?? []) {
        const src = stringAttribute(node, name);
        if (src !== undefined) sources.push({ src, line });
      }
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return sources;
}

/** `<img src="a.png">`, `<video poster='b.png'>` in raw HTML, each at its line. */
const HTML_TAG = /<([A-Za-z]+)\b[^>]*>/g;
const HTML_ATTRIBUTE = /\s([A-Za-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function htmlSources(html: string, firstLine: number): MediaSource[] {
  const sources: MediaSource[] = [];
  for (const tag of html.matchAll(HTML_TAG)) {
    const names = SOURCE_ATTRIBUTES[tag[1]!.toLowerCase()];
    if (!names) continue;
    const line = firstLine + (html.slice(0, tag.index).match(/\n/g)?.length ?? 0);
    for (const [, name, double, single] of tag[0].matchAll(HTML_ATTRIBUTE)) {
      if (names.includes(name!)) sources.push({ src: double ?? single ?? '', line });
    }
  }
  return sources;
}
