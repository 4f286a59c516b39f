/**
 * `sdk` on a tab or group generates a page for every class, interface, enum, type alias,
 * function and variable of the SDK's artifact, in navigation groups (by module, then by
 * kind) after the element's own pages; nested elements inherit the setting, and one of
 * their own replaces it. A page whose frontmatter names a symbol (`sdk: "class Client"`)
 * shows that symbol's reference below its own content; an element holding such a page is
 * not auto-populated. Generated pages are ordinary page nodes with page files of their own,
 * so that routes, sidebars, search and llms.txt treat them like any page; the Markdown of
 * every reference a page shows is made here, once every page's URL is known, so that
 * references link to each other.
 */
import { valueAt, type ConfigIssue, type Diagnostic, type JsonPath } from '../diagnostics.ts';
import { NO_CONTENT } from '../markdown/page-content.ts';
import type { GroupNode, NavNode, PageNode, ResolvedNavigation } from '../navigation/tree.ts';
import type { PageFile } from '../pages/page-files.ts';
import { normalizePagePath } from '../paths/page-path.ts';
import type { DocsJson } from '../schema/docs-json.ts';
import { DEFAULT_SDK_DIRECTORY, type SdkSetting } from '../schema/sdk.ts';
import { ArtifactLibrary, artifactKey } from './artifacts.ts';
import { resolveSymbolPages } from './frontmatter.ts';
import { firstParagraph, SdkExpansion, type ReferenceTarget } from './reference-pages.ts';
import { memberAnchor, memberOnlyMarkdown, symbolMarkdown, type SymbolLinks } from './markdown.ts';
import { KIND_FOLDERS, KIND_GROUPS, type SdkLibrary, type SdkSymbol } from './model.ts';

export interface ExpandedSdk {
  /** A page file for each generated page. */
  pageFiles: PageFile[];
  /** Problems at a place in docs.json (an artifact missing, unread or in a format not read yet). */
  issues: ConfigIssue[];
  /** Problems in pages (their `sdk` frontmatter) and in artifacts. */
  diagnostics: Diagnostic[];
  /** The Markdown of each reference a page shows, by its label (`PageFile.sdk`). */
  references: Map<string, string>;
}

export async function expandSdk(navigation: ResolvedNavigation | undefined, config: DocsJson | undefined, docsDir: string, realPages: PageFile[]): Promise<ExpandedSdk> {
  const expansion = new SdkExpansion(new ArtifactLibrary(docsDir), realPages);
  const pagesByUrl = new Map(realPages.map((page) => [page.url, page]));
  /** Each listed page, with the setting in effect on it, if any: its frontmatter's string form inherits it. */
  const listed = new Map<string, SdkSetting | undefined>();
  const list = (url: string, setting: SdkSetting | undefined) => {
    if (!listed.get(url)) listed.set(url, setting);
  };
  const walk = async (nodes: readonly NavNode[], inherited: SdkSetting | undefined): Promise<void> => {
    for (const node of nodes) {
      if (node.type === 'page') list(node.url, inherited);
      if (node.type !== 'division' && node.type !== 'group') continue;
      const own = ownSetting(config, node.jsonPath);
      if (own) expansion.issues.push(...placementIssues(node, valueAt(config, node.jsonPath) as Record<string, unknown>));
      const effective = own ?? inherited;
      if (node.type === 'group' && node.root) list(node.root.url, effective);
      await walk(node.children, effective);
      if (node.type === 'division') await walk(node.menu, effective);
      if (own && generates(node, pagesByUrl)) node.children = [...node.children, ...(await generate(expansion, node, own))];
    }
  };
  if (config && navigation) await walk(navigation.children, undefined);
  await resolveSymbolPages(expansion, realPages, listed);
  return { pageFiles: expansion.pageFiles, issues: expansion.issues, diagnostics: expansion.diagnostics, references: referencesMarkdown(expansion) };
}

/** The element's own `sdk`, as docs.json writes it (the tree keeps only what every element has). */
function ownSetting(config: DocsJson | undefined, at: JsonPath): SdkSetting | undefined {
  return (valueAt(config, at) as { sdk?: SdkSetting } | undefined)?.sdk;
}

/** The keys that Mintlify's docs say an element with `sdk` cannot hold, by element. */
const REFUSED_BESIDE_SDK: Record<string, readonly string[]> = {
  tab: ['pages', 'versions', 'languages', 'openapi', 'asyncapi', 'graphql'],
  group: ['graphql'],
};

