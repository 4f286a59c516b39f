/**
 * What the MCP server's tools read (`_docs/mcp.json`), written once at build time from the
 * pages' Markdown copies, so that a request does no MDX work: the searchable pages, the
 * navigation of each version and language, and an inverted index of their words, weighted
 * by where a word is (a title over a heading over the description over the text).
 */
import { DOCS_ROUTE } from '../paths/docs-routes.ts';
import { markdownUrl } from '../paths/page-path.ts';
import { isPageToRead, sectionTitle } from '../site/reading-order.ts';
import type { SidebarItem, SiteModel } from '../site/site-model.ts';
import { words } from '../search-words.ts';

export { words };

export const MCP_INDEX_PATH = `${DOCS_ROUTE.slice(1)}/mcp.json`;
export const MCP_INDEX_FORMAT = 1;

export interface McpPage {
  /** The page's path (`/guides/intro`), the base path excluded; its Markdown copy is at `markdownPath(url)`. */
  url: string;
  title: string;
  description?: string;
  version: string | null;
  language: string | null;
  /** The name of the tab, anchor or other division it is in. */
  section: string;
  /** How many words its text has, for ranking. */
  words: number;
}

/** A navigation entry: a page by its index in `pages`, or a group of entries. */
export type McpNavItem = number | { group: string; items: McpNavItem[] };

export interface McpSection {
  version: string | null;
  language: string | null;
  name: string;
  items: McpNavItem[];
}

export interface McpIndex {
  format: typeof MCP_INDEX_FORMAT;
  site: {
    name: string;
    description?: string;
    /** The site's origin (`https://docs.example.com`), when Astro's `site` is set. */
    url?: string;
    /** Astro's base path (`/docs`), or empty. */
    base: string;
    versions: string[];
    languages: string[];
    defaultVersion: string | null;
    defaultLanguage: string | null;
  };
  pages: McpPage[];
  sections: McpSection[];
  /**
   * Each word to the pages that have it and its weight in each: `"3:12 5:2"` is page 3 with
   * weight 12 and page 8 (3 + 5) with weight 2, in base 36. One string a word keeps a large
   * index small to hold; a search splits only its own words' strings.
   */
  terms: Record<string, string>;
}

/** How much a word weighs where it is. */
const WEIGHTS = { title: 8, heading: 3, description: 2, text: 1 } as const;
/**
 * What the index is made of besides the pages' text: the site's names, its searchable
 * pages and its navigation, as plain data (`mcpSourceOf`). A build that is cut into parts
 * writes it beside each part, for the merge to index the whole site (`core/parts/`).
 */
export interface McpSource {
  name: string;
  description?: string;
  /** docs.json's instructions to agents, which each page's Markdown copy ends with and the index leaves out. */
  agentInstructions?: string;
  versions: string[];
  languages: string[];
  defaultVersion: string | null;
  defaultLanguage: string | null;
  /** The searchable pages (`isSearchable`), in the site's order, each with the name of its section. */
  pages: McpSourcePage[];
  sections: Array<{ version: string | null; language: string | null; name: string; items: McpSourceItem[] }>;
}

/** A page as the index is made of it: its text's words are counted from its Markdown. */
export interface McpSourcePage extends Omit<McpPage, 'words'> {
  keywords?: string[];
  searchBoost?: number;
}

/** A sidebar entry as the index needs it: a page by its URL, or a group with its root page. */
export type McpSourceItem = string | { group: string; url?: string; items: McpSourceItem[] };

