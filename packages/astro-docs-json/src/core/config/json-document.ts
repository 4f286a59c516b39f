/**
 * A JSON file read for the config: its value, and where each part of it stands in the
 * text, so that a diagnostic about `navigation.tabs[0]` can give a line and column.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, JsonPath } from '../diagnostics.ts';

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
 * line and column; later ones are usually knock-on effects of the first.
 */
export function parseJsonDocument(file: string, text: string): { document?: JsonDocument; diagnostic?: Diagnostic } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
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
