/**
 * Forgiving MDX: pages written for Mintlify's parser hold things MDX refuses, such as HTML
 * comments, `<br>` without its slash, or a bare `<` or `{` in prose. Each is rewritten into
 * what MDX accepts, where the parser stopped at it, and reported with its line, so that the
 * page builds and its author can fix the source. What cannot be repaired (an unclosed
 * component, say) is reported with the parser's reason.
 */
import type { Nodes, Root } from 'mdast';
import { mdxToMdast } from 'satteri';
import { FRONTMATTER } from './frontmatter.ts';
import { MINTLIFY_SYNTAX } from './syntax.ts';

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
  /**
   * The parser's tree of `source`, when the last parse read it as it is (no words in braces
   * to repair): what reads the source next need not parse it again.
   */
  tree?: Root;
}

/** HTML elements that never have content: HTML writes `<br>`, MDX needs `<br />`. */
export const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * Enough for any real page; bounds so that a repair that does not take cannot loop, and a
 * page of nothing but what needs repairing cannot take long: rounds of repairs (each
 * parses the page again), and the characters all the parses read together.
 */
const MAX_ROUNDS = 200;
const PARSE_BUDGET = 8 * 1024 * 1024;

function offsetOf(source: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = source.indexOf('\n', offset);
    if (next === -1) return source.length;
    offset = next + 1;
  }
  return Math.min(offset + column - 1, source.length);
}

/** The lines of `offsets`, which are in increasing order, in one pass over `source`. */
function linesOf(source: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const offset of offsets) {
    for (let next = source.indexOf('\n', from); next !== -1 && next < offset; next = source.indexOf('\n', next + 1)) {
      line++;
      from = next + 1;
    }
    lines.push(line);
  }
  return lines;
}

/** A rewrite of `source[start, end)` as `text`, reported at the line of `at` (if it has a message). */
interface Edit {
  start: number;
  end: number;
  text: string;
  at: number;
  message: string;
}

/**
 * Makes `edits` (in increasing order, not overlapping) in one pass, each reported with its line.
 * A repair changes its own line only (a comment keeps its line breaks), so lines stay the
 * original's; columns after an earlier repair on the line would not, so none is given.
 */
function applyEdits(source: string, edits: readonly Edit[], repairs: Repair[]): string {
  if (edits.length === 0) return source;
  const lines = linesOf(source, edits.map((edit) => edit.at));
  const parts: string[] = [];
  let from = 0;
  edits.forEach((edit, index) => {
    parts.push(source.slice(from, edit.start), edit.text);
    from = edit.end;
    if (edit.message) repairs.push({ line: lines[index]!, message: edit.message });
  });
  parts.push(source.slice(from));
  return parts.join('');
}

const COMMENT_MESSAGE = 'An HTML comment: MDX writes comments as `{/* ... */}`.';
const AUTOLINK_MESSAGE = 'An autolink `<...>`: MDX reads it as a tag; it is made a link.';
const BARE_LT_MESSAGE = 'A bare `<`, read as text: write `&lt;` (or `\\<`) in MDX.';
const BARE_BRACE_MESSAGE = 'A bare `{`, read as text: MDX reads braces as code; write `\\{`.';
const voidMessage = (name: string) => `\`<${name}>\` without a closing slash: MDX needs \`<${name} />\`.`;

// `<https://...>` and `<name@example.com>` are Markdown autolinks, which MDX does not read.
export const AUTOLINK = /<((?:[a-z][a-z0-9+.-]*:[^\s<>]+)|(?:[^\s<>@]+@[^\s<>@]+\.[a-z]+))>/iy;

function commentEdit(source: string, start: number, end: number): Edit {
  const text = source.slice(start + 4, end).replaceAll('*/', '* /');
  return { start, end: end + 3, text: `{/*${text}*/}`, at: start, message: COMMENT_MESSAGE };
}