/** The parts of the site model that the index is made of. */
export function mcpSourceOf(model: SiteModel): McpSource {
  const sectionNames = new Map(model.sections.map((section) => [section.id, sectionTitle(section) || model.name]));
  const searchable = new Set(model.pages.filter((view) => view.searchable).map((view) => view.url));
  return {
    name: model.name,
    ...(model.description ? { description: model.description } : {}),
    ...(model.agentInstructions ? { agentInstructions: model.agentInstructions } : {}),
    versions: model.versions.map((version) => version.name),
    languages: model.languages.map((language) => language.code),
    defaultVersion: model.defaultVersion,
    defaultLanguage: model.defaultLanguage,
    pages: model.pages
      .filter((view) => view.searchable)
      .map((view) => ({
        url: view.url,
        title: view.title,
        ...(view.description ? { description: view.description } : {}),
        version: view.version,
        language: view.language,
        section: sectionNames.get(view.section) ?? model.name,
        ...(view.keywords ? { keywords: view.keywords } : {}),
        ...(view.searchBoost !== undefined ? { searchBoost: view.searchBoost } : {}),
      })),
    sections: model.sections.map((section) => ({ version: section.version, language: section.language, name: sectionNames.get(section.id)!, items: sourceItems(section.sidebar, searchable) })),
  };
}

/** The sidebar's searchable pages and the groups that hold any (the others have no place in the index). */
function sourceItems(sidebar: readonly SidebarItem[], searchable: ReadonlySet<string>): McpSourceItem[] {
  const items: McpSourceItem[] = [];
  for (const item of sidebar) {
    if (item.type === 'page') {
      if (searchable.has(item.url) && isPageToRead(item)) items.push(item.url);
      continue;
    }
    const children = sourceItems(item.items, searchable);
    const root = item.url !== undefined && searchable.has(item.url) ? item.url : undefined;
    if (children.length || root !== undefined) items.push({ group: item.title, ...(root !== undefined ? { url: root } : {}), items: children });
  }
  return items;
}

/**
 * The index of a site's searchable pages (`isSearchable`), from their Markdown copies (`markdownOf`, undefined
 * for a page that has none). Pages are read one at a time, so that memory holds the index,
 * not the site's text.
 */
export function buildMcpIndex(model: SiteModel, address: { site?: string; base: string }, markdownOf: (url: string) => Promise<string | undefined>): Promise<McpIndex> {
  return indexMcpSource(mcpSourceOf(model), address, wordsFromMarkdown(markdownOf));
}

/** Each page's words (`pageWords`), from its Markdown copy (`markdownOf`). */
export function wordsFromMarkdown(markdownOf: (url: string) => Promise<string | undefined>): (page: McpSourcePage) => Promise<PageWords | undefined> {
  return async (page) => {
    const markdown = await markdownOf(page.url);
    return markdown === undefined ? undefined : pageWords(page, markdown);
  };
}

/**
 * `buildMcpIndex`, from what the site model gives it (`mcpSourceOf`) and each page's words
 * (`pageWords`, which a rebuild takes from a cache for the pages whose copy is unchanged).
 */
export async function indexMcpSource(source: McpSource, address: { site?: string; base: string }, wordsOf: (page: McpSourcePage) => Promise<PageWords | undefined>): Promise<McpIndex> {
  const pages: McpPage[] = [];
  const ids = new Map<string, number>();
  const postings = new Map<string, number[]>();
  for (const view of source.pages) {
    const weights = await wordsOf(view);
    if (weights === undefined) continue;
    const id = pages.length;
    weights.words.forEach((word, index) => {
      let list = postings.get(word);
      if (!list) postings.set(word, (list = []));
      // docs.json's and the frontmatter's `boost` multiply a page's weights, which stay whole numbers.
      list.push(id, Math.max(1, Math.round(weights.weights[index]! * (view.searchBoost ?? 1))));
    });
    ids.set(view.url, id);
    pages.push({
      url: view.url,
      title: view.title,
      ...(view.description ? { description: view.description } : {}),
      version: view.version,
      language: view.language,
      section: view.section,
      words: weights.count,
    });
  }
  return {
    format: MCP_INDEX_FORMAT,
    site: {
      name: source.name,
      ...(source.description ? { description: source.description } : {}),
      ...(address.site ? { url: new URL(address.site).origin } : {}),
      base: address.base,
      versions: source.versions,
      languages: source.languages,
      defaultVersion: source.defaultVersion,
      defaultLanguage: source.defaultLanguage,
    },
    pages,
    sections: source.sections.map((section) => ({ version: section.version, language: section.language, name: section.name, items: navItems(section.items, ids) })),
    terms: Object.fromEntries([...postings].map(([word, list]) => [word, encodePostings(list)])),
  };
}

