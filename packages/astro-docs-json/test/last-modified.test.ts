import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { buildDate, frontmatterDate, gitDates, GitLogReader, lastModifiedDates, parseGitLog } from '../src/core/pages/last-modified.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { makeDocs } from './helpers.ts';

/** What `git log --format=%x00%cI --name-only` prints: the newest commit first. */
const LOG = [
  '\u00002026-03-04T10:00:00+01:00',
  '',
  'guides/intro.mdx',
  'docs.json',
  '\u00002026-02-01T08:30:00Z',
  '',
  'guides/intro.mdx',
  'guides/name with spaces.mdx',
  '\u0000not a date',
  '',
  'lost.mdx',
  '',
].join('\n');

describe('the Git log reader', () => {
  it("gives each file its newest commit's date, in UTC", () => {
    const dates = parseGitLog(LOG);
    assert.equal(dates.get('guides/intro.mdx'), '2026-03-04T09:00:00.000Z');
    assert.equal(dates.get('docs.json'), '2026-03-04T09:00:00.000Z');
    assert.equal(dates.get('guides/name with spaces.mdx'), '2026-02-01T08:30:00.000Z');
    assert.equal(dates.has('lost.mdx'), false, 'a commit whose date cannot be read dates nothing');
  });

  it('is done once every wanted file has its date', () => {
    const reader = new GitLogReader(new Set(['guides/intro.mdx', 'docs.json']));
    const lines = LOG.split('\n');
    reader.line(lines[0]!);
    reader.line(lines[2]!);
    assert.equal(reader.done, false);
    reader.line(lines[3]!);
    assert.equal(reader.done, true);
  });
});

describe('last-modified dates', () => {
  const pages = [
    { file: 'a.mdx', frontmatter: {} },
    { file: 'b.mdx', frontmatter: { lastUpdatedDate: '2025-12-24' } },
    { file: 'new.mdx', frontmatter: {} },
    { file: 'api.yaml GET /users', source: 'api.yaml', frontmatter: {} },
  ];
  const now = new Date('2026-05-06T17:45:00Z');

  it('take the frontmatter first, then Git, then the build day', async () => {
    let asked: string[] = [];
    const readGit = async (_dir: string, wanted: ReadonlySet<string>) => {
      asked = [...wanted];
      return { dates: new Map([['a.mdx', '2026-01-02T03:04:05.000Z'], ['api.yaml', '2026-04-04T00:00:00.000Z']]) };
    };
    const { dates, diagnostics } = await lastModifiedDates('/docs', pages, { shown: true, now, readGit });
    assert.deepEqual(asked, ['a.mdx', 'new.mdx', 'api.yaml'], 'a page with its own date needs no history; a generated one, its spec\'s');
    assert.equal(dates.get('api.yaml GET /users'), '2026-04-04T00:00:00.000Z');
    assert.equal(dates.get('a.mdx'), '2026-01-02T03:04:05.000Z');
    assert.equal(dates.get('b.mdx'), '2025-12-24T00:00:00.000Z');
    assert.equal(dates.get('new.mdx'), '2026-05-06T00:00:00.000Z');
    assert.deepEqual(diagnostics, []);
  });

  it('are the build day, with a warning when dates are shown, when Git fails or is too slow', async () => {
    const timeout = await lastModifiedDates('/docs', pages, { shown: true, now, timeoutMs: 5000, readGit: async () => ({ problem: 'timeout' as const }) });
    assert.equal(timeout.dates.get('a.mdx'), buildDate(now));
    assert.equal(timeout.diagnostics.length, 1);
    assert.match(timeout.diagnostics[0]!.message, /longer than 5 s/);
    const hidden = await lastModifiedDates('/docs', pages, { shown: false, now, readGit: async () => ({ problem: 'failed' as const }) });
    assert.deepEqual(hidden.diagnostics, []);
    const noRepository = await lastModifiedDates('/docs', pages, { shown: true, now, readGit: async () => ({ problem: 'no-repository' as const }) });
    assert.deepEqual(noRepository.diagnostics, [], 'outside a repository the build day is what Mintlify shows too');
  });

  it('read a frontmatter date or timestamp', () => {
    assert.equal(frontmatterDate({ lastUpdatedDate: '2026-08-13' }), '2026-08-13T00:00:00.000Z');
    assert.equal(frontmatterDate({ lastUpdatedDate: '2026-08-13T12:00:00+02:00' }), '2026-08-13T10:00:00.000Z');
    assert.equal(frontmatterDate({}), undefined);
  });

  it("come from a real repository's commits, one `git log` for the folder, and reach the page view", async () => {
    const dir = makeDocs({
      'docs.json': { name: 'Dates', metadata: { timestamp: true }, navigation: { pages: ['old', 'fixed', 'quiet'] } },
      'old.mdx': '---\ntitle: Old\n---\n',
      'fixed.mdx': '---\ntitle: Fixed\nlastUpdatedDate: "2024-01-31"\n---\n',
      'quiet.mdx': '---\ntitle: Quiet\ntimestamp: false\n---\n',
    });
    const git = (args: string[], date: string) =>
      execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
    git(['init', '-q'], '');
    git(['add', '.'], '');
    git(['commit', '-q', '-m', 'first'], '2025-06-01T12:00:00Z');
    const direct = await gitDates(dir, new Set(['old.mdx']));
    assert.equal(direct.dates?.get('old.mdx'), '2025-06-01T12:00:00.000Z');
    writeFileSync(path.join(dir, 'draft.mdx'), '---\ntitle: Draft\n---\n');
    const withDraft = await gitDates(dir, new Set(['old.mdx', 'draft.mdx']));
    assert.equal(withDraft.dates?.get('old.mdx'), '2025-06-01T12:00:00.000Z', 'a page Git does not track yet leaves the others their dates');
    assert.equal(withDraft.dates?.has('draft.mdx'), false);
    rmSync(path.join(dir, 'draft.mdx'));

    const model = buildSiteModel(await loadSite(dir));
    const view = (url: string) => model.pages.find((page) => page.url === url)!;
    assert.equal(view('/old').lastModified, '2025-06-01T12:00:00.000Z');
    assert.equal(view('/old').timestamp, true);
    assert.equal(view('/fixed').lastModified, '2024-01-31T00:00:00.000Z');
    assert.equal(view('/quiet').timestamp, undefined, 'frontmatter `timestamp: false` hides the date');
    assert.equal(view('/quiet').lastModified, '2025-06-01T12:00:00.000Z', 'the date is known all the same');
  });

  it('come from the build day outside a repository, without a warning', async () => {
    const dir = makeDocs({ 'docs.json': { name: 'No Git', metadata: { timestamp: true }, navigation: { pages: ['one'] } }, 'one.mdx': '---\ntitle: One\n---\n' });
    const result = await gitDates(dir, new Set(['one.mdx']));
    // The temporary folder may sit inside a repository on some machines; then it has no commit of this file.
    if (result.dates) assert.equal(result.dates.has('one.mdx'), false);
    else assert.equal(result.problem, 'no-repository');
    const site = await loadSite(dir);
    assert.equal(site.lastModified.get('one.mdx'), buildDate());
    assert.equal(site.diagnostics.filter((d) => d.code === 'git-dates').length, 0);
  });
});