function ltEdit(source: string, start: number): Edit {
  AUTOLINK.lastIndex = start;
  const autolink = AUTOLINK.exec(source);
  if (autolink) {
    const target = autolink[1]!.includes(':') ? autolink[1]! : `mailto:${autolink[1]}`;
    return { start, end: start + autolink[0].length, text: `[${autolink[1]}](${target})`, at: start, message: AUTOLINK_MESSAGE };
  }
  return { start, end: start, text: '\\', at: start, message: BARE_LT_MESSAGE };
}

/** What forgiving MDX can repair at the place the parser stopped: `unclosed`, a `{` that nothing closes. */
type Kind = 'comment' | 'void' | 'lt' | 'unclosed' | 'brace';

/** The repair at the place the parser stopped, and its kind; undefined when there is none to make. */
function repairAt(source: string, offset: number, reason: string): { edit: Edit; kind: Kind } | undefined {
  const char = source[offset];
  if (reason.includes('to create a comment in MDX') && source.startsWith('<!--', offset)) {
    const end = source.indexOf('-->', offset + 4);
    if (end === -1) return undefined;
    return { edit: commentEdit(source, offset, end), kind: 'comment' };
  }
  const voidTag = /Expected a closing tag for `<([a-z]+)>` \((\d+):(\d+)\)/.exec(reason);
  if (voidTag && VOID_ELEMENTS.has(voidTag[1]!)) {
    const start = offsetOf(source, Number(voidTag[2]), Number(voidTag[3]));
    const end = tagEnd(source, start);
    if (end === undefined) return undefined;
    return { edit: { start: end, end, text: ' /', at: start, message: voidMessage(voidTag[1]!) }, kind: 'void' };
  }
  if (char === '<' && /Unexpected character/.test(reason)) return { edit: ltEdit(source, offset), kind: 'lt' };
  if (/expression|closing brace for `\{`/.test(reason)) {
    const brace = source.lastIndexOf('{', char === '{' ? offset : offset - 1);
    if (brace === -1) return undefined;
    const kind = /^Unexpected end of file in expression/.test(reason) && brace === offset ? 'unclosed' : 'brace';
    return { edit: { start: brace, end: brace, text: '\\', at: brace, message: BARE_BRACE_MESSAGE }, kind };
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

/** Where the repairs of a kind can be made: the sites forgiving MDX finds in a page's text. */
interface Sites {
  /** `<!-- ... -->`: from `<!--` to the start of `-->`. */
  comments: Array<{ start: number; end: number }>;
  /** `<br>`: from `<` to the `>` a slash goes before. */
  voids: Array<{ start: number; end: number; name: string }>;
  /** A `<` that starts no tag: a bare one, or an autolink's. */
  lts: number[];
  /** A `{` that no `}` after it closes, counting braces. */
  braces: number[];
  /** `{{name}}` that no docs.json variable replaced (`variables.ts`): text, not code. */
  variables: Array<{ start: number; end: number }>;
}

const NAME_START = /[A-Za-z_$\u0080-\uffff]/;
/** `{{name}}`, as `variables.ts` finds it. */
const VARIABLE_AT = /\{\{\s*[\w.-]+\s*\}\}/y;
const NAME_CHARS = /[\w$.:\-\u0080-\uffff]*/y;
const ESM_LINE = /(?:import|export)[\s{*]/y;
/** A line's blockquote markers, list markers and indentation, and the fence it may open. */
const FENCE_LINE = /(?:[ \t>]|[-*+](?=[ \t])|\d{1,9}[.)](?=[ \t]))*(`{3,}|~{3,})(.*)/y;
const BLANK_LINE = /[ \t]*\r?(?:\n|$)/y;
const BACKTICK_OR_NEWLINE = /\x60+|\n/g;
/** Runs of characters that pass 1 and pass 2 of `textSites` go past (an empty match leaves `lastIndex` where it was). */
const PASS_ONE_TEXT = /[^\n\\\x60<{}]*/y;
const PASS_TWO_TEXT = /[^\\{<]*/y;

/**
 * The sites in `source` where MDX reads Markdown text and forgiving MDX has something to
 * repair. Frontmatter, code blocks and spans, ESM, expressions, comments and the attributes
 * of tags are skipped, as MDX does not read Markdown there. This reads the text alone, in
 * two passes and without parsing it: exact enough to repair every site of a kind once the
 * parser has stopped at one, and everything it misses is repaired where the parser stops.
 */
function textSites(source: string): Sites {
  const frontmatter = FRONTMATTER.exec(source);
  const begin = frontmatter ? frontmatter[0].length : 0;
  const length = source.length;

  // Backtick runs by length, and blank lines, for code spans: a run is closed by the next one
  // of its length in the same paragraph.
  const runs = new Map<number, number[]>();
  const blanks: number[] = [];
  BACKTICK_OR_NEWLINE.lastIndex = begin;
  for (let found = BACKTICK_OR_NEWLINE.exec(source); found; found = BACKTICK_OR_NEWLINE.exec(source)) {
    const index = found.index;
    if (found[0] === '\n') {
      BLANK_LINE.lastIndex = index + 1;
      if (BLANK_LINE.test(source)) blanks.push(index + 1);
      continue;
    }
    const runLength = found[0].length;
    const list = runs.get(runLength) ?? runs.set(runLength, []).get(runLength)!;
    list.push(index);
  }
  const cursors = new Map<number, number>();
  let blankCursor = 0;
  /** The end of the code span that the run at `start` opens, or -1. */
  const codeSpanEnd = (start: number, runLength: number): number => {
    const list = runs.get(runLength)!;
    let cursor = cursors.get(runLength) ?? 0;
    while (cursor < list.length && list[cursor]! <= start) cursor++;
    cursors.set(runLength, cursor);
    while (blankCursor < blanks.length && blanks[blankCursor]! <= start) blankCursor++;
    const close = list[cursor];
    if (close === undefined || (blankCursor < blanks.length && blanks[blankCursor]! <= close)) return -1;
    return close + runLength;
  };
  let noCommentEnd = length;
  /** Where the comment starting at `start` ends (its `-->`), or -1. */
  const commentEnd = (start: number): number => {
    if (start >= noCommentEnd) return -1;
    const end = source.indexOf('-->', start + 4);
    if (end === -1) noCommentEnd = start;
    return end;
  };

  // Pass 1: what is code (fences, spans, ESM, comments), and the braces outside it matched by counting.
  const skipped: Array<[number, number]> = [];
  const braces = new Map<number, number>();
  const open: number[] = [];
  let fence: { char: string; length: number } | undefined;
  let esm = false;
  for (let index = begin, lineStart = true; index < length; ) {
    if (lineStart) {
      lineStart = false;
      const lineEnd = source.indexOf('\n', index) === -1 ? length : source.indexOf('\n', index);
      BLANK_LINE.lastIndex = index;
      const blank = BLANK_LINE.test(source);
      FENCE_LINE.lastIndex = index;
      const fenceLine = FENCE_LINE.exec(source);
      const marks = fenceLine && fenceLine.index === index && fenceLine[0].length <= lineEnd - index ? fenceLine : undefined;
      if (fence) {
        if (marks && marks[1]![0] === fence.char && marks[1]!.length >= fence.length && marks[2]!.trim() === '') fence = undefined;
        skipped.push([index, lineEnd]);
        index = lineEnd;
        continue;
      }
      if (esm && blank) esm = false;
      if (esm) {
        skipped.push([index, lineEnd]);
        index = lineEnd;
        continue;
      }
      if (marks && (marks[1]![0] === '~' || !marks[2]!.includes('`'))) {
        fence = { char: marks[1]![0]!, length: marks[1]!.length };
        skipped.push([index, lineEnd]);
        index = lineEnd;
        continue;
      }
      ESM_LINE.lastIndex = index;
      if (ESM_LINE.test(source)) {
        esm = true;
        skipped.push([index, lineEnd]);
        index = lineEnd;
        continue;
      }
    }
    const c = source.charCodeAt(index);
    if (c === 10) {
      lineStart = true;
      index++;
    } else if (c === 92 /* \ */) index += source.charCodeAt(index + 1) === 10 ? 1 : 2;
    else if (c === 96 /* ` */) {
      let end = index;
      while (source.charCodeAt(end) === 96) end++;
      const close = codeSpanEnd(index, end - index);
      if (close !== -1) skipped.push([index, close]);
      index = close === -1 ? end : close;
    } else if (c === 60 /* < */ && source.startsWith('<!--', index)) {
      const end = commentEnd(index);
      index = end === -1 ? index + 4 : end + 3;
    } else if (c === 123 /* { */) {
      open.push(index);
      index++;
    } else if (c === 125 /* } */) {
      if (open.length) braces.set(open.pop()!, index);
      index++;
    } else {
      // Up to the next character this pass reads.
      PASS_ONE_TEXT.lastIndex = index + 1;
      PASS_ONE_TEXT.test(source);
      index = PASS_ONE_TEXT.lastIndex;
    }
  }

  // Pass 2: the sites, in Markdown text: not in what pass 1 skipped, expressions, or tags' attributes.
  const sites: Sites = { comments: [], voids: [], lts: [], braces: [], variables: [] };
  let next = 0;
  let noTagUntil = -1;
  for (let index = begin; index < length; ) {
    while (next < skipped.length && skipped[next]![1] <= index) next++;
    const skip = skipped[next];
    if (skip && skip[0] <= index) {
      index = skip[1];
      continue;
    }
    const c = source.charCodeAt(index);
    if (c === 92 /* \ */) {
      index += 2;
      continue;
    }
    if (c === 123 /* { */) {
      VARIABLE_AT.lastIndex = index;
      if (VARIABLE_AT.test(source)) {
        sites.variables.push({ start: index, end: VARIABLE_AT.lastIndex });
        index = VARIABLE_AT.lastIndex;
        continue;
      }
      const close = braces.get(index);
      if (close === undefined) sites.braces.push(index);
      index = close === undefined ? index + 1 : close + 1;
      continue;
    }
    if (c !== 60 /* < */) {
      // Up to the next character this pass reads; what was skipped in pass 1 is skipped above.
      PASS_TWO_TEXT.lastIndex = index + 1;
      PASS_TWO_TEXT.test(source);
      index = PASS_TWO_TEXT.lastIndex;
      continue;
    }
    const after = source[index + 1];
    if (after === '!' && source.startsWith('<!--', index)) {
      const end = commentEnd(index);
      if (end !== -1) sites.comments.push({ start: index, end });
      index = end === -1 ? index + 4 : end + 3;
      continue;
    }
    AUTOLINK.lastIndex = index;
    if (AUTOLINK.test(source)) {
      sites.lts.push(index);
      index = AUTOLINK.lastIndex;
      continue;
    }
    if (after === undefined || after === '/' || after === '>' || /\s/.test(after)) {
      index++;
      continue;
    }
    if (!NAME_START.test(after)) {
      sites.lts.push(index);
      index++;
      continue;
    }
    // Before `noTagUntil`, the end of a paragraph with no `>` at all, a `<` starts no tag.
    const tag = index < noTagUntil ? undefined : scanTag(source, index);
    if (!tag || tag.bare) {
      if (tag?.noGreaterThan) noTagUntil = tag.end;
      sites.lts.push(index);
      index++;
      continue;
    }
    if (tag.closed && VOID_ELEMENTS.has(tag.name) && source[tag.end - 1] !== '/') sites.voids.push({ start: index, end: tag.end, name: tag.name });
    index = tag.end + 1;
  }
  return sites;
}

