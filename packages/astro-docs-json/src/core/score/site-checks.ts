/**
 * The checks of what else an agent looks for on a site, by the ids of Mintlify's `mint
 * score`: skill.md, Markdown by content negotiation, an MCP server and its tools, an OpenAPI
 * spec, robots.txt, a sitemap, JSON-LD on the home page, and how fast the site answers.
 */
import { parse as parseYaml } from 'yaml';
import { AI_CRAWLERS, isAllowed } from '../discovery/robots.ts';
import { looksLikeHtml, needsServer, ok, plural, type AgentCheck, type Outcome, type ProbedSite } from './check-kit.ts';
import { llmsLinks } from './llms-txt-format.ts';
import { sitePath, type ProbeResponse } from './site-probe.ts';

/** The home page's answer (its headers), in milliseconds: the median of three. */
export const LATENCY_LIMIT_MS = 1000;
const SPEC_BYTES = 10 * 1024 * 1024;
/** Where specs are commonly published, after those the site names itself. */
const STANDARD_SPEC_PATHS = ['/openapi.json', '/openapi.yaml', '/openapi.yml', '/swagger.json', '/api/openapi.json', '/.well-known/openapi.json'];
const MCP_DISCOVERY_PATHS = ['/.well-known/mcp.json', '/.well-known/mcp', '/.well-known/mcp/server-card.json'];

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** A page to ask for Markdown: the first page llms.txt lists, else the home page. */
async function samplePage(site: ProbedSite): Promise<string> {
  const llms = await site.text('/llms.txt');
  const first = llmsLinks(llms?.body ?? '')
    .map((link) => sitePath(site.probe, link.url))
    .find((path) => path !== undefined && /\.md$/.test(path));
  return first ? first.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '') || '/' : (await homePage(site)).path;
}

/** The home page; where `/` only sends the reader on (a static redirect), the page it sends them to. */
async function homePage(site: ProbedSite): Promise<{ path: string; response: ProbeResponse | undefined }> {
  const root = await site.get('/');
  const onward = root?.status === 200 ? refreshTarget(root.body) : undefined;
  const path = onward === undefined ? undefined : sitePath(site.probe, onward);
  return path === undefined ? { path: '/', response: root } : { path, response: await site.get(path) };
}

async function negotiates(site: ProbedSite, accept: 'text/markdown' | 'text/plain'): Promise<Outcome> {
  if (site.probe.kind === 'folder') return needsServer(`whether a page asked with \`Accept: ${accept}\` answers Markdown`);
  const page = await samplePage(site);
  const response = await site.get(page, { accept });
  const type = response?.headers['content-type'] ?? '';
  const typeOk = accept === 'text/markdown' ? /^text\/markdown/i.test(type) : /^text\/(plain|markdown)/i.test(type);
  const pass = response?.status === 200 && typeOk && !looksLikeHtml(response);
  const answer = response ? `${response.status} ${type || 'with no Content-Type'}` : 'nothing';
  return ok(pass, `${page} asked with \`Accept: ${accept}\` answers its Markdown (${type}).`, `${page} asked with \`Accept: ${accept}\` answers ${answer}, not its Markdown.`);
}

/** The discovery document's server: its address, or the tools of a server run as a command. */
interface McpFound {
  where: string;
  url?: string;
  tools?: unknown[];
}

async function discoverMcp(site: ProbedSite): Promise<McpFound | undefined> {
  for (const where of MCP_DISCOVERY_PATHS) {
    const response = await site.get(where);
    if (response?.status !== 200) continue;
    const document = record(parseJson(response.body));
    const servers = [document, ...[document.servers, document.remotes].flatMap((list) => (Array.isArray(list) ? list.map(record) : []))];
    const url = servers.map((server) => server.url).find((value): value is string => typeof value === 'string');
    const tools = Array.isArray(document.tools) ? document.tools : undefined;
    if (url || (Array.isArray(document.packages) && document.packages.length)) return { where, ...(url ? { url } : {}), ...(tools ? { tools } : {}) };
  }
  return undefined;
}

/** A JSON-RPC answer, sent as JSON or as a server-sent event. */
function rpcResult(response: ProbeResponse | undefined): Record<string, unknown> | undefined {
  if (!response || response.status >= 400) return undefined;
  const text = /event-stream/.test(response.headers['content-type'] ?? '')
    ? response.body.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5)).join('')
    : response.body;
  const result = record(parseJson(text)).result;
  return result === undefined ? undefined : record(result);
}

/** The tools an MCP server lists, asked as a client asks: initialize, then tools/list. */
async function listMcpTools(site: ProbedSite, path: string): Promise<unknown[] | undefined> {
  const post = site.probe.post!;
  const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
  const client = { name: 'astro-docs-json-score', version: '1' };
  const init = await post(path, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: client } }, headers);
  const initialized = rpcResult(init);
  if (!initialized) return undefined;
  if (init?.headers['mcp-session-id']) headers['mcp-session-id'] = init.headers['mcp-session-id'];
  if (typeof initialized.protocolVersion === 'string') headers['mcp-protocol-version'] = initialized.protocolVersion;
  await post(path, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
  const tools = rpcResult(await post(path, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers))?.tools;
  return Array.isArray(tools) ? tools : undefined;
}

