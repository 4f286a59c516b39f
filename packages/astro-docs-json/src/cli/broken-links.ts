/**
 * `broken-links`: every link of the docs that leads nowhere (`core/links/broken-links.ts`),
 * each at its file and line with the closest page that exists; exit 1 when there is any.
 */
import path from 'node:path';
import { brokenLinks, externalLinks, type BrokenLink, type LinkCheckOptions, type LinkTargets } from '../core/links/broken-links.ts';
import { docsFiles } from './docs-files.ts';
import { readableDocs } from './load-docs.ts';
import { brokenExternalLinks } from './external-links.ts';
import { terminalStyle } from '../core/report/format.ts';
import type { Site } from '../core/site/load-site.ts';

export interface BrokenLinksOptions extends Omit<LinkCheckOptions, 'only'> {
  /** Links to other sites asked too (`--check-external`). */
  external?: boolean;
  /** Globs of the files to check, relative to the docs folder (`guides/**`). */
  files?: string[];
  json?: boolean;
}

export async function brokenLinksCommand(docsDir: string, options: BrokenLinksOptions): Promise<number> {
  const site = await readableDocs(docsDir, 'The links');
  return site ? reportBrokenLinks(site, options) : 1;
}

async function reportBrokenLinks(site: Site, options: BrokenLinksOptions): Promise<number> {
  const { docsDir } = site;
  const targets = linkTargets(site);
  const globs = options.files?.map(globPattern);
  const checks = { ...options, ...(globs ? { only: (file: string) => globs.some((glob) => glob.test(file)) } : {}) };
  const broken = [...brokenLinks(targets, checks), ...(options.external ? await brokenExternalLinks(externalLinks(targets, checks), EXTERNAL_CHECK) : [])];
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ broken }, null, 2)}\n`);
    return broken.length ? 1 : 0;
  }
  const style = terminalStyle(process.stdout);
  for (const link of broken) process.stdout.write(`${describe(link, docsDir, style)}\n`);
  const files = new Set(broken.map((link) => link.file)).size;
  process.stdout.write(broken.length ? `\n${style.red('✗')} ${broken.length} broken ${broken.length === 1 ? 'link' : 'links'} in ${files} ${files === 1 ? 'file' : 'files'}.\n` : `${style.bold('✓')} No broken links.\n`);
  return broken.length ? 1 : 0;
}

/** The site's pages, snippets and redirects, and its files, read only inside the docs folder. */
export function linkTargets(site: Site): LinkTargets {
  return {
    // A page whose frontmatter `url` leads elsewhere is a link target too: its address redirects there.
    pages: site.routes,
    snippets: site.snippets.map((snippet) => snippet.file),
    redirects: site.redirects,
    ...docsFiles(site),
    ...(site.config && site.locate ? { config: { settings: site.config, locate: site.locate, diagnostics: site.diagnostics } } : {}),
  };
}

/** Eight addresses at once, ten seconds each: a check of a few hundred links takes seconds, and no site is flooded. */
const EXTERNAL_CHECK = { concurrency: 8, timeoutMs: 10_000 };

function describe(link: BrokenLink, docsDir: string, style: ReturnType<typeof terminalStyle>): string {
  const file = path.relative(process.cwd(), path.join(docsDir, link.file)) || link.file;
  const hint = link.closest ? `\n  ${style.dim('hint:')} did you mean \`${link.closest}\`?` : '';
  const at = link.at ? ` ${style.dim(link.at)}` : '';
  return `${style.bold(`${file}:${link.line}`)}${at} \`${link.href}\`\n  ${link.message}${hint}`;
}

const GLOB_PARTS: Record<string, string> = { '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' };

/** A glob (`guides/**`, `*.mdx`, `api/?.md`) as a pattern over paths relative to the docs folder. */
function globPattern(glob: string): RegExp {
  const source = glob
    .replace(/^\.\//, '')
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => GLOB_PARTS[part] ?? part.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
    .join('');
  return new RegExp(`^${source}$`);
}
