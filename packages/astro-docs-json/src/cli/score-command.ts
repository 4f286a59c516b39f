/**
 * `astro-docs-json score DIST|URL`: a built folder or a served site, by the twenty agent
 * checks of Mintlify's `mint score` (`core/score/`), with the pages' text checked too when
 * the docs folder is at hand. Printed as a table, as tab-separated lines, or as JSON.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { declaredAddress, httpProbe } from '../core/score/http-probe.ts';
import { sitemapAddress } from '../core/score/site-probe.ts';
import type { Redirect } from '../core/navigation/redirects.ts';
import { REDIRECTS_FILE, scoreProbe, scoreSite, type CheckResult, type ScoreReport } from '../core/score/score.ts';
import { loadSite, type Site } from '../core/site/load-site.ts';
import { formatDiagnostic, terminalStyle } from '../core/report/format.ts';

const FORMATS = ['table', 'plain', 'json'] as const;

/** The command line's options of `score`. */
export interface ScoreOptions {
  docs?: string | undefined;
  terms?: string | undefined;
  format?: string | undefined;
  json?: boolean | undefined;
}

const FINDINGS_SHOWN = 20;

/** A site's address as typed (`docs.example.com`, `localhost:4321`, a full URL); `undefined` for a folder. */
export function siteAddress(target: string): string | undefined {
  if (/^https?:\/\//i.test(target)) return target;
  if (existsSync(target)) return undefined;
  if (/^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i.test(target)) return `http://${target}`;
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/\S*)?$/i.test(target) ? `https://${target}` : undefined;
}

export async function scoreCommand(target: string, options: ScoreOptions): Promise<number> {
  const format = options.json ? 'json' : (options.format ?? 'table');
  if (!(FORMATS as readonly string[]).includes(format)) {
    process.stderr.write(`--format is table, plain or json, not "${format}".\n`);
    return 2;
  }
  const address = siteAddress(target);
  const docsDir = docsFolder(address ? undefined : path.resolve(target), options.docs);
  const site = docsDir ? await loadDocs(docsDir) : undefined;
  if (!address && !docsDir && format === 'table') process.stderr.write('No docs.json beside the output or here (give --docs DIR): the checks on the pages\' text are left out.\n');
  const content = { ...(site ? { site } : {}), ...(options.terms ? { termsFile: path.resolve(options.terms) } : {}) };
  let report: ScoreReport;
  if (address) {
    const reached = await reachSite(address);
    if (typeof reached === 'string') {
      process.stderr.write(`${reached}\n`);
      return 1;
    }
    report = await scoreProbe(reached, content);
  } else {
    const outDir = path.resolve(target);
    if (!existsSync(outDir)) {
      process.stderr.write(`${outDir} does not exist: build the site first (astro build), or give the URL of a served site.\n`);
      return 1;
    }
    report = await scoreSite({ outDir: builtPages(outDir), ...serverRedirects(outDir), ...content });
  }
  process.stdout.write(format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : format === 'plain' ? plainReport(report) : tableReport(report));
  return 0;
}

/** The served site, once its home page answers with HTML; else what is wrong, in a line. */
async function reachSite(address: string) {
  let probe;
  try {
    probe = httpProbe(address);
  } catch {
    return `${address} is not an http(s) address.`;
  }
  const home = await probe.get('/', { maxBytes: 64 * 1024 });
  if (!home) return `Nothing answered at ${address} within 10 s: is the site served there?`;
  const type = home.headers['content-type'] ?? '';
  if (home.status >= 400 || !/html/i.test(type)) {
    return `${address} answers ${home.status}${type ? ` (${type.split(';')[0]})` : ''}, not an HTML page: is it a documentation site's address?`;
  }
  // Served elsewhere than it was built for (a preview): its links to that address are asked
  // here. The address is the home page's canonical one, else the one its robots.txt gives.
  const robots = await probe.get('/robots.txt');
  const declared = declaredAddress(home.body, home.path) ?? (robots?.status === 200 ? sitemapAddress(robots.body) : undefined);
  if (declared && declared !== probe.origin) {
    probe.aliases = [declared];
    process.stderr.write(`The site names ${declared} as its address: its links there are followed at ${probe.origin}.\n`);
  }
  return probe;
}

