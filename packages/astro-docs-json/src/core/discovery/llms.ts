/**
 * `discovery/`: the files by which crawlers, AI systems, feed readers and the search box
 * find the site's pages: llms.txt (`llms.ts`), robots.txt (`robots.ts`), changelog feeds
 * (`rss.ts`), and the cut of the pages into search indexes (`search-shards.ts`).
 *
 * llms.txt (llmstxt.org): an index of the site for AI systems. `# name`, `> description`,
 * then one H2 section per division and top-level group of the default version and
 * language, listing its indexable pages as links to their Markdown; then the OpenAPI
 * specs, and the links out of the site under `## Optional`.
 */
import type { PageView, Section, SidebarItem, SiteModel } from '../site/site-model.ts';
import { hrefFor, isExternal } from '../paths/href.ts';
import { markdownUrl } from '../paths/page-path.ts';
import { mcpLlmsLine, type McpConnection } from '../contextual/mcp-connection.ts';

const DESCRIPTION_LIMIT = 300;

/** `mcp`: the site's MCP server, named after the description. */
export function buildLlmsTxt(model: SiteModel, siteUrl: string | undefined, base = '', mcp?: McpConnection): string {
  const absolute = (url: string) => `${siteUrl ?? ''}${hrefFor(url, base)}`;
  const pages = new Map(model.pages.map((page) => [page.url, page]));
  const listed = new Set<string>();
  const item = (page: PageView) => {
    listed.add(page.url);
    const description = page.description?.replace(/\s+/g, ' ').trim();
    return `- [${escapeLabel(page.title)}](${absolute(markdownUrl(page.url))})${description ? `: ${description.slice(0, DESCRIPTION_LIMIT)}` : ''}`;
  };

  const lines = [`# ${model.name}`];
  if (model.description) lines.push('', `> ${model.description.replace(/\s+/g, ' ').trim()}`);
  if (model.agentInstructions) lines.push('', model.agentInstructions);
  if (mcp) lines.push('', mcpLlmsLine(mcp));

  const isDefaultScope = (scope: { version: string | null; language: string | null }) =>
    scope.version === model.defaultVersion && scope.language === model.defaultLanguage;
  for (const section of model.sections.filter(isDefaultScope)) {
    for (const { title, urls } of sectionLists(section)) {
      const items = urls.flatMap((url) => {
        const page = pages.get(url);
        return page?.indexable && !listed.has(url) ? [item(page)] : [];
      });
      if (items.length) lines.push('', `## ${title}`, '', ...items);
    }
  }
  const others = model.pages.filter((page) => page.indexable && !listed.has(page.url) && isDefaultScope(page));
  if (others.length) lines.push('', '## Other pages', '', ...others.map(item));
  if (model.specs.length) {
    lines.push('', '## OpenAPI Specs', '', ...model.specs.map((spec) => `- [${escapeLabel(specLabel(spec))}](${isExternal(spec) ? spec : absolute(`/${spec}`)})`));
  }
  if (model.externalLinks.length) {
    lines.push('', '## Optional', '', ...model.externalLinks.map((link) => `- [${escapeLabel(link.name)}](${link.url})`));
  }
  return `${lines.join('\n')}\n`;
}

const escapeLabel = (label: string) => label.replace(/([[\]])/g, '\\$1');

/**
 * A section's pages in navigation order, under H2 titles: the section's divisions, then
 * each top-level group (nested groups belong to their top-level group's list).
 */
export function sectionLists(section: Section): Array<{ title: string; urls: string[] }> {
  const names: string[] = [];
  for (const switcher of section.switchers) {
    const current = switcher.items.find((candidate) => candidate.current)?.name;
    if (current && names.at(-1) !== current) names.push(current);
  }
  const prefix = names.join(' - ');
  const lists: Array<{ title: string; urls: string[] }> = [];
  const loose: string[] = [];
  const urlsOf = (items: readonly SidebarItem[]): string[] =>
    items.flatMap((entry) => (entry.type === 'page' ? [entry.url] : [...(entry.url ? [entry.url] : []), ...urlsOf(entry.items)]));
  for (const entry of section.sidebar) {
    if (entry.type === 'page') loose.push(entry.url);
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
