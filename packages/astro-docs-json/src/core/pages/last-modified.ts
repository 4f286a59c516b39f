/**
 * When each page was last changed, as Mintlify dates it: the page's frontmatter
 * `lastUpdatedDate` when it gives one; else the date of the last Git commit that touched
 * its file; else the build's date (outside a Git repository, or for a file no commit
 * holds yet). The dates of every file come from one `git log` over the docs folder, read
 * as it streams and stopped as soon as every page Git tracks has its date, within a time
 * bound: a large site's history is not read to its first commit, and a slow one does not
 * hold the build up. Pages Git does not track yet are left out of the wait: one new page
 * would otherwise have the whole history read in search of it.
 */
import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Diagnostic } from '../diagnostics.ts';
import type { Frontmatter } from '../schema/frontmatter.ts';

/** How long the whole history read may take before the pages left get the build's date. */
export const GIT_LOG_TIMEOUT_MS = 30_000;

/** What starts each commit in the log we ask for: a NUL (no file name holds one), then the committer's date. */
const COMMIT_MARK = '\u0000';

/**
 * Reads `git log --format=%x00%cI --name-only` line by line: a commit's date, then the
 * files it touched. The log runs from the newest commit back, so a file's first date is
 * its last change.
 */
export class GitLogReader {
  readonly dates = new Map<string, string>();
  private current: string | undefined;
  private readonly wanted: ReadonlySet<string> | undefined;
  private missing: number;

  /** With `wanted`, `done` turns true once each of those files has its date. */
  constructor(wanted?: ReadonlySet<string>) {
    this.wanted = wanted;
    this.missing = wanted?.size ?? Number.POSITIVE_INFINITY;
  }

  get done(): boolean {
    return this.missing === 0;
  }

  line(text: string): void {
    if (text.startsWith(COMMIT_MARK)) {
      const date = new Date(text.slice(COMMIT_MARK.length).trim());
      this.current = Number.isNaN(date.getTime()) ? undefined : date.toISOString();
      return;
    }
    const file = text.trim();
    if (!file || !this.current || this.dates.has(file)) return;
    this.dates.set(file, this.current);
    if (this.wanted?.has(file)) this.missing--;
  }
}

/** The last change of each file in a whole log's text: what `GitLogReader` makes of it. */
export function parseGitLog(text: string): Map<string, string> {
  const reader = new GitLogReader();
  for (const line of text.split('\n')) reader.line(line);
  return reader.dates;
}

export type GitDates = { dates: Map<string, string> } | { dates?: undefined; problem: 'no-repository' | 'failed' | 'timeout'; detail?: string };

/**
 * The date of the last commit that touched each file of `docsDir` (paths relative to it,
 * with `/`), from one `git log`; it stops once every file of `wanted` that Git tracks has one.
 */
export async function gitDates(docsDir: string, wanted: ReadonlySet<string>, timeoutMs = GIT_LOG_TIMEOUT_MS): Promise<GitDates> {
  const tracked = await trackedFiles(docsDir, timeoutMs);
  if (!(tracked instanceof Set)) return tracked;
  const dated = new Set([...wanted].filter((file) => tracked.has(file)));
  return dated.size > 0 ? gitLogDates(docsDir, dated, timeoutMs) : { dates: new Map() };
}

/** The files of `docsDir` that Git tracks (paths relative to it, with `/`), from `git ls-files`. */
function trackedFiles(docsDir: string, timeoutMs: number): Promise<Set<string> | Exclude<GitDates, { dates: Map<string, string> }>> {
  return new Promise((resolve) => {
    // Within the same time bound as the log: a slow Git does not hold the build up.
    execFile('git', ['-c', 'core.quotepath=off', 'ls-files', '-z', '--', '.'], { cwd: docsDir, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, LC_ALL: 'C' } }, (error, stdout, stderr) => {
      if (!error) resolve(new Set(stdout.split('\0').filter(Boolean)));
      else if (error.killed) resolve({ problem: 'timeout' });
      else if (/not a git repository/i.test(stderr)) resolve({ problem: 'no-repository' });
      else resolve({ problem: 'failed', detail: stderr.trim().split('\n').at(-1) || error.message });
    });
  });
}

