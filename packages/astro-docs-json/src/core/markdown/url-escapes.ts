/**
 * URLs with a malformed `%` escape (`./a%ZZ.png`, `%E0%A4` cut short): they name no file or
 * page, and Astro's image pipeline, which decodes every image URL, fails the whole build
 * on one. `check` warns of each; the build writes its `%` as `%25`, so that it decodes to
 * the URL as written, which names nothing, and the image shows broken.
 */
import type { Nodes, Root } from 'mdast';
import { markdownToMdast } from 'satteri';

/** A run of `%` escapes, or a `%` that starts none (`%ZZ`, `%` at the end). */
const ESCAPE_RUN = /(?:%[0-9a-f]{2})+|%.{0,2}/gi;
/** What a malformed escape needs, checked before parsing: a `%` without two hex digits, or one of a byte beyond ASCII. */
const MAYBE_MALFORMED = /%(?![0-9a-f]{2})|%[89a-f][0-9a-f]/i;

const decodes = (run: string) => {
  try {
    decodeURIComponent(run);
    return true;
  } catch {
    return false;
  }
};

/** The first escape of a URL's path that names no character; undefined when every escape is sound. */
export function malformedEscape(url: string): string | undefined {
  const path = url.replace(/[?#].*$/, '');
  return decodes(path) ? undefined : path.match(ESCAPE_RUN)?.find((run) => !decodes(run));
}

/** The URL with each `%` of a malformed escape written as `%25`. */
export function escapeMalformed(url: string): string {
  return url.replace(ESCAPE_RUN, (run) => (decodes(run) ? run : run.replaceAll('%', '%25')));
}

/** A rewrite of `source[start, end)` as `text`. */
export interface SourceEdit {
  start: number;
  end: number;
  text: string;
}

/** `source` with `edits` (not overlapping, in any order) made, in one pass. */
export function applySourceEdits(source: string, edits: readonly SourceEdit[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    parts.push(source.slice(from, edit.start), edit.text);
    from = edit.end;
  }
  parts.push(source.slice(from));
  return parts.join('');
}

/** The edits of `source` (whose tree is `tree`) that escape its image URLs' malformed escapes. */
export function malformedImageUrlEdits(source: string, tree: Root): SourceEdit[] {
  if (!MAYBE_MALFORMED.test(source)) return [];
  const edits: SourceEdit[] = [];
  const visit = (node: Nodes) => {
    if ((node.type === 'image' || node.type === 'definition') && malformedEscape(node.url)) {
      const [start, end] = [node.position?.start.offset, node.position?.end.offset];
      // The URL as written in the node's text; one written otherwise (`<...>`, escapes) is left.
      const at = start === undefined ? -1 : source.indexOf(node.url, start);
      if (at !== -1 && at + node.url.length <= end!) edits.push({ start: at, end: at + node.url.length, text: escapeMalformed(node.url) });
    }
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  return edits;
}

/** Markdown with its image URLs' malformed escapes written as `%25`. */
export function escapeMalformedImageUrls(markdown: string): string {
  if (!MAYBE_MALFORMED.test(markdown)) return markdown;
  return applySourceEdits(markdown, malformedImageUrlEdits(markdown, markdownToMdast(markdown) as Root));
}
