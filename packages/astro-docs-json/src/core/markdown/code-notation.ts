/**
 * Shiki's notation in code (`// [!code ++]`, `# [!code --:3]`, `<!-- [!code highlight] -->`,
 * `[!code focus]`), which the page draws as added, removed, highlighted or focused lines,
 * read as text: for the page's Markdown copy, which has the code as a reader would copy it.
 * A notation ends its line's comment; a comment that holds only notations goes with them,
 * and one alone on its line marks the line below (as Shiki's `v3` matching reads them).
 */

/** The openers of the comments that may hold a notation, longest first where one holds another. */
const COMMENT_OPENERS = ['<!--', '/*', '//', '#', '--', ';;', ';', '%%', '%'];
const NOTATIONS = /\s*(?:\[!code\s+([^\]\s:]+)(?::(\d+))?\]\s*)+$/;
const ONE_NOTATION = /\[!code\s+([^\]\s:]+)(?::(\d+))?\]/g;

/** The code without its notations, and without the lines they mark as removed; an escaped notation (`[\!code ++]`) is shown unread. */
export function codeWithoutNotation(code: string): string {
  if (!code.includes('[!code')) return code.replaceAll('[\\!code', '[!code');
  const lines = code.split('\n');
  const kept: Array<string | undefined> = [];
  const removed = new Set<number>();
  for (let index = 0; index < lines.length; index += 1) {
    const found = notationOf(lines[index]!);
    if (!found) {
      kept.push(lines[index]);
      continue;
    }
    // A comment alone on its line marks the line below, and goes.
    const target = found.rest.trim() === '' ? index + 1 : index;
    kept.push(target === index ? found.rest : undefined);
    for (const [kind, count] of found.notations) {
      if (kind === '--') for (let line = target; line < target + count; line += 1) removed.add(line);
    }
  }
  const remaining = kept.filter((line, index): line is string => line !== undefined && !removed.has(index));
  return remaining.join('\n').replaceAll('[\\!code', '[!code');
}

/** The notations at the end of a line, and the line without them (and without their comment, when it held nothing else). */
function notationOf(line: string): { rest: string; notations: Array<[kind: string, count: number]> } | undefined {
  const closer = /\s*(-->|\*\/)\s*$/.exec(line);
  const body = closer ? line.slice(0, closer.index) : line;
  const match = NOTATIONS.exec(body);
  if (!match) return undefined;
  const before = body.slice(0, match.index);
  const opener = lastOpener(before);
  if (!opener) return undefined;
  const notations = [...match[0].matchAll(ONE_NOTATION)].map((found): [string, number] => [found[1]!.toLowerCase(), Math.max(1, Number(found[2] ?? 1))]);
  const commentText = before.slice(opener.end);
  // The comment held only notations: it goes, with the space before it.
  if (commentText.trim() === '') return { rest: before.slice(0, opener.start).trimEnd(), notations };
  return { rest: before.trimEnd() + (closer ? ` ${closer[1]}` : ''), notations };
}

/** The comment opener nearest the end of `text`: of two that end at the same place (`<!--`, `--`), the longer. */
function lastOpener(text: string): { start: number; end: number } | undefined {
  let best: { start: number; end: number } | undefined;
  for (const opener of COMMENT_OPENERS) {
    const start = text.lastIndexOf(opener);
    if (start < 0) continue;
    const end = start + opener.length;
    if (!best || end > best.end || (end === best.end && start < best.start)) best = { start, end };
  }
  return best;
}
