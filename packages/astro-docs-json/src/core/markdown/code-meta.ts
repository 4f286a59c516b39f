/**
 * A code block's options: what Mintlify reads in the words after a fence's language
 * (```` ```js index.js icon="square-js" lines {1,3-5} ````). The words that are not
 * options are the block's title; the options are flags (`lines`, `wrap`, `expandable`,
 * `nocopy`, `twoslash`), `key=value` pairs (`title`, `icon`, `highlight`, `focus`, and the
 * flags as `lines="false"`) and line ranges in braces, which highlight lines.
 *
 * Values are written bare, in `""` or `''` (where `\"` and `\\` escape), or in `{}`. A
 * flag's name is never part of the title: ```` ```bash wrap ```` has no title.
 */

/** Lines `from` to `to`, both included, counted from 1. */
export type LineRange = readonly [from: number, to: number];

export interface CodeMeta {
  title?: string;
  /** An icon name, as components name theirs (`square-js`), or an image's URL. */
  icon?: string;
  /** Line numbers beside the code. */
  lines: boolean;
  /** Long lines wrap instead of scrolling sideways. */
  wrap: boolean;
  /** A long block starts collapsed, with a button that shows all of it. */
  expandable: boolean;
  /** No copy button. */
  nocopy: boolean;
  /** Highlighted lines. */
  highlight: LineRange[];
  /** Focused lines: the others are dimmed. */
  focus: LineRange[];
}

type Flag = 'lines' | 'wrap' | 'expandable' | 'nocopy';

/**
 * The flags, by how they are written. `twoslash` (type information on hover, which needs
 * the TypeScript compiler at build time) is read so that it is never a title, and not applied.
 */
const FLAGS: Record<string, Flag | 'ignored'> = {
  lines: 'lines',
  wrap: 'wrap',
  expandable: 'expandable',
  '[expandable]': 'expandable',
  nocopy: 'nocopy',
  twoslash: 'ignored',
};

/** Mintlify's other options, which this site does not apply (the block's theme and language are the site's). */
const IGNORED_KEYS = new Set(['lang', 'theme']);

/** One word of a meta string: `value`, `"value"`, `{value}`, or any of them after `key=`. */
interface MetaOption {
  key?: string;
  value: string;
  /** How the value was written: bare (`''`), in quotes, or in braces. */
  delimiter: '' | '"' | "'" | '{';
  /** The option as written, for a `key=value` that is no option and so part of the title. */
  raw: string;
}

const KEY = /([^\s"'{}=]+)\s*=\s*/y;
const WORD = /\S+/y;

export const NO_CODE_META: CodeMeta = Object.freeze({ lines: false, wrap: false, expandable: false, nocopy: false, highlight: [], focus: [] }) as CodeMeta;

/** A code block's options, from its meta string (what follows the language). */
export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  if (!meta?.trim()) return NO_CODE_META;
  const parsed: CodeMeta = { lines: false, wrap: false, expandable: false, nocopy: false, highlight: [], focus: [] };
  const titleWords: string[] = [];
  for (const option of readOptions(meta)) {
    if (option.key === undefined) readBare(parsed, option, titleWords);
    else readKeyed(parsed, option, titleWords);
  }
  const inline = titleWords.join(' ').trim();
  if (parsed.title === undefined && inline) parsed.title = inline;
  return parsed;
}

/** An option without a key: a flag, lines to highlight (`{1,3-5}`), or a word of the title. */
function readBare(parsed: CodeMeta, { value, delimiter }: MetaOption, titleWords: string[]) {
  if (delimiter === '{') parsed.highlight.push(...lineRanges(value));
  else if (delimiter === '' && Object.hasOwn(FLAGS, value)) setFlag(parsed, FLAGS[value]!, true);
  else if (value) titleWords.push(value);
}

function readKeyed(parsed: CodeMeta, option: MetaOption, titleWords: string[]) {
  const key = option.key!.toLowerCase();
  if (key === 'title' || key === 'icon') {
    const text = option.delimiter === '{' ? stringLiteral(option.value) : option.value;
    if (text?.trim()) parsed[key] = text.trim();
  } else if (key === 'highlight' || key === 'focus') parsed[key].push(...lineRanges(option.value));
  else if (Object.hasOwn(FLAGS, key)) setFlag(parsed, FLAGS[key]!, booleanValue(option.value));
  // An unknown `key=value` written bare reads as text (`GET /users?limit=10`).
  else if (!IGNORED_KEYS.has(key) && option.delimiter === '') titleWords.push(option.raw);
}

function setFlag(parsed: CodeMeta, flag: Flag | 'ignored', value: boolean) {
  if (flag !== 'ignored') parsed[flag] = value;
}

/** `true` and `false` in any case; any other value leaves the flag off, as on Mintlify. */
const booleanValue = (value: string) => value.trim().toLowerCase() === 'true';

/** Escapes of JavaScript strings that stand for another character; the others stand for the character escaped. */
const ESCAPES: Record<string, string> = { n: '\n', t: '\t' };

/** The text of a JavaScript string literal (`"a.js"`, `` `npm i` ``; a template without `${}`), else undefined. */
export function stringLiteral(expression: string): string | undefined {
  const match = /^\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1\s*$/.exec(expression);
  if (!match || (match[1] === '`' && match[2]!.includes('${'))) return undefined;
  return match[2]!.replace(/\\(.)/g, (_, character: string) => ESCAPES[character] ?? character);
}

/** `1,3-5`, `[1,3,4,5]` or `2, 4`: the ranges of lines they name; what is not a line or a range is skipped. */
export function lineRanges(value: string): LineRange[] {
  const ranges: LineRange[] = [];
  for (const part of value.replace(/[[\]]/g, '').split(',')) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!match) continue;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from >= 1 && to >= from) ranges.push([from, to]);
  }
  return ranges;
}

