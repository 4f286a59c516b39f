/**
 * Content negotiation for pages, as Mintlify answers it: a page's URL asked with
 * `Accept: text/markdown` (or `text/plain`) answers the page's Markdown copy instead of
 * its HTML. What is decided here (which form a request prefers, which file holds a page's
 * Markdown, the headers that say so) is the same for every server that answers: the node
 * adapter's (`astro/server/`), `astro dev` and the command line's preview.
 *
 * Also the discovery headers Mintlify sends with every page: `Link` to the site's files
 * for machines (llms.txt, llms-full.txt, the MCP server card, the agent skills index), and
 * `X-Llms-Txt`.
 *
 * The package exports this module as `astro-docs-json/negotiation`, for the code a static
 * host runs in front of its files (a Cloudflare Pages Function, Vercel's Routing
 * Middleware; example-site/discoverability/ai/content-negotiation.mdx has both): it
 * imports nothing but `paths/page-path.ts`, which imports nothing.
 */
import { markdownUrl } from '../paths/page-path.ts';

/** The forms a page is served in: its HTML, or its Markdown copy as Markdown or as plain text. */
export type PageFormat = 'html' | 'markdown' | 'plain';

/** Each form's media type; in this order, the preference among forms a request weighs alike. */
const MEDIA_TYPES: ReadonlyArray<readonly [PageFormat, string]> = [
  ['html', 'text/html'],
  ['markdown', 'text/markdown'],
  ['plain', 'text/plain'],
];

export const CONTENT_TYPES: Readonly<Record<PageFormat, string>> = {
  html: 'text/html; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  plain: 'text/plain; charset=utf-8',
};

/** One media range of an Accept header: `type/subtype` (either may be `*`) and its weight. */
interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** Clients send short Accept headers: a longer one is read this far only, so that no request costs much to parse. */
const MAX_ACCEPT_LENGTH = 4096;

/**
 * The form a request's `Accept` header prefers (RFC 9110, section 12.5.1): each form takes
 * the weight of the most specific range that matches it (`text/markdown` before `text/*`
 * before `*\/*`), and the heaviest wins. Ties go to HTML, so that a browser, which names
 * `text/html` and then `*\/*`, keeps its pages; so does a request with no header, one that
 * accepts none of the three, and one that names only types of its own. A range that cannot
 * be read (no subtype, a weight that is no number from 0 to 1) is left out.
 */
export function preferredPageFormat(accept: string | null | undefined): PageFormat {
  const ranges = parseAccept(accept ?? '');
  let best: PageFormat = 'html';
  let bestQ = 0;
  for (const [format, mediaType] of MEDIA_TYPES) {
    const q = weightOf(mediaType, ranges);
    if (q > bestQ) [best, bestQ] = [format, q];
  }
  return best;
}

/** The media ranges of an Accept header, in their order, without those that cannot be read. */
export function parseAccept(accept: string): MediaRange[] {
  // Commas inside quoted parameter values do not separate ranges.
  const elements = accept.slice(0, MAX_ACCEPT_LENGTH).match(/(?:[^,"]|"(?:\\.|[^"\\])*")+/g) ?? [];
  return elements.flatMap((element) => {
    const [range = '', ...parameters] = element.split(';').map((part) => part.trim());
    const match = /^([a-z0-9!#$&^_.+-]+|\*)\/([a-z0-9!#$&^_.+-]+|\*)$/i.exec(range);
    if (!match || (match[1] === '*' && match[2] !== '*')) return [];
    const q = weightParameter(parameters);
    return q === undefined ? [] : [{ type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), q }];
  });
}

/** The range's `q`: 1 when absent, undefined when it is not a weight (RFC 9110: 0 to 1, three decimals at most). */
function weightParameter(parameters: readonly string[]): number | undefined {
  const weight = parameters.find((parameter) => /^q\s*=/i.test(parameter));
  if (weight === undefined) return 1;
  const value = weight.slice(weight.indexOf('=') + 1).trim();
  return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : undefined;
}

/** The weight a request gives `mediaType`: that of the most specific range that matches it, else 0. */
function weightOf(mediaType: string, ranges: readonly MediaRange[]): number {
  const [type, subtype] = mediaType.split('/');
  let specificity = -1;
  let q = 0;
  for (const range of ranges) {
    const rank = range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' ? 0 : -1;
    // Of two ranges as specific, the first counts, as most servers read a repeated one.
    if (rank > specificity) [specificity, q] = [rank, range.q];
  }
  return q;
}

/**
 * Where the Markdown copy of the page at a request's `pathname` is, from the site's root
 * (without `base`): `/guides/intro.md` for `/guides/intro` or `/guides/intro/`, `/index.md`
 * for the root. Undefined for a path outside `base`, one that cannot be decoded, one with
 * `.` or `..` segments, a `.md` path already, and any path that `isPage` (given the page's
 * URL, decoded and without `base`) says is no page: assets keep their own answers.
 */
export function pageMarkdownPath(pathname: string, base: string, isPage: (url: string) => boolean): string | undefined {
  const root = base.replace(/\/+$/, '');
  if (root && pathname !== root && !pathname.startsWith(`${root}/`)) return undefined;
  let url: string;
  try {
    url = decodeURIComponent(pathname.slice(root.length));
  } catch {
    return undefined;
  }
  url = url.replace(/\/+$/, '') || '/';
  if (!url.startsWith('/') || /[\\\0]/.test(url) || /\.md$/i.test(url)) return undefined;
  if (url.split('/').some((segment) => segment === '.' || segment === '..')) return undefined;
  return isPage(url) ? markdownUrl(url) : undefined;
}

/** Where the MCP server card is, when the site serves an MCP server over HTTP (`core/mcp/server-card.ts`). */
export const MCP_SERVER_CARD_PATH = '/.well-known/mcp/server-card.json';

/** A file for machines that a page's `Link` header names, by its `rel`, when the site publishes it. */
const DISCOVERY_FILES: ReadonlyArray<readonly [path: string, rel: string]> = [
  ['/llms.txt', 'llms-txt'],
  ['/llms-full.txt', 'llms-full-txt'],
  [MCP_SERVER_CARD_PATH, 'mcp-server-card'],
  ['/.well-known/agent-skills/index.json', 'agent-skills'],
];

/**
 * The headers of every negotiable page response: `Vary: Accept`, since the same URL answers
 * HTML or Markdown; `Link` to each file for machines that `published` says the site has (its
 * path from the site's root), at its URL under `base`; and `X-Llms-Txt`.
 */
export function pageResponseHeaders(base: string, published: (path: string) => boolean): Record<string, string> {
  const root = base.replace(/\/+$/, '');
  const links = DISCOVERY_FILES.filter(([path]) => published(path)).map(([path, rel]) => `<${root}${path}>; rel="${rel}"`);
  return {
    Vary: 'Accept',
    ...(links.length ? { Link: links.join(', ') } : {}),
    ...(published('/llms.txt') ? { 'X-Llms-Txt': `${root}/llms.txt` } : {}),
  };
}