/**
 * The tag starting at `start` (a `<` and a name): its name and the `>` that ends it, quotes
 * and braces skipped, or where the scan stopped without one: at a blank line or the end of
 * the page. `bare`: it stopped there outside quotes and braces, so that MDX stops at the
 * `<` as at a bare one; `noGreaterThan`: nothing up to where it stopped was a `>`.
 */
function scanTag(source: string, start: number): { name: string; end: number; closed: boolean; bare: boolean; noGreaterThan: boolean } {
  NAME_CHARS.lastIndex = start + 1;
  NAME_CHARS.test(source);
  const name = source.slice(start + 1, NAME_CHARS.lastIndex);
  let quote = 0;
  let depth = 0;
  let noGreaterThan = true;
  let end = NAME_CHARS.lastIndex;
  for (; end < source.length; end++) {
    const d = source.charCodeAt(end);
    if (d === 10) {
      BLANK_LINE.lastIndex = end + 1;
      if (BLANK_LINE.test(source)) break;
    } else if (d === 62) noGreaterThan = false;
    if (quote) {
      if (d === quote) quote = 0;
    } else if (d === 34 || d === 39) quote = d;
    else if (d === 123) depth++;
    else if (d === 125) depth--;
    else if (d === 62 && depth <= 0) return { name, end, closed: true, bare: false, noGreaterThan };
  }
  return { name, end, closed: false, bare: quote === 0 && depth <= 0, noGreaterThan };
}

