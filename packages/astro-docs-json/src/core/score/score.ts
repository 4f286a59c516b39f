/**
 * `score/`: the site score (`score.ts`) and the checks of page content it runs
 * (`content-checks.ts`).
 *
 * The site score: how ready a built site is for search engines and AI systems. Each
 * check passes or fails with the pages and lines at fault; the score is the share of
 * checks that pass. A check whose parent fails (the links of a missing llms.txt) fails too.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { AI_CRAWLERS, isAllowed } from '../discovery/robots.ts';
import type { Site } from '../site/load-site.ts';
import { indexableRoutes } from '../site/site-model.ts';
import type { FileCache } from '../file-cache.ts';
import { checkTerminology, lintPage, type Finding, type PageLint, type Terms } from './content-checks.ts';

export interface CheckResult {
  id: string;
  pass: boolean;
  message: string;
  details: Array<{ page?: string; file?: string; line?: number; column?: number; message: string }>;
}

export interface ScoreReport {
  /** 0 to 100. */
  score: number;
  checks: CheckResult[];
}

export interface ScoreOptions {
  /** The built site. */
  outDir: string;
  /** The loaded docs, for the checks on the pages' text; without it they are not run. */
  site?: Site;
  /** A terms file (YAML or JSON); by default `terms.yml`, `terms.yaml` or `terms.json` in the docs folder. */
  termsFile?: string;
  /** Each page's headings and code blocks as checked before, by its text: a rebuild checks the pages that changed. */
  lintCache?: FileCache<PageLint>;
}

const check = (id: string, pass: boolean, message: string, details: CheckResult['details'] = []): CheckResult => ({ id, pass, message, details });

/** The file the output holds for a site path: `/x.md`, `/x` (`x.html`), `/x/` (`x/index.html`). */
export function outputFileFor(outDir: string, pathname: string): string | undefined {
  let clean: string;
  try {
    clean = decodeURIComponent(pathname).replace(/^\/+/, '');
  } catch {
    return undefined; // A malformed `%` escape names no file.
  }
  const candidates = clean === '' ? ['index.html'] : [clean, `${clean.replace(/\/$/, '')}.html`, `${clean.replace(/\/$/, '')}/index.html`];
  const root = path.resolve(outDir);
  return candidates
    .map((candidate) => path.join(root, candidate))
    .find((file) => file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile());
}

/** The llmstxt.org format: an H1, then anything but headings, then H2 sections of link lists. */
export function validateLlmsTxt(text: string): Array<{ line: number; message: string }> {
  const problems: Array<{ line: number; message: string }> = [];
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1 || !/^# \S/.test(lines[first]!)) problems.push({ line: first + 1 || 1, message: 'llms.txt must start with an H1: `# Site name`.' });
  let inSection = false;
  lines.forEach((line, index) => {
    if (index <= first || line.trim() === '') return;
    const heading = /^(#{1,6})\s/.exec(line);
    if (heading) {
      if (heading[1] === '##') inSection = true;
      else problems.push({ line: index + 1, message: `Only H2 headings may follow the title, not ${heading[1]}.` });
      return;
    }
    if (inSection && !/^\s*[-*]\s*\[(?:\\.|[^\]\\])+\]\([^)\s]+\)(:\s*.*)?$/.test(line)) {
      problems.push({ line: index + 1, message: 'A section holds only a list of links: `- [Title](url): description`.' });
    }
  });
  return problems;
}

/** Links of llms.txt, with the section they are in. */
function llmsLinks(text: string): Array<{ url: string; line: number; section: string }> {
  const links: Array<{ url: string; line: number; section: string }> = [];
  let section = '';
  text.split('\n').forEach((line, index) => {
    const heading = /^##\s+(.*)$/.exec(line);
    if (heading) section = heading[1]!.trim();
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) links.push({ url: match[1]!, line: index + 1, section });
  });
  return links;
}

function readTerms(site: Site, termsFile: string | undefined): Terms | undefined {
  const candidates = termsFile ? [termsFile] : ['terms.yml', 'terms.yaml', 'terms.json'].map((name) => path.join(site.docsDir, name));
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) return undefined;
  const data = parseYaml(readFileSync(file, 'utf8')) as unknown;
  if (typeof data !== 'object' || data === null) return {};
  return Object.fromEntries(Object.entries(data).filter(([, value]) => typeof value === 'string')) as Terms;
}

