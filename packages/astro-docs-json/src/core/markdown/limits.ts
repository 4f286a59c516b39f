/**
 * What a page may be, checked before anything parses it. The native Markdown parser
 * (satteri) overflows its stack and takes the whole process down, past any `catch`, on
 * brackets nested some 5,700 levels deep in an expression (on JSX some 20,000 levels deep
 * in one); it takes time that grows with the square of the nesting for tags nested in a
 * paragraph, tags left open and blockquotes nested in each other, and time that doubles
 * with every level or two for tags and expressions nested in each other on a line
 * (`<A>{<B>{...}</B>}</A>`, from some 50 levels on); and the walks of its tree here run
 * out of JavaScript's stack some thousands of levels down. Real pages stay far below
 * each limit, which is far below where the trouble starts.
 *
 * The nesting is measured on the text, in one pass, without parsing it: brackets in
 * code (expressions, ESM, tags' attributes), tags, and the blockquotes and lists a line
 * opens. Code blocks and code spans do not count; brackets in prose do not either, as
 * they never make the parser recurse. What is left open counts as nested, since the
 * parser treats it so until it gives up.
 */
import { AUTOLINK, VOID_ELEMENTS } from './forgiving-mdx.ts';
import { FRONTMATTER } from './frontmatter.ts';

/** A page file larger than this (5 MB) is not read. */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** Frontmatter larger than this (64 KB) is not read. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;
/** How deep brackets, tags, blockquotes and lists may nest, together. */
export const MAX_NESTING = 256;
/** How many times tags and expressions may nest in each other (`<A>{<B>{...}</B>}</A>` is 2). */
export const MAX_TAGS_IN_EXPRESSIONS = 32;
/**
 * How many tags an expression may leave open (`{<a>}`, `{<a b={`, counting those of the
 * expressions in them): the parser takes time that doubles with each one.
 */
export const MAX_OPEN_TAGS_IN_EXPRESSIONS = 12;
/**
 * How long code may chain what nests without brackets (`a ? b : c ? ...`, `x => y => ...`,
 * `a = b = ...`, `new new ...`, `if (a) if (b) ...`): the parser crashes at some 12,000.
 * A `,` or `;` ends a chain.
 */
export const MAX_CHAIN = 1024;
/**
 * How many tags on a line, or expressions in a paragraph, times its length, the parser reads
 * in well under a second: it takes time in proportion to both (a line of 1 MB may hold 256
 * tags, one of 10 KB 26,000).
 */
export const MAX_DENSITY = 2 ** 28;
/** The same, summed over the page's lines and paragraphs: what one parse of the page may take (under a second). */
export const MAX_PAGE_DENSITY = 2 ** 29;

export interface LimitProblem {
  /** `too-deep` for nesting, `too-large` for a line or paragraph too full of tags or expressions. */
  code: 'too-deep' | 'too-large';
  line: number;
  column: number;
  /** What is wrong, without a full stop: a clause to go on with. */
  message: string;
  hint: string;
}

/** `1.2 MB`, `70 KB`: a size as the limits are stated. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** How `size` exceeds `limit`, in words: in bytes when the two would read the same. */
export function overLimit(what: string, size: number, limit: number): string {
  const [sized, limited] = [formatBytes(size), formatBytes(limit)];
  return `${what} is ${sized === limited ? `${size} bytes` : sized}, more than the ${limited}`;
}

// What a frame on the stack of open things is.
const BRACE = 0;
const PAREN = 1;
const BRACKET = 2;
/** `<Name` up to its `>`: attributes, which are code. */
const OPEN_TAG = 3;
/** An element's content, between its `>` and its closing tag. */
const TAG = 4;
/** `import`/`export` lines, up to a blank line. */
const ESM = 5;
/** `<!-- ... -->`, which forgiving MDX makes an expression. */
const COMMENT = 6;