const NEXT_BLANK_LINE = /\n[ \t]*\r?(?:\n|$)/g;

/**
 * Of `candidates` (in increasing order), the braces that nothing can close: no `}` before the
 * paragraph ends, after text on the line (an expression in the text, which ends with its
 * paragraph); no `}` at all, at the start of a line (an expression of its own, which may
 * run on past blank lines).
 */
function unclosedBraces(source: string, candidates: readonly number[]): number[] {
  const unclosed: number[] = [];
  let close = -2;
  let blank = -2;
  for (const start of candidates) {
    if (close !== -1 && close < start) close = source.indexOf('}', start);
    if (close === -1) {
      unclosed.push(start);
      continue;
    }
    let before = start - 1;
    while (before >= 0 && ' \t>'.includes(source[before]!)) before--;
    if (before < 0 || source[before] === '\n') continue;
    if (blank !== -1 && blank < start) {
      NEXT_BLANK_LINE.lastIndex = start;
      blank = NEXT_BLANK_LINE.exec(source)?.index ?? -1;
    }
    if (blank !== -1 && blank < close) unclosed.push(start);
  }
  return unclosed;
}

/** The void tags MDX would stop at, closed: all of them in the page's text, at once. */
function voidEdits(source: string, sites: Sites, from = -1): Edit[] {
  // `<br>...</br>` is an element MDX reads as it is.
  const closed = new Map<string, boolean>();
  const isClosed = (name: string) => closed.get(name) ?? closed.set(name, new RegExp(`</${name}\\s*>`).test(source)).get(name)!;
  return sites.voids
    .filter((site) => site.start > from && !isClosed(site.name))
    .map((site) => ({ start: site.end, end: site.end, text: ' /', at: site.start, message: voidMessage(site.name) }));
}

