/**
 * Diagnostics are how every part of the core reports bad input: as data, never as
 * a thrown error, so that a run can collect and report every problem at once.
 */

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  severity: Severity;
  /** A stable identifier of the kind of problem, e.g. `unknown-key`, `missing-page`. */
  code: string;
  /** The file the problem is in, relative to the docs folder (`docs.json`, `guides/intro.mdx`). */
  file: string;
  /** 1-based position in `file`, where one is known. */
  line?: number;
  column?: number;
  /** Where in the config the problem is, written like `navigation.tabs[0].groups[1]`. */
  path?: string;
  message: string;
  /** What to do about it: the allowed values, a "did you mean". */
  hint?: string;
  /**
   * What the site is built without because of this problem: the navigation entry left out
   * (`guides/missing`, `GET /users`), named in the build's summary.
   */
  omitted?: string;
}

export type JsonPath = ReadonlyArray<string | number>;

/** What `path` names in `root`, or undefined. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let current = root;
  for (const segment of path) {
    // Own keys only: `constructor` or `__proto__` in a path names a key of docs.json, not what objects inherit.
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/** Writes a path the way a reader would type it: `navigation.tabs[0].groups[1]`. */
export function formatJsonPath(path: JsonPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** `strict`: what Mintlify tolerates, and a build would only warn about, stops the build too. */
export function asStrict(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error', message: `${d.message} Mintlify builds through this; \`strict\` does not.` } : d));
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Errors first, then by file and position, so a report reads top to bottom. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const rank = (d: Diagnostic) => (d.severity === 'error' ? 0 : 1);
  return [...diagnostics].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0),
  );
}

/** Edit distance, for "did you mean" hints. */
function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate closest to `input`, when it is close enough to be a likely typo: the
 * same word in another case, its first word (`fr` for `fr-FR`), or a few edits away
 * relative to its length.
 */
export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  const lower = input.toLowerCase();
  const list = [...candidates].filter((candidate) => candidate !== input);
  const sameWord = list.find((candidate) => candidate.toLowerCase() === lower);
  if (sameWord !== undefined) return sameWord;
  const head = lower.split(/[-_\s]/)[0];
  const byHead = list.find((candidate) => candidate.toLowerCase() === head);
  if (byHead !== undefined) return byHead;

  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of list) {
    const distance = levenshtein(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(1, Math.floor(Math.max(input.length, best.length) / 3));
  return bestDistance <= allowed ? best : undefined;
}

/** Up to `n` candidates near `input` (within half its length in edits), closest first. */
export function closestMatches(input: string, candidates: Iterable<string>, n: number): string[] {
  const lower = input.toLowerCase();
  const limit = Math.ceil(input.length / 2);
  return [...new Set(candidates)]
    .map((candidate) => ({ candidate, distance: levenshtein(lower, candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, n)
    .map(({ candidate }) => candidate);
}

export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(input, candidates);
  return match === undefined ? undefined : `did you mean ${quote(match)}?`;
}

export function quote(value: string): string {
  return `\`${value}\``;
}

export function listOf(values: readonly string[], conjunction = 'or'): string {
  const quoted = values.map(quote);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted.at(-1)}`;
}

/** A problem found at a place in the config, before it is given a file and line. */
export interface ConfigIssue {
  severity: Severity;
  code: string;
  at: JsonPath;
  message: string;
  hint?: string;
  omitted?: string;
}

/** Finds the file, line and column of a place in the (possibly `$ref`-merged) config. */
export type Locate = (at: JsonPath) => Pick<Diagnostic, 'file' | 'line' | 'column'>;

export function locateIssue({ at, ...issue }: ConfigIssue, locate: Locate): Diagnostic {
  const path = formatJsonPath(at);
  return { ...issue, ...locate(at), ...(path ? { path } : {}) };
}