/** The dates of `wanted`, from one `git log` read until each has one. */
function gitLogDates(docsDir: string, wanted: ReadonlySet<string>, timeoutMs: number): Promise<GitDates> {
  return new Promise((resolve) => {
    const reader = new GitLogReader(wanted);
    let settled = false;
    const finish = (result: GitDates) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (git.exitCode === null) git.kill();
      resolve(result);
    };
    // `--relative` names files from the docs folder; quotepath off keeps names that are not ASCII as they are.
    const git = spawn('git', ['-c', 'core.quotepath=off', 'log', '--relative', '--format=%x00%cI', '--name-only', '--no-renames', '--', '.'], {
      cwd: docsDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_PAGER: 'cat', LC_ALL: 'C' },
    });
    const timer = setTimeout(() => finish({ problem: 'timeout' }), timeoutMs);
    let stderr = '';
    git.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    git.on('error', (error) => finish({ problem: 'failed', detail: error.message }));
    const lines = createInterface({ input: git.stdout });
    lines.on('line', (line) => {
      reader.line(line);
      if (reader.done) finish({ dates: reader.dates });
    });
    git.on('close', (code) => {
      if (code === 0) finish({ dates: reader.dates });
      else if (/not a git repository/i.test(stderr)) finish({ problem: 'no-repository' });
      else finish({ problem: 'failed', detail: stderr.trim().split('\n').at(-1) ?? `exit code ${code}` });
    });
  });
}

/** The frontmatter's `lastUpdatedDate` as an ISO timestamp; undefined when it has none. A date alone is that day at midnight UTC. */
export function frontmatterDate(frontmatter: Pick<Frontmatter, 'lastUpdatedDate'>): string | undefined {
  const value = frontmatter.lastUpdatedDate;
  if (value === undefined) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The build's date, as the date of a page that has no other: its day, so that outputs change only once a day. */
export function buildDate(now = new Date()): string {
  return `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

export interface LastModified {
  /** By page file. */
  dates: Map<string, string>;
  diagnostics: Diagnostic[];
}

export interface LastModifiedOptions {
  /** Whether any page shows its date: only then is a Git history that cannot be read worth a warning. */
  shown: boolean;
  timeoutMs?: number;
  now?: Date;
  /** The Git call, replaced in tests. */
  readGit?: typeof gitDates;
}

/** Each page file's date of last change, computed once for the site. */
/** A page, and the file whose commits date it: its own, or for a page an OpenAPI spec generates, the spec. */
export interface DatedPage {
  file: string;
  source?: string;
  frontmatter: Frontmatter;
}

export async function lastModifiedDates(docsDir: string, pages: readonly DatedPage[], options: LastModifiedOptions): Promise<LastModified> {
  const fallback = buildDate(options.now);
  const needGit = new Set(pages.filter((page) => frontmatterDate(page.frontmatter) === undefined).map((page) => page.source ?? page.file));
  const git = needGit.size > 0 ? await (options.readGit ?? gitDates)(docsDir, needGit, options.timeoutMs) : { dates: new Map<string, string>() };
  const diagnostics: Diagnostic[] = [];
  if (!git.dates && options.shown && git.problem !== 'no-repository') {
    diagnostics.push({
      severity: 'warning',
      code: 'git-dates',
      file: '.',
      message: `The pages' last-modified dates could not be read from Git (${git.problem === 'timeout' ? `\`git log\` took longer than ${Math.round((options.timeoutMs ?? GIT_LOG_TIMEOUT_MS) / 1000)} s` : (git.detail ?? 'git failed')}): pages show the build's date.`,
      hint: 'Check that `git` runs in the docs folder, or give pages a `lastUpdatedDate` in their frontmatter.',
    });
  }
  const dates = new Map<string, string>();
  for (const page of pages) dates.set(page.file, frontmatterDate(page.frontmatter) ?? git.dates?.get(page.source ?? page.file) ?? fallback);
  return { dates, diagnostics };
}