/** Where a page's Markdown copy is, relative to the built site's root. */
export const markdownPath = (url: string) => markdownUrl(url).slice(1);

/** A page's words, each with its weight (side by side), and how many words its text has: plain data, to be cached. */
export interface PageWords {
  words: string[];
  weights: number[];
  count: number;
}

/** Each word of a page and its weight: the sum over where it appears, a title counting most. */
export function pageWords(page: Pick<McpSourcePage, 'title' | 'description' | 'keywords'>, markdown: string): PageWords {
  const { byWord, count } = pageWeights(page.title, page.description, markdown, page.keywords);
  return { words: [...byWord.keys()], weights: [...byWord.values()], count };
}

function pageWeights(title: string, description: string | undefined, markdown: string, keywords: readonly string[] = []): { byWord: Map<string, number>; count: number } {
  const byWord = new Map<string, number>();
  const add = (text: string, weight: number) => {
    const found = words(text);
    for (const word of found) byWord.set(word, (byWord.get(word) ?? 0) + weight);
    return found.length;
  };
  add(title, WEIGHTS.title);
  // Frontmatter `keywords`: words the page is found by that it does not show, as strong as its title.
  add(keywords.join('\n'), WEIGHTS.title);
  if (description) add(description, WEIGHTS.description);
  const headings: string[] = [];
  const text: string[] = [];
  for (const line of bodyOf(markdown, description).split('\n')) (/^#{2,6}\s/.test(line) ? headings : text).push(line);
  const count = add(headings.join('\n'), WEIGHTS.heading) + add(text.join('\n'), WEIGHTS.text);
  return { byWord, count };
}

/** A Markdown copy without the title and description it opens with (`pageMarkdown`), which the index has apart. */
export function bodyOf(markdown: string, description: string | undefined): string {
  // By offsets, not by splitting the copy into lines: each search quotes up to 20 pages.
  const next = (from: number) => {
    const end = markdown.indexOf('\n', from);
    return end < 0 ? markdown.length + 1 : end + 1;
  };
  let at = markdown.startsWith('# ') ? next(0) : 0;
  while (at <= markdown.length && next(at) === at + 1) at++;
  if (description) while (at <= markdown.length && markdown.startsWith('>', at)) at = next(at);
  return markdown.slice(at);
}

function encodePostings(list: number[]): string {
  const parts: string[] = [];
  let previous = 0;
  for (let i = 0; i < list.length; i += 2) {
    parts.push(`${(list[i]! - previous).toString(36)}:${list[i + 1]!.toString(36)}`);
    previous = list[i]!;
  }
  return parts.join(' ');
}

/** A word's postings: page ids and weights, side by side. */
export function decodePostings(encoded: string): Int32Array {
  const parts = encoded.split(' ');
  const pairs = new Int32Array(parts.length * 2);
  let id = 0;
  parts.forEach((part, index) => {
    const colon = part.indexOf(':');
    id += Number.parseInt(part.slice(0, colon), 36);
    pairs[index * 2] = id;
    pairs[index * 2 + 1] = Number.parseInt(part.slice(colon + 1), 36);
  });
  return pairs;
}

/** The sidebar as the index keeps it: indexable pages by id, groups that hold any. */
function navItems(sidebar: readonly McpSourceItem[], ids: ReadonlyMap<string, number>): McpNavItem[] {
  const items: McpNavItem[] = [];
  for (const item of sidebar) {
    if (typeof item === 'string') {
      const id = ids.get(item);
      if (id !== undefined) items.push(id);
      continue;
    }
    const children = navItems(item.items, ids);
    const root = item.url === undefined ? undefined : ids.get(item.url);
    if (root !== undefined && !children.includes(root)) children.unshift(root);
    if (children.length) items.push({ group: item.group, items: children });
  }
  return items;
}
