/**
 * The score is the weighted share of the twenty checks that pass, out of those that could be
 * run: a folder cannot answer what needs a server (content negotiation, latency, a live MCP
 * server), and those are marked, not failed. A check whose prerequisite fails fails unrun.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { Site } from '../site/load-site.ts';
import { indexableRoutes } from '../site/indexing.ts';
import type { Route } from '../navigation/routes.ts';
import { showsTitle } from '../schema/frontmatter.ts';
import type { FileCache } from '../file-cache.ts';
import { redirectFor, type Redirect } from '../navigation/redirects.ts';
import { ProbedSite, type AgentCheck, type Finding as CheckFinding } from './check-kit.ts';
import { checkTerminology, lintOfFile, lintPage, type Finding, type PageLint, type Terms } from './content-checks.ts';
import { LLMS_FULL_CHECKS, LLMS_TXT_CHECKS } from './llms-checks.ts';
import { SITE_CHECKS } from './site-checks.ts';
import { folderProbe, sitemapAddress, type SiteProbe } from './site-probe.ts';

export interface CheckResult {
  id: string;
  /** `null`: not run here (it needs a server, or what it depends on could not be run). */
  pass: boolean | null;
  detail: string;
  /** Its share of the score; 0 for the checks of the pages' text, which are not in it. */
  weight: number;
  group: 'agent' | 'content';
  findings: CheckFinding[];
}

export interface ScoreReport {
  /** 0 to 100: the weighted share of the agent checks that pass, of those run. */
  score: number;
  checks: CheckResult[];
}

export interface ContentOptions {
  /** The loaded docs, for the checks on the pages' text; without it they are not run. */
  site?: Site;
  /** A terms file (YAML or JSON); by default `terms.yml`, `terms.yaml` or `terms.json` in the docs folder. */
  termsFile?: string;
  /** Each page's headings and code blocks as checked before, by its text: a rebuild checks the pages that changed. */
  lintCache?: FileCache<PageLint>;
}

export interface ScoreOptions extends ContentOptions {
  /** The built site. */
  outDir: string;
  /** Its address (Astro's `site` and `base`); by default, the one its robots.txt names its sitemap at. */
  siteUrl?: string;
  /** What a server build redirects, which has no file; by default, the docs' redirects. */
  redirects?: readonly Redirect[];
}

/** Beside a server build's code, the redirects its server answers, for `score` to read. */
export const REDIRECTS_FILE = 'astro-docs-json-redirects.json';

/** In Mintlify's order. */
export const AGENT_CHECKS: readonly AgentCheck[] = [...LLMS_TXT_CHECKS, ...LLMS_FULL_CHECKS, ...SITE_CHECKS];

const contentCheck = (id: string, pass: boolean, detail: string, findings: CheckFinding[] = []): CheckResult => ({ id, pass, detail, weight: 0, group: 'content', findings });

function readTerms(site: Site, termsFile: string | undefined): Terms | undefined {
  const candidates = termsFile ? [termsFile] : ['terms.yml', 'terms.yaml', 'terms.json'].map((name) => path.join(site.docsDir, name));
  const file = candidates.find((candidate) => existsSync(candidate));
  if (!file) return undefined;
  const data = parseYaml(readFileSync(file, 'utf8')) as unknown;
  if (typeof data !== 'object' || data === null) return {};
  return Object.fromEntries(Object.entries(data).filter(([, value]) => typeof value === 'string')) as Terms;
}

/** The pages whose text the content checks read. */
const checkedPages = (site: Site) => indexableRoutes(site).filter((route) => /\.mdx?$/i.test(route.file));
const pageText = (site: Site, route: Route) => readFile(path.join(site.docsDir, route.file), 'utf8');

/**
 * Lints the pages that `lintCache` does not hold as they are now, into it: a build does it
 * while it waits for the search index to be written, and its score then reads every page's
 * lint from the cache.
 */
export async function lintPages(site: Site, lintCache: FileCache<PageLint>): Promise<void> {
  for (const route of checkedPages(site)) await pageLint(route, lintCache, () => pageText(site, route));
}

/**
 * The page's lint: as loading the page found it, else from the cache when it holds the page
 * as it is now; its text read only when neither does.
 */
async function pageLint(route: Route, lintCache: FileCache<PageLint> | undefined, source: () => Promise<string>): Promise<PageLint> {
  const { digest, lint } = route.content;
  const titled = showsTitle(route.frontmatter);
  if (lint && lint.titled === titled) return lintOfFile(route.file, lint);
  let linted = digest ? lintCache?.get(route.file, digest) : undefined;
  if (!linted) {
    linted = await lintPage(route.file, await source(), titled ? route.frontmatter.title : undefined);
    if (digest) lintCache?.set(route.file, digest, linted);
  }
  return linted;
}