/** `sdk` where Mintlify does not take it (on a division other than a tab), or beside keys it does not go with: warnings, built all the same. */
function placementIssues(node: NavNode & { type: 'division' | 'group' }, element: Record<string, unknown>): ConfigIssue[] {
  const kind = node.type === 'group' ? 'group' : node.kind;
  const at = [...node.jsonPath, 'sdk'];
  const hint = 'Put the library\'s `sdk` on a tab that holds only `groups`, or on a group.';
  if (!(kind in REFUSED_BESIDE_SDK)) return [{ severity: 'warning', code: 'sdk-placement', at, message: `\`sdk\` is set on ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}: Mintlify takes it on a tab or a group only. The pages are generated here all the same.`, hint }];
  const beside = REFUSED_BESIDE_SDK[kind]!.filter((key) => element[key] !== undefined);
  if (!beside.length) return [];
  return [{ severity: 'warning', code: 'sdk-placement', at, message: `A ${kind} with \`sdk\` holds no ${beside.map((key) => `\`${key}\``).join(' or ')} on Mintlify, and this one does. The pages are generated here all the same.`, hint }];
}

/** A tab or group is auto-populated unless it is a link, holds divisions, or holds a page naming a symbol. */
function generates(node: NavNode & { type: 'division' | 'group' }, pagesByUrl: ReadonlyMap<string, PageFile>): boolean {
  if (node.type === 'division' && (node.href || node.menu.length || node.children.some((child) => child.type === 'division'))) return false;
  const namesSymbol = (nodes: readonly NavNode[]): boolean =>
    nodes.some((child) => {
      if (child.type === 'page') return pagesByUrl.get(child.url)?.frontmatter.sdk !== undefined;
      if (child.type === 'group') return (child.root ? pagesByUrl.get(child.root.url)?.frontmatter.sdk !== undefined : false) || namesSymbol(child.children);
      return child.type === 'division' && namesSymbol(child.children);
    });
  return !namesSymbol(node.children);
}

/** The owner's generated groups: one per module (with a group per kind inside) or, with no modules, one per kind. */
async function generate(expansion: SdkExpansion, owner: NavNode & { type: 'division' | 'group' }, setting: SdkSetting): Promise<GroupNode[]> {
  const outcome = await expansion.artifacts.read(setting);
  if ('problem' in outcome) {
    expansion.report(outcome.problem, [...owner.jsonPath, 'sdk'], setting.source);
    return [];
  }
  const directory = normalizePagePath(setting.directory ?? DEFAULT_SDK_DIRECTORY);
  const nestedTop = owner.type === 'group';
  const group = (name: string, nested: boolean, children: NavNode[]): GroupNode => ({
    type: 'group',
    name,
    expanded: !nested,
    nested,
    hidden: false,
    jsonPath: [...owner.jsonPath, 'sdk'],
    directory: owner.directory,
    openapi: owner.openapi,
    ownsOpenApi: false,
    children,
  });
  const pageOf = (symbol: SdkSymbol): PageNode => {
    const url = pageUrlFor(expansion, directory, symbol);
    const label = expansion.show(url, { library: outcome.library, source: setting.source, symbol });
    expansion.pageFiles.push(symbolPageFile(symbol, url, label, setting.source));
    return { type: 'page', page: url.slice(1), url, jsonPath: [...owner.jsonPath, 'sdk'], directory: owner.directory, openapi: owner.openapi, ownsOpenApi: false };
  };
  const byKind = (symbols: readonly SdkSymbol[], nested: boolean) =>
    KIND_GROUPS.flatMap(([kind, title]) => {
      const ofKind = symbols.filter((symbol) => symbol.kind === kind);
      return ofKind.length ? [group(title, nested, ofKind.map(pageOf))] : [];
    });
  const modules = [...new Set(outcome.library.symbols.map((symbol) => symbol.module))];
  if (modules.length <= 1 && modules[0] === undefined) return byKind(outcome.library.symbols, nestedTop);
  return modules.map((module) => group(module ?? 'Reference', nestedTop, byKind(outcome.library.symbols.filter((symbol) => symbol.module === module), true)));
}

/** `/<directory>/<module>/<kind folder>/<name>`, in lowercase words. */
function pageUrlFor(expansion: SdkExpansion, directory: string, symbol: SdkSymbol): string {
  const module = symbol.module ? `${symbol.module.split('/').map(slugOf).join('/')}/` : '';
  return expansion.claimUrl(`/${directory ? `${directory}/` : ''}${module}${KIND_FOLDERS[symbol.kind]}/${slugOf(symbol.name)}`);
}

/** `NotesClient` and `SDK_VERSION` to `notes-client` and `sdk-version`. */
export function slugOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words || 'symbol';
}

function symbolPageFile(symbol: SdkSymbol, url: string, label: string, source: string): PageFile {
  const summary = firstParagraph(symbol.doc.description);
  return {
    file: label,
    page: url.slice(1),
    url,
    frontmatter: { title: symbol.name, ...(summary ? { description: summary } : {}), ...(symbol.doc.deprecated !== undefined ? { deprecated: true } : {}) },
    listedOnly: false,
    content: NO_CONTENT,
    sdk: { source: artifactKey(source), label },
  };
}

/** Every reference's Markdown, its links to the pages of the same artifact's symbols and members. */
function referencesMarkdown(expansion: SdkExpansion): Map<string, string> {
  const linksOf = new Map<string, SymbolLinks>();
  const links = (target: ReferenceTarget): SymbolLinks => {
    let found = linksOf.get(target.source);
    if (!found) {
      found = symbolLinks(target.library, expansion.symbolUrls.get(target.source) ?? new Map());
      linksOf.set(target.source, found);
    }
    return found;
  };
  const references = new Map<string, string>();
  for (const [label, target] of expansion.targets) {
    references.set(label, target.member ? memberOnlyMarkdown(target.member, links(target)) : symbolMarkdown(target.symbol, links(target)));
  }
  return references;
}

/** Links to a symbol's page, or to a member's heading on its symbol's page (else to a page that shows the member alone). */
function symbolLinks(library: SdkLibrary, urls: ReadonlyMap<string, string>): SymbolLinks {
  const byId = new Map<string, { url: string; name: string }>();
  for (const symbol of library.symbols) {
    const url = urls.get(symbol.id);
    if (url) byId.set(symbol.id, { url, name: symbol.name });
    for (const member of symbol.members) {
      if (!member.id) continue;
      const own = urls.get(member.id);
      const name = `${symbol.name}.${member.name}`;
      if (url) byId.set(member.id, { url: `${url}#${memberAnchor(member)}`, name });
      else if (own) byId.set(member.id, { url: own, name });
    }
  }
  return (id) => byId.get(id);
}