/**
 * `{{name}}` that no docs.json variable defines is text as Mintlify shows it: its braces
 * escaped, without a word here (the analysis warns of the name, `unknown-variable`).
 */
function variableEdits(source: string, sites: Sites): Edit[] {
  return sites.variables.map(({ start, end }) => ({ start, end, text: escapeBraces(source.slice(start, end)), at: start, message: '' }));
}

const escapeBraces = (text: string) => text.replace(/[{}]/g, '\\$&');

/**
 * With the repair where the parser stopped, the same repair at every later site of its kind,
 * so that the page is parsed again once per kind of repair, not once per repair. A `{` that
 * does not read as code is repaired where the parser stops only, as whether it does takes
 * parsing to know; one that nothing closes is a site of its own kind.
 */
function editsOfKind(source: string, first: Edit, kind: Kind): Edit[] {
  if (kind === 'brace') return [first];
  const sites = textSites(source);
  const later = (start: number) => start > first.at && start >= first.end;
  if (kind === 'unclosed') {
    return [first, ...unclosedBraces(source, sites.braces.filter(later)).map((start) => ({ start, end: start, text: '\\', at: start, message: BARE_BRACE_MESSAGE }))];
  }
  if (kind === 'void') return [first, ...voidEdits(source, sites, first.at)];
  if (kind === 'comment') return [first, ...sites.comments.filter((site) => later(site.start)).map((site) => commentEdit(source, site.start, site.end))];
  return [first, ...sites.lts.filter(later).map((start) => ltEdit(source, start))];
}