async function contentChecks({ site, termsFile, lintCache }: ContentOptions & { site: Site }): Promise<CheckResult[]> {
  const pages = checkedPages(site);
  const terms = readTerms(site, termsFile);
  const headings: Finding[] = [];
  const codeBlocks: Finding[] = [];
  const wording: Finding[] = [];
  for (const route of pages) {
    let text: string | undefined;
    const source = async () => (text ??= await pageText(site, route));
    const linted = await pageLint(route, lintCache, source);
    headings.push(...linted.headings);
    codeBlocks.push(...linted.codeBlocks);
    if (terms) wording.push(...checkTerminology(route.file, await source(), terms));
  }
  const urls = new Map(pages.map((route) => [route.file, route.url]));
  const details = (findings: Finding[]) => findings.map((finding) => ({ page: urls.get(finding.file), ...finding }));
  const pagesIn = (findings: Finding[]) => new Set(findings.map((finding) => finding.file)).size;
  return [
    contentCheck(
      'headingsSequential',
      headings.length === 0,
      headings.length ? `${pagesIn(headings)} page(s) skip a heading level (the title counts as the H1).` : `The headings of all ${pages.length} pages are sequential.`,
      details(headings),
    ),
    contentCheck(
      'codeBlocksLabelled',
      codeBlocks.length === 0,
      codeBlocks.length ? `${codeBlocks.length} code block(s) in ${pagesIn(codeBlocks)} page(s) name no language.` : 'Every code block names its language.',
      details(codeBlocks),
    ),
    contentCheck(
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

/** A built folder, by the agent checks a folder can answer, and the pages' text when the docs are given. */
export async function scoreSite(options: ScoreOptions): Promise<ScoreReport> {
  const redirects = options.redirects ?? options.site?.redirects ?? [];
  const redirected = (pathname: string) => redirectFor(redirects, pathname.split('?')[0]!) !== undefined;
  return scoreProbe(folderProbe(options.outDir, options.siteUrl ?? sitemapSite(options.outDir), redirected), options);
}

/** The site's address as its robots.txt gives it. */
function sitemapSite(outDir: string): string | undefined {
  const robots = path.join(outDir, 'robots.txt');
  return existsSync(robots) ? sitemapAddress(readFileSync(robots, 'utf8')) : undefined;
}

/** Runs every agent check on the site at once, each after the one it depends on. */
export async function scoreProbe(probe: SiteProbe, options: ContentOptions = {}): Promise<ScoreReport> {
  const site = new ProbedSite(probe);
  const results = new Map<string, Promise<CheckResult>>();
  const run = async (check: AgentCheck): Promise<CheckResult> => {
    const parent = check.after ? await results.get(check.after)! : undefined;
    const outcome =
      parent && parent.pass !== true
        ? { pass: parent.pass, detail: `Not run: ${parent.id} ${parent.pass === null ? 'needs a server' : 'fails'}.` }
        : await check.run(site).catch((error: unknown) => ({ pass: false, detail: `The check failed: ${error instanceof Error ? error.message : String(error)}` }));
    return { id: check.id, pass: outcome.pass, detail: outcome.detail, weight: check.weight, group: 'agent', findings: 'findings' in outcome ? (outcome.findings ?? []) : [] };
  };
  for (const check of AGENT_CHECKS) results.set(check.id, run(check));
  const checks = await Promise.all(results.values());
  if (options.site) checks.push(...(await contentChecks({ ...options, site: options.site })));
  return { score: weightedScore(checks), checks };
}

function weightedScore(checks: readonly CheckResult[]): number {
  const run = checks.filter((check) => check.group === 'agent' && check.pass !== null);
  const total = run.reduce((sum, check) => sum + check.weight, 0);
  const passed = run.reduce((sum, check) => sum + (check.pass ? check.weight : 0), 0);
  return total === 0 ? 0 : Math.round((100 * passed) / total);
}

/** One line, for the end of `astro build`: the score, and what keeps it below 100. */
export function summarizeScore(report: ScoreReport): string {
  const agent = report.checks.filter((check) => check.group === 'agent');
  const failed = report.checks.filter((check) => check.pass === false);
  const server = agent.filter((check) => check.pass === null).length;
  const ran = `${agent.length - server} of ${agent.length} agent checks${server ? `; ${server} need a server (astro-docs-json score URL)` : ''}`;
  return failed.length === 0
    ? `Agent readiness ${report.score}/100 (${ran}); every check passes.`
    : `Agent readiness ${report.score}/100 (${ran}). Failing: ${failed.map((check) => `${check.id} (${check.detail})`).join('; ')}`;
}
