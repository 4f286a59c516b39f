/**
 * Where in a page the code that threw while it rendered is written, for the warning's
 * `file:line`. A page's compiled code keeps no map to its source, so the place is found
 * from what the error names: the name that is not defined (`undefinedThing is not
 * defined`), the property read from nothing (`reading 'total'`), the call that is no
 * function (`plans.map is not a function`), looked for in the page's code (its imports,
 * exports, expressions and elements; not its prose, code blocks or frontmatter). It is
 * given only when the code writes that on one line alone: a line that might be the wrong
 * one would send the author astray.
 */
import type { Nodes } from 'mdast';
import { mdxToMdast } from 'satteri';
import { repairMdx } from '../markdown/forgiving-mdx.ts';
import { FRONTMATTER } from '../markdown/frontmatter.ts';
import { MINTLIFY_SYNTAX } from '../markdown/syntax.ts';

export interface SourcePosition {
  line: number;
  column: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the page's code would read like where it threw, from the words of V8's errors. */
function writtenAs(message: string): RegExp | undefined {
  const name = /^([\p{L}_$][\p{L}\p{N}_$]*) is not defined$/u.exec(message)?.[1];
  if (name) return new RegExp(`(?<![\\p{L}\\p{N}_$.])${escape(name)}(?![\\p{L}\\p{N}_$])`, 'u');
  const property = /\((?:reading|setting) '([^']+)'\)$/.exec(message)?.[1];
  if (property) return new RegExp(`\\??\\.${escape(property)}(?![\\p{L}\\p{N}_$])|\\[\\s*["'\`]${escape(property)}["'\`]\\s*\\]`, 'u');
  const callee = /^([\p{L}_$][\p{L}\p{N}_$.]*) is not (?:a function|iterable|a constructor)/u.exec(message)?.[1];
  if (callee) return new RegExp(`(?<![\\p{L}\\p{N}_$.])${escape(callee).replace(/\\\./g, '\\??\\.')}(?![\\p{L}\\p{N}_$])`, 'u');
  return undefined;
}

/** The line and column (1-based) where the page's code writes what `error` names, when it does so on one line only. */
export function failurePosition(source: string, error: unknown): SourcePosition | undefined {
  const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
  const pattern = writtenAs(message);
  if (!pattern) return undefined;
  const found = codeOf(source)
    .split('\n')
    .flatMap((text, index) => {
      const match = pattern.exec(text);
      return match ? [{ line: index + 1, column: match.index + 1 }] : [];
    });
  return found.length === 1 ? found[0] : undefined;
}

/** What nodes of the page are words, not code. */
const PROSE = new Set(['text', 'code', 'inlineCode', 'html', 'yaml', 'math', 'inlineMath']);

/**
 * The page as MDX reads it (repaired as it is compiled, on the same lines), its frontmatter
 * and the text of its prose and code blocks blanked: lines and columns stay where they were.
 */
function codeOf(source: string): string {
  const repaired = repairMdx(source);
  const text = repaired.source.replace(FRONTMATTER, (frontmatter) => frontmatter.replace(/[^\n]/g, ' '));
  if (repaired.error) return text;
  let tree: Nodes;
  try {
    tree = repaired.tree ?? (mdxToMdast(text, { features: MINTLIFY_SYNTAX }) as Nodes);
  } catch {
    return text;
  }
  const chars = text.split(''); // UTF-16 units, as the tree's offsets count them
  const blank = (node: Nodes) => {
    const { start, end } = node.position ?? {};
    if (PROSE.has(node.type) && start?.offset !== undefined && end?.offset !== undefined) {
      for (let offset = start.offset; offset < end.offset; offset++) if (chars[offset] !== '\n') chars[offset] = ' ';
    } else if ('children' in node) (node.children as Nodes[]).forEach(blank);
  };
  blank(tree);
  return chars.join('');
}
