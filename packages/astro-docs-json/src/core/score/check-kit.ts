/**
 * What the agent checks share: a check's shape and outcome, the site asked once per path
 * (`ProbedSite`), and the checking of a file's links into the site.
 */
import { mapBounded } from '../map-bounded.ts';
import { sitePath, type ProbeRequest, type ProbeResponse, type SiteProbe } from './site-probe.ts';

export interface Finding {
  file?: string;
  page?: string;
  line?: number;
  column?: number;
  message: string;
}

/** `pass: null`: the check could not be run here (it needs a server). */
export interface Outcome {
  pass: boolean | null;
  detail: string;
  findings?: Finding[];
}

export interface AgentCheck {
  id: string;
  weight: number;
  after?: string;
  run: (site: ProbedSite) => Promise<Outcome>;
}

/** Against a server, links checked per file: an even sample of them. */
export const LINKS_CHECKED_ON_A_SERVER = 100;

/** The site, with each path fetched once however many checks ask for it. */
export class ProbedSite {
  private readonly responses = new Map<string, Promise<ProbeResponse | undefined>>();
  readonly probe: SiteProbe;
  constructor(probe: SiteProbe) {
    this.probe = probe;
  }

  get(path: string, request: ProbeRequest = {}): Promise<ProbeResponse | undefined> {
    const key = `${path} ${request.accept ?? ''} ${request.maxBytes ?? ''}`;
    let response = this.responses.get(key);
    if (!response) this.responses.set(key, (response = this.probe.get(path, request)));
    return response;
  }

  /** The path answered 200 with something other than an HTML page (a text file, not a 404 page). */
  async text(path: string, request: ProbeRequest = {}): Promise<ProbeResponse | undefined> {
    const response = await this.get(path, request);
    return response?.status === 200 && !looksLikeHtml(response) ? response : undefined;
  }
}

export const looksLikeHtml = (response: ProbeResponse) => /html/i.test(response.headers['content-type'] ?? '') || /^\s*<(!doctype|html)/i.test(response.body);
export const ok = (pass: boolean, passed: string, failed: string, findings?: Finding[]): Outcome => ({ pass, detail: pass ? passed : failed, ...(findings?.length ? { findings } : {}) });
export const needsServer = (what: string): Outcome => ({ pass: null, detail: `Needs a server: ${what}. Run \`score\` against the served site's URL.` });
export const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The links of a file that lead into the site (those with a site path), once each, with where they are written. */
function siteLinks(links: Array<{ url: string; line: number; path: string | undefined }>): Array<{ url: string; line: number; path: string }> {
  const seen = new Set<string>();
  return links.flatMap(({ path, ...link }) => {
    if (path === undefined || path === '' || seen.has(path)) return [];
    seen.add(path);
    return [{ ...link, path }];
  });
}

/** Which of the links lead nowhere; a server is asked about an even sample of them. */
async function brokenLinks(site: ProbedSite, file: string, links: Array<{ url: string; line: number; path: string }>): Promise<{ checked: number; broken: Finding[] }> {
  const limit = site.probe.kind === 'server' ? LINKS_CHECKED_ON_A_SERVER : links.length;
  const step = Math.max(1, links.length / limit);
  const sample = Array.from({ length: Math.min(limit, links.length) }, (_, index) => links[Math.floor(index * step)]!);
  const answers = await mapBounded(sample, 8, (link) => site.probe.exists(link.path));
  const broken = sample.filter((_, index) => !answers[index]).map((link) => ({ file, line: link.line, message: `${link.url} leads to no page or file.` }));
  return { checked: sample.length, broken };
}

/** Whether the links of a file into the site lead somewhere; those to other sites are counted, not followed. */
export async function linksResolve(site: ProbedSite, file: string, links: Array<{ url: string; line: number }>): Promise<Outcome> {
  // Each link's site path worked out once: a large site's llms-full.txt has tens of thousands of links.
  const located = links.map((link) => ({ ...link, path: sitePath(site.probe, link.url) }));
  const inside = siteLinks(located);
  const outside = located.filter((link) => link.path === undefined && /^https?:/i.test(link.url)).length;
  const { checked, broken } = await brokenLinks(site, file, inside);
  const sampled = checked < inside.length ? ` (a sample of ${checked} of ${inside.length})` : '';
  const others = outside ? `; ${plural(outside, 'link')} to other sites not followed` : '';
  return ok(
    broken.length === 0,
    `All ${plural(checked, 'link')} of ${file} into the site lead to a page or file${sampled}${others}.`,
    `${broken.length} of the ${plural(checked, 'link')} of ${file} into the site lead nowhere${sampled}.`,
    broken,
  );
}

