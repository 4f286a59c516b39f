/**
 * Forgiving MDX: pages written for Mintlify's parser hold things MDX refuses, such as HTML
 * comments, `<br>` without its slash, or a bare `<` or `{` in prose. Each is rewritten into
 * what MDX accepts, where the parser stopped at it, and reported with its line, so that the
 * page builds and its author can fix the source. What cannot be repaired (an unclosed
 * component, say) is reported with the parser's reason.
 */
import type { Nodes, Root } from 'mdast';
import { mdxToMdast } from 'satteri';

export interface Repair {
  line: number;
  message: string;
}

export interface RepairedMdx {
  /** The source MDX accepts; the original when nothing needed repairing. */
  source: string;
  repairs: Repair[];
  /** Why the source still cannot be compiled, if it cannot. */
  error?: Repair & { column: number };
}

/** HTML elements that never have content: HTML writes `<br>`, MDX needs `<br />`. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** Enough for any real page; a bound so that a repair that does not take cannot loop. */
const MAX_REPAIRS = 200;

function offsetOf(source: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = source.indexOf('\n', offset);
    if (next === -1) return source.length;
    offset = next + 1;
  }
  return Math.min(offset + column - 1, source.length);
}

const lineOf = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/** One repair at the place the parser stopped, or undefined when there is none to make. */
function repairAt(source: string, offset: number, reason: string): { source: string; at: number; message: string } | undefined {
  const char = source[offset];
  if (reason.includes('to create a comment in MDX') && source.startsWith('<!--', offset)) {
    const end = source.indexOf('-->', offset + 4);
    if (end === -1) return undefined;
    const text = source.slice(offset + 4, end).replaceAll('*/', '* /');
    return { source: `${source.slice(0, offset)}{/*${text}*/}${source.slice(end + 3)}`, at: offset, message: 'An HTML comment: MDX writes comments as `{/* ... */}`.' };
  }
  const voidTag = /Expected a closing tag for `<([a-z]+)>` \((\d+):(\d+)\)/.exec(reason);
  if (voidTag && VOID_ELEMENTS.has(voidTag[1]!)) {
    const start = offsetOf(source, Number(voidTag[2]), Number(voidTag[3]));
    const end = tagEnd(source, start);
    if (end === undefined) return undefined;
    return {
      source: `${source.slice(0, end)} /${source.slice(end)}`,
      at: start,
      message: `\`<${voidTag[1]}>\` without a closing slash: MDX needs \`<${voidTag[1]} />\`.`,
    };
  }
  if (char === '<' && /Unexpected character/.test(reason)) {
    // `<https://...>` and `<name@example.com>` are Markdown autolinks, which MDX does not read.
    const autolink = /^<((?:[a-z][a-z0-9+.-]*:[^\s<>]+)|(?:[^\s<>@]+@[^\s<>@]+\.[a-z]+))>/i.exec(source.slice(offset));
    if (autolink) {
      const target = autolink[1]!.includes(':') ? autolink[1]! : `mailto:${autolink[1]}`;
      return { source: `${source.slice(0, offset)}[${autolink[1]}](${target})${source.slice(offset + autolink[0].length)}`, at: offset, message: 'An autolink `<...>`: MDX reads it as a tag; it is made a link.' };
    }
    return { source: `${source.slice(0, offset)}\\${source.slice(offset)}`, at: offset, message: 'A bare `<`, read as text: write `&lt;` (or `\\<`) in MDX.' };
  }
  if (/expression|closing brace for `\{`/.test(reason)) {
    const brace = source.lastIndexOf('{', char === '{' ? offset : offset - 1);
    if (brace === -1) return undefined;
    return { source: `${source.slice(0, brace)}\\${source.slice(brace)}`, at: brace, message: 'A bare `{`, read as text: MDX reads braces as code; write `\\{`.' };
  }
  return undefined;
}

/** The offset of the `>` that ends the tag starting at `start`, quotes and braces skipped. */
function tagEnd(source: string, start: number): number | undefined {
  let quote: string | undefined;
  let depth = 0;
  for (let index = start + 1; index < source.length; index++) {
    const char = source[index];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (char === '>' && depth === 0) return source[index - 1] === '/' ? undefined : index;
  }
  return undefined;
}

