/**
 * docs.json `variables`: `{{name}}` in a page or snippet (its frontmatter, its text, its
 * code) replaced by the value docs.json gives the name, before anything reads the file,
 * as Mintlify replaces it. Every reader of a page's text (the site's loading, the MDX
 * compilers, plain Markdown pages, the Markdown copy for machines) reads it through
 * `replaceVariables`, and caches know a page by the text it gives, so a change of
 * `variables` is a change of every page that uses one.
 *
 * A value is text: markup in it is dropped as on Mintlify (`<script>` with its content,
 * other tags without), and where MDX would read what is left as markup or code (`<`,
 * `{`, `&`, quotes) it is written as character references, which MDX and Markdown read
 * back as the characters; in code and frontmatter it is left as it is. A `{{name}}` that
 * no variable defines is left as written; forgiving MDX makes sure MDX reads it as text.
 */
import type { ConfigIssue } from '../diagnostics.ts';
import { FRONTMATTER } from './frontmatter.ts';

export type Variables = Readonly<Record<string, string>>;

/** `{{name}}` and `{{ name }}`, as Mintlify finds them: names of letters, digits, `_`, `.` and `-`. */
export const VARIABLE = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The names `{{…}}` can refer to: a name of other characters can never be used. */
const VARIABLE_NAME = /^[\w.-]+$/;

/** docs.json `variables` that no `{{…}}` can name (`{{my name}}` is not one), which are never used. */
export function unusableVariables(variables: Variables | undefined): ConfigIssue[] {
  return Object.keys(variables ?? {})
    .filter((name) => !VARIABLE_NAME.test(name))
    .map((name) => ({
      severity: 'warning',
      code: 'unusable-variable',
      at: ['variables', name],
      message: `The variable \`${name}\` can never be used: \`{{…}}\` names letters, digits and hyphens only.`,
      hint: `Rename it, such as \`${name.trim().replace(/[^\w.-]+/g, '-')}\`.`,
    }));
}

export function replaceVariables(text: string, variables: Variables | undefined): string {
  if (!variables || !text.includes('{{')) return text;
  let code: Array<[number, number]> | undefined;
  return text.replace(VARIABLE, (written, name: string, offset: number) => {
    if (!Object.hasOwn(variables, name)) return written;
    const value = withoutMarkup(variables[name]!);
    code ??= literalRanges(text);
    return code.some(([start, end]) => offset >= start && offset < end) ? value : asText(value);
  });
}

/** Elements whose content is code to run or style, dropped whole. */
const EXECUTABLE = /<(script|style|iframe|object|embed|form|link|meta|base)\b[^>]*>(?:[\s\S]*?<\/\1\s*>)?/gi;
const TAG = /<\/?[A-Za-z][^<>]*>/g;

/** A value as Mintlify inserts it: no element of its own, executable ones with their content. */
function withoutMarkup(value: string): string {
  return value.includes('<') ? value.replace(EXECUTABLE, '').replace(TAG, '') : value;
}

const REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '{': '&#123;', '}': '&#125;' };

/** What MDX would read as markup, code or a reference, written as character references. */
function asText(value: string): string {
  return value.replace(/[&<>"'{}]/g, (character) => REFERENCES[character]!);
}

/** A line that opens or closes a code block, inside block quotes, list items or components' indentation. */
const FENCE = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(`{3,}|~{3,})(.*)$/;

/**
 * Where the text is taken literally: the frontmatter, code blocks, code spans (on one
 * line). Read from the lines, without parsing: exact for the pages people write.
 */
function literalRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const frontmatter = FRONTMATTER.exec(text);
  let offset = frontmatter ? frontmatter[0].length : 0;
  if (frontmatter) ranges.push([0, offset]);
  let fence: string | undefined;
  let fenceStart = 0;
  for (const line of text.slice(offset).split('\n')) {
    const marks = FENCE.exec(line);
    if (fence !== undefined) {
      if (marks && marks[1]![0] === fence[0] && marks[1]!.length >= fence.length && marks[2]!.trim() === '') {
        ranges.push([fenceStart, offset + line.length]);
        fence = undefined;
      }
    } else if (marks && (marks[1]![0] === '~' || !marks[2]!.includes('`'))) {
      fence = marks[1]!;
      fenceStart = offset;
    } else {
      for (const span of line.matchAll(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g)) ranges.push([offset + span.index, offset + span.index + span[0].length]);
    }
    offset += line.length + 1;
  }
  if (fence !== undefined) ranges.push([fenceStart, text.length]);
  return ranges;
}

/** The `{{name}}`s in a piece of text that starts on line `line`, with the line each is on. */
export function variableUses(text: string, line: number): Array<{ name: string; line: number }> {
  if (!text.includes('{{')) return [];
  return [...text.matchAll(VARIABLE)].map((match) => ({ name: match[1]!, line: line + countLines(text, match.index) }));
}

function countLines(text: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