interface Frame {
  kind: number;
  line: number;
  column: number;
  /** Tags nested in expressions down to this frame. */
  alternation: number;
  /** What nests without brackets, chained right inside this frame since its last `,` or `;`. */
  chain: number;
  /** A tag's name. */
  name: string;
  /** A brace that is an expression of MDX (in text, an attribute, or a tag's content), not JavaScript's block or object. */
  expression: boolean;
  /**
   * An expression after text on its line: one in a paragraph, which ends with it unless it
   * has tags in it (MDX then looks further for its end, and forgiving MDX makes it text).
   */
  inText: boolean;
  /** A tag (or its start) inside an expression. */
  inExpression: boolean;
  /** `a<b` in JavaScript, after a value: a comparison, or the start of type arguments (`f<T>`) where a `>` follows. */
  comparison: boolean;
}

/** Frames whose content is code: brackets count there, and no Markdown (code blocks, blank lines) is read. */
const isCode = (kind: number) => kind === BRACE || kind === PAREN || kind === BRACKET || kind === OPEN_TAG || kind === ESM || kind === COMMENT;

const NEWLINE = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
/** Where a tag's name may start: a letter, `_`, `$`, or any character beyond ASCII. */
const isNameStart = (c: number) => isLetter(c) || c >= 128;
const isNameChar = (c: number) => isNameStart(c) || isDigit(c) || c === 45 || c === 46 || c === 58;
const ESM_LINE = /(?:import|export)[\s{*]/y;
/** In Markdown, a run of characters that only make the line one with text: passed over at once (`\x60`: a backtick). */
const PROSE = /[^\n\\\x60<>{}]+/y;
/** What does not count as text on a line. */
const WHITESPACE_RUN = /^[ \t\r]*$/;
/** Words that start what nests without brackets, in code. */
const CHAIN_WORDS = new Set(['new', 'if', 'else', 'for', 'while', 'do', 'with', 'yield']);

/**
 * The first place where `source` nests deeper than the parser can safely read, with what
 * to report; undefined for a page it can read.
 */
export function nestingProblem(source: string): LimitProblem | undefined {
  const frontmatter = FRONTMATTER.exec(source);
  if (!frontmatter) return scanNesting(source, 1);
  const head = frontmatter[0];
  let lines = 0;
  for (let index = head.indexOf('\n'); index !== -1; index = head.indexOf('\n', index + 1)) lines++;
  return scanNesting(head, 1) ?? scanNesting(source.slice(head.length), 1 + lines);
}

interface Prefix {
  /** Where the line's content starts. */
  end: number;
  quotes: number;
  markers: number;
  columns: number;
}

/** The blockquote markers, list markers and indentation a line starts with (only indentation in code). */
function linePrefix(text: string, start: number, lineEnd: number, markdown: boolean): Prefix {
  let quotes = 0;
  let markers = 0;
  let columns = 0;
  let index = start;
  const spaceAfter = (at: number) => at >= lineEnd || text.charCodeAt(at) === SPACE || text.charCodeAt(at) === TAB || text.charCodeAt(at) === CR;
  while (index < lineEnd) {
    const c = text.charCodeAt(index);
    if (c === SPACE) columns++;
    else if (c === TAB) columns += 4;
    else if (c === CR) {
      // Part of the line break.
    } else if (markdown && c === 62 /* > */) quotes++;
    else if (markdown && (c === 45 /* - */ || c === 42 /* * */ || c === 43 /* + */) && spaceAfter(index + 1)) markers++;
    else if (markdown && isDigit(c)) {
      let end = index;
      while (end < lineEnd && end - index < 9 && isDigit(text.charCodeAt(end))) end++;
      const delimiter = text.charCodeAt(end);
      if ((delimiter !== 46 /* . */ && delimiter !== 41 /* ) */) || !spaceAfter(end + 1)) break;
      markers++;
      index = end;
    } else break;
    index++;
  }
  return { end: index, quotes, markers, columns };
}

function scanNesting(text: string, firstLine: number): LimitProblem | undefined {
  return new NestingScanner(text, firstLine).scan();
}

const DEEP_HINT = 'No page needs this many levels: look for brackets and tags that are never closed, or flatten the nesting.';
const BREAK_UP_HINT = 'Break it up: a line break between tags, a blank line between paragraphs with expressions.';

function problem(code: LimitProblem['code'], at: { line: number; column: number }, message: string, hint: string): LimitProblem {
  return { code, ...at, message, hint };
}

/** A fenced code block's opening fence, and where its line stands in blockquotes and lists. */
interface Fence {
  char: number;
  length: number;
  quotes: number;
  columns: number;
}

/** The state of one pass over a page's text: where it is, and the stack of what is open there. */
class NestingScanner {
  private readonly text: string;
  private readonly frames: Frame[] = [];
  // Counts over `frames`: of code frames (outside them text is Markdown), of expressions,
  // of tags inside expressions, and of chains.
  private code = 0;
  private expressions = 0;
  private tagsInExpressions = 0;
  private chains = 0;
  private index = 0;
  private atLineStart = true;
  private line: number;
  private lineStart = 0;
  private lineEnd = 0;
  /** What the line's blockquotes and lists add to the nesting. */
  private containers = 0;
  private fence: Fence | undefined;
  /**
   * A fence a line left (see `fencedLine`) before its closing line: that line, when it comes, is
   * taken for the closing one, so that code and text do not swap places for the rest of the page.
   */
  private stale: Pick<Fence, 'char' | 'length'> | undefined;
  /** Whether the current line has text (not tags or expressions) before where the scan is. */
  private lineHasText = false;
  // Tags in the text of the current line, expressions in the text of the current paragraph.
  private lineTags = 0;
  private paragraphExpressions = 0;
  private paragraphStart = 0;
  private paragraphLine: number;
  // Backtick runs of the current line, by length, for code spans: the next run of an opener's length closes it.
  private runs = new Map<number, number[]>();
  private runsLine = -1;
  private readonly runCursor = new Map<number, number>();
  /** What the parser's time on the lines and paragraphs so far comes to, in the units of MAX_DENSITY. */
  private density = 0;

  constructor(text: string, firstLine: number) {
    this.text = text;
    this.line = firstLine - 1;
    this.paragraphLine = firstLine;
  }

  /** The first problem in the text, or undefined. */
  scan(): LimitProblem | undefined {
    while (this.index < this.text.length) {
      const found = this.atLineStart ? this.startLine() : this.scanCharacter();
      if (found) return found;
    }
    return (this.atLineStart ? undefined : this.endOfLine()) ?? this.endOfParagraph(this.text.length) ?? this.openTags();
  }

  /** The start of a line: code blocks and their fences, blank lines, blockquotes and lists, ESM. */
  private startLine(): LimitProblem | undefined {
    const { text } = this;
    this.atLineStart = false;
    this.line++;
    this.lineStart = this.index;
    this.lineHasText = false;
    const lineEnd = text.indexOf('\n', this.index);
    this.lineEnd = lineEnd === -1 ? text.length : lineEnd;
    const prefix = linePrefix(text, this.lineStart, this.lineEnd, this.code === 0);
    const blank = prefix.end >= this.lineEnd;
    // A line of a code block, a blank line or a fence is done with here; the scan reads on from the next.
    this.index = this.lineEnd;
    if (this.fence && this.fencedLine(this.fence, prefix, blank)) return undefined;
    if (blank) return this.blankLine();
    this.containers = prefix.quotes + prefix.markers + Math.floor(prefix.columns / 2);
    if (this.frames.length + this.containers > MAX_NESTING) return this.tooDeep(prefix.end);
    if (this.code === 0 && this.opensFence(prefix)) return undefined;
    this.index = prefix.end;
    if (this.code > 0) return undefined;
    ESM_LINE.lastIndex = this.lineStart;
    return ESM_LINE.test(text) ? this.push(ESM, this.lineStart) : undefined;
  }

  /** Whether the line, with an open fenced code block, is in the block (its closing line is too). */
  private fencedLine(fence: Fence, prefix: Prefix, blank: boolean): boolean {
    const char = this.text.charCodeAt(prefix.end);
    const closing = this.closes(fence, char, prefix.end, this.runEnd(prefix.end, char));
    // A line that leaves the fence's blockquote, or a list item's indentation, ends it too:
    // code in it is read as what it then is.
    const left = !blank && !closing && (prefix.quotes < fence.quotes || (fence.columns > 0 && prefix.columns < fence.columns));
    if (!left) {
      if (closing) this.fence = undefined;
      return true;
    }
    this.stale = fence;
    this.fence = undefined;
    return false;
  }

  /** Whether the line, in Markdown, is a fence: one that opens a code block, or closes the stale one. */
  private opensFence(prefix: Prefix): boolean {
    const char = this.text.charCodeAt(prefix.end);
    if (char !== 96 && char !== 126 /* ~ */) return false;
    const end = this.runEnd(prefix.end, char);
    if (end - prefix.end < 3 || (char !== 126 && this.text.slice(end, this.lineEnd).includes('`'))) return false;
    if (this.stale && this.closes(this.stale, char, prefix.end, end)) this.stale = undefined;
    else {
      this.fence = { char, length: end - prefix.end, quotes: prefix.quotes, columns: prefix.columns };
      this.stale = undefined;
    }
    return true;
  }

  /** Whether the run of `char` from `start` to `end` closes `fence`: as long at least, and alone on its line. */
  private closes(fence: Pick<Fence, 'char' | 'length'>, char: number, start: number, end: number): boolean {
    return char === fence.char && end - start >= fence.length && this.text.slice(end, this.lineEnd).trim() === '';
  }

  /** A blank line: the end of a paragraph, and of what ends with one. */
  private blankLine(): LimitProblem | undefined {
    const { frames } = this;
    const full = this.endOfParagraph(this.lineStart);
    if (full) return full;
    this.paragraphExpressions = 0;
    this.paragraphStart = this.lineEnd;
    this.paragraphLine = this.line + 1;
    // An expression in a paragraph's text ends with it, unless it has tags in it. What
    // looks like an opening tag that a blank line follows is a comparison, or `<` in
    // prose; ESM ends at a blank line unless something in it is still open.
    const expression = frames.findIndex((frame) => frame.inText);
    if (expression !== -1 && frames.slice(expression).every((frame) => frame.kind !== TAG && frame.kind !== OPEN_TAG)) this.closeFrom(expression);
    while (frames.at(-1)?.kind === OPEN_TAG && !frames.at(-1)!.inExpression) this.popTo(OPEN_TAG);
    if (frames.at(-1)?.kind === ESM) this.popTo(ESM);
    return undefined;
  }

  /** The character at the scan, the word of code that starts there, or a run of prose. */
  private scanCharacter(): LimitProblem | undefined {
    const { text, index, code } = this;
    if (code === 0) {
      // Prose: nothing but its line having text happens until one of these characters.
      PROSE.lastIndex = index;
      if (PROSE.test(text)) {
        if (!this.lineHasText && !WHITESPACE_RUN.test(text.slice(index, PROSE.lastIndex))) this.lineHasText = true;
        this.index = PROSE.lastIndex;
        return undefined;
      }
    }
    const c = text.charCodeAt(index);
    if (code > 0 && isLetter(c)) return this.codeWord();
    if (code === 0 && c !== SPACE && c !== TAB && c !== CR && c !== 60 && c !== 62 && c !== 123 && c !== 125) this.lineHasText = true;
    let found: LimitProblem | undefined;
    switch (c) {
      case NEWLINE:
        return this.lineBreak();
      case 92 /* \ */:
        this.index += text.charCodeAt(index + 1) === NEWLINE ? 1 : 2;
        return undefined;
      case 96 /* ` */:
        this.backticks();
        return undefined;
      case 60 /* < */:
        return this.lessThan();
      case 123 /* { */:
        if (code === 0) this.paragraphExpressions++;
        found = this.push(BRACE, index, '', code === 0 && this.lineHasText);
        break;
      case 125 /* } */:
        found = this.closeBrace();
        break;
      case 62 /* > */:
        found = this.greaterThan();
        break;
      default:
        if (code > 0) found = this.codePunctuation(c);
    }
    this.index++;
    return found;
  }

  /** A word of code: some start what nests without brackets. */
  private codeWord(): LimitProblem | undefined {
    const { text, index, lineEnd } = this;
    let end = index + 1;
    while (end < lineEnd && (isLetter(text.charCodeAt(end)) || isDigit(text.charCodeAt(end)))) end++;
    this.index = end;
    return CHAIN_WORDS.has(text.slice(index, end)) ? this.chain(index) : undefined;
  }

  /** The end of a line: what its tags cost. */
  private lineBreak(): LimitProblem | undefined {
    const found = this.endOfLine();
    if (found) return found;
    this.lineTags = 0;
    this.atLineStart = true;
    this.index++;
    return undefined;
  }

  /** A run of backticks: in Markdown, a code span's opener, skipped with the span when a run as long closes it. */
  private backticks(): void {
    const start = this.index;
    const end = this.runEnd(start, 96);
    const closed = this.code === 0 ? this.closingRun(start, end - start) : -1;
    this.index = closed === -1 ? end : closed;
  }

  /** After the run of backticks at `start`, `length` long, the end of the run that closes it on the same line. */
  private closingRun(start: number, length: number): number {
    if (this.runsLine !== this.line) this.findRuns();
    const list = this.runs.get(length);
    if (!list) return -1;
    let cursor = this.runCursor.get(length) ?? 0;
    while (cursor < list.length && list[cursor]! <= start) cursor++;
    this.runCursor.set(length, cursor);
    return cursor < list.length ? list[cursor]! + length : -1;
  }

  /** Lists the current line's backtick runs, by length, in order. */
  private findRuns(): void {
    this.runs = new Map();
    this.runCursor.clear();
    this.runsLine = this.line;
    for (let index = this.lineStart; index < this.lineEnd; index++) {
      if (this.text.charCodeAt(index) !== 96) continue;
      const end = this.runEnd(index, 96);
      const list = this.runs.get(end - index) ?? this.runs.set(end - index, []).get(end - index)!;
      list.push(index);
      index = end - 1;
    }
  }

  /** Where the run of `char` at `start` ends, within the line. */
  private runEnd(start: number, char: number): number {
    let end = start;
    while (end < this.lineEnd && this.text.charCodeAt(end) === char) end++;
    return end;
  }

  /** `}`: closes its expression, and whatever is open inside it. */
  private closeBrace(): LimitProblem | undefined {
    const { frames } = this;
    const brace = frames.findLastIndex((frame) => frame.kind === BRACE);
    if (brace === -1) return undefined;
    // A tag open inside the expression: MDX reads on, past this `}`, for the tag's end.
    if (frames.slice(brace + 1).some((frame) => frame.kind === TAG || (frame.kind === OPEN_TAG && !frame.comparison))) return this.openTags();
    this.closeFrom(brace);
    return undefined;
  }

  /** Brackets, and what chains or ends a chain, in code. */
  private codePunctuation(c: number): LimitProblem | undefined {
    switch (c) {
      case 40 /* ( */:
        return this.push(PAREN, this.index);
      case 91 /* [ */:
        return this.push(BRACKET, this.index);
      case 41 /* ) */:
        this.popTo(PAREN, true);
        return undefined;
      case 93 /* ] */:
        this.popTo(BRACKET, true);
        return undefined;
      case 44 /* , */:
      case 59 /* ; */:
        this.endChain();
        return undefined;
      case 63 /* ? */:
        return this.questionMark();
      case 58 /* : */:
        return this.chain(this.index);
      case 61 /* = */:
        return this.equals();
    }
    return undefined;
  }

  /** `?`: a condition chains, `??` and `?.` do not. */
  private questionMark(): LimitProblem | undefined {
    const next = this.text.charCodeAt(this.index + 1);
    if (next !== 63 && next !== 46) return this.chain(this.index);
    this.index++; // `??`, `?.`
    return undefined;
  }

  /** `=`: an assignment or an arrow chains, a comparison does not. */
  private equals(): LimitProblem | undefined {
    const { text, index } = this;
    const next = text.charCodeAt(index + 1);
    const before = text.charCodeAt(index - 1);
    if (next === 62 /* > */) {
      // `=>`, whose `>` ends no tag.
      this.index++;
      return this.chain(index);
    }
    if (next === 61) this.index++;
    else if (before !== 33 && before !== 60 && before !== 62) return this.chain(index);
    return undefined;
  }

  /** `<`: a closing tag, a fragment, a comment, an autolink, an opening tag, or a `<` of text. */
  private lessThan(): LimitProblem | undefined {
    const { text, index } = this;
    const next = text.charCodeAt(index + 1);
    if (next === 47 /* / */) {
      this.closingTag();
      return undefined;
    }
    if (next === 62 /* > */) {
      if (this.code === 0) this.lineTags++;
      this.index += 2;
      return this.push(TAG, index);
    }
    if (next === 33 /* ! */ && text.startsWith('<!--', index)) {
      // Forgiving MDX makes a comment an expression.
      if (this.code === 0) this.paragraphExpressions++;
      this.index += 4;
      return this.push(COMMENT, index);
    }
    AUTOLINK.lastIndex = index;
    if (AUTOLINK.test(text)) {
      // `<https://...>`, `<name@example.com>`: forgiving MDX makes them links.
      this.lineHasText = true;
      this.index = AUTOLINK.lastIndex;
      return undefined;
    }
    if (isNameStart(next)) return this.openingTag();
    if (this.code === 0) this.lineHasText = true;
    this.index++;
    return undefined;
  }

  /** `</Name`: closes its element, but not past an expression's brace. */
  private closingTag(): void {
    const { frames } = this;
    const tag = frames.findLastIndex((frame) => frame.kind === TAG || frame.kind === BRACE);
    if (tag !== -1 && frames[tag]!.kind === TAG) this.closeFrom(tag);
    this.index = this.nameEnd(this.index + 2);
  }

  /** `<Name`: a tag's start, up to its `>`. */
  private openingTag(): LimitProblem | undefined {
    const { text, index } = this;
    const comparison = this.isComparison(index);
    if (this.code === 0) this.lineTags++;
    const end = this.nameEnd(index + 1);
    this.index = end;
    return this.push(OPEN_TAG, index, text.slice(index + 1, end), false, comparison);
  }

  /**
   * In JavaScript, `a<b` after a value (a name, a bracket) compares, unless a `>`
   * follows: the parser then tries type arguments (`f<T>`) too, as it does a tag.
   */
  private isComparison(at: number): boolean {
    const { text } = this;
    const top = this.frames.at(-1)?.kind;
    let before = at - 1;
    while (before > this.lineStart && (text.charCodeAt(before) === SPACE || text.charCodeAt(before) === TAB)) before--;
    const value = text.charCodeAt(before);
    return (top === BRACE || top === PAREN || top === BRACKET || top === ESM) && (isLetter(value) || isDigit(value) || value === 41 /* ) */ || value === 93 /* ] */);
  }

  /** Where the tag name at `start` ends, within the line. */
  private nameEnd(start: number): number {
    let end = start;
    while (end < this.lineEnd && isNameChar(this.text.charCodeAt(end))) end++;
    return end;
  }

  /** `>`: ends a comment, or an opening tag (whose element's content starts, unless it has none). */
  private greaterThan(): LimitProblem | undefined {
    const { text, index, frames } = this;
    const top = frames.at(-1);
    if (text.startsWith('-->', index - 2) && frames.some((frame) => frame.kind === COMMENT)) this.popTo(COMMENT);
    else if (top?.kind === OPEN_TAG) {
      this.popTo(OPEN_TAG);
      if (text.charCodeAt(index - 1) !== 47 /* / */ && !VOID_ELEMENTS.has(top.name)) return this.push(TAG, index);
    }
    return undefined;
  }

  /** Opens a frame of `kind` at `at`: a problem when that nests too deep. */
  private push(kind: number, at: number, name = '', inText = false, comparison = false): LimitProblem | undefined {
    const { frames } = this;
    const top = frames.at(-1);
    let alternation = top?.alternation ?? 0;
    const expression = kind === BRACE && (this.code === 0 || top?.kind === OPEN_TAG || top?.kind === TAG);
    if (kind === TAG) {
      // A tag right inside an expression (brackets between them aside) nests one level more.
      for (let index = frames.length - 1; index >= 0; index--) {
        const below = frames[index]!.kind;
        if (below === PAREN || below === BRACKET) continue;
        if (below === BRACE) alternation++;
        break;
      }
      if (alternation > MAX_TAGS_IN_EXPRESSIONS) {
        return problem('too-deep', this.here(at), `The page nests tags and expressions in each other more than ${MAX_TAGS_IN_EXPRESSIONS} times here (\`<A>{<B>{...}</B>}</A>\` is twice)`, DEEP_HINT);
      }
    }
    const inExpression = (kind === TAG || (kind === OPEN_TAG && !comparison)) && this.expressions > 0;
    frames.push({ kind, ...this.here(at), alternation, chain: 0, name, expression, inText, inExpression, comparison });
    if (isCode(kind)) this.code++;
    if (expression) this.expressions++;
    if (inExpression) this.tagsInExpressions++;
    return frames.length + this.containers > MAX_NESTING ? this.tooDeep(at) : undefined;
  }

  /** Closes the frame at `index` and all inside it. */
  private closeFrom(index: number): void {
    for (const closed of this.frames.splice(index)) {
      if (isCode(closed.kind)) this.code--;
      if (closed.expression) this.expressions--;
      if (closed.inExpression) this.tagsInExpressions--;
      this.chains -= closed.chain;
    }
  }

  /** Closes the innermost frame of `kind`, and whatever is open inside it; `within`: only as far down as the innermost frame that is not a bracket. */
  private popTo(kind: number, within = false): void {
    for (let index = this.frames.length - 1; index >= 0; index--) {
      const frame = this.frames[index]!;
      if (frame.kind === kind) return this.closeFrom(index);
      if (within && frame.kind !== PAREN && frame.kind !== BRACKET) return;
    }
  }

  /** One more link of the chain of the code frame the scan is in. */
  private chain(at: number): LimitProblem | undefined {
    const top = this.frames.at(-1);
    if (!top || top.kind === TAG || top.kind === COMMENT) return undefined;
    top.chain++;
    this.chains++;
    return this.chains > MAX_CHAIN
      ? problem('too-deep', this.here(at), `The page chains more than ${MAX_CHAIN} conditions, assignments, functions or statements in code here without a \`,\` or \`;\``, DEEP_HINT)
      : undefined;
  }

  /** `,` or `;`: ends the chain of the frame the scan is in. */
  private endChain(): void {
    const top = this.frames.at(-1);
    if (!top) return;
    this.chains -= top.chain;
    top.chain = 0;
  }

  /** Where `at` is, on the current line. */
  private here(at: number): { line: number; column: number } {
    return { line: this.line, column: at - this.lineStart + 1 };
  }

  private tooDeep(at: number): LimitProblem {
    return problem('too-deep', this.here(at), `The page nests brackets, tags, blockquotes or lists more than ${MAX_NESTING} levels deep here, counting those left open`, DEEP_HINT);
  }

  /** Adds what `count` tags or expressions in `length` characters cost the parser: a problem when that is too much for them, or for the page so far. */
  private dense(count: number, length: number, what: string, where: string, atLine: number): LimitProblem | undefined {
    this.density += count * length;
    if (count * length > MAX_DENSITY) {
      const message = `${where} holds ${count} ${what} in ${length} characters, more than the parser reads in good time (it takes time in proportion to both)`;
      return problem('too-large', { line: atLine, column: 1 }, message, BREAK_UP_HINT);
    }
    if (this.density > MAX_PAGE_DENSITY) {
      const message = `Up to here, the page's lines and paragraphs hold more tags and expressions, for their length, than the parser reads in good time (it takes time in proportion to both)`;
      return problem('too-large', { line: atLine, column: 1 }, message, `${BREAK_UP_HINT} Or split the page.`);
    }
    return undefined;
  }

  private endOfLine(): LimitProblem | undefined {
    return this.dense(this.lineTags, this.lineEnd - this.lineStart, 'tags', 'The line', this.line);
  }

  private endOfParagraph(end: number): LimitProblem | undefined {
    return this.dense(this.paragraphExpressions, end - this.paragraphStart, 'expressions', 'The paragraph starting here', this.paragraphLine);
  }

  /** Tags left open in expressions, once an expression ends (or the page does) with them still open. */
  private openTags(): LimitProblem | undefined {
    if (this.tagsInExpressions <= MAX_OPEN_TAGS_IN_EXPRESSIONS) return undefined;
    const tag = this.frames.filter((frame) => frame.inExpression)[MAX_OPEN_TAGS_IN_EXPRESSIONS]!;
    return problem(
      'too-deep',
      { line: tag.line, column: tag.column },
      `The page leaves more than ${MAX_OPEN_TAGS_IN_EXPRESSIONS} tags open in expressions (\`{<a>}\`), counting those in expressions inside them`,
      'Close every tag you open in an expression, or write `<` in it as `&lt;`.',
    );
  }
}
