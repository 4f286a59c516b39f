/**
 * Checks on the pages' own text, over the MDX tree (so a code block inside a `<Tabs>` is
 * seen like any other): sequential headings, labelled code blocks (`page-lint.ts`, which
 * loading a page runs on the tree it parsed), and one term per concept (spec 3.2 rule 7).
 */
import type { Text } from 'mdast';
import { visit } from 'unist-util-visit';
import { lintTree, type LintFinding } from '../markdown/page-lint.ts';
import { parseMarkdown } from '../markdown/markdown-tree.ts';

export interface Finding extends LintFinding {
  /** The page's file, relative to the docs folder. */
  file: string;
}

/** A page's headings that skip a level, and its code blocks that name no language. */
export interface PageLint {
  headings: Finding[];
  codeBlocks: Finding[];
}

/** The page's lint from its text, for a page whose loading did not lint it (`PageContent.lint`). */
export function lintPage(file: string, source: string, title: string | undefined): PageLint {
  return lintOfFile(file, lintTree(parseMarkdown(source, /\.mdx$/i.test(file)), source, Boolean(title)));
}

/** The findings of `lintTree`, each with its file. */
export function lintOfFile(file: string, lint: { headings: LintFinding[]; codeBlocks: LintFinding[] }): PageLint {
  return { headings: lint.headings.map((finding) => ({ file, ...finding })), codeBlocks: lint.codeBlocks.map((finding) => ({ file, ...finding })) };
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
