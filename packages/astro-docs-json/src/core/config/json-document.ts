/**
 * A JSON file read for the config: its value, and where each part of it stands in the
 * text, so that a diagnostic about `navigation.tabs[0]` can give a line and column.
 */
import { createScanner, findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { formatJsonPath, type Diagnostic, type JsonPath } from '../diagnostics.ts';

/**
 * How deeply objects and arrays may nest in a JSON file of the config, and in the config
 * its `$ref`s merge. A real site stays far below it (a language, a version, a tab, a few
 * groups in groups: about 15 levels). Every walk over the config (parsing, locating a
 * position, `$ref` resolution, schema validation, the navigation) recurses once per
 * level, so input deeper than this is refused before any of them sees it.
 */
export const MAX_DEPTH = 64;

export interface JsonDocument {
  /** Relative to the docs folder. */
  file: string;
  text: string;
  value: unknown;
}

export interface Position {
  line: number;
  column: number;
}

const PARSE_ERROR_WORDS: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name was expected (is there a trailing comma?)',
  ValueExpected: 'a value was expected (is there a trailing comma?)',
  ColonExpected: 'a `:` was expected',
  CommaExpected: 'a `,` was expected',
  CloseBraceExpected: 'a `}` was expected',
  CloseBracketExpected: 'a `]` was expected',
  EndOfFileExpected: 'the file should end here',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'an unterminated comment',
  UnexpectedEndOfString: 'an unterminated string',
  UnexpectedEndOfNumber: 'an unterminated number',
  InvalidUnicode: 'an invalid unicode escape',
  InvalidEscapeCharacter: 'an invalid escape character',
  InvalidCharacter: 'an invalid character in a string',
};

/**
 * Parses `text` as strict JSON. On failure it returns the first syntax error with its
 * line and column; later ones are usually knock-on effects of the first. Text nested
 * deeper than `MAX_DEPTH` is refused before it is parsed, valid or not.
 *
 * `JSON.parse` makes every key an own property, `__proto__` included, so such keys stay
 * data (unknown keys, for the schema) as long as later copies keep them own properties.
 */
export function parseJsonDocument(file: string, text: string): { document?: JsonDocument; diagnostic?: Diagnostic } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const tooDeep = findTooDeep(source);
  if (tooDeep) {
    const where = formatJsonPath(tooDeep.path);
    return {
      diagnostic: {
        severity: 'error',
        code: 'too-deep',
        file,
        ...positionAt(source, tooDeep.offset),
        ...(where ? { path: where } : {}),
        message: `${file} nests objects and arrays more than ${MAX_DEPTH} levels deep: it is not read.`,
        hint: 'No site needs this many levels: look for brackets that are never closed, or flatten the nesting.',
      },
    };
  }
  try {
    return { document: { file, text: source, value: JSON.parse(source) } };
  } catch {
    if (source.trim() === '') {
      return {
        diagnostic: { severity: 'error', code: 'invalid-json', file, line: 1, column: 1, message: `${file} is empty.`, hint: 'Write a JSON object, starting with `{`.' },
      };
    }
    const errors: ParseError[] = [];
    parseTree(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const position = first ? positionAt(source, first.offset) : undefined;
    const code = first ? printParseErrorCode(first.error) : undefined;
    return {
      diagnostic: {
        severity: 'error',
        code: 'invalid-json',
        file,
        ...position,
        message: `${file} is not valid JSON: ${code ? (PARSE_ERROR_WORDS[code] ?? code) : 'it cannot be parsed'}.`,
        hint: 'Fix the JSON syntax at this position.',
      },
    };
  }
}

/**
 * The first place where `text` opens an object or array more than `MAX_DEPTH` levels
 * deep, and its path. A loop over jsonc-parser's own tokens, not a recursion, so that it
 * counts the brackets its recursive `parseTree` would follow, in any text, even invalid.
 */
export function findTooDeep(text: string): { offset: number; path: JsonPath } | undefined {
  interface Level {
    closer: '}' | ']';
    /** The key or index of the value being read at this level. */
    segment: string | number;
    /** In an object: the next string is a key. */
    expectsKey: boolean;
  }
  const levels: Level[] = [];
  const scanner = createScanner(text, true);
  for (;;) {
    scanner.scan();
    const offset = scanner.getTokenOffset();
    if (offset >= text.length) return undefined;
    // jsonc-parser's token kinds are a `const enum`, which erasable-only TypeScript cannot
    // read; a token's first character tells the ones that matter here.
    const first = text[offset];
    const level = levels.at(-1);
    if (first === '{' || first === '[') {
      if (levels.length === MAX_DEPTH) return { offset, path: levels.map((l) => l.segment) };
      levels.push(first === '{' ? { closer: '}', segment: '', expectsKey: true } : { closer: ']', segment: 0, expectsKey: false });
    } else if (first === level?.closer) {
      // Only the matching bracket closes a level: a stray one cannot hide depth.
      levels.pop();
    } else if (first === ',' && level) {
      if (level.closer === ']') level.segment = (level.segment as number) + 1;
      else level.expectsKey = true;
    } else if (first === '"' && level?.expectsKey) {
      level.segment = scanner.getTokenValue();
      level.expectsKey = false;
    }
  }
}

function positionAt(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const trees = new WeakMap<JsonDocument, Node | undefined>();

/**
 * Where `path` stands in the document: the property's key when the path ends at a
 * property, or the nearest enclosing element when the path names something missing.
 */
export function locate(document: JsonDocument, path: JsonPath): Position | undefined {
  if (!trees.has(document)) trees.set(document, parseTree(document.text));
  const root = trees.get(document);
  if (!root) return undefined;
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(root, path.slice(0, length) as (string | number)[]);
    if (!node) continue;
    const anchor = node.parent?.type === 'property' ? node.parent : node;
    return positionAt(document.text, anchor.offset);
  }
  return undefined;
}
