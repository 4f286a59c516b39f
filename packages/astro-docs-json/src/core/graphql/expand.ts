/**
 * `graphql` on a tab made into pages: a group each for Queries, Mutations and
 * Subscriptions (a page per field of the root type) and one for Types (a page per named
 * type other than the roots and built-in scalars), appended to the tab's own groups. The
 * pages are ordinary page nodes with page files of their own, so routes, sidebars, search,
 * llms.txt and Markdown copies treat them like any page, as with OpenAPI's.
 *
 * The views of the pages are made here, once, and kept by the pages' labels: the Astro
 * layer serves each page its view. A schema that cannot be read or is invalid is a warning
 * (`schema-file.ts`), and the tab is built without its pages.
 */
import type { GraphQLSchema } from 'graphql';
import { valueAt, type ConfigIssue, type Diagnostic } from '../diagnostics.ts';
import { NO_CONTENT } from '../markdown/page-content.ts';
import type { GroupNode, NavNode, PageNode, ResolvedNavigation } from '../navigation/tree.ts';
import type { RemoteSpecOptions } from '../openapi/remote.ts';
import { slugify } from '../openapi/slug.ts';
import { plainSummary } from '../openapi/operation-pages.ts';
import type { PageFile } from '../pages/page-files.ts';
import type { GraphqlTarget } from '../paths/page-path.ts';
import type { GraphqlSetting } from '../schema/docs-json.ts';
import { loadGraphqlSchema, schemaKey, type LoadedGraphqlSchema } from './schema-file.ts';
import { graphqlView, isBuiltIn, OPERATION_KINDS, rootType, type GraphqlView, type OperationKind } from './view.ts';

export const DEFAULT_GRAPHQL_DIRECTORY = 'graphql-reference';

export interface GraphqlReference {
  /** A page file per generated page. */
  pageFiles: PageFile[];
  /** Each generated page's view, by `graphqlLabel` of its target. */
  views: Map<string, GraphqlView>;
  /** The endpoints docs.json names: the playground's proxy may call these. */
  endpoints: string[];
  issues: ConfigIssue[];
  diagnostics: Diagnostic[];
}

export const graphqlLabel = (target: GraphqlTarget) => `${target.schema} ${target.directory} ${target.kind} ${target.name}`;

/** What Mintlify does not let a tab with `graphql` hold beside it. */
const MIXED_KEYS = ['pages', 'versions', 'languages', 'dropdowns', 'anchors', 'products', 'menu', 'openapi', 'asyncapi'] as const;

const GROUP_NAMES: Record<OperationKind | 'type', string> = { query: 'Queries', mutation: 'Mutations', subscription: 'Subscriptions', type: 'Types' };
const URL_FOLDERS: Record<OperationKind | 'type', string> = { query: 'queries', mutation: 'mutations', subscription: 'subscriptions', type: 'types' };

export function normalizeGraphql(setting: GraphqlSetting): { source: string; directory: string; endpoint?: string } {
  if (typeof setting === 'string') return { source: setting, directory: DEFAULT_GRAPHQL_DIRECTORY };
  return { source: setting.source, directory: (setting.directory ?? DEFAULT_GRAPHQL_DIRECTORY).replace(/^\/+|\/+$/g, ''), ...(setting.endpoint ? { endpoint: setting.endpoint } : {}) };
}