/** The docs folder: as given, else beside the output, else here; for a URL, only as given. */
function docsFolder(outDir: string | undefined, docs: string | undefined): string | undefined {
  if (docs) return path.resolve(docs);
  if (!outDir) return undefined;
  return [path.dirname(outDir), process.cwd()].find((candidate) => existsSync(path.join(candidate, 'docs.json')));
}

async function loadDocs(docsDir: string): Promise<Site | undefined> {
  const site = await loadSite(docsDir);
  if (site.ok) return site;
  for (const diagnostic of site.diagnostics.filter((entry) => entry.severity === 'error')) process.stderr.write(`${formatDiagnostic(diagnostic, docsDir)}\n`);
  process.stderr.write('The docs have errors: the checks on the pages\' text are left out.\n');
  return undefined;
}

/** The redirects a server build answers, which the build wrote beside its server's code. */
function serverRedirects(outDir: string): { redirects?: Redirect[] } {
  const file = path.join(outDir, 'server', REDIRECTS_FILE);
  if (!existsSync(file)) return {};
  try {
    const redirects = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(redirects) ? { redirects: redirects as Redirect[] } : {};
  } catch {
    return {}; // not ours, or cut short: scored without
  }
}

/**
 * The folder of a build's pages: with an adapter, Astro writes them to `client/` and the
 * server's code beside it, in `server/entry.mjs` (a docs site may have sections named so).
 */
export function builtPages(outDir: string): string {
  const client = path.join(outDir, 'client');
  return existsSync(client) && statSync(client).isDirectory() && existsSync(path.join(outDir, 'server', 'entry.mjs')) ? client : outDir;
}

const state = (check: CheckResult) => (check.pass === null ? 'server' : check.pass ? 'pass' : 'fail');

/** Tab-separated: a line per check (id, pass|fail|server, weight, detail), then the score. */
function plainReport(report: ScoreReport): string {
  const lines = report.checks.map((check) => [check.id, state(check), check.weight, check.detail.replace(/\s+/g, ' ')].join('\t'));
  return `${[...lines, `score\t${report.score}`].join('\n')}\n`;
}

function tableReport(report: ScoreReport): string {
  const style = terminalStyle(process.stdout);
  const mark = (check: CheckResult) => (check.pass === null ? style.dim('–') : check.pass ? style.bold('✓') : style.red('✗'));
  const width = Math.max(...report.checks.map((check) => check.id.length));
  const lines: string[] = [];
  const section = (title: string, checks: CheckResult[]) => {
    if (!checks.length) return;
    lines.push(style.bold(title));
    for (const check of checks) {
      lines.push(`${mark(check)} ${check.id.padEnd(width)}  ${check.pass === null ? style.dim(check.detail) : check.detail}`);
      for (const finding of check.findings.slice(0, FINDINGS_SHOWN)) {
        const where = `${finding.file ?? ''}${finding.line ? `:${finding.line}` : ''}${finding.page ? ` (${finding.page})` : ''}`;
        lines.push(`    ${style.dim(where)} ${finding.message}`);
      }
      if (check.findings.length > FINDINGS_SHOWN) lines.push(`    ${style.dim(`and ${check.findings.length - FINDINGS_SHOWN} more`)}`);
    }
    lines.push('');
  };
  section("Agent readiness (Mintlify's checks, weighted)", report.checks.filter((check) => check.group === 'agent'));
  section("The pages' text (not in the score)", report.checks.filter((check) => check.group === 'content'));
  const server = report.checks.filter((check) => check.pass === null).length;
  const note = server ? style.dim(` (${server} checks need a server: score the served site's URL)`) : '';
  return `${lines.join('\n')}${style.bold(`Score: ${report.score}/100`)}${note}\n`;
}