/** The names an MDX file imports or exports: `import X`, `import { A as B }`, `export const C`. */
export function declaredNames(esm: string): string[] {
  const names: string[] = [];
  for (const [, clause] of esm.matchAll(/import\s+([\s\S]+?)\s+from\s*['"]/g)) {
    const braces = /\{([\s\S]*)\}/.exec(clause!);
    for (const entry of braces?.[1]?.split(',') ?? []) {
      const name = entry.trim().split(/\s+as\s+/).at(-1)?.trim();
      if (name) names.push(name);
    }
    const outside = clause!.replace(/\{[\s\S]*\}/, '').replace(/\*\s+as\s+/, '');
    names.push(...outside.split(',').map((part) => part.trim()).filter((part) => /^[A-Za-z_$][\w$]*$/.test(part)));
  }
  for (const [, name] of esm.matchAll(/export\s+(?:const|let|var|function\*?|class|async\s+function)\s+([A-Za-z_$][\w$]*)/g)) names.push(name!);
  return names;
}

/**
 * Braces around words in prose (`{your-api-key}`, `{name}`) parse as an expression, which
 * then fails when the page renders, since nothing defines those words. Such an expression
 * is text, as its author meant; anything else (a call, a member, a literal) is left as code.
 * In a snippet, one word in braces is a variable the page fills in (`<Intro word="x" />`
 * fills `{word}`), as Mintlify reads it: MDX has it as `props.word`.
 */
const WORDS_IN_BRACES = /^\s*[A-Za-z_$][\w$]*(?:\s*-\s*[A-Za-z_$][\w$]*)*\s*$/;
const ONE_WORD = /^\s*([A-Za-z_$][\w$]*)\s*$/;

interface WordsRepair {
  start: number;
  end: number;
  /** What the expression becomes: a prop's value, or the text it was. */
  replacement: string;
  repair?: string;
}

function wordExpressionRepairs(source: string, snippet: boolean): WordsRepair[] {
  const tree = mdxToMdast(source) as Root;
  const declared = new Set(['props']);
  const expressions: Array<{ value: string; start: number; end: number }> = [];
  const visit = (node: Nodes) => {
    if (node.type === 'mdxjsEsm') declaredNames(node.value).forEach((name) => declared.add(name));
    if ((node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      expressions.push({ value: node.value, start: node.position.start.offset, end: node.position.end.offset });
    }
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  const repairs: WordsRepair[] = [];
  for (const { value, start, end } of expressions) {
    if (!WORDS_IN_BRACES.test(value)) continue;
    const words = value.split('-').map((word) => word.trim());
    if (words.every((word) => declared.has(word) || word in globalThis)) continue;
    const prop = snippet ? ONE_WORD.exec(value)?.[1] : undefined;
    if (prop) repairs.push({ start, end, replacement: `{props.${prop}}` });
    else repairs.push({ start, end, replacement: `\\${source.slice(start, end)}`, repair: 'Words in braces, which MDX reads as code that defines nothing: read as text; write `\\{` in MDX.' });
  }
  return repairs;
}

const PARSER_POSITION = /^(\d+):(\d+): /;

/** `snippet`: the file is a snippet, whose words in braces are the props a page gives it. */
export function repairMdx(original: string, options: { snippet?: boolean } = {}): RepairedMdx {
  let source = original;
  const repairs: Repair[] = [];
  for (;;) {
    let reason: string;
    try {
      for (const words of wordExpressionRepairs(source, options.snippet ?? false).reverse()) {
        if (words.repair) repairs.push({ line: lineOf(source, words.start), message: words.repair });
        source = source.slice(0, words.start) + words.replacement + source.slice(words.end);
      }
      return { source, repairs: repairs.sort((a, b) => a.line - b.line) };
    } catch (error) {
      reason = (error as Error).message;
    }
    const position = PARSER_POSITION.exec(reason);
    const line = Number(position?.[1] ?? 1);
    const column = Number(position?.[2] ?? 1);
    const message = reason.replace(PARSER_POSITION, '').replace(/\s*\([\w-]+:[\w-]+\)$/, '');
    const repaired = position && repairs.length < MAX_REPAIRS ? repairAt(source, offsetOf(source, line, column), message) : undefined;
    if (!repaired) return { source, repairs, error: { line, column, message } };
    // A repair changes its own line only (a comment keeps its line breaks), so lines stay
    // the original's; columns after an earlier repair on the line would not, so none is given.
    repairs.push({ line: lineOf(source, repaired.at), message: repaired.message });
    source = repaired.source;
  }
}