/** Expands every tab that sets `graphql`; `config` is docs.json as validated, where the tabs' settings are read. */
export async function expandGraphql(docsDir: string, config: unknown, navigation: ResolvedNavigation | undefined, realPages: readonly PageFile[], remote?: RemoteSpecOptions): Promise<GraphqlReference> {
  const reference: GraphqlReference = { pageFiles: [], views: new Map(), endpoints: [], issues: [], diagnostics: [] };
  const usedUrls = new Set(realPages.map((page) => page.url));
  const loaded = new Map<string, Promise<LoadedGraphqlSchema>>();
  const visit = async (nodes: readonly NavNode[]) => {
    for (const node of nodes) {
      if (node.type === 'group') await visit(node.children);
      if (node.type !== 'division') continue;
      for (const item of node.menu) await visit(item.children);
      await visit(node.children);
      const element = valueAt(config, node.jsonPath) as ({ graphql?: GraphqlSetting } & Record<string, unknown>) | undefined;
      const setting = element?.graphql;
      if (!element || setting === undefined) continue;
      if (node.kind !== 'tab') {
        reference.issues.push({ severity: 'warning', code: 'graphql-placement', at: [...node.jsonPath, 'graphql'], message: `\`graphql\` is read on tabs only; on this ${node.kind} it generates no pages.`, hint: 'Move it to a tab of its own.' });
        continue;
      }
      const mixed = MIXED_KEYS.filter((key) => element[key] !== undefined);
      if (mixed.length) {
        reference.issues.push({ severity: 'warning', code: 'graphql-placement', at: [...node.jsonPath, mixed[0]!], message: `A tab with \`graphql\` holds \`groups\` at most, as Mintlify has it; this one also sets ${mixed.map((key) => `\`${key}\``).join(', ')}.`, hint: 'Move those to a tab of their own; the generated pages follow the tab\'s other children here.' });
      }
      const { source, directory, endpoint } = normalizeGraphql(setting);
      const key = schemaKey(source);
      if (!loaded.has(key)) loaded.set(key, loadGraphqlSchema(docsDir, source, remote));
      const schema = await loaded.get(key)!;
      if (!schema.schema) continue;
      if (endpoint && !reference.endpoints.includes(endpoint)) reference.endpoints.push(endpoint);
      node.children = [...node.children, ...tabGroups(reference, usedUrls, node, schema.schema, { schema: key, directory }, endpoint)];
    }
  };
  await visit(navigation?.children ?? []);
  for (const schema of loaded.values()) reference.diagnostics.push(...(await schema).diagnostics);
  return reference;
}

/** The groups of one tab's schema, their page files and views. */
function tabGroups(reference: GraphqlReference, usedUrls: Set<string>, tab: NavNode & { type: 'division' }, schema: GraphQLSchema, at: { schema: string; directory: string }, endpoint: string | undefined): GroupNode[] {
  const entries: Array<{ kind: OperationKind | 'type'; name: string; description?: string; deprecated?: boolean }> = [];
  const roots = new Set<string>();
  for (const kind of OPERATION_KINDS) {
    const root = rootType(schema, kind);
    if (!root) continue;
    roots.add(root.name);
    for (const field of Object.values(root.getFields())) entries.push({ kind, name: field.name, ...(field.description ? { description: field.description } : {}), deprecated: field.deprecationReason != null });
  }
  const types = Object.values(schema.getTypeMap()).filter((type) => !roots.has(type.name) && !isBuiltIn(type)).sort((a, b) => a.name.localeCompare(b.name));
  for (const type of types) entries.push({ kind: 'type', name: type.name, ...(type.description ? { description: type.description } : {}) });

  const urls = new Map<string, string>();
  for (const entry of entries) {
    const wanted = `/${at.directory ? `${at.directory}/` : ''}${URL_FOLDERS[entry.kind]}/${slugify(entry.name) || 'field'}`;
    let url = wanted;
    for (let n = 1; usedUrls.has(url); n++) url = `${wanted}-${n}`;
    usedUrls.add(url);
    urls.set(`${entry.kind} ${entry.name}`, url);
  }
  const typeUrl = (name: string) => urls.get(`type ${name}`);
  const groups = new Map<string, GroupNode>();
  for (const entry of entries) {
    const target: GraphqlTarget = { ...at, kind: entry.kind, name: entry.name };
    const url = urls.get(`${entry.kind} ${entry.name}`)!;
    const view = graphqlView(schema, target, typeUrl, endpoint);
    if (!view) continue;
    reference.views.set(graphqlLabel(target), view);
    reference.pageFiles.push(pageFile(target, url, entry));
    const name = GROUP_NAMES[entry.kind];
    let group = groups.get(name);
    if (!group) {
      group = { type: 'group', name, expanded: true, nested: false, hidden: false, jsonPath: [...tab.jsonPath, 'graphql'], directory: tab.directory, openapi: tab.openapi, ownsOpenApi: false, children: [] };
      groups.set(name, group);
    }
    const page: PageNode = { type: 'page', page: url.slice(1), url, jsonPath: group.jsonPath, directory: tab.directory, openapi: tab.openapi, ownsOpenApi: false };
    group.children.push(page);
  }
  return [...groups.values()];
}

function pageFile(target: GraphqlTarget, url: string, entry: { name: string; description?: string; deprecated?: boolean }): PageFile {
  return {
    file: `${target.schema} ${target.kind} ${target.name}`,
    page: url.slice(1),
    url,
    frontmatter: {
      title: entry.name,
      ...(entry.description ? { description: plainSummary(entry.description) } : {}),
      ...(entry.deprecated ? { deprecated: true } : {}),
    },
    listedOnly: false,
    content: NO_CONTENT,
    graphql: target,
  };
}