/**
 * `import <clause> from '...'`. A clause does not run on past the next `import`, so that
 * text with many an `import` and no `from` takes one pass, not one per `import`.
 */
export const IMPORT_CLAUSE = /import\s+((?:(?!import\b)[\s\S])+?)\s+from\s*['"]/g;

/** A name an import binds: `local`, from the module's `imported` (`default`, `*` for the namespace, or a name). */
export interface ImportBinding {
  imported: string;
  local: string;
}

/** The names an import's clause binds: `X, { A as B }`, `* as N`. */
export function importBindings(clause: string): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  const outside = clause.replace(/\{[\s\S]*\}/, '');
  for (const part of outside.split(',').map((entry) => entry.trim())) {
    const namespace = /^\*\s+as\s+([A-Za-z_$][\w$]*)$/.exec(part);
    if (namespace) bindings.push({ imported: '*', local: namespace[1]! });
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) bindings.push({ imported: 'default', local: part });
  }
  for (const entry of /\{([\s\S]*)\}/.exec(clause)?.[1]?.split(',') ?? []) {
    const [imported, local = imported] = entry.trim().split(/\s+as\s+/).map((name) => name.trim().replace(/^['"]|['"]$/g, ''));
    if (imported && local) bindings.push({ imported, local });
  }
  return bindings;
}

/** The names an MDX file imports or exports: `import X`, `import { A as B }`, `export const C`. */
export function declaredNames(esm: string): string[] {
  const names = [...esm.matchAll(IMPORT_CLAUSE)].flatMap(([, clause]) => importBindings(clause!).map((binding) => binding.local));
  for (const [, name] of esm.matchAll(/export\s+(?:const|let|var|function\*?|class|async\s+function)\s+([A-Za-z_$][\w$]*)/g)) names.push(name!);
  return names;
}

/**
 * Braces around words in prose (`{your-api-key}`, `{name}`) parse as an expression, which
 * then fails when the page renders, since nothing defines those words. Such an expression
 * is text, as its author meant; anything else (a call, a member, a literal) is left as code.
 * In a snippet, one word in braces is a variable the page fills in (`<Intro word="x" />`
 * fills `{word}`), as Mintlify reads it: it is left as code, which reads it from the
 * snippet's props as it does every name the snippet does not define (`snippet-props.ts`).
 */
const WORDS_IN_BRACES = /^\s*[A-Za-z_$][\w$]*(?:\s*-\s*[A-Za-z_$][\w$]*)*\s*$/;
const ONE_WORD = /^\s*[A-Za-z_$][\w$]*\s*$/;
const OBJECT_OF_A_NAME = /^\{\s*[\w.-]+\s*\}$/;

/** The repairs of words in braces, as edits, with the tree they were found in; throws what the parser throws. */
function wordExpressionRepairs(source: string, snippet: boolean): { edits: Edit[]; tree: Root } {
  const tree = mdxToMdast(source, { features: MINTLIFY_SYNTAX }) as Root;
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
  const edits: Edit[] = [];
  for (const { value, start, end } of expressions.sort((a, b) => a.start - b.start)) {
    // `{{name}}` that the scan of the text missed: text, as above.
    if (OBJECT_OF_A_NAME.test(value)) edits.push({ start, end, text: escapeBraces(source.slice(start, end)), at: start, message: '' });
    if (!WORDS_IN_BRACES.test(value)) continue;
    const words = value.split('-').map((word) => word.trim());
    if (words.every((word) => declared.has(word) || word in globalThis)) continue;
    if (snippet && ONE_WORD.test(value)) continue;
    edits.push({ start, end: start, text: '\\', at: start, message: 'Words in braces, which MDX reads as code that defines nothing: read as text; write `\\{` in MDX.' });
  }
  return { edits, tree };
}

const PARSER_POSITION = /^(\d+):(\d+): /;

/** Where an offset of the source after `rounds` of edits was before them. */
function originalOffset(rounds: readonly Edit[][], offset: number): number {
  let at = offset;
  for (const edits of rounds.toReversed()) {
    let shift = 0;
    let before = at;
    for (const edit of edits) {
      const start = edit.start + shift;
      if (at < start) break;
      if (at < start + edit.text.length) {
        before = edit.start;
        shift = Number.NaN;
        break;
      }
      shift += edit.text.length - (edit.end - edit.start);
    }
    at = Number.isNaN(shift) ? before : at - shift;
  }
  return at;
}

/**
 * `snippet`: the file is a snippet, whose words in braces are the props a page gives it.
 *
 * Each time the parser stops at something it can repair, that is repaired, and so is every
 * later site of the same kind (`editsOfKind`); void tags are closed before any parse, as a
 * parse that stops at one takes time in proportion to how many there are.
 */
export function repairMdx(original: string, options: { snippet?: boolean } = {}): RepairedMdx {
  const repairs: Repair[] = [];
  /** The edits of each round, to place an error in the original. */
  const rounds: Edit[][] = [];
  const edit = (source: string, edits: Edit[]) => {
    rounds.push(edits);
    return applyEdits(source, edits, repairs);
  };
  const sites = textSites(original);
  let source = edit(original, [...voidEdits(original, sites), ...variableEdits(original, sites)].sort((a, b) => a.start - b.start));
  const sorted = () => repairs.sort((a, b) => a.line - b.line);
  let parsed = 0;
  for (let round = 0; ; round++) {
    let reason: string;
    try {
      parsed += source.length;
      const { edits: words, tree } = wordExpressionRepairs(source, options.snippet ?? false);
      if (words.length === 0) return { source, repairs: sorted(), tree };
      source = edit(source, words);
      return { source, repairs: sorted() };
    } catch (error) {
      reason = (error as Error).message;
    }
    const position = PARSER_POSITION.exec(reason);
    const line = Number(position?.[1] ?? 1);
    const column = Number(position?.[2] ?? 1);
    const message = reason.replace(PARSER_POSITION, '').replace(/\s*\([\w-]+:[\w-]+\)$/, '');
    const offset = offsetOf(source, line, column);
    const repaired = position ? repairAt(source, offset, message) : undefined;
    const spent = round >= MAX_ROUNDS || parsed >= PARSE_BUDGET;
    if (!repaired || spent) {
      // The column in the file as written: repairs before it on its line moved it.
      const written = originalOffset(rounds, offset);
      const at = position ? { line, column: written - original.lastIndexOf('\n', written - 1) } : { line, column };
      const why = repaired ? `${message} (forgiving MDX repairs such places one parse at a time, and stops after ${round} on a page this size)` : message;
      return { source, repairs: sorted(), error: { ...at, message: why } };
    }
    source = edit(source, editsOfKind(source, repaired.edit, repaired.kind));
  }
}
