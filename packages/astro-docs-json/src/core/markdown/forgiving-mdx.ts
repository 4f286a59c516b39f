/**
 * Forgiving MDX: pages written for Mintlify's parser hold things MDX refuses, such as HTML
 * comments, `<br>` without its slash, or a bare `<` or `{` in prose. Each is rewritten into
 * what MDX accepts, where the parser stopped at it, and reported with its line, so that the
 * page builds and its author can fix the source. What cannot be repaired (an unclosed
 * component, say) is reported with the parser's reason.
 */
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

const PARSER_POSITION = /^(\d+):(\d+): /;

export function repairMdx(original: string): RepairedMdx {
  let source = original;
  const repairs: Repair[] = [];
  for (;;) {
    let reason: string;
    try {
      mdxToMdast(source, { position: false });
      return { source, repairs };
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
