/**
 * `asyncapi` in docs.json and in frontmatter made into pages. On a navigation element it
 * generates a page per channel of each document it names (a group of them on a tab or
 * other division, the pages themselves in a group), at `<directory>/<channel>` where
 * `directory` defaults to `api-reference` as for OpenAPI. In a page's frontmatter,
 * `"<file> <channel>"` (or a channel of `api.asyncapi`'s documents) shows that channel
 * below the page's own content. Every failure is a warning: the site is built without the
 * pages or the channel it could not make.
 */
import { quote, type ConfigIssue, type Diagnostic, type JsonPath } from '../diagnostics.ts';
import { normalizeOpenApi, type GroupNode, type NavNode, type OpenApiSource, type PageNode, type ResolvedNavigation } from '../navigation/tree.ts';
import { NO_CONTENT } from '../markdown/page-content.ts';
import { plainSummary } from '../openapi/operation-pages.ts';
import { DEFAULT_API_DIRECTORY, slugify } from '../openapi/slug.ts';
import { specKey } from '../openapi/specs.ts';
import type { PageFile } from '../pages/page-files.ts';
import type { ChannelTarget } from '../paths/page-path.ts';
import type { AsyncApi, DocsJson } from '../schema/docs-json.ts';
import type { AsyncSpecLibrary } from './library.ts';
import type { AsyncChannel, AsyncSpec } from './model.ts';

export interface ExpandedAsyncApi {
  pageFiles: PageFile[];
  issues: ConfigIssue[];
  diagnostics: Diagnostic[];
  /** The documents the site's pages show, by key. */
  specs: Map<string, AsyncSpec>;
}

/** The file name a generated channel page has in messages and the route table. */
export const channelLabel = (target: ChannelTarget) => `${target.spec} channel ${target.channel}`;

interface Expansion {
  library: AsyncSpecLibrary;
  files: PageFile[];
  usedUrls: Set<string>;
  /** Page URLs by `directory + label`: a channel listed twice in one folder is one page. */
  urls: Map<string, string>;
  issues: ConfigIssue[];
}

export function expandAsyncApi(config: DocsJson | undefined, navigation: ResolvedNavigation | undefined, library: AsyncSpecLibrary, realPages: PageFile[]): ExpandedAsyncApi {
  const expansion: Expansion = { library, files: [], usedUrls: new Set(realPages.map((page) => page.url)), urls: new Map(), issues: [] };
  const apiSources = normalizeOpenApi(config?.api?.asyncapi) ?? [];
  for (const entry of apiSources) checkSource(expansion, entry, ['api', 'asyncapi']);
  if (config && navigation) expandNodes(expansion, config, navigation.children);
  const diagnostics = resolveFrontmatterChannels(library, apiSources, realPages);
  return { pageFiles: expansion.files, issues: expansion.issues, diagnostics: [...library.diagnostics(), ...diagnostics], specs: library.specsInUse() };
}