async function countMcpTools(site: ProbedSite): Promise<Outcome> {
  const found = (await discoverMcp(site))!;
  const path = found.url ? sitePath(site.probe, found.url) : undefined;
  if (!found.url) {
    // A server run as a command (stdio) is not reachable over HTTP: its document lists its tools.
    const count = found.tools?.length ?? 0;
    return ok(count > 0, `The MCP server, run as a command, lists ${plural(count, 'tool')} in ${found.where}.`, `${found.where} lists no tools for its MCP server.`);
  }
  if (path === undefined) return { pass: false, detail: `The MCP server is on another site (${found.url}), which this check does not call.` };
  if (site.probe.kind === 'folder') return needsServer(`calling the MCP server at ${found.url}`);
  const tools = await listMcpTools(site, path);
  const names = (tools ?? []).map((tool) => record(tool).name).filter((name) => typeof name === 'string');
  return ok(names.length > 0, `The MCP server at ${found.url} offers ${plural(names.length, 'tool')}: ${names.join(', ')}.`, `The MCP server at ${found.url} ${tools ? 'lists no tools' : 'did not answer initialize and tools/list'}.`);
}

/** Specs the site names (llms.txt's links to JSON or YAML, its API catalog), then the usual paths. */
async function specCandidates(site: ProbedSite): Promise<string[]> {
  const llms = await site.text('/llms.txt');
  const linked = llmsLinks(llms?.body ?? '').map((link) => sitePath(site.probe, link.url)).filter((path): path is string => path !== undefined && /\.(json|ya?ml)$/i.test(path));
  const catalog = await site.get('/.well-known/api-catalog');
  const described = catalog?.status === 200 ? catalogSpecs(parseJson(catalog.body)).map((href) => sitePath(site.probe, href)).filter((path): path is string => path !== undefined) : [];
  return [...new Set([...linked, ...described, ...STANDARD_SPEC_PATHS])].slice(0, 12);
}

/** RFC 9727's API catalog: a linkset whose `service-desc` links are the specs. */
function catalogSpecs(catalog: unknown): string[] {
  const linkset = record(catalog).linkset;
  return (Array.isArray(linkset) ? linkset : []).flatMap((entry) => {
    const descriptions = record(entry)['service-desc'];
    return (Array.isArray(descriptions) ? descriptions : []).map((link) => record(link).href).filter((href): href is string => typeof href === 'string');
  });
}

