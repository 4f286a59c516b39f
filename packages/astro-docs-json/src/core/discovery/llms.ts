/**
 * llms.txt (llmstxt.org): an index of the site for AI systems. `# name`, `> description`,
 * then one H2 section per division and top-level group of the default version and
 * language, listing its indexable pages as links to their Markdown; then the OpenAPI
 * specs and the AsyncAPI documents, and the links out of the site under `## Optional`.
 */
import { pagesToRead, sectionTitle } from '../site/reading-order.ts';
import type { PageView, Section, SidebarItem, SiteModel } from '../site/site-model.ts';
import { hrefFor, isExternal } from '../paths/href.ts';
import { markdownUrl } from '../paths/page-path.ts';
import { mcpLlmsLine, type McpConnection } from '../contextual/mcp-connection.ts';

const DESCRIPTION_LIMIT = 300;
/** Mintlify's limit for the llms.txt it writes: past it, descriptions are shortened, then pages left out. */
export const LLMS_TXT_CHARACTERS = 100_000;

interface ListEntry {
  label: string;
  url: string;
  description?: string;
}

interface ListSection {
  title: string;
  entries: ListEntry[];
  /** Pages of the site, which may be left out for size; not the specs and links out. */
  pages: boolean;
}

/** `mcp`: the site's MCP server, named after the description. */
export function buildLlmsTxt(model: SiteModel, siteUrl: string | undefined, base = '', mcp?: McpConnection): string {
  const absolute = (url: string) => `${siteUrl ?? ''}${hrefFor(url, base)}`;
  const pages = new Map(model.pages.map((page) => [page.url, page]));
  const summary = model.description ?? pages.get('/')?.description ?? `The documentation of ${model.name}.`;
  const head = [`# ${model.name}`, '', `> ${summary.replace(/\s+/g, ' ').trim()}`];
  if (model.agentInstructions) head.push('', model.agentInstructions);
  head.push('', `Each page below is linked as Markdown; [llms-full.txt](${absolute('/llms-full.txt')}) holds all of them in one file.`);
  if (mcp) head.push('', mcpLlmsLine(mcp));
  const sections = pageSections(model, pages, absolute);
  if (model.specs.length) {
    sections.push({ title: 'OpenAPI Specs', pages: false, entries: model.specs.map((spec) => ({ label: specLabel(spec), url: isExternal(spec) ? spec : absolute(`/${spec}`) })) });
  }
  if (model.asyncSpecs.length) {
    sections.push({ title: 'AsyncAPI Specs', pages: false, entries: model.asyncSpecs.map((spec) => ({ label: specLabel(spec), url: absolute(`/${spec}`) })) });
  }
  if (model.externalLinks.length) sections.push({ title: 'Optional', pages: false, entries: model.externalLinks.map((link) => ({ label: link.name, url: link.url })) });
  return fitLlmsTxt(head, sections, LLMS_TXT_CHARACTERS);
}

/** The indexable pages of the default version and language, by navigation section, then the rest. */
function pageSections(model: SiteModel, pages: Map<string, PageView>, absolute: (url: string) => string): ListSection[] {
  const listed = new Set<string>();
  const entry = (page: PageView): ListEntry => {
    listed.add(page.url);
    const description = page.description?.replace(/\s+/g, ' ').trim().slice(0, DESCRIPTION_LIMIT);
    return { label: page.title, url: absolute(markdownUrl(page.url)), ...(description ? { description } : {}) };
  };
  const isDefaultScope = (scope: { version: string | null; language: string | null }) =>
    scope.version === model.defaultVersion && scope.language === model.defaultLanguage;
  const sections: ListSection[] = [];
  for (const section of model.sections.filter(isDefaultScope)) {
    for (const { title, urls } of sectionLists(section)) {
      const entries = urls.flatMap((url) => {
        const page = pages.get(url);
        return page?.indexable && !listed.has(url) ? [entry(page)] : [];
      });
      if (entries.length) sections.push({ title, entries, pages: true });
    }
  }
  const others = model.pages.filter((page) => page.indexable && !listed.has(page.url) && isDefaultScope(page));
  if (others.length) sections.push({ title: 'Other pages', entries: others.map(entry), pages: true });
  return sections;
}

/**
 * The file within `limit` characters, as Mintlify keeps its own: the pages' descriptions
 * shortened first, then the last pages left out, with a line saying how many. Each try is
 * measured from the lines' lengths, and only the one kept is written out: a site of 10,000
 * pages wrote the whole list three times over (0.1 s of every build).
 */
