/**
 * The `astro-docs-json` command line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as z from 'zod';
import { DEFAULT_MOCK_JOBS, mockJobSchema, startMockAdminApi, type MockJob } from '../agent/mock-admin-api.ts';
import { compatibility } from '../core/report/compatibility.ts';
import { parseSitePart } from '../core/parts/site-parts.ts';
import { loadSite, type Site } from '../core/site/load-site.ts';
import { remoteSpecCacheDir } from '../core/openapi/remote.ts';
import { astroCacheFolder, isAstroProject } from './project-folders.ts';
import { builtPages, scoreCommand } from './score-command.ts';
import { formatDiagnostic, summarize, terminalStyle } from '../core/report/format.ts';
import { formatSummary, summarizeSite } from '../core/report/summary.ts';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDocsServer } from '../mcp/server.ts';
import { addressFiles, folderFiles, readMcpIndex } from '../mcp/site-files.ts';

const USAGE = `Usage: astro-docs-json <command> [options]

Commands, in the docs folder (DIR defaults to the current folder; no Astro project needed):
  dev [DIR] [--port 3000] [--open]
                          Serve the site with live reload on every edit of a page, snippet, spec or
                          docs.json.
  build [DIR] [--out DIST] [--site URL] [--strict] [--part PART]
                          Build the static site into DIST (by default DIR/dist). With --part
                          (version=NAME, language=CODE, or both: version=v2,language=fr; or the
                          DOCS_BUILD_PART environment variable), only that part's pages and search
                          indexes, with the whole site's navigation, for "merge".
  merge PART_DIST... [--out DIST]
                          Make the outputs of part builds (one per version or language, from CI
                          jobs) into the site a single build writes, in DIST (by default dist):
                          stops when two parts hold different files at one path, or when no part
                          has some page.
  preview [DIST] [--port 3000]
                          Serve a built site (by default dist) as a static host would.
  validate [DIR]          check --strict, under Mintlify's name.
  broken-links [DIR] [--files GLOB...] [--check-anchors] [--check-redirects] [--check-snippets]
               [--check-external] [--json]
                          Every link of the pages that leads to no page or file of the site, at its
                          file and line, with the closest page; with the flags, also links to
                          anchors a page lacks, redirects that lead nowhere, links in snippets,
                          links to other sites that are gone or do not answer.
                          Exits 1 when any link is broken.
  export [DIR] [--output export.zip]
                          Build the site and zip it so that it reads from disk: unzipped, its
                          index.html opens in a browser with no server.
  new [DIR] [--name NAME] [--theme THEME] [--force]
                          Write a starter repository into DIR (empty, unless --force): docs.json,
                          pages, a snippet and an OpenAPI example, which validate and build.
  a11y [DIR] [--skip-contrast] [--skip-alt-text] [--json]
                          Images and videos with no text alternative, and docs.json colours under
                          WCAG AA contrast against the light and dark backgrounds. Exits 1 when any.

Commands of an Astro project or a built site:
  check [DIR] [--strict]  Validate DIR/docs.json and its pages (DIR defaults to the current folder).
                          Warnings are what Mintlify builds through; with --strict they are errors.
                          OpenAPI specs named by URL are read from the build's copy, not fetched.
  routes [DIR] [--json]   Print the route table: every page's URL, file, title, version and language.
  score [DIST|URL] [--docs DIR] [--terms FILE] [--format table|plain|json] [--json]
                          Score a site's readiness for AI agents by the 20 checks of Mintlify's
                          mint score (llms.txt, llms-full.txt, skill.md, Markdown by content
                          negotiation, MCP, OpenAPI, robots.txt, sitemap, JSON-LD, latency), weighted.
                          A built folder (by default dist; with an adapter, its dist/client) cannot
                          answer the checks that need a server: they are marked, not failed. A URL
                          (docs.example.com, http://localhost:4321) is asked only on its own origin.
                          With the docs folder (beside DIST, here, or --docs), the pages' headings,
                          code blocks and wording are checked too, outside the score.
  mcp [DIST] [--url URL]  Serve a built site's docs to AI assistants over MCP (stdio): tools to search
                          them, read a page as Markdown and list the pages. From the output folder
                          DIST (by default dist), or with --url from the files of the site deployed
                          at URL. An editor runs it as: npx -y astro-docs-json mcp --url URL
  mock-admin-api --port N [--jobs FILE] [--key KEY]
                          Serve a stand-in for the admin API's GET /v2/agent/{projectId}/job/{id},
                          whose jobs go from active to their outcome after they are first read.
                          The key defaults to DOCS_ADMIN_API_KEY, else mint_mock_key; the jobs
                          file is a JSON array of {projectId, id, outcome, prLink, activeMs, ...}.

Options:
  -h, --help              Show this help.
  -v, --version           Show the version.
`;

/** The options of every command, which each command then checks against its own. */
const OPTIONS = {
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  docs: { type: 'string' },
  terms: { type: 'string' },
  port: { type: 'string' },
  jobs: { type: 'string' },
  key: { type: 'string' },
  url: { type: 'string' },
  out: { type: 'string' },
  part: { type: 'string' },
  site: { type: 'string' },
  open: { type: 'boolean' },
  files: { type: 'string', multiple: true },
  'check-anchors': { type: 'boolean' },
  'check-redirects': { type: 'boolean' },
  'check-snippets': { type: 'boolean' },
  'check-external': { type: 'boolean' },
  'skip-contrast': { type: 'boolean' },
  'skip-alt-text': { type: 'boolean' },
  name: { type: 'string' },
  theme: { type: 'string' },
  force: { type: 'boolean' },
  output: { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, dir = '.', ...extra] = positionals;

  if (values.version) {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  if (values.help || command === 'help' || command === undefined) {
    process.stdout.write(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command === 'mock-admin-api') return mockAdminApi(values.port, values.jobs, values.key);
  if (command === 'merge') return mergeCommandOf(positionals.slice(1), values);
  if (SITE_COMMANDS.has(command)) return extra.length ? tooMany(command, extra) : siteCommand(command, positionals[1], values);
  if (values.url && command !== 'mcp') {
    process.stderr.write('--url goes with "mcp".\n');
    return 2;
  }
  if (command === 'mcp') return extra.length ? tooMany(command, extra) : serveMcp(positionals[1], values.url);
  if (command !== 'check' && command !== 'routes' && command !== 'score') {
    process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  if (extra.length > 0) return tooMany(command, extra);
  if (values.json && command === 'check') {
    process.stderr.write('--json goes with "routes" and "score".\n');
    return 2;
  }
  if (values.strict && command !== 'check') {
    process.stderr.write('--strict goes with "check".\n');
    return 2;
  }
  if (command === 'score') return scoreCommand(positionals[1] ?? 'dist', values);
  if (values.docs || values.terms || values.format) {
    process.stderr.write('--docs, --terms and --format go with "score".\n');
    return 2;
  }

  const site = await loadDocs(path.resolve(dir), values.strict === true);
  return command === 'check' ? check(site) : routes(site, values.json === true);
}

const SITE_COMMANDS = new Set(['dev', 'build', 'preview', 'validate', 'broken-links', 'a11y', 'new', 'export']);

/** The options each command of the docs folder takes. */
const SITE_OPTIONS: Record<string, string[]> = {
  dev: ['port', 'open'],
  build: ['out', 'site', 'strict', 'part'],
  preview: ['port'],
  validate: [],
  'broken-links': ['files', 'check-anchors', 'check-redirects', 'check-snippets', 'check-external', 'json'],
  a11y: ['skip-contrast', 'skip-alt-text', 'json'],
  new: ['name', 'theme', 'force'],
  export: ['output'],
};

type Values = Partial<Record<string, string | boolean | string[]>>;

/** `dev`, `build`, `preview`, `validate`: Astro is loaded only for them. */
async function siteCommand(command: string, folder: string | undefined, values: Values): Promise<number> {
  const given = Object.keys(values).filter((key) => values[key as keyof Values] !== undefined);
  const stray = given.filter((key) => !SITE_OPTIONS[command]!.includes(key));
  if (stray.length) {
    process.stderr.write(`"${command}" takes ${SITE_OPTIONS[command]!.map((key) => `--${key}`).join(', ') || 'no options'}; not ${stray.map((key) => `--${key}`).join(', ')}.\n\n${USAGE}`);
    return 2;
  }
  if (values.port !== undefined && !/^\d{1,5}$/.test(String(values.port))) {
    process.stderr.write(`--port takes a port number, like 3000; not ${JSON.stringify(values.port)}.\n`);
    return 2;
  }
  // `preview` serves a build; the others work in a docs folder.
  const dir = path.resolve(folder ?? (command === 'preview' ? 'dist' : '.'));
  if (command === 'validate') return check(await loadDocs(dir, true));
  if (command === 'broken-links') return brokenLinksOf(dir, values);
  if (command === 'a11y') return accessibilityOf(dir, values);
  if (command === 'export') {
    const { exportSite } = await import('./export-site.ts');
    return exportSite(dir, path.resolve(typeof values.output === 'string' ? values.output : 'export.zip'));
  }
  if (command === 'new') {
    const { newSite } = await import('./new-site.ts');
    return newSite(dir, { ...(typeof values.name === 'string' ? { name: values.name } : {}), ...(typeof values.theme === 'string' ? { theme: values.theme } : {}), force: values.force === true });
  }
  if (typeof values.part === 'string' && parseSitePart(values.part).problem !== undefined) {
    process.stderr.write(`--part ${values.part}: ${parseSitePart(values.part).problem} It is version=NAME, language=CODE, or version=NAME,language=CODE.\n`);
    return 2;
  }
  const { buildSite, devSite, previewSite } = await import('./site-commands.ts');
  const port = values.port === undefined ? 3000 : Number(values.port);
  if (command === 'preview') return previewSite(dir, port);
  if (command === 'dev') return devSite({ docsDir: dir, port, open: values.open === true });
  return buildSite({
    docsDir: dir,
    ...(values.out ? { outDir: path.resolve(String(values.out)) } : {}),
    ...(values.site ? { site: String(values.site) } : {}),
    strict: values.strict === true,
    ...(typeof values.part === 'string' ? { part: values.part } : {}),
  });
}

/** `merge PART... --out DIST`: the parts' folders, and only `--out`. */
async function mergeCommandOf(folders: string[], values: Values): Promise<number> {
  const stray = Object.keys(values).filter((key) => key !== 'out' && values[key as keyof Values] !== undefined);
  if (stray.length || !folders.length) {
    process.stderr.write(`${stray.length ? `"merge" takes --out; not ${stray.map((key) => `--${key}`).join(', ')}.` : '"merge" takes the folders of the parts to merge.'}\n\n${USAGE}`);
    return 2;
  }
  const { mergeCommand } = await import('./merge-parts.ts');
  return mergeCommand(folders, path.resolve(typeof values.out === 'string' ? values.out : 'dist'));
}

/** The docs, once docs.json can be read; else its problems are reported and there is nothing to check. */
async function readableDocs(docsDir: string, what: string): Promise<Site | undefined> {
  const site = await loadDocs(docsDir);
  if (site.config) return site;
  report(site, process.stderr);
  process.stderr.write(`${what} cannot be checked until docs.json can be read.\n`);
  return undefined;
}

async function accessibilityOf(docsDir: string, values: Values): Promise<number> {
  const site = await readableDocs(docsDir, 'Accessibility');
  if (!site) return 1;
  const { reportAccessibility } = await import('./a11y.ts');
  return reportAccessibility(site, { contrast: values['skip-contrast'] !== true, altText: values['skip-alt-text'] !== true, json: values.json === true });
}

async function brokenLinksOf(docsDir: string, values: Values): Promise<number> {
  const site = await readableDocs(docsDir, 'The links');
  if (!site) return 1;
  const { reportBrokenLinks } = await import('./broken-links.ts');
  return reportBrokenLinks(site, {
    anchors: values['check-anchors'] === true,
    redirects: values['check-redirects'] === true,
    snippets: values['check-snippets'] === true,
    external: values['check-external'] === true,
    json: values.json === true,
    ...(Array.isArray(values.files) ? { files: values.files } : {}),
  });
}

/** An Astro project's own folders inside the docs folder (its build output, say) hold no pages. */
const ASTRO_FOLDERS = ['dist', 'public', 'src'];
function loadDocs(docsDir: string, strict = false): Promise<Site> {
  return loadSite(docsDir, {
    ...(isAstroProject(docsDir) ? { exclude: ASTRO_FOLDERS } : {}),
    strict,
    // The copies of specs named by URL that the last build fetched.
    remoteSpecs: { fetch: false, cacheDir: remoteSpecCacheDir(astroCacheFolder(docsDir)) },
  });
}

function report(site: Site, stream: NodeJS.WriteStream): void {
  const style = terminalStyle(stream);
  for (const diagnostic of site.diagnostics) stream.write(`${formatDiagnostic(diagnostic, site.docsDir, style)}\n\n`);
}

function check(site: Site): number {
  report(site, process.stdout);
  const { errors, text } = summarize(site.diagnostics);
  const where = path.relative(process.cwd(), path.join(site.docsDir, 'docs.json')) || 'docs.json';
  const style = terminalStyle(process.stdout);
  const { components, frontmatterKeys } = compatibility(site);
  if (components.length || frontmatterKeys.length) {
    const list = (items: string[]) => (items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', '));
    process.stdout.write(`${style.bold('Not known to this site')} (components show their content alone; frontmatter keys are kept, unused):\n`);
    for (const { name, uses } of components) process.stdout.write(`  component <${name}>: ${list(uses)}\n`);
    for (const { key, files } of frontmatterKeys) process.stdout.write(`  frontmatter \`${key}\`: ${list(files)}\n`);
    process.stdout.write('\n');
  }
  process.stdout.write(`${formatSummary(summarizeSite(site), style, { all: true })}\n\n`);
  if (errors > 0) {
    process.stdout.write(`${style.red('✗')} ${where}: ${text}.\n`);
    return 1;
  }
  process.stdout.write(`${style.bold('✓')} ${where} is valid: ${text}.\n`);
  return 0;
}

function routes(site: Site, json: boolean): number {
  // Problems go to stderr, so that stdout stays the route table alone.
  if (!site.ok) {
    report(site, process.stderr);
    process.stderr.write(`The route table cannot be built: ${summarize(site.diagnostics).text}.\n`);
    return 1;
  }
  if (json) {
    const table = {
      routes: site.routes.map(({ url, file, title, version, language, hidden }) => ({ url, file, title, version, language, hidden })),
      defaultVersion: site.defaultVersion,
      defaultLanguage: site.defaultLanguage,
    };
    process.stdout.write(`${JSON.stringify(table, null, 2)}\n`);
    return 0;
  }
  const rows = [
    ['URL', 'FILE', 'TITLE', 'VERSION', 'LANGUAGE', 'HIDDEN'],
    ...site.routes.map((r) => [r.url, r.file, r.title, r.version ?? '-', r.language ?? '-', r.hidden ? 'yes' : '']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) process.stdout.write(`${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()}\n`);
  process.stdout.write(
    `\n${site.routes.length} routes; default version: ${site.defaultVersion ?? 'none'}; default language: ${site.defaultLanguage ?? 'none'}.\n`,
  );
  return 0;
}

// `astro-docs-json routes | head` closes the pipe early: the reader has what it wanted.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

async function mockAdminApi(port: string | undefined, jobsFile: string | undefined, key: string | undefined): Promise<number> {
  if (!port || !/^\d+$/.test(port)) {
    process.stderr.write('"mock-admin-api" needs a port, like: astro-docs-json mock-admin-api --port 4330\n');
    return 2;
  }
  let jobs: MockJob[] | undefined;
  if (jobsFile) {
    const parsed = z.array(mockJobSchema).safeParse(JSON.parse(readFileSync(jobsFile, 'utf8')));
    if (!parsed.success) {
      process.stderr.write(`${jobsFile}: ${parsed.error.issues.map((issue) => `[${issue.path.join('.')}] ${issue.message}`).join('; ')}\n`);
      return 1;
    }
    jobs = parsed.data;
  }
  const api = await startMockAdminApi({ port: Number(port), key: key ?? process.env.DOCS_ADMIN_API_KEY ?? 'mint_mock_key', ...(jobs ? { jobs } : {}) });
  process.stdout.write(`Mock admin API at ${api.url}: GET /v2/agent/{projectId}/job/{id}, jobs ${(jobs ?? DEFAULT_MOCK_JOBS).map((job) => `${job.projectId}/${job.id}`).join(', ')}\n`);
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  await api.close();
  return 0;
}

function tooMany(command: string, extra: string[]): number {
  process.stderr.write(`"${command}" takes one folder; also given: ${extra.join(' ')}.\n`);
  return 2;
}

/** The MCP server over stdio, until the assistant closes it: stdout carries the protocol alone. */
async function serveMcp(dist: string | undefined, url: string | undefined): Promise<number> {
  if (url !== undefined && dist !== undefined) {
    process.stderr.write('"mcp" reads a folder or, with --url, a deployed site: not both.\n');
    return 2;
  }
  if (url !== undefined && !/^https?:\/\/[^/\s]+/i.test(url)) {
    process.stderr.write(`--url takes the address of a deployed site, like https://docs.example.com; not ${JSON.stringify(url.slice(0, 200))}.\n`);
    return 2;
  }
  const outDir = path.resolve(dist ?? 'dist');
  if (url === undefined && !existsSync(outDir)) {
    process.stderr.write(`${outDir} does not exist: build the site first (astro build), or give --url.\n`);
    return 1;
  }
  const files = url === undefined ? folderFiles(builtPages(outDir)) : addressFiles(url);
  let index;
  try {
    index = await readMcpIndex(files);
  } catch (error) {
    process.stderr.write(`${url ?? outDir}: ${(error as Error).message}\n`);
    return 1;
  }
  const server = createDocsServer(index, files);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  process.stderr.write(`MCP server of ${index.site.name} (${index.pages.length} pages) on stdio.\n`);
  process.stdin.once('end', () => void server.close());
  await closed;
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Bad input never gets here: it is reported as diagnostics. This is a bug of ours.
  process.stderr.write(
    `astro-docs-json failed unexpectedly: ${(error as Error).message}\n` +
      'This is a bug in astro-docs-json, not a problem of your docs. Please report it to the project with the command you ran, ' +
      'this message, and the stack trace that `DEBUG=1` prints when you run the command again.\n',
  );
  if (process.env.DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
}
