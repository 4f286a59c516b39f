/**
 * The checks of llms.txt and llms-full.txt (llmstxt.org), by the ids of Mintlify's `mint
 * score`: that each is served, its size, its format, its links, and llms.txt's directions.
 */
import { LLMS_TXT_CHARACTERS } from '../discovery/llms.ts';
import { linksResolve, ok, plural, type AgentCheck, type Finding, type ProbedSite } from './check-kit.ts';
import { llmsDirectives, llmsLinks, markdownTargets, validateLlmsTxt } from './llms-txt-format.ts';
import { sitePath } from './site-probe.ts';

/** Past this, llms-full.txt no longer fits what agents read at once. */
export const LLMS_FULL_LIMIT = 10 * 1024 * 1024;

const llms = (site: ProbedSite) => site.text('/llms.txt');
const llmsFull = (site: ProbedSite) => site.text('/llms-full.txt', { maxBytes: LLMS_FULL_LIMIT + 1 });
/**
 * The links llms.txt lists in its sections: not those of the text before them, which may name
 * an endpoint (an MCP server), nor the "Optional" section's, which lead out of the site.
 */
const listedLinks = (text: string) => llmsLinks(text).filter((link) => link.section !== '' && link.section.toLowerCase() !== 'optional');
const llmsText = async (site: ProbedSite) => (await llms(site))!.body;

export const LLMS_TXT_CHECKS: AgentCheck[] = [
  {
    id: 'llmsTxtExists',
    weight: 10,
    run: async (site) => ok((await llms(site)) !== undefined, 'llms.txt is served at the root of the site.', 'There is no llms.txt at the root of the site.'),
  },
  {
    id: 'llmsTxtValid',
    weight: 5,
    after: 'llmsTxtExists',
    run: async (site) => {
      const problems = validateLlmsTxt(await llmsText(site));
      const findings = problems.map((problem) => ({ file: 'llms.txt', ...problem }));
      return ok(problems.length === 0, 'llms.txt has a title, a summary and sections of Markdown links.', `llms.txt breaks the llmstxt.org format in ${plural(problems.length, 'place')}.`, findings);
    },
  },
  {
    id: 'llmsTxtSize',
    weight: 3,
    after: 'llmsTxtExists',
    run: async (site) => {
      const response = (await llms(site))!;
      const size = response.truncated ? (response.size ?? Infinity) : response.body.length;
      const shown = Number.isFinite(size) ? plural(size, 'character') : 'more than 2 MiB';
      return ok(size <= LLMS_TXT_CHARACTERS, `llms.txt holds ${shown}, within ${plural(LLMS_TXT_CHARACTERS, 'character')}.`, `llms.txt holds ${shown}, past ${plural(LLMS_TXT_CHARACTERS, 'character')}: agents cut it short.`);
    },
  },
  {
    id: 'llmsTxtLinksResolve',
    weight: 5,
    after: 'llmsTxtExists',
    run: async (site) => {
      return linksResolve(site, 'llms.txt', listedLinks(await llmsText(site)));
    },
  },
  {
    id: 'llmsTxtLinksMarkdown',
    weight: 4,
    after: 'llmsTxtExists',
    run: async (site) => {
      const links = listedLinks(await llmsText(site));
      const findings = links.flatMap((link): Finding[] => {
        if (!link.markdown) return [{ file: 'llms.txt', line: link.line, message: `${link.url} is a bare address: write it as a Markdown link, [Title](url).` }];
        const path = sitePath(site.probe, link.url);
        const page = path !== undefined && !/\.[a-z0-9]+$/i.test(path.split('?')[0]!.replace(/\.html$/i, ''));
        return page ? [{ file: 'llms.txt', line: link.line, message: `${link.url} leads to the HTML page: link its Markdown (.md) instead.` }] : [];
      });
      return ok(findings.length === 0, `The ${plural(links.length, 'link')} of llms.txt are Markdown links, to the pages' Markdown.`, `${plural(findings.length, 'link')} of llms.txt are bare or lead to HTML pages.`, findings);
    },
  },
  {
    id: 'llmsTxtDirective',
    weight: 3,
    after: 'llmsTxtExists',
    run: async (site) => {
      const directives = llmsDirectives(await llmsText(site));
      return ok(
        directives.length > 0,
        `llms.txt tells agents how to use it, in ${plural(directives.length, 'line')} before its sections.`,
        'llms.txt has no directions for agents between its summary and its sections (docs.json `markdown.instructions`, or text on how to read the files).',
      );
    },
  },
];

export const LLMS_FULL_CHECKS: AgentCheck[] = [
  {
    id: 'llmsTxtFullExists',
    weight: 8,
    run: async (site) => ok((await llmsFull(site)) !== undefined, 'llms-full.txt is served at the root of the site.', 'There is no llms-full.txt at the root of the site.'),
  },
  {
    id: 'llmsTxtFullSize',
    weight: 3,
    after: 'llmsTxtFullExists',
    run: async (site) => {
      const response = (await llmsFull(site))!;
      const size = response.size ?? (response.truncated ? Infinity : Buffer.byteLength(response.body));
      const shown = Number.isFinite(size) ? `${(size / 1024 / 1024).toFixed(1)} MiB` : 'more than 10 MiB';
      return ok(size <= LLMS_FULL_LIMIT, `llms-full.txt is ${shown}, within 10 MiB.`, `llms-full.txt is ${shown}, past the 10 MiB an agent can take in.`);
    },
  },
  {
    id: 'llmsTxtFullValid',
    weight: 3,
    after: 'llmsTxtFullExists',
    run: async (site) => {
      const headings = ((await llmsFull(site))!.body.match(/^#{1,6} \S/gm) ?? []).length;
      return ok(headings > 0, `llms-full.txt is Markdown, with ${plural(headings, 'heading')}.`, 'llms-full.txt has no Markdown headings: its pages cannot be told apart.');
    },
  },
  {
    id: 'llmsTxtFullLinksResolve',
    weight: 4,
    after: 'llmsTxtFullExists',
    run: async (site) => {
      return linksResolve(site, 'llms-full.txt', fullTextLinks((await llmsFull(site))!.body));
    },
  },
];

/** The links of llms-full.txt: its pages' `Source:` lines and the Markdown links of their text, outside code. */
export function fullTextLinks(text: string): Array<{ url: string; line: number }> {
  const links: Array<{ url: string; line: number }> = [];
  let fence: string | undefined;
  // A large site's file has hundreds of thousands of lines, most with no fence, source or
  // link: the expressions run only on the lines that may hold one.
  text.split('\n').forEach((line, index) => {
    const marker = line.includes('```') || line.includes('~~~') ? /^\s*(`{3,}|~{3,})/.exec(line)?.[1] : undefined;
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? undefined : marker;
    if (fence || marker) return;
    const source = line.startsWith('Source:') ? /^Source:\s*(\S+)\s*$/.exec(line)?.[1] : undefined;
    if (source) links.push({ url: source, line: index + 1 });
    const prose = line.includes('`') ? line.replace(/`[^`]*`/g, '') : line;
    if (prose.includes('](')) for (const url of markdownTargets(prose)) links.push({ url, line: index + 1 });
  });
  return links;
}