export function fitLlmsTxt(head: string[], sections: ListSection[], limit: number): string {
  // Each entry's line but its description, once.
  const starts = new Map(sections.flatMap((section) => section.entries).map((entry) => [entry, `- [${escapeLabel(entry.label)}](${entry.url})`]));
  const line = (entry: ListEntry, descriptionLimit: number) => {
    const description = entry.description?.slice(0, descriptionLimit);
    return `${starts.get(entry)!}${description ? `: ${description}` : ''}`;
  };
  const lineLength = (entry: ListEntry, descriptionLimit: number) => {
    const description = Math.min(entry.description?.length ?? 0, descriptionLimit);
    return starts.get(entry)!.length + (description ? description + 2 : 0);
  };
  // The sections that list entries, with those they list.
  const listed = (kept: Set<ListEntry> | undefined) =>
    sections.map((section) => ({ title: section.title, entries: section.entries.filter((entry) => !kept || !section.pages || kept.has(entry)) })).filter((section) => section.entries.length);
  const titled = (title: string) => ['', `## ${title}`, ''];
  const render = (descriptionLimit: number, kept: Set<ListEntry> | undefined, note: string[]) =>
    `${[...head, ...note, ...listed(kept).flatMap(({ title, entries }) => [...titled(title), ...entries.map((entry) => line(entry, descriptionLimit))])].join('\n')}\n`;
  // The length `render(descriptionLimit, undefined, [])` has: each line's, and its newline.
  const linesLength = (lines: string[]) => lines.reduce((sum, text) => sum + text.length + 1, 0);
  const size = (descriptionLimit: number) => {
    let length = linesLength(head);
    for (const { title, entries } of listed(undefined)) {
      length += linesLength(titled(title));
      for (const entry of entries) length += lineLength(entry, descriptionLimit) + 1;
    }
    return length;
  };
  for (const descriptionLimit of [DESCRIPTION_LIMIT, 100, 0]) {
    if (size(descriptionLimit) <= limit) return render(descriptionLimit, undefined, []);
  }
  // Leaves out the last pages until the rest fits, with room for the note.
  const all = sections.filter((section) => section.pages).flatMap((section) => section.entries);
  const kept = new Set(all);
  let length = size(0) + 200;
  for (let index = all.length - 1; index >= 0 && length > limit; index--) {
    kept.delete(all[index]!);
    length -= lineLength(all[index]!, 0) + 1;
  }
  const left = all.length - kept.size;
  const note = ['', `This list leaves out the last ${left} of its ${all.length} pages, to stay within ${limit.toLocaleString('en-US')} characters; llms-full.txt and the sitemap have them all.`];
  return render(0, kept, note);
}

const escapeLabel = (label: string) => label.replace(/([[\]])/g, '\\$1');

/**
 * A section's pages in navigation order, under H2 titles: the section's divisions, then
 * each top-level group (nested groups belong to their top-level group's list).
 */
export function sectionLists(section: Section): Array<{ title: string; urls: string[] }> {
  const prefix = sectionTitle(section);
  const lists: Array<{ title: string; urls: string[] }> = [];
  const loose: string[] = [];
  const urlsOf = (items: readonly SidebarItem[]): string[] => pagesToRead(items).map((page) => page.url);
  for (const entry of section.sidebar) {
    // A link is no page of the section's, even where it leads to one (`externalLinks` lists those out of the site).
    if (entry.type === 'page') loose.push(...urlsOf([entry]));
    else {
      const last = prefix.split(' - ').at(-1)?.toLowerCase();
      const title = prefix && last !== entry.title.toLowerCase() ? `${prefix} - ${entry.title}` : prefix || entry.title;
      lists.push({ title, urls: urlsOf([entry]) });
    }
  }
  return loose.length ? [{ title: prefix || 'Docs', urls: loose }, ...lists] : lists;
}

/** A spec's file name; a spec named by URL is linked where it is served, by its last path segment. */
function specLabel(spec: string): string {
  return spec.replace(/[?#].*$/, '').replace(/\/+$/, '').split('/').pop() || spec;
}

/**
 * A page as llms-full.txt holds it: its Markdown with, under its title, the address it is
 * read at (`Source:`), so that an agent can cite and fetch it.
 */
export function llmsFullPage(markdown: string, source: string): string {
  const title = /^# .*\n/.exec(markdown);
  return title ? `${title[0]}Source: ${source}\n${markdown.slice(title[0].length)}` : `Source: ${source}\n\n${markdown}`;
}