/** The value at a JSON path of docs.json: the element a navigation node was made from. */
function valueAt(config: DocsJson, at: JsonPath): unknown {
  let value: unknown = config;
  for (const key of at) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

function expandNodes(expansion: Expansion, config: DocsJson, nodes: readonly NavNode[]): void {
  for (const node of nodes) {
    if (node.type !== 'division' && node.type !== 'group') continue;
    if (node.type === 'division') node.menu.forEach((item) => expandNodes(expansion, config, [item]));
    expandNodes(expansion, config, node.children);
    const element = valueAt(config, node.jsonPath) as { asyncapi?: AsyncApi } | undefined;
    const sources = normalizeOpenApi(element?.asyncapi);
    if (!sources) continue;
    const at = [...node.jsonPath, 'asyncapi'];
    for (const entry of sources) {
      const spec = checkSource(expansion, entry, at);
      if (!spec) continue;
      const pages = spec.channels.map((channel) => channelPage(expansion, spec, channel, entry, node));
      if (node.type === 'group') node.children.push(...pages);
      else node.children.push(channelGroup(spec, pages, node, at));
    }
  }
}

function channelGroup(spec: AsyncSpec, pages: PageNode[], owner: NavNode & { type: 'division' }, at: JsonPath): GroupNode {
  return { type: 'group', name: spec.title, expanded: true, nested: false, hidden: false, jsonPath: at, directory: owner.directory, openapi: owner.openapi, ownsOpenApi: false, children: pages };
}

/** The document an element names, read; a warning there when it cannot be. */
function checkSource(expansion: Expansion, entry: OpenApiSource, at: JsonPath): AsyncSpec | undefined {
  const outcome = expansion.library.read(entry.source);
  if (outcome.status === 'loaded') return outcome.spec;
  const first = outcome.problems[0];
  expansion.issues.push({
    severity: 'warning',
    code: 'asyncapi-not-read',
    at,
    message: `The AsyncAPI document ${quote(entry.source)} ${first?.message ?? 'cannot be read'}. The site is built without its channel pages.`,
    ...(first?.hint ? { hint: first.hint } : {}),
    omitted: `the channel pages of ${specKey(entry.source)}`,
  });
  return undefined;
}

function channelPage(expansion: Expansion, spec: AsyncSpec, channel: AsyncChannel, entry: OpenApiSource, owner: NavNode & { type: 'division' | 'group' }): PageNode {
  expansion.library.markUsed(spec.source);
  const target: ChannelTarget = { spec: spec.source, channel: channel.id };
  const directory = entry.directory ?? DEFAULT_API_DIRECTORY;
  const key = `${directory}\u0000${channelLabel(target)}`;
  let url = expansion.urls.get(key);
  if (!url) {
    const folder = directory.split('/').map(slugify).filter(Boolean);
    const wanted = ['', ...folder, slugify(channel.id) || 'channel'].join('/');
    url = wanted;
    for (let n = 1; expansion.usedUrls.has(url); n++) url = `${wanted}-${n}`;
    expansion.usedUrls.add(url);
    expansion.urls.set(key, url);
    expansion.files.push(channelPageFile(channel, target, url));
  }
  return { type: 'page', page: url.slice(1), url, channel: target, jsonPath: [...owner.jsonPath, 'asyncapi'], directory: owner.directory, openapi: owner.openapi, ownsOpenApi: false };
}

function channelPageFile(channel: AsyncChannel, target: ChannelTarget, url: string): PageFile {
  const description = channel.summary ?? (channel.description ? plainSummary(channel.description) : undefined);
  return {
    file: channelLabel(target),
    page: url.slice(1),
    url,
    frontmatter: { title: channel.title ?? channel.id, ...(description ? { description } : {}) },
    listedOnly: false,
    content: NO_CONTENT,
    channel: target,
  };
}

/**
 * Pages whose frontmatter names a channel: `"asyncapi.yaml ticker"` (the file relative to
 * docs.json, a leading `/` or not), or `"ticker"` alone, looked up in `api.asyncapi`'s documents.
 */
function resolveFrontmatterChannels(library: AsyncSpecLibrary, apiSources: readonly OpenApiSource[], pages: readonly PageFile[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const page of pages) {
    const value = page.frontmatter.asyncapi?.trim();
    if (!value) continue;
    const space = value.search(/\s/);
    const [file, channelId] = space < 0 ? [undefined, value] : [value.slice(0, space), value.slice(space).trim()];
    const candidates = file ? [file] : apiSources.map((entry) => entry.source);
    const specs = candidates.flatMap((source) => library.spec(source) ?? []);
    const found = specs.find((spec) => spec.channels.some((channel) => channel.id === channelId || channel.address === channelId));
    const channel = found?.channels.find((item) => item.id === channelId) ?? found?.channels.find((item) => item.address === channelId);
    if (!found || !channel) {
      const where = file ? (specs.length ? `in ${file}` : `: ${file} ${library.read(file).problems[0]?.message ?? 'cannot be read'}`) : apiSources.length ? 'in the documents of docs.json `api.asyncapi`' : 'and no document is named: docs.json has no `api.asyncapi`';
      diagnostics.push({
        severity: 'warning',
        code: 'unknown-channel',
        file: page.file,
        message: `Frontmatter \`asyncapi\` names the channel ${quote(channelId)}, which is not found ${where}. The page shows its own content only.`,
        hint: 'Write `asyncapi: "<file> <channel>"`, the file relative to docs.json and the channel as its key in `channels`.',
      });
      continue;
    }
    library.markUsed(found.source);
    page.channel = { spec: found.source, channel: channel.id };
  }
  return diagnostics;
}
