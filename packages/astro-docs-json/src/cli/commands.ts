/**
 * The commands of the command line, one entry each: its name, the folders and flags it
 * takes, what it does, and how it runs. The usage (`usage.ts`), the checks of what is given
 * (`main.ts`) and the reference page's test read this list: a command is added here alone.
 * Each command's module is imported when it runs, so that `--help` loads none of them.
 */
import path from 'node:path';
import type { FlagName, FlagValues } from './flags.ts';
import type { ProjectOptions } from './astro-project.ts';

export interface Command {
  name: string;
  /** Where it is run: in a docs folder, or on an Astro project or a built site. */
  group: 'docs folder' | 'project or built site';
  /** Its folders, as the usage writes them: `[DIR]` (at most one), `PART_DIST...` (one or more), or none. */
  folders: '[DIR]' | '[DIST]' | '[DIST|URL]' | 'PART_DIST...' | '';
  flags: readonly FlagName[];
  /** Flags it cannot run without. */
  required?: readonly FlagName[];
  /** What it does: a paragraph, for the usage and the reference. */
  summary: string;
  /** Runs it on the folders given (checked against `folders`) and its flags; resolves to the exit code. */
  run(folders: readonly string[], values: FlagValues): Promise<number>;
}

const resolved = (folder: string | undefined, otherwise: string) => path.resolve(folder ?? otherwise);

/** `--port N`, checked; `undefined` after saying what is wrong. */
function portOf(values: FlagValues): number | undefined {
  if (values.port === undefined) return 3000;
  if (/^\d{1,5}$/.test(values.port)) return Number(values.port);
  process.stderr.write(`--port takes a port number, like 3000; not ${JSON.stringify(values.port)}.\n`);
  return undefined;
}

/** `--related-pages MODE`, checked: the `relatedPages` option, `null` after saying what is wrong. */
function relatedPagesOf(values: FlagValues): Pick<ProjectOptions, 'relatedPages'> | null {
  const mode = values['related-pages'];
  if (mode === undefined) return {};
  if (mode === 'automatic' || mode === 'manual') return { relatedPages: mode };
  if (mode === 'off') return { relatedPages: false };
  process.stderr.write(`--related-pages takes automatic, manual or off; not ${JSON.stringify(mode)}.\n`);
  return null;
}

async function build([folder]: readonly string[], values: FlagValues): Promise<number> {
  const related = relatedPagesOf(values);
  if (related === null) return 2;
  if (values.part !== undefined) {
    const { parseSitePart } = await import('../core/parts/site-parts.ts');
    const { problem } = parseSitePart(values.part);
    if (problem !== undefined) {
      process.stderr.write(`--part ${values.part}: ${problem} It is version=NAME, language=CODE, or version=NAME,language=CODE.\n`);
      return 2;
    }
  }
  const { buildSite } = await import('./site-commands.ts');
  return buildSite({
    docsDir: resolved(folder, '.'),
    ...(values.out ? { outDir: path.resolve(values.out) } : {}),
    ...(values.site ? { site: values.site } : {}),
    strict: values.strict === true,
    ...related,
    ...(values.part !== undefined ? { part: values.part } : {}),
  });
}

