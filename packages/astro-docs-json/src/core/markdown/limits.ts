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
  const frames: Frame[] = [];
  // Counts over `frames`: of code frames (outside them text is Markdown), of expressions,
  // of tags inside expressions, and of chains.
  let code = 0;
  let expressions = 0;
  let tagsInExpressions = 0;
  let chains = 0;
  let line = firstLine - 1;
  let lineStart = 0;
  let lineEnd = 0;
  /** What the line's blockquotes and lists add to the nesting. */
  let containers = 0;
  let fence: { char: number; length: number; quotes: number; columns: number } | undefined;
  /**
   * A fence a line left (see below) before its closing line: that line, when it comes, is
   * taken for the closing one, so that code and text do not swap places for the rest of the page.
   */
  let stale: { char: number; length: number } | undefined;
  /** Whether the current line has text (not tags or expressions) before where the scan is. */
  let lineHasText = false;
  // Tags in the text of the current line, expressions in the text of the current paragraph.
  let lineTags = 0;
  let paragraphExpressions = 0;
  let paragraphStart = 0;
  let paragraphLine = firstLine;
  // Backtick runs of the current line, by length, for code spans: the next run of an opener's length closes it.
  let runs = new Map<number, number[]>();
  let runsLine = -1;
  const runCursor = new Map<number, number>();

  const problem = (code: LimitProblem['code'], at: { line: number; column: number }, message: string, hint: string): LimitProblem => ({ code, ...at, message, hint });
  const here = (at: number) => ({ line, column: at - lineStart + 1 });
  const DEEP_HINT = 'No page needs this many levels: look for brackets and tags that are never closed, or flatten the nesting.';
  const tooDeep = (at: number) => problem('too-deep', here(at), `The page nests brackets, tags, blockquotes or lists more than ${MAX_NESTING} levels deep here, counting those left open`, DEEP_HINT);
  /** What the parser's time on the lines and paragraphs so far comes to, in the units of MAX_DENSITY. */
  let density = 0;
  const BREAK_UP_HINT = 'Break it up: a line break between tags, a blank line between paragraphs with expressions.';
  const dense = (count: number, length: number, what: string, where: string, atLine: number): LimitProblem | undefined => {
    density += count * length;
    if (count * length > MAX_DENSITY) {
      const message = `${where} holds ${count} ${what} in ${length} characters, more than the parser reads in good time (it takes time in proportion to both)`;
      return problem('too-large', { line: atLine, column: 1 }, message, BREAK_UP_HINT);
    }
    if (density > MAX_PAGE_DENSITY) {
      const message = `Up to here, the page's lines and paragraphs hold more tags and expressions, for their length, than the parser reads in good time (it takes time in proportion to both)`;
      return problem('too-large', { line: atLine, column: 1 }, message, `${BREAK_UP_HINT} Or split the page.`);
    }
    return undefined;
  };
  const endOfLine = () => dense(lineTags, lineEnd - lineStart, 'tags', 'The line', line);
  const endOfParagraph = (end: number) => dense(paragraphExpressions, end - paragraphStart, 'expressions', 'The paragraph starting here', paragraphLine);
  /** Tags left open in expressions, once an expression ends (or the page does) with them still open. */
  const openTags = (): LimitProblem | undefined => {
    if (tagsInExpressions <= MAX_OPEN_TAGS_IN_EXPRESSIONS) return undefined;
    const tag = frames.filter((frame) => frame.inExpression)[MAX_OPEN_TAGS_IN_EXPRESSIONS]!;
    return problem(
      'too-deep',
      { line: tag.line, column: tag.column },
      `The page leaves more than ${MAX_OPEN_TAGS_IN_EXPRESSIONS} tags open in expressions (\`{<a>}\`), counting those in expressions inside them`,
      'Close every tag you open in an expression, or write `<` in it as `&lt;`.',
    );
  };

  const push = (kind: number, at: number, name = '', inText = false, comparison = false): LimitProblem | undefined => {
    const top = frames.at(-1);
    let alternation = top?.alternation ?? 0;
    const expression = kind === BRACE && (code === 0 || top?.kind === OPEN_TAG || top?.kind === TAG);
    if (kind === TAG) {
      // A tag right inside an expression (brackets between them aside) nests one level more.
      for (let index = frames.length - 1; index >= 0; index--) {
        const below = frames[index]!.kind;
        if (below === PAREN || below === BRACKET) continue;
        if (below === BRACE) alternation++;
        break;
      }
      if (alternation > MAX_TAGS_IN_EXPRESSIONS) {
        return problem('too-deep', here(at), `The page nests tags and expressions in each other more than ${MAX_TAGS_IN_EXPRESSIONS} times here (\`<A>{<B>{...}</B>}</A>\` is twice)`, DEEP_HINT);
      }
    }
    const inExpression = (kind === TAG || (kind === OPEN_TAG && !comparison)) && expressions > 0;
    frames.push({ kind, ...here(at), alternation, chain: 0, name, expression, inText, inExpression, comparison });
    if (isCode(kind)) code++;
    if (expression) expressions++;
    if (inExpression) tagsInExpressions++;
    return frames.length + containers > MAX_NESTING ? tooDeep(at) : undefined;
  };
  /** Closes the frame at `index` and all inside it. */
  const closeFrom = (index: number) => {
    for (const closed of frames.splice(index)) {
      if (isCode(closed.kind)) code--;
      if (closed.expression) expressions--;
      if (closed.inExpression) tagsInExpressions--;
      chains -= closed.chain;
    }
  };
  /** Closes the innermost frame of `kind`, and whatever is open inside it; `within`: only as far down as the innermost frame that is not a bracket. */
  const popTo = (kind: number, within = false) => {
    for (let index = frames.length - 1; index >= 0; index--) {
      const frame = frames[index]!;
      if (frame.kind === kind) return closeFrom(index);
      if (within && frame.kind !== PAREN && frame.kind !== BRACKET) return;
    }
  };
  /** One more link of the chain of the code frame the scan is in. */
  const chain = (at: number): LimitProblem | undefined => {
    const top = frames.at(-1);
    if (!top || top.kind === TAG || top.kind === COMMENT) return undefined;
    top.chain++;
    chains++;
    return chains > MAX_CHAIN
      ? problem('too-deep', here(at), `The page chains more than ${MAX_CHAIN} conditions, assignments, functions or statements in code here without a \`,\` or \`;\``, DEEP_HINT)
      : undefined;
  };
  /** After the run of backticks at `start`, `length` long, the end of the run that closes it on the same line. */
  const closingRun = (start: number, length: number): number => {
    if (runsLine !== line) {
      runs = new Map();
      runCursor.clear();
      runsLine = line;
      for (let index = lineStart; index < lineEnd; index++) {
        if (text.charCodeAt(index) !== 96) continue;
        let end = index;
        while (end < lineEnd && text.charCodeAt(end) === 96) end++;
        const list = runs.get(end - index) ?? runs.set(end - index, []).get(end - index)!;
        list.push(index);
        index = end - 1;
      }
    }
    const list = runs.get(length);
    if (!list) return -1;
    let cursor = runCursor.get(length) ?? 0;
    while (cursor < list.length && list[cursor]! <= start) cursor++;
    runCursor.set(length, cursor);
    return cursor < list.length ? list[cursor]! + length : -1;
  };

  let index = 0;
  let atLineStart = true;
  while (index < text.length) {
    if (atLineStart) {
      atLineStart = false;
      line++;
      lineStart = index;
      lineHasText = false;
      lineEnd = text.indexOf('\n', index);
      if (lineEnd === -1) lineEnd = text.length;
      const prefix = linePrefix(text, index, lineEnd, code === 0);
      const blank = prefix.end >= lineEnd;
      if (fence) {
        const char = text.charCodeAt(prefix.end);
        let end = prefix.end;
        while (end < lineEnd && text.charCodeAt(end) === char) end++;
        const closing = char === fence.char && end - prefix.end >= fence.length && text.slice(end, lineEnd).trim() === '';
        // A line that leaves the fence's blockquote, or a list item's indentation, ends it too:
        // code in it is read as what it then is.
        const left = !blank && !closing && (prefix.quotes < fence.quotes || (fence.columns > 0 && prefix.columns < fence.columns));
        if (!left) {
          if (closing) fence = undefined;
          index = lineEnd;
          continue;
        }
        stale = fence;
        fence = undefined;
      }
      if (blank) {
        const full = endOfParagraph(lineStart);
        if (full) return full;
        paragraphExpressions = 0;
        paragraphStart = lineEnd;
        paragraphLine = line + 1;
        // An expression in a paragraph's text ends with it, unless it has tags in it. What
        // looks like an opening tag that a blank line follows is a comparison, or `<` in
        // prose; ESM ends at a blank line unless something in it is still open.
        const expression = frames.findIndex((frame) => frame.inText);
        if (expression !== -1 && frames.slice(expression).every((frame) => frame.kind !== TAG && frame.kind !== OPEN_TAG)) closeFrom(expression);
        while (frames.at(-1)?.kind === OPEN_TAG && !frames.at(-1)!.inExpression) popTo(OPEN_TAG);
        if (frames.at(-1)?.kind === ESM) popTo(ESM);
        index = lineEnd;
        continue;
      }
      containers = prefix.quotes + prefix.markers + Math.floor(prefix.columns / 2);
      if (frames.length + containers > MAX_NESTING) return tooDeep(prefix.end);
      if (code === 0) {
        const char = text.charCodeAt(prefix.end);
        if (char === 96 || char === 126 /* ~ */) {
          let end = prefix.end;
          while (end < lineEnd && text.charCodeAt(end) === char) end++;
          const rest = text.slice(end, lineEnd);
          if (end - prefix.end >= 3 && (char === 126 || !rest.includes('`'))) {
            if (stale && char === stale.char && end - prefix.end >= stale.length && rest.trim() === '') stale = undefined;
            else {
              fence = { char, length: end - prefix.end, quotes: prefix.quotes, columns: prefix.columns };
              stale = undefined;
            }
            index = lineEnd;
            continue;
          }
        }
        ESM_LINE.lastIndex = index;
        if (ESM_LINE.test(text)) {
          const found = push(ESM, index);
          if (found) return found;
        }
      }
      index = prefix.end;
      continue;
    }

    const c = text.charCodeAt(index);
    let found: LimitProblem | undefined;
    if (code > 0 && isLetter(c)) {
      // A word of code: some start what nests without brackets.
      let end = index + 1;
      while (end < lineEnd && (isLetter(text.charCodeAt(end)) || isDigit(text.charCodeAt(end)))) end++;
      if (CHAIN_WORDS.has(text.slice(index, end))) found = chain(index);
      if (found) return found;
      index = end;
      continue;
    }
    if (code === 0 && c !== SPACE && c !== TAB && c !== CR && c !== 60 && c !== 62 && c !== 123 && c !== 125) lineHasText = true;
    switch (c) {
      case NEWLINE:
        found = endOfLine();
        if (found) return found;
        lineTags = 0;
        atLineStart = true;
        index++;
        continue;
      case 92 /* \ */:
        index += text.charCodeAt(index + 1) === NEWLINE ? 1 : 2;
        continue;
      case 96 /* ` */: {
        let end = index;
        while (end < lineEnd && text.charCodeAt(end) === 96) end++;
        const closed = code === 0 ? closingRun(index, end - index) : -1;
        index = closed === -1 ? end : closed;
        continue;
      }
      case 123 /* { */:
        if (code === 0) paragraphExpressions++;
        found = push(BRACE, index, '', code === 0 && lineHasText);
        break;
      case 125 /* } */: {
        const brace = frames.findLastIndex((frame) => frame.kind === BRACE);
        if (brace === -1) break;
        // A tag open inside the expression: MDX reads on, past this `}`, for the tag's end.
        if (frames.slice(brace + 1).some((frame) => frame.kind === TAG || (frame.kind === OPEN_TAG && !frame.comparison))) found = openTags();
        else closeFrom(brace);
        break;
      }
      case 40 /* ( */:
        if (code > 0) found = push(PAREN, index);
        break;
      case 91 /* [ */:
        if (code > 0) found = push(BRACKET, index);
        break;
      case 41 /* ) */:
        if (code > 0) popTo(PAREN, true);
        break;
      case 93 /* ] */:
        if (code > 0) popTo(BRACKET, true);
        break;
      case 44 /* , */:
      case 59 /* ; */: {
        const top = frames.at(-1);
        if (code > 0 && top) {
          chains -= top.chain;
          top.chain = 0;
        }
        break;
      }
      case 63 /* ? */:
        if (code > 0) {
          const next = text.charCodeAt(index + 1);
          if (next === 63 || next === 46) index++; // `??`, `?.`
          else found = chain(index);
        }
        break;
      case 58 /* : */:
        if (code > 0) found = chain(index);
        break;
      case 61 /* = */:
        if (code > 0) {
          const next = text.charCodeAt(index + 1);
          const before = text.charCodeAt(index - 1);
          if (next === 62 /* > */) {
            // `=>`, whose `>` ends no tag.
            found = chain(index);
            index++;
          } else if (next === 61) index++;
          else if (before !== 33 && before !== 60 && before !== 62) found = chain(index);
        }
        break;
      case 60 /* < */: {
        const next = text.charCodeAt(index + 1);
        if (next === 47 /* / */) {
          // A closing tag closes its element, but not past an expression's brace.
          const tag = frames.findLastIndex((frame) => frame.kind === TAG || frame.kind === BRACE);
          if (tag !== -1 && frames[tag]!.kind === TAG) closeFrom(tag);
          let end = index + 2;
          while (end < lineEnd && isNameChar(text.charCodeAt(end))) end++;
          index = end;
          continue;
        }
        if (next === 62 /* > */) {
          if (code === 0) lineTags++;
          found = push(TAG, index);
          if (found) return found;
          index += 2;
          continue;
        }
        if (next === 33 /* ! */ && text.startsWith('<!--', index)) {
          // Forgiving MDX makes a comment an expression.
          if (code === 0) paragraphExpressions++;
          found = push(COMMENT, index);
          if (found) return found;
          index += 4;
          continue;
        }
        AUTOLINK.lastIndex = index;
        if (AUTOLINK.test(text)) {
          // `<https://...>`, `<name@example.com>`: forgiving MDX makes them links.
          lineHasText = true;
          index = AUTOLINK.lastIndex;
          continue;
        }
        if (isNameStart(next)) {
          // In JavaScript, `a<b` after a value (a name, a bracket) compares, unless a `>`
          // follows: the parser then tries type arguments (`f<T>`) too, as it does a tag.
          const top = frames.at(-1)?.kind;
          let before = index - 1;
          while (before > lineStart && (text.charCodeAt(before) === SPACE || text.charCodeAt(before) === TAB)) before--;
          const value = text.charCodeAt(before);
          const comparison = (top === BRACE || top === PAREN || top === BRACKET || top === ESM) && (isLetter(value) || isDigit(value) || value === 41 /* ) */ || value === 93 /* ] */);
          if (code === 0) lineTags++;
          let end = index + 1;
          while (end < lineEnd && isNameChar(text.charCodeAt(end))) end++;
          found = push(OPEN_TAG, index, text.slice(index + 1, end), false, comparison);
          if (found) return found;
          index = end;
          continue;
        }
        if (code === 0) lineHasText = true;
        break;
      }
      case 62 /* > */: {
        const top = frames.at(-1);
        if (text.startsWith('-->', index - 2) && frames.some((frame) => frame.kind === COMMENT)) popTo(COMMENT);
        else if (top?.kind === OPEN_TAG) {
          popTo(OPEN_TAG);
          if (text.charCodeAt(index - 1) !== 47 /* / */ && !VOID_ELEMENTS.has(top.name)) found = push(TAG, index);
        }
        break;
      }
    }
    if (found) return found;
    index++;
  }
  return (atLineStart ? undefined : endOfLine()) ?? endOfParagraph(text.length) ?? openTags();
}