async function contentChecks(site: Site, termsFile: string | undefined, lintCache: FileCache<PageLint> | undefined): Promise<CheckResult[]> {
  const pages = indexableRoutes(site).filter((route) => /\.mdx?$/i.test(route.file));
  const terms = readTerms(site, termsFile);
  const headings: Finding[] = [];
  const codeBlocks: Finding[] = [];
  const wording: Finding[] = [];
  for (const route of pages) {
    const { digest } = route.content;
    let text: string | undefined;
    const source = async () => (text ??= await readFile(path.join(site.docsDir, route.file), 'utf8'));
    let linted = digest ? lintCache?.get(route.file, digest) : undefined;
    if (!linted) {
      linted = await lintPage(route.file, await source(), route.frontmatter.title);
      if (digest) lintCache?.set(route.file, digest, linted);
    }
    headings.push(...linted.headings);
    codeBlocks.push(...linted.codeBlocks);
    if (terms) wording.push(...checkTerminology(route.file, await source(), terms));
  }
  const urls = new Map(pages.map((route) => [route.file, route.url]));
  const details = (findings: Finding[]) => findings.map((finding) => ({ page: urls.get(finding.file), ...finding }));
  const pagesIn = (findings: Finding[]) => new Set(findings.map((finding) => finding.file)).size;
  return [
    check(
      'headingsSequential',
      headings.length === 0,
      headings.length ? `${pagesIn(headings)} page(s) skip a heading level (the title counts as the H1).` : `The headings of all ${pages.length} pages are sequential.`,
      details(headings),
    ),
    check(
      'codeBlocksLabelled',
      codeBlocks.length === 0,
      codeBlocks.length ? `${codeBlocks.length} code block(s) in ${pagesIn(codeBlocks)} page(s) name no language.` : 'Every code block names its language.',
      details(codeBlocks),
    ),
    check(
      'terminology',
      wording.length === 0,
      terms === undefined
        ? 'No terms file (terms.yml in the docs folder) to check the wording against.'
        : wording.length
          ? `${wording.length} discouraged term(s) in ${pagesIn(wording)} page(s).`
          : `The pages use the preferred terms of the ${Object.keys(terms).length}-term list.`,
      details(wording),
    ),
  ];
}

export async function scoreSite(options: ScoreOptions): Promise<ScoreReport> {
  const { outDir } = options;
  const read = (file: string) => (existsSync(path.join(outDir, file)) ? readFileSync(path.join(outDir, file), 'utf8') : undefined);
  const checks: CheckResult[] = [];

  const robots = read('robots.txt');
  const blocked = robots === undefined ? [] : AI_CRAWLERS.filter((agent) => !isAllowed(robots, agent, '/'));
  checks.push(
    check(
      'robotsTxtAllowsAI',
      blocked.length === 0,
      blocked.length ? `robots.txt blocks ${blocked.join(', ')}.` : robots === undefined ? 'There is no robots.txt: every crawler may fetch the site.' : 'robots.txt lets every AI crawler fetch the site.',
      blocked.map((agent) => ({ file: 'robots.txt', message: `${agent} may not fetch /.` })),
    ),
  );

  const llms = read('llms.txt');
  checks.push(check('llmsTxtExists', llms !== undefined, llms !== undefined ? 'llms.txt exists.' : 'There is no llms.txt at the root of the site.'));
  if (llms === undefined) {
    checks.push(check('llmsTxtValid', false, 'There is no llms.txt to check.'), check('llmsTxtLinksResolve', false, 'There is no llms.txt to check.'));
  } else {
    const problems = validateLlmsTxt(llms);
    checks.push(
      check(
        'llmsTxtValid',
        problems.length === 0,
        problems.length ? `llms.txt breaks the llmstxt.org format in ${problems.length} place(s).` : 'llms.txt follows the llmstxt.org format.',
        problems.map((problem) => ({ file: 'llms.txt', ...problem })),
      ),
    );
    // Links under "Optional" lead out of the site; every other one must have a file in the output.
    const links = llmsLinks(llms).filter((link) => link.section.toLowerCase() !== 'optional');
    const broken = links.filter((link) => !outputFileFor(outDir, /^[a-z]+:\/\//i.test(link.url) ? new URL(link.url).pathname : link.url.split(/[?#]/)[0]!));
    checks.push(
      check(
        'llmsTxtLinksResolve',
        broken.length === 0,
        broken.length ? `${broken.length} of the ${links.length} links of llms.txt lead to no file of the site.` : `All ${links.length} links of llms.txt lead to a file of the site.`,
        broken.map((link) => ({ file: 'llms.txt', line: link.line, message: `${link.url} is not in the output.` })),
      ),
    );
  }

  // Only whether it is there: on a large site it is hundreds of megabytes.
  const full = existsSync(path.join(outDir, 'llms-full.txt'));
  checks.push(check('llmsTxtFullExists', full, full ? 'llms-full.txt exists.' : 'There is no llms-full.txt at the root of the site.'));
  const sitemap = ['sitemap-index.xml', 'sitemap.xml'].find((file) => read(file) !== undefined);
  checks.push(check('sitemapExists', sitemap !== undefined, sitemap ? `${sitemap} exists.` : 'There is no sitemap (sitemap-index.xml or sitemap.xml); set `site` in astro.config.'));

  if (options.site) checks.push(...(await contentChecks(options.site, options.termsFile, options.lintCache)));

  const passed = checks.filter((result) => result.pass).length;
  return { score: Math.round((100 * passed) / checks.length), checks };
}

/** One line per check, for the end of `astro build` and the command line. */
export function summarizeScore(report: ScoreReport): string {
  const failed = report.checks.filter((result) => !result.pass);
  return failed.length === 0
    ? `Site score ${report.score}/100: all ${report.checks.length} checks pass.`
    : `Site score ${report.score}/100: ${failed.map((result) => `${result.id} (${result.message})`).join('; ')}`;
}
