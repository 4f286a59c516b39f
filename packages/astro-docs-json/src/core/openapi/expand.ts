/**
 * Spec 3.2 rule 5: `openapi` on an element with no operations listed generates a page
 * for every operation, grouped by tag; `METHOD /path` entries in `pages` pick operations
 * instead. Both become ordinary page nodes of the navigation, with page files of their
 * own, so that routes, sidebars and everything after them treat them like any page.
 *
 * What Mintlify builds through, we build through with a warning: an operation no spec
 * has is left out of the navigation, and a spec named by a URL that cannot be fetched
 * leaves out its pages. A spec docs.json names that is missing or unreadable stops the build.
 */
import { quote, type ConfigIssue, type Diagnostic, type JsonPath } from '../diagnostics.ts';
import type { GroupNode, NavNode, OpenApiSource, OperationNode, PageNode, ResolvedNavigation } from '../navigation/tree.ts';
import { formatOperationRef, type OperationRef } from '../paths/page-path.ts';
import type { PageFile } from '../pages/page-files.ts';
import { resolveFrontmatterOperations } from './frontmatter.ts';
import type { SpecLibrary } from './library.ts';
import { ambiguityProblem, lookUp, notFoundProblem, type Lookup, type LookupProblem } from './lookup.ts';
import { operationPages, type OperationPages } from './operation-pages.ts';
import { DEFAULT_API_DIRECTORY } from './slug.ts';
import { isUrl, specKey, type LoadedSpec } from './specs.ts';
import { everySpec, lookUpInNamedSpec, specsOf } from './tiers.ts';

export { plainSummary, targetLabel } from './operation-pages.ts';

export interface ExpandedOpenApi {
  /** A page file for each operation page, with the spec and operation for `file`. */
  pageFiles: PageFile[];
  /** Problems at a place in docs.json (a missing spec, an unknown operation). */
  issues: ConfigIssue[];
  /** Problems in page files (a page's `openapi` frontmatter) and spec files. */
  diagnostics: Diagnostic[];
  /** The specs the site uses, by key (path in the docs folder, or URL). */
  specs: Map<string, LoadedSpec>;
}

/** The specs docs.json names on its elements and in `api.openapi`: read before anything else. */
export function configSpecSources(navigation: ResolvedNavigation | undefined, apiOpenApi: readonly OpenApiSource[]): string[] {
  const sources = new Set(apiOpenApi.map((entry) => specKey(entry.source)));
  const visit = (nodes: readonly NavNode[]) => {
    for (const node of nodes) {
      if ((node.type === 'division' || node.type === 'group') && node.ownsOpenApi) node.openapi.forEach((entry) => sources.add(specKey(entry.source)));
      if (node.type === 'division') {
        visit(node.children);
        visit(node.menu);
      } else if (node.type === 'group') visit(node.children);
    }
  };
  visit(navigation?.children ?? []);
  return [...sources];
}

interface Expansion {
  library: SpecLibrary;
  pages: OperationPages;
  issues: ConfigIssue[];
  /** Specs by URL whose reading was reported once already. */
  reportedUrls: Set<string>;
}

export async function expandOpenApi(
  navigation: ResolvedNavigation | undefined,
  apiOpenApi: OpenApiSource[],
  library: SpecLibrary,
  realPages: PageFile[],
): Promise<ExpandedOpenApi> {
  const expansion: Expansion = { library, pages: operationPages(realPages), issues: [], reportedUrls: new Set() };
  await library.load(configSpecSources(navigation, apiOpenApi), 'config');
  checkSources(expansion, apiOpenApi, ['api', 'openapi'], false);
  if (navigation) navigation.children = await expandNodes(expansion, navigation.children);
  const pageProblems = await resolveFrontmatterOperations(navigation, apiOpenApi, library, realPages);
  return { pageFiles: expansion.pages.files, issues: expansion.issues, diagnostics: [...library.diagnostics(), ...pageProblems], specs: library.specsInUse() };
}

/** One after another, so that page URLs are numbered in navigation order. */
async function expandNodes(expansion: Expansion, nodes: readonly NavNode[]): Promise<NavNode[]> {
  const expanded: NavNode[] = [];
  for (const node of nodes) expanded.push(...(await expandNode(expansion, node)));
  return expanded;
}

async function expandNode(expansion: Expansion, node: NavNode): Promise<NavNode[]> {
  if (node.type === 'operation') return operationEntry(expansion, node);
  if (node.type !== 'division' && node.type !== 'group') return [node];
  if (node.ownsOpenApi) checkSources(expansion, node.openapi, [...node.jsonPath, 'openapi'], true);
  if (node.type === 'division') {
    for (const item of node.menu) item.children = await expandNodes(expansion, item.children);
    const holdsDivisions = node.children.some((child) => child.type === 'division') || node.menu.length > 0;
    const generated = node.ownsOpenApi && !node.href && !holdsDivisions && !hasOperationRefs(node.children) ? generate(expansion, node) : [];
    node.children = [...(await expandNodes(expansion, node.children)), ...generated];
  } else {
    const generated = node.ownsOpenApi && !hasOperationRefs(node.children) ? generate(expansion, node) : [];
    node.children = [...(await expandNodes(expansion, node.children)), ...generated];
  }
  return [node];
}

const hasOperationRefs = (nodes: readonly NavNode[]): boolean =>
  nodes.some((node) => node.type === 'operation' || (node.type === 'group' && hasOperationRefs(node.children)));

/**
 * A `pages` entry naming an operation: its page, or (as Mintlify does) nothing, with a
 * warning, when no spec has it.
 */