/** Whether a line (counted from 1) is in one of the ranges. */
export const inRanges = (ranges: readonly LineRange[], line: number) => ranges.some(([from, to]) => line >= from && line <= to);

/** The options of a meta string, in order. */
function readOptions(meta: string): MetaOption[] {
  const options: MetaOption[] = [];
  let at = 0;
  while (at < meta.length) {
    if (/\s/.test(meta[at]!)) {
      at += 1;
      continue;
    }
    const start = at;
    KEY.lastIndex = at;
    const key = KEY.exec(meta);
    if (key) at = KEY.lastIndex;
    const value = readValue(meta, at, key !== null);
    at = value.end;
    options.push({ ...(key ? { key: key[1]! } : {}), value: value.text, delimiter: value.delimiter, raw: meta.slice(start, at) });
  }
  return options;
}

/**
 * The value at `at`: quoted (to the closing quote, escapes read), in braces (to the
 * matching brace), or bare (to the next space; after `key=` it may be empty).
 */
function readValue(meta: string, at: number, keyed: boolean): { text: string; delimiter: MetaOption['delimiter']; end: number } {
  const first = meta[at];
  if (first === '"' || first === "'") return quoted(meta, at, first);
  if (first === '{') return braced(meta, at);
  WORD.lastIndex = at;
  const word = WORD.exec(meta);
  if (!word) return { text: '', delimiter: '', end: keyed ? at : at + 1 };
  return { text: word[0], delimiter: '', end: WORD.lastIndex };
}

function quoted(meta: string, at: number, quote: '"' | "'") {
  let text = '';
  let index = at + 1;
  for (; index < meta.length && meta[index] !== quote; index += 1) {
    const next = meta[index + 1];
    if (meta[index] === '\\' && (next === quote || next === '\\')) index += 1;
    text += meta[index];
  }
  // An unclosed quote runs to the end.
  return { text, delimiter: quote, end: Math.min(index + 1, meta.length) };
}

function braced(meta: string, at: number) {
  let depth = 0;
  for (let index = at; index < meta.length; index += 1) {
    if (meta[index] === '{') depth += 1;
    else if (meta[index] === '}' && --depth === 0) return { text: meta.slice(at + 1, index), delimiter: '{' as const, end: index + 1 };
  }
  return { text: meta.slice(at + 1), delimiter: '{' as const, end: meta.length };
}

/**
 * A meta string that reads as `meta` does: for components that take the options as props
 * (`<CodeBlock filename="a.js" lines>`), rendered as a fenced block would be.
 */
export function formatCodeMeta(meta: Partial<CodeMeta>): string {
  const quote = (text: string) => `"${text.replace(/[\\"]/g, '\\$&')}"`;
  const ranges = (list: readonly LineRange[]) => `{${list.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(',')}}`;
  return [
    meta.title ? `title=${quote(meta.title)}` : '',
    meta.icon ? `icon=${quote(meta.icon)}` : '',
    ...(['lines', 'wrap', 'expandable', 'nocopy'] as const).map((flag) => (meta[flag] ? flag : '')),
    meta.highlight?.length ? `highlight=${ranges(meta.highlight)}` : '',
    meta.focus?.length ? `focus=${ranges(meta.focus)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A fenced code block of `code`, its fence longer than any run of backticks in it. */
export function codeFence(language: string, meta: string, code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const info = [language.replace(/[\s`]+/g, '') || 'text', meta.replace(/[\r\n]+/g, ' ')].filter(Boolean).join(' ');
  return `${fence}${info}\n${code}\n${fence}\n`;
}