async function findSpec(site: ProbedSite): Promise<Outcome> {
  for (const path of await specCandidates(site)) {
    const response = await site.get(path, { maxBytes: SPEC_BYTES });
    if (response?.status !== 200 || response.truncated || looksLikeHtml(response)) continue;
    let document: unknown;
    try {
      document = /^\s*[{[]/.test(response.body) ? JSON.parse(response.body) : parseYaml(response.body);
    } catch {
      continue;
    }
    const version = record(document).openapi ?? record(document).swagger;
    if (typeof version === 'string') return { pass: true, detail: `${path} is an ${record(document).swagger ? 'Swagger' : 'OpenAPI'} ${version} spec.` };
  }
  return { pass: false, detail: 'No OpenAPI or Swagger spec: none linked from llms.txt or /.well-known/api-catalog, none at /openapi.json or the other usual paths.' };
}

async function robotsAllowAI(site: ProbedSite): Promise<Outcome> {
  const response = await site.get('/robots.txt');
  if (!response) return { pass: false, detail: 'Nothing answered for robots.txt.' };
  if (response.status >= 500) return { pass: false, detail: `robots.txt answers ${response.status}: crawlers take that to forbid the whole site.` };
  if (response.status !== 200 || looksLikeHtml(response)) return { pass: true, detail: 'There is no robots.txt: every crawler may fetch the site.' };
  const blocked = AI_CRAWLERS.filter((agent) => !isAllowed(response.body, agent, '/'));
  const findings = blocked.map((agent) => ({ file: 'robots.txt', message: `${agent} may not fetch /.` }));
  return ok(blocked.length === 0, 'robots.txt lets every AI crawler fetch the site.', `robots.txt blocks ${blocked.join(', ')}.`, findings);
}

async function findSitemap(site: ProbedSite): Promise<Outcome> {
  const robots = await site.text('/robots.txt');
  const declared = [...(robots?.body.matchAll(/^\s*sitemap:\s*(\S+)/gim) ?? [])].map((match) => sitePath(site.probe, match[1]!)).filter((path): path is string => path !== undefined);
  for (const path of new Set([...declared, '/sitemap.xml', '/sitemap-index.xml'])) {
    const response = await site.get(path);
    if (response?.status === 200 && /<(urlset|sitemapindex)\b/.test(response.body)) return { pass: true, detail: `${path} is a sitemap${declared.includes(path) ? ', named in robots.txt' : ''}.` };
  }
  return { pass: false, detail: 'There is no sitemap: none named in robots.txt, none at /sitemap.xml or /sitemap-index.xml.' };
}

/** The JSON-LD blocks of the home page and the schema.org types they describe. */
export function jsonLdTypes(html: string): { blocks: number; invalid: number; types: string[] } {
  const types = new Set<string>();
  let blocks = 0;
  let invalid = 0;
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(collect);
    const node = record(value);
    for (const type of [node['@type']].flat()) if (typeof type === 'string') types.add(type);
    if (node['@graph']) collect(node['@graph']);
  };
  for (const match of html.matchAll(/<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi)) {
    const data = parseJson(match[1]!);
    if (data === undefined) invalid++;
    else (blocks++, collect(data));
  }
  return { blocks, invalid, types: [...types] };
}

/** Where a page sends the reader at once by `<meta http-equiv="refresh" content="0;url=…">`, a static host's redirect. */
export function refreshTarget(html: string): string | undefined {
  const tag = [...html.matchAll(/<meta\b[^>]*>/gi)].map((match) => match[0]).find((meta) => /http-equiv\s*=\s*["']?refresh/i.test(meta));
  const content = tag && /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
  const target = content && /^\s*0\s*[;,]\s*url\s*=\s*['"]?([^'"\s]+)/i.exec((content[1] ?? content[2])!);
  return target?.[1];
}

async function structuredData(site: ProbedSite): Promise<Outcome> {
  const { path, response: home } = await homePage(site);
  const where = path === '/' ? 'The home page' : `The home page (${path}, where / leads)`;
  if (home?.status !== 200) return { pass: false, detail: `${where} answers ${home ? home.status : 'nothing'}.` };
  const { blocks, invalid, types } = jsonLdTypes(home.body);
  const broken = invalid ? `; ${plural(invalid, 'block')} not JSON` : '';
  return ok(blocks > 0, `${where} has ${plural(blocks, 'JSON-LD block')} (${types.join(', ') || 'no @type'})${broken}.`, `${where} has no JSON-LD (<script type="application/ld+json">)${broken}.`);
}

async function latency(site: ProbedSite): Promise<Outcome> {
  if (site.probe.kind === 'folder') return needsServer('how fast the site answers');
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    const response = await site.probe.get('/', { maxBytes: 0 });
    if (!response?.ms) return { pass: false, detail: 'The home page did not answer in time.' };
    times.push(response.ms);
  }
  const median = times.sort((a, b) => a - b)[1]!;
  return ok(median <= LATENCY_LIMIT_MS, `The home page answers in ${Math.round(median)} ms (the median of three).`, `The home page answers in ${Math.round(median)} ms, slower than ${LATENCY_LIMIT_MS} ms.`);
}

async function skillFile(site: ProbedSite): Promise<Outcome> {
  const response = await site.get('/skill.md');
  if (response?.status !== 200 || /html/i.test(response.headers['content-type'] ?? '')) return { pass: false, detail: `/skill.md answers ${response ? response.status : 'nothing'}.` };
  // Several skills: /skill.md may lead to the skills' index instead.
  const index = record(parseJson(response.body)).skills;
  if (Array.isArray(index)) return ok(index.length > 0, `/skill.md leads to an index of ${plural(index.length, 'skill')}.`, '/skill.md leads to an index with no skills.');
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(response.body)?.[1];
  const fields = record(frontmatter ? parseYaml(frontmatter) : undefined);
  const missing = ['name', 'description'].filter((field) => typeof fields[field] !== 'string' || !fields[field]);
  return ok(missing.length === 0, `/skill.md is an agent skill named "${String(fields.name)}".`, `/skill.md has no ${missing.join(' or ')} in its frontmatter (agentskills.io).`);
}

export const SITE_CHECKS: AgentCheck[] = [
  { id: 'skillMd', weight: 6, run: skillFile },
  { id: 'contentNegotiationMarkdown', weight: 8, run: (site) => negotiates(site, 'text/markdown') },
  { id: 'contentNegotiationPlaintext', weight: 4, run: (site) => negotiates(site, 'text/plain') },
  {
    id: 'mcpServerDiscoverable',
    weight: 6,
    run: async (site) => {
      const found = await discoverMcp(site);
      return found
        ? { pass: true, detail: `${found.where} describes the MCP server${found.url ? ` at ${found.url}` : ', run as a command'}.` }
        : { pass: false, detail: `No MCP discovery document (${MCP_DISCOVERY_PATHS.join(', ')}).` };
    },
  },
  { id: 'mcpToolCount', weight: 4, after: 'mcpServerDiscoverable', run: countMcpTools },
  { id: 'openApiSpec', weight: 5, run: findSpec },
  { id: 'robotsTxtAllowsAI', weight: 6, run: robotsAllowAI },
  { id: 'sitemapExists', weight: 5, run: findSitemap },
  { id: 'structuredData', weight: 4, run: structuredData },
  { id: 'responseLatency', weight: 4, run: latency },
];
