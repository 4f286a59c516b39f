/**
 * What the MCP server's tools do, over the index (`docs-index.ts`) and the built site's
 * files: searching, reading a page's Markdown, listing the navigation. Their answers and
 * errors are text for an AI assistant to read; nothing here knows of the protocol.
 */
import { z } from 'zod';
import { markdownUrl } from '../paths/page-path.ts';
import { closestPages } from '../paths/not-found.ts';
import { hrefFor } from '../paths/href.ts';
import { bodyOf, markdownPath, type McpIndex, type McpNavItem, type McpPage } from './docs-index.ts';
import { excerptAround, searchIndex, type Scope } from './search.ts';

/** Reads a file of the built site by its path from the site's root; undefined when there is none. */
export type SiteFiles = (relativePath: string) => Promise<string | undefined>;

/** A problem with a tool's arguments, told to the assistant as the tool's error. */
export class ToolError extends Error {}

const MAX_QUERY = 500;
const MAX_LIST = 1000;
/**
 * The most of a page get_page answers with, in characters: more than an assistant reads at
 * once, and what one answer holds in the server's memory. The rest is at the page's `.md` URL.
 */
export const MAX_PAGE_TEXT = 512 * 1024;

export const searchInput = {
  query: z.string().min(1).max(MAX_QUERY).describe('Words to look for in the documentation.'),
  version: z.string().max(100).optional().describe("A version of the docs; the site's default otherwise."),
  language: z.string().max(20).optional().describe("A language code of the docs (`en`, `fr`); the site's default otherwise."),
  limit: z.number().int().min(1).max(20).optional().describe('How many pages at most (1 to 20, 8 by default).'),
};

export const getPageInput = {
  path: z.string().min(1).max(2000).describe('The page\'s URL path (`/guides/intro`), its `.md` URL, or its full URL.'),
};

export const listPagesInput = {
  version: searchInput.version,
  language: searchInput.language,
  section: z.string().max(200).optional().describe('Only this section (`Deploy - Static hosting`), or the sections of the tab, anchor or other division of this name (`Deploy`).'),
};

type Args<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;

/** The tools only read the docs: the same call, the same answer, nothing changed, nothing outside. */
export const READ_ONLY = { readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false } as const;

/** The server's tools as a client lists them: what `mcp/server.ts` serves and the server card describes. */
export function docsTools(siteName: string) {
  return [
    {
      name: 'search_docs',
      title: 'Search the docs',
      description: `Search the ${siteName} documentation. Returns the best pages, each with its URL, the URL of its Markdown and an excerpt around the match.`,
      inputSchema: searchInput,
      annotations: READ_ONLY,
    },
    {
      name: 'get_page',
      title: 'Read a page',
      description: 'The Markdown of one page of the documentation, by its path or URL (as search_docs and list_pages give them).',
      inputSchema: getPageInput,
      annotations: READ_ONLY,
    },
    {
      name: 'list_pages',
      title: 'List the pages',
      description: 'The navigation of the documentation, as a tree of sections, groups and pages with their URLs.',
      inputSchema: listPagesInput,
      annotations: READ_ONLY,
    },
  ] as const;
}

/** The version and language asked for, or the site's defaults; an unknown one is an error that lists the known. */
function scopeFor(index: McpIndex, version: string | undefined, language: string | undefined): Scope {
  const { versions, languages, defaultVersion, defaultLanguage } = index.site;
  if (version !== undefined && !versions.includes(version)) {
    throw new ToolError(versions.length ? `Unknown version "${version}": this site has ${versions.join(', ')}.` : `This site has no versions; leave out "version".`);
  }
  if (language !== undefined && !languages.includes(language)) {
    throw new ToolError(languages.length ? `Unknown language "${language}": this site has ${languages.join(', ')}.` : `This site has one language; leave out "language".`);
  }
  return { version: version ?? defaultVersion, language: language ?? defaultLanguage };
}

/** A page's address and its Markdown copy's, absolute when the site's address is known. */
function pageAddresses(index: McpIndex, page: McpPage): { url: string; markdownUrl: string } {
  const { url = '', base } = index.site;
  return { url: `${url}${hrefFor(page.url, base)}`, markdownUrl: `${url}${hrefFor(markdownUrl(page.url), base)}` };
}

export async function searchDocs(index: McpIndex, files: SiteFiles, args: Args<typeof searchInput>) {
  const scope = scopeFor(index, args.version, args.language);
  const hits = searchIndex(index, args.query, scope, args.limit ?? 8);
  const results = await Promise.all(
    hits.map(async ({ page }) => ({
      title: page.title,
      ...pageAddresses(index, page),
      section: page.section,
      excerpt: excerptAround(bodyOf((await files(markdownPath(page.url))) ?? '', page.description) || (page.description ?? ''), args.query),
    })),
  );
  return { query: args.query, version: scope.version, language: scope.language, results };
}

