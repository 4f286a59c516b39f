/**
 * Checks on the pages' own text, with remark-lint over the MDX (so a code block inside a
 * `<Tabs>` is seen like any other): sequential headings, labelled code blocks, and one
 * term per concept (spec 3.2 rule 7).
 */
import type { Heading, Root, Text } from 'mdast';
import remarkLintFencedCodeFlag from 'remark-lint-fenced-code-flag';
import remarkLintHeadingIncrement from 'remark-lint-heading-increment';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { VFile } from 'vfile';
import { parseMarkdown } from '../markdown/page-markdown.ts';

export interface Finding {
  /** The page's file, relative to the docs folder. */
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** A frontmatter title is the page's H1, so the first heading of the body may be an H2. */
function titleAsHeading(title: string | undefined) {
  return () => (tree: Root) => {
    if (!title || tree.children.some((node) => node.type === 'heading' && node.depth === 1)) return;
    const heading: Heading = { type: 'heading', depth: 1, children: [{ type: 'text', value: title }] };
    tree.children.unshift(heading);
  };
}

/** A page's headings that skip a level, and its code blocks that name no language. */
export interface PageLint {
  headings: Finding[];
  codeBlocks: Finding[];
}

export async function lintPage(file: string, source: string, title: string | undefined): Promise<PageLint> {
  const vfile = new VFile({ path: file, value: source });
  const tree = parseMarkdown(source, /\.mdx$/i.test(file));
  await unified().use(titleAsHeading(title)).use(remarkLintHeadingIncrement).use(remarkLintFencedCodeFlag).run(tree, vfile);
  const findings = (rule: string, words: (reason: string) => string) =>
    vfile.messages
      .filter((message) => message.ruleId === rule)
      .map((message): Finding => ({ file, ...(message.line ? { line: message.line, column: message.column ?? 1 } : {}), message: words(message.reason) }));
  return {
    headings: findings('heading-increment', (reason) => {
      const [found, expected] = [...reason.matchAll(/`(\d)`/g)].map((match) => match[1]);
      return found && expected ? `An h${found} where an h${expected} is expected: headings go down one level at a time (the title is the h1).` : reason;
    }),
    codeBlocks: findings('fenced-code-flag', () => 'This code block names no language: write it after the fence, like ```bash.'),
  };
}

/** A terms file maps a discouraged term to the preferred one: `{ "log in": "sign in" }`. */
export type Terms = Record<string, string>;

export function checkTerminology(file: string, source: string, terms: Terms): Finding[] {
  // Smart case: a term written in lower case matches any case ("log in", "Log in"); one with
  // capitals matches only as written ("Javascript" but not "JavaScript").
  const rules = Object.entries(terms).map(([discouraged, preferred]) => ({
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])${discouraged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
      discouraged === discouraged.toLowerCase() ? 'giu' : 'gu',
    ),
    discouraged,
    preferred,
  }));
  const findings: Finding[] = [];
  // Only prose: code, inline code and URLs may name things as they are.
  visit(parseMarkdown(source, /\.mdx$/i.test(file)), 'text', (node: Text) => {
    for (const rule of rules) {
      for (const match of node.value.matchAll(rule.pattern)) {
        const before = node.value.slice(0, match.index);
        const lines = before.split('\n');
        const line = (node.position?.start.line ?? 1) + lines.length - 1;
        const column = lines.length > 1 ? lines.at(-1)!.length + 1 : (node.position?.start.column ?? 1) + before.length;
        findings.push({ file, line, column, message: `"${match[0]}": write "${rule.preferred}" (one term per concept).` });
      }
    }
  });
  return findings;
}
