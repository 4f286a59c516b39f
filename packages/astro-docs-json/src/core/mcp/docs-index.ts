/**
 * What the MCP server's tools read (`_docs/mcp.json`), written once at build time from the
 * pages' Markdown copies, so that a request does no MDX work: the searchable pages, the
 * navigation of each version and language, and an inverted index of their words, weighted
 * by where a word is (a title over a heading over the description over the text).
 */
import { markdownUrl } from '../paths/page-path.ts';
import type { Section, SidebarItem, SiteModel } from '../site/site-model.ts';

export const MCP_INDEX_PATH = '_docs/mcp.json';
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
/** Words too common to tell pages apart. */
const STOPWORDS = new Set(
  'a an and are as at be but by can do does for from has have how if in into is it its may more not of on or our so than that the their then there these they this to use used uses using was we what when where which will with you your'.split(' '),
);
const MAX_WORD = 40;

/** A text's words, as the index and searches read them: lower case, without accents or a plural `s`. */
export function words(text: string): string[] {
  let lower = text.toLowerCase();
  // Most text of most sites is ASCII, which neither has accents nor needs Unicode's classes.
  const ascii = !/[^\x00-\x7f]/.test(lower);
  if (!ascii) lower = lower.normalize('NFKD').replace(/\p{M}/gu, '');
  const result: string[] = [];
  for (const raw of lower.split(ascii ? /[^a-z0-9_]+/ : /[^\p{L}\p{N}_]+/u)) {
    if (raw.length < 2 || raw.length > MAX_WORD || STOPWORDS.has(raw)) continue;
    result.push(raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw);
  }
  return result;
}

/**
 * The index of a site's searchable pages (`isSearchable`), from their Markdown copies (`markdownOf`, undefined
 * for a page that has none). Pages are read one at a time, so that memory holds the index,
 * not the site's text.
 */
export async function buildMcpIndex(
  model: SiteModel,
  address: { site?: string; base: string },
  markdownOf: (url: string) => Promise<string | undefined>,
): Promise<McpIndex> {
  const pages: McpPage[] = [];
  const ids = new Map<string, number>();
  const postings = new Map<string, number[]>();
  const sectionNames = new Map(model.sections.map((section) => [section.id, sectionName(model, section)]));
  for (const view of model.pages) {
    if (!view.searchable) continue;
    const markdown = await markdownOf(view.url);
    if (markdown === undefined) continue;
    const id = pages.length;
    const weights = pageWeights(view.title, view.description, markdown, view.keywords);
    for (const [word, weight] of weights.byWord) {
      let list = postings.get(word);
      if (!list) postings.set(word, (list = []));
      // docs.json's and the frontmatter's `boost` multiply a page's weights, which stay whole numbers.
      list.push(id, Math.max(1, Math.round(weight * (view.searchBoost ?? 1))));
    }
    ids.set(view.url, id);
    pages.push({
      url: view.url,
      title: view.title,
      ...(view.description ? { description: view.description } : {}),
      version: view.version,
      language: view.language,
      section: sectionNames.get(view.section) ?? model.name,
      words: weights.count,
    });
  }
  return {
    format: MCP_INDEX_FORMAT,
    site: {
      name: model.name,
      ...(model.description ? { description: model.description } : {}),
      ...(address.site ? { url: new URL(address.site).origin } : {}),
      base: address.base,
      versions: model.versions.map((version) => version.name),
      languages: model.languages.map((language) => language.code),
      defaultVersion: model.defaultVersion,
      defaultLanguage: model.defaultLanguage,
    },
    pages,
    sections: model.sections.map((section) => ({
      version: section.version,
      language: section.language,
      name: sectionNames.get(section.id)!,
      items: navItems(section.sidebar, ids),
    })),
    terms: Object.fromEntries([...postings].map(([word, list]) => [word, encodePostings(list)])),
  };
}

/** Where a page's Markdown copy is, relative to the built site's root. */
export const markdownPath = (url: string) => markdownUrl(url).slice(1);

/** Each word of a page and its weight: the sum over where it appears, a title counting most. */
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
  const lines = markdown.split('\n');
  let at = lines[0]?.startsWith('# ') ? 1 : 0;
  while (lines[at] === '') at++;
  if (description) while (lines[at]?.startsWith('>')) at++;
  return lines.slice(at).join('\n');
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

/** A section's name: its division's (the tab, anchor...), or the site's. */
function sectionName(model: SiteModel, section: Section): string {
  return section.switchers.at(-1)?.items.find((item) => item.current)?.name ?? model.name;
}

/** The sidebar as the index keeps it: indexable pages by id, groups that hold any. */
function navItems(sidebar: SidebarItem[], ids: ReadonlyMap<string, number>): McpNavItem[] {
  const items: McpNavItem[] = [];
  for (const item of sidebar) {
    if (item.type === 'page') {
      const id = ids.get(item.url);
      if (id !== undefined) items.push(id);
      continue;
    }
    const children = navItems(item.items, ids);
    const root = item.url === undefined ? undefined : ids.get(item.url);
    if (root !== undefined && !children.includes(root)) children.unshift(root);
    if (children.length) items.push({ group: item.title, items: children });
  }
  return items;
}