export async function getPage(index: McpIndex, files: SiteFiles, path: string): Promise<string> {
  const page = pageAt(index, path);
  const markdown = await files(markdownPath(page.url));
  if (markdown === undefined) throw new ToolError(`The page ${page.url} has no Markdown copy in this build.`);
  if (markdown.length <= MAX_PAGE_TEXT) return markdown;
  const cut = markdown.lastIndexOf('\n', MAX_PAGE_TEXT);
  return `${markdown.slice(0, cut > 0 ? cut : MAX_PAGE_TEXT)}\n\n… The page goes on: its ${Math.round(markdown.length / 1024)} KiB are at ${pageAddresses(index, page).markdownUrl}.`;
}

/**
 * The indexable page a path names: `/a/b`, `a/b.md`, `https://site/base/a/b`, percent-encoded
 * or not; never anything else. The index is all it looks in, so no path reaches another file.
 */
function pageAt(index: McpIndex, input: string): McpPage {
  let path = input.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    const url = URL.parse(path);
    if (!url || !/^https?:$/.test(url.protocol)) throw new ToolError(`"${input.slice(0, 200)}" is not a URL of a page.`);
    path = url.pathname;
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    throw new ToolError(`"${input.slice(0, 200)}" has a malformed %-escape.`);
  }
  if (/(^|[\\/])\.\.?([\\/]|$)/.test(path) || path.includes('\\') || path.includes('\0')) {
    throw new ToolError('A page path has no "." or ".." segments, backslashes or NUL: give it as the site shows it, like /guides/intro.');
  }
  const { base } = index.site;
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length) || '/';
  path = `/${path.replace(/^\/+/, '').replace(/\/+$/, '').replace(/\.md$/i, '')}`;
  if (path === '/index') path = '/';
  const page = index.pages.find((candidate) => candidate.url === path);
  if (page) return page;
  const near = closestPages(path, index.pages, 3).map((candidate) => candidate.url);
  throw new ToolError(`No page of these docs is at ${path}.${near.length ? ` Did you mean ${near.join(', ')}?` : ''} list_pages lists them all.`);
}

export function listPages(index: McpIndex, args: Args<typeof listPagesInput>): string {
  const scope = scopeFor(index, args.version, args.language);
  let sections = index.sections.filter((section) => section.version === scope.version && section.language === scope.language);
  if (args.section !== undefined) {
    const wanted = args.section.trim().toLowerCase();
    // A section is named by the divisions it is in (`Deploy - Static hosting`): either the whole name or one division's.
    const named = sections.filter((section) => section.name.toLowerCase() === wanted || section.name.toLowerCase().split(' - ').includes(wanted));
    if (!named.length) throw new ToolError(`No section "${args.section}": this version and language have ${[...new Set(sections.map((s) => s.name))].join(', ')}.`);
    sections = named;
  }
  const lines: string[] = [];
  let listed = 0;
  let left = 0;
  const write = (items: McpNavItem[], depth: number) => {
    for (const item of items) {
      if (typeof item === 'number') {
        const page = index.pages[item]!;
        if (listed >= MAX_LIST) left++;
        else lines.push(`${'  '.repeat(depth)}- [${page.title}](${pageAddresses(index, page).url})`);
        listed++;
        continue;
      }
      if (listed < MAX_LIST) lines.push(`${'  '.repeat(depth)}- ${item.group}`);
      write(item.items, depth + 1);
    }
  };
  for (const section of sections) {
    if (listed < MAX_LIST) lines.push(`${lines.length ? '\n' : ''}## ${section.name}\n`);
    write(section.items, 0);
  }
  if (left) lines.push(`\n… and ${left} more pages: ask for one section (\`section\`) to see them.`);
  return lines.join('\n') || 'No pages.';
}

/** What the server tells an assistant about itself when it connects. */
export function serverInstructions(index: McpIndex): string {
  const { name, description, versions, languages, defaultVersion, defaultLanguage } = index.site;
  return [
    `The documentation of ${name}${description ? `: ${description.replace(/[.\s]+$/, '')}` : ''}.`,
    'search_docs finds pages by words and gives their Markdown URLs; get_page reads a page as Markdown; list_pages shows the navigation.',
    versions.length > 1 ? `Versions: ${versions.join(', ')} (default ${defaultVersion}).` : '',
    languages.length > 1 ? `Languages: ${languages.join(', ')} (default ${defaultLanguage}).` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