const DOCS_FOLDER_COMMANDS: Command[] = [
  {
    name: 'dev',
    group: 'docs folder',
    folders: '[DIR]',
    flags: ['port', 'open', 'related-pages'],
    summary:
      'Serve the site with live reload on every edit of a page, snippet, spec or docs.json. --related-pages as for "build".',
    async run([folder], values) {
      const port = portOf(values);
      const related = relatedPagesOf(values);
      if (port === undefined || related === null) return 2;
      const { devSite } = await import('./site-commands.ts');
      return devSite({ docsDir: resolved(folder, '.'), port, open: values.open === true, ...related });
    },
  },
  {
    name: 'build',
    group: 'docs folder',
    folders: '[DIR]',
    flags: ['out', 'site', 'strict', 'part', 'related-pages'],
    summary:
      'Build the static site into DIST (by default DIR/dist). --related-pages sets the "Related topics" at the foot of pages ' +
      '(Mintlify\'s add-on): manual (the default) shows the pages a page\'s `related` frontmatter lists, automatic also suggests ' +
      'pages for every other page from the site\'s search, off shows none. With --part (version=NAME, language=CODE, or both: ' +
      'version=v2,language=fr; or the DOCS_BUILD_PART environment variable), only that part\'s pages and search ' +
      'indexes, with the whole site\'s navigation, for "merge".',
    run: build,
  },
  {
    name: 'merge',
    group: 'docs folder',
    folders: 'PART_DIST...',
    flags: ['out'],
    summary:
      'Make the outputs of part builds (one per version or language, from CI jobs) into the site a single build ' +
      'writes, in DIST (by default dist): stops when two parts hold different files at one path, or when no part has some page.',
    async run(folders, values) {
      const { mergeCommand } = await import('./merge-parts.ts');
      return mergeCommand(folders, path.resolve(values.out ?? 'dist'));
    },
  },
  {
    name: 'preview',
    group: 'docs folder',
    folders: '[DIST]',
    flags: ['port'],
    summary: 'Serve a built site (by default dist) as a static host would.',
    async run([folder], values) {
      const port = portOf(values);
      if (port === undefined) return 2;
      const { previewSite } = await import('./site-commands.ts');
      return previewSite(resolved(folder, 'dist'), port);
    },
  },
  {
    name: 'validate',
    group: 'docs folder',
    folders: '[DIR]',
    flags: [],
    summary: 'check --strict, under Mintlify\'s name.',
    async run([folder]) {
      const { checkCommand } = await import('./check-command.ts');
      return checkCommand(resolved(folder, '.'), true);
    },
  },
  {
    name: 'broken-links',
    group: 'docs folder',
    folders: '[DIR]',
    flags: ['files', 'check-anchors', 'check-redirects', 'check-snippets', 'check-external', 'json'],
    summary:
      'Every link, image and video of the pages that leads to no page or file of the site, at its file and line, with the closest page, ' +
      'and docs.json\'s navigation pages, hrefs, specs and images at their JSON path; ' +
      'with the flags, also links to anchors a page lacks, docs.json redirects that lead nowhere, links in snippets, links to ' +
      'other sites that are gone or do not answer. Exits 1 when any link is broken.',
    async run([folder], values) {
      const { brokenLinksCommand } = await import('./broken-links.ts');
      return brokenLinksCommand(resolved(folder, '.'), {
        anchors: values['check-anchors'] === true,
        redirects: values['check-redirects'] === true,
        snippets: values['check-snippets'] === true,
        external: values['check-external'] === true,
        json: values.json === true,
        ...(values.files ? { files: values.files } : {}),
      });
    },
  },
  {
    name: 'export',
    group: 'docs folder',
    folders: '[DIR]',
    flags: ['output'],
    summary: 'Build the site and zip it so that it reads from disk: unzipped, its index.html opens in a browser with no server.',
    async run([folder], values) {
      const { exportSite } = await import('./export-site.ts');
      return exportSite(resolved(folder, '.'), path.resolve(values.output ?? 'export.zip'));
    },
  },
  {
    name: 'new',
    group: 'docs folder',
    folders: '[DIR]',
    flags: ['name', 'theme', 'force'],
    summary:
      'Write a starter repository into DIR (empty, unless --force): docs.json, pages, a snippet and an OpenAPI ' +
      'example, which validate and build.',
    async run([folder], values) {
      const { newSite } = await import('./new-site.ts');
      return newSite(resolved(folder, '.'), { ...(values.name ? { name: values.name } : {}), ...(values.theme ? { theme: values.theme } : {}), force: values.force === true });
    },
  },
  {
    name: 'a11y',
    group: 'docs folder',
    folders: '[DIR]',
    flags: ['skip-contrast', 'skip-alt-text', 'skip-link-names', 'json'],
    summary:
      'Images and videos with no text alternative, links and buttons with no accessible name (icon-only, empty), ' +
      'and docs.json colours under WCAG AA contrast against the light and dark backgrounds. Exits 1 when any.',
    async run([folder], values) {
      const { accessibilityCommand } = await import('./a11y.ts');
      return accessibilityCommand(resolved(folder, '.'), {
        contrast: values['skip-contrast'] !== true,
        altText: values['skip-alt-text'] !== true,
        linkNames: values['skip-link-names'] !== true,
        json: values.json === true,
      });
    },
  },
];

