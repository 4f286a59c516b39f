/**
 * How diagnostics look in a terminal: one block per problem, the place first
 * (`docs.json:14:9` and the JSON path), then what is wrong, then the hint.
 */
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';

export interface Style {
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const identity = (text: string) => text;
export const plainStyle: Style = { red: identity, yellow: identity, dim: identity, bold: identity };

export function terminalStyle(stream: NodeJS.WriteStream): Style {
  const enabled = stream.isTTY === true && !process.env.NO_COLOR && process.env.TERM !== 'dumb';
  const wrap = (open: number, close: number) => (text: string) => (enabled ? `\x1b[${open}m${text}\x1b[${close}m` : text);
  return { red: wrap(31, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

/** `file` is relative to the docs folder; show it relative to where the user stands. */
export function formatDiagnostic(diagnostic: Diagnostic, docsDir: string, style: Style = plainStyle, cwd = process.cwd()): string {
  const file = path.relative(cwd, path.join(docsDir, diagnostic.file)) || diagnostic.file;
  const position = positionOf(diagnostic);
  const label = diagnostic.severity === 'error' ? style.red('error') : style.yellow('warning');
  const lines = [`${label} ${style.bold(`${file}${position}`)}${diagnostic.path ? ` ${style.dim(diagnostic.path)}` : ''}`];
  lines.push(`  ${diagnostic.message}`);
  if (diagnostic.hint) lines.push(`  ${style.dim('hint:')} ${diagnostic.hint}`);
  return lines.join('\n');
}

/** Where in its file the problem is, as it follows the file's name: `:14:9`, `:14`, or nothing. */
export function positionOf(diagnostic: Diagnostic): string {
  return diagnostic.line ? `:${diagnostic.line}${diagnostic.column ? `:${diagnostic.column}` : ''}` : '';
}

export function summarize(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number; text: string } {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return { errors, warnings, text: `${count(errors, 'error')} and ${count(warnings, 'warning')}` };
}