async function operationEntry(expansion: Expansion, node: OperationNode): Promise<NavNode[]> {
  const ref = node.operation;
  const { lookup, problem } = await lookUpEntry(expansion.library, ref, node.openapi);
  const label = formatOperationRef(ref);
  if (!lookup.found) {
    if (problem) expansion.issues.push({ ...problem, severity: 'warning', at: node.jsonPath, message: `${problem.message} It is left out of the navigation.`, omitted: label });
    return [];
  }
  if (lookup.alsoIn.length) expansion.issues.push({ ...ambiguityProblem(ref, lookup), severity: 'warning', at: node.jsonPath });
  const { spec, operation, directory } = lookup.found;
  expansion.library.markUsed(spec.source);
  if (operation.excluded) return [];
  const { url, target } = expansion.pages.pageFor(spec, operation, directory);
  const page: PageNode = { type: 'page', page: url.slice(1), url, operation: target, jsonPath: node.jsonPath, directory: node.directory, openapi: node.openapi, ownsOpenApi: false };
  return [page];
}

/**
 * Where a navigation entry is looked up: the spec it names, else the specs in effect on
 * its element, else (when none is) every spec of the site. `problem` is unset when the
 * failure was reported already, where the spec is named.
 */
async function lookUpEntry(library: SpecLibrary, ref: OperationRef, entries: readonly OpenApiSource[]): Promise<{ lookup: Lookup; problem?: LookupProblem }> {
  if (ref.spec) return lookUpInNamedSpec(library, ref, entries, 'config');
  const lookup = await lookUp(ref, entries.length ? [specsOf(library, entries)] : [() => everySpec(library)]);
  if (lookup.found) return { lookup };
  const specsFailed = entries.length > 0 && lookup.searched.length === 0;
  return specsFailed ? { lookup } : { lookup, problem: notFoundProblem(ref, lookup.searched) };
}

/** The pages of every operation of the owner's specs, one group per tag in order of first use. */
function generate(expansion: Expansion, owner: NavNode & { type: 'division' | 'group' }): GroupNode[] {
  const groups = new Map<string, GroupNode>();
  for (const entry of owner.openapi) {
    const spec = expansion.library.spec(specKey(entry.source));
    if (!spec) continue;
    for (const operation of spec.operations) {
      if (operation.excluded) continue;
      const { url, target } = expansion.pages.pageFor(spec, operation, entry.directory ?? DEFAULT_API_DIRECTORY);
      if (operation.hidden) continue;
      const tag = operation.tags[0] ?? 'API Reference';
      let group = groups.get(tag);
      if (!group) {
        const nested = owner.type === 'group';
        const jsonPath = [...owner.jsonPath, 'openapi'];
        group = { type: 'group', name: tag, expanded: !nested, nested, hidden: false, jsonPath, directory: owner.directory, openapi: owner.openapi, ownsOpenApi: false, children: [] };
        groups.set(tag, group);
      }
      group.children.push({ type: 'page', page: url.slice(1), url, operation: target, jsonPath: group.jsonPath, directory: owner.directory, openapi: owner.openapi, ownsOpenApi: false });
    }
  }
  return [...groups.values()];
}

/**
 * The specs an element (or `api.openapi`) names, once read: a missing file is an error; a
 * URL that could not be read is a warning at each element naming it, which is then built
 * without its pages; a URL's other problems are reported once.
 */
function checkSources(expansion: Expansion, entries: readonly OpenApiSource[], at: JsonPath, generates: boolean) {
  for (const entry of entries) {
    const key = specKey(entry.source);
    const outcome = expansion.library.outcome(key);
    if (!isUrl(key)) {
      if (outcome?.status === 'missing' && outcome.problem) {
        // Behind a link that leads out of the docs folder, or ignored by `.mintignore`: not read, and its pages left out.
        expansion.issues.push({
          severity: 'warning',
          code: outcome.code ?? 'outside-docs',
          at,
          message: `The OpenAPI spec ${quote(entry.source)}: ${outcome.problem.message}.${generates ? ' The site is built without its pages.' : ''}`,
          ...(outcome.problem.hint ? { hint: outcome.problem.hint } : {}),
          ...(generates ? { omitted: `the generated pages of ${key}` } : {}),
        });
      } else if (outcome?.status === 'missing') {
        expansion.issues.push({
          severity: 'error',
          code: 'missing-openapi',
          at,
          message: `The OpenAPI spec ${quote(entry.source)} does not exist (looked for ${key} beside docs.json).`,
          hint: 'Spec paths are relative to docs.json.',
        });
      }
    } else if (outcome?.status === 'missing') {
      expansion.issues.push({
        severity: 'warning',
        code: 'openapi-url',
        at,
        message: `The OpenAPI spec ${quote(key)} was not read: ${outcome.problem?.message ?? 'it is not available'}.${generates ? ' The site is built without its pages.' : ''}`,
        ...(outcome.problem?.hint ? { hint: outcome.problem.hint } : {}),
        ...(generates ? { omitted: `the generated pages of ${key}` } : {}),
      });
    } else if (outcome && !expansion.reportedUrls.has(key)) {
      expansion.reportedUrls.add(key);
      const severity = outcome.status === 'broken' ? 'error' : 'warning';
      const problems = outcome.status === 'broken' ? outcome.problems : outcome.notes;
      for (const problem of problems.slice(0, 5)) {
        const where = problem.path && problem.path !== '#' ? ` (at ${problem.path})` : '';
        expansion.issues.push({ severity, code: 'invalid-openapi', at, message: `The OpenAPI spec ${quote(key)}${where} ${problem.message.replace(/\.$/, '')}.`, ...(problem.hint ? { hint: problem.hint } : {}) });
      }
    }
  }
}