const PROJECT_COMMANDS: Command[] = [
  {
    name: 'check',
    group: 'project or built site',
    folders: '[DIR]',
    flags: ['strict'],
    summary:
      'Validate DIR/docs.json and its pages (DIR defaults to the current folder). Warnings are what Mintlify builds ' +
      'through; with --strict they are errors. OpenAPI specs named by URL are read from the build\'s copy, not fetched.',
    async run([folder], values) {
      const { checkCommand } = await import('./check-command.ts');
      return checkCommand(resolved(folder, '.'), values.strict === true);
    },
  },
  {
    name: 'routes',
    group: 'project or built site',
    folders: '[DIR]',
    flags: ['json'],
    summary: 'Print the route table: every page\'s URL, file, title, version and language.',
    async run([folder], values) {
      const { routesCommand } = await import('./routes-command.ts');
      return routesCommand(resolved(folder, '.'), values.json === true);
    },
  },
  {
    name: 'score',
    group: 'project or built site',
    folders: '[DIST|URL]',
    flags: ['docs', 'terms', 'format', 'json'],
    summary:
      'Score a site\'s readiness for AI agents by the 20 checks of Mintlify\'s mint score (llms.txt, llms-full.txt, ' +
      'skill.md, Markdown by content negotiation, MCP, OpenAPI, robots.txt, sitemap, JSON-LD, latency), weighted. ' +
      'A built folder (by default dist; with an adapter, its dist/client) cannot answer the checks that need a server: ' +
      'they are marked, not failed. A URL (docs.example.com, http://localhost:4321) is asked only on its own origin. ' +
      'With the docs folder (beside DIST, here, or --docs), the pages\' headings, code blocks and wording are checked too, outside the score.',
    async run([target], values) {
      const { scoreCommand } = await import('./score-command.ts');
      return scoreCommand(target ?? 'dist', values);
    },
  },
  {
    name: 'mcp',
    group: 'project or built site',
    folders: '[DIST]',
    flags: ['url'],
    summary:
      'Serve a built site\'s docs to AI assistants over MCP (stdio): tools to search them, read a page as Markdown ' +
      'and list the pages. From the output folder DIST (by default dist), or with --url from the files of the site ' +
      'deployed at URL. An editor runs it as: npx -y astro-docs-json mcp --url URL',
    async run([folder], values) {
      const { mcpCommand } = await import('./mcp-command.ts');
      return mcpCommand(folder, values.url);
    },
  },
  {
    name: 'mock-admin-api',
    group: 'project or built site',
    folders: '',
    flags: ['port', 'jobs', 'key', 'fault'],
    required: ['port'],
    summary:
      'Serve a stand-in for the admin API\'s GET /v2/agent/{projectId}/job/{id}, whose jobs go from active to their ' +
      'outcome after they are first read. The key defaults to DOCS_ADMIN_API_KEY, else mint_mock_key; the jobs file ' +
      'is a JSON array of {projectId, id, outcome, prLink, activeMs, ...}. --fault makes every call misbehave: slow, ' +
      'close, error, malformed, huge, retry-date or retry-garbage.',
    async run(_folders, values) {
      const { mockAdminApiCommand } = await import('./mock-admin-api-command.ts');
      return mockAdminApiCommand(values.port, values.jobs, values.key, values.fault);
    },
  },
];

/** Every command, in the order the usage lists them. */
export const COMMANDS: readonly Command[] = [...DOCS_FOLDER_COMMANDS, ...PROJECT_COMMANDS];
