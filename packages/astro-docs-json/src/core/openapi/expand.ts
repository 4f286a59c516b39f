/**
 * Spec 3.2 rule 5: `openapi` on an element with no operations listed generates a page
 * for every operation, grouped by tag; `METHOD /path` entries in `pages` pick operations
 * instead. Both become ordinary page nodes of the navigation, with page files of their
 * own, so that routes, sidebars and everything after them treat them like any page.
 */
import { closestMatches, listOf, quote, type ConfigIssue, type Diagnostic, type JsonPath } from '../diagnostics.ts';
import type { GroupNode, NavNode, OpenApiSource, OperationTarget, PageNode, ResolvedNavigation } from '../navigation.ts';
import { NO_CONTENT } from '../markdown/page-content.ts';
import type { PageFile } from '../pages/page-files.ts';
import { formatOperationRef, parseOperationRef, type OperationRef } from '../pages/page-path.ts';
import { DEFAULT_API_DIRECTORY, operationUrl } from './slug.ts';
import { isUrl, specKey, type LoadedSpec } from './specs.ts';
import type { Operation } from './operations.ts';

export interface ExpandedOpenApi {
  /** A page file for each operation page, with the spec and operation for `file`. */
  pageFiles: PageFile[];
  /** Problems at a place in docs.json (a missing spec, an unknown operation). */
  issues: ConfigIssue[];
  /** Problems in page files (a page's `openapi` frontmatter). */
  diagnostics: Diagnostic[];
}

/** The spec files the navigation and the pages' frontmatter name, to load. */
export function specSources(navigation: ResolvedNavigation | undefined, apiOpenApi: OpenApiSource[], pageFiles: readonly PageFile[]): string[] {
  const sources = new Set(apiOpenApi.map((entry) => entry.source));
  const visit = (nodes: readonly NavNode[]) => {
    for (const node of nodes) {
      node.openapi.forEach((entry) => sources.add(entry.source));
      if (node.type === 'operation' && node.operation.spec) sources.add(node.operation.spec);
      if (node.type === 'division') {
        visit(node.children);
        visit(node.menu);
      } else if (node.type === 'group') visit(node.children);
    }
  };
  visit(navigation?.children ?? []);
  for (const file of pageFiles) {
    const ref = typeof file.frontmatter.openapi === 'string' ? parseOperationRef(file.frontmatter.openapi) : undefined;
    if (ref?.spec) sources.add(ref.spec);
  }
  return [...sources];
}

interface Candidate {
  spec: LoadedSpec;
  /** The URL folder of the pages generated from it. */
  directory: string;
}

export function targetLabel(target: OperationTarget): string {
  return target.kind === 'webhook' ? `${target.spec} webhook ${target.path}` : `${target.spec} ${target.method} ${target.path}`;
}

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

function matches(operation: Operation, ref: OperationRef): boolean {
  if (ref.kind === 'webhook') return operation.kind === 'webhook' && operation.path === ref.name;
  return operation.kind === 'operation' && operation.method === ref.method && samePath(operation.path, ref.path);
}

/** The spec a `spec.yaml GET /x` prefix names: by its path, its file name, or its name without extension. */
function specNamed(name: string, specs: ReadonlyMap<string, LoadedSpec>): LoadedSpec | undefined {
  const key = specKey(name);
  const base = (source: string) => source.slice(source.lastIndexOf('/') + 1);
  return (
    specs.get(key) ??
    [...specs.values()].find((spec) => base(spec.source) === key) ??
    [...specs.values()].find((spec) => base(spec.source).replace(/\.[^.]+$/, '') === key)
  );
}

export function expandOpenApi(
  navigation: ResolvedNavigation | undefined,
  apiOpenApi: OpenApiSource[],
  specs: ReadonlyMap<string, LoadedSpec>,
  failedSpecs: ReadonlySet<string>,
  realPages: PageFile[],
): ExpandedOpenApi {
  const issues: ConfigIssue[] = [];
  const diagnostics: Diagnostic[] = [];
  const pageFiles: PageFile[] = [];
  const usedUrls = new Set(realPages.map((page) => page.url));
  const urls = new Map<string, string>();

  /** One page per operation and URL folder: listing it twice links to the same page. */
  function pageFor(spec: LoadedSpec, operation: Operation, directory: string): { url: string; target: OperationTarget } {
    const target: OperationTarget = { spec: spec.source, kind: operation.kind, method: operation.method, path: operation.path };
    const key = `${directory}\u0000${targetLabel(target)}`;
    let url = urls.get(key);
    if (!url) {
      const wanted = operationUrl(operation, directory);
      url = wanted;
      for (let n = 1; usedUrls.has(url); n++) url = `${wanted}-${n}`;
      usedUrls.add(url);
      urls.set(key, url);
      pageFiles.push({
        file: targetLabel(target),
        page: url.slice(1),
        url,
        frontmatter: {
          title: operation.summary ?? (operation.kind === 'webhook' ? operation.path : `${operation.method} ${operation.path}`),
          ...(operation.description ? { description: plainSummary(operation.description) } : {}),
          ...(operation.deprecated ? { deprecated: true } : {}),
        },
        listedOnly: false,
        content: NO_CONTENT,
        operation: target,
      });
    }
    return { url, target };
  }

  /** The loaded specs among an element's `openapi` entries (the others are reported once, where they are set). */
  function specsOf(entries: readonly OpenApiSource[]): Candidate[] {
    return entries.flatMap((entry) => {
      const spec = specs.get(specKey(entry.source));
      return spec ? [{ spec, directory: entry.directory ?? DEFAULT_API_DIRECTORY }] : [];
    });
  }

  function checkSources(entries: readonly OpenApiSource[], at: JsonPath) {
    for (const entry of entries) {
      const key = specKey(entry.source);
      if (specs.has(key) || failedSpecs.has(key)) continue;
      issues.push(
        isUrl(entry.source)
          ? {
              severity: 'error',
              code: 'openapi-url',
              at,
              message: `The OpenAPI spec ${quote(entry.source)} is a URL; the build reads specs from the repository, offline.`,
              hint: 'Download the spec into the docs folder and name its path, like "openapi.yaml".',
            }
          : {
              severity: 'error',
              code: 'missing-openapi',
              at,
              message: `The OpenAPI spec ${quote(entry.source)} does not exist (looked for ${key} beside docs.json).`,
              hint: 'Spec paths are relative to docs.json.',
            },
      );
    }
  }

  /**
   * Where an operation reference is looked up: the spec it names, else the specs in effect
   * on its element, else (when none is) every spec of the site.
   */
  function candidatesFor(ref: OperationRef, entries: readonly OpenApiSource[]): Candidate[] {
    if (ref.spec) {
      const spec = specNamed(ref.spec, specs);
      if (!spec) return [];
      const entry = entries.find((e) => specKey(e.source) === spec.source);
      return [{ spec, directory: entry?.directory ?? DEFAULT_API_DIRECTORY }];
    }
    if (entries.length > 0) return specsOf(entries);
    return [...specs.values()].map((spec) => ({ spec, directory: DEFAULT_API_DIRECTORY }));
  }

  /** Whether a failed lookup comes from a spec already reported as missing or broken. */
  function specAlreadyReported(ref: OperationRef, entries: readonly OpenApiSource[]): boolean {
    if (ref.spec) return failedSpecs.has(specKey(ref.spec));
    return entries.length > 0 && specsOf(entries).length === 0;
  }

  function resolveRef(ref: OperationRef, candidates: Candidate[]): { found?: Candidate & { operation: Operation }; problem?: Omit<ConfigIssue, 'at'> } {
    const label = formatOperationRef(ref);
    if (ref.spec && candidates.length === 0) {
      return {
        problem: {
          severity: 'error',
          code: 'missing-openapi',
          message: `${quote(label)} names the spec ${quote(ref.spec)}, which is not one of the site's specs.`,
          hint: specs.size ? `Specs: ${listOf([...specs.keys()])}.` : 'Set `openapi` on a navigation element, or `api.openapi`, to a spec file in the docs folder.',
        },
      };
    }
    const found = candidates.flatMap((candidate) => candidate.spec.operations.filter((op) => matches(op, ref)).map((operation) => ({ ...candidate, operation })));
    const distinctSpecs = [...new Set(found.map((f) => f.spec.source))];
    if (distinctSpecs.length > 1) {
      return {
        problem: {
          severity: 'error',
          code: 'ambiguous-operation',
          message: `${quote(label)} is in several specs: ${listOf(distinctSpecs, 'and')}.`,
          hint: `Name the spec in front of it, like "${distinctSpecs[0]} ${label}".`,
        },
      };
    }
    if (found[0]) return { found: found[0] };
    const specNames = candidates.map((c) => c.spec.source);
    if (specNames.length === 0) {
      return { problem: { severity: 'error', code: 'missing-openapi', message: `${quote(label)} names an OpenAPI operation, but no spec is set here.`, hint: 'Set `openapi` on this element or an ancestor, or `api.openapi` in docs.json, or name the spec in front of the operation.' } };
    }
    const where = listOf(specNames, 'or');
    if (ref.kind === 'webhook') {
      const names = candidates.flatMap((c) => c.spec.operations.filter((op) => op.kind === 'webhook').map((op) => op.path));
      return { problem: { severity: 'error', code: 'unknown-operation', message: `The webhook ${quote(ref.name)} is not in ${where}.`, hint: names.length ? `Webhooks there: ${listOf(names.slice(0, 8))}.` : 'That spec has no webhooks.' } };
    }
    const sameRoute = candidates.flatMap((c) => c.spec.operations.filter((op) => op.kind === 'operation' && samePath(op.path, ref.path)));
    if (sameRoute.length > 0) {
      return {
        problem: {
          severity: 'error',
          code: 'unknown-operation',
          message: `${where} has ${ref.path} but no ${ref.method} operation on it.`,
          hint: `Methods on ${ref.path}: ${listOf([...new Set(sameRoute.map((op) => op.method))])}.`,
        },
      };
    }
    const paths = [...new Set(candidates.flatMap((c) => c.spec.operations.filter((op) => op.kind === 'operation').map((op) => op.path)))];
    const closest = closestMatches(ref.path, paths, 3);
    return {
      problem: {
        severity: 'error',
        code: 'unknown-operation',
        message: `${quote(label)} is not in ${where}: it has no path ${ref.path}.`,
        hint: closest.length ? `Closest paths: ${listOf(closest)}.` : `Paths there: ${listOf(paths.slice(0, 8))}.`,
      },
    };
  }

  function pageNode(node: NavNode, url: string, target: OperationTarget, jsonPath: JsonPath): PageNode {
    return { type: 'page', page: url.slice(1), url, operation: target, jsonPath, directory: node.directory, openapi: node.openapi, ownsOpenApi: false };
  }

  const hasOperationRefs = (nodes: readonly NavNode[]): boolean =>
    nodes.some((node) => node.type === 'operation' || (node.type === 'group' && hasOperationRefs(node.children)));

  /** The pages of every operation of the owner's specs, one group per tag in order of first use. */
  function generate(owner: NavNode & { type: 'division' | 'group' }): GroupNode[] {
    const groups = new Map<string, GroupNode>();
    for (const { spec, directory } of specsOf(owner.openapi)) {
      for (const operation of spec.operations) {
        if (operation.excluded) continue;
        const { url, target } = pageFor(spec, operation, directory);
        if (operation.hidden) continue;
        const tag = operation.tags[0] ?? 'API Reference';
        let group = groups.get(tag);
        if (!group) {
          const nested = owner.type === 'group';
          group = {
            type: 'group',
            name: tag,
            expanded: !nested,
            nested,
            hidden: false,
            jsonPath: [...owner.jsonPath, 'openapi'],
            directory: owner.directory,
            openapi: owner.openapi,
            ownsOpenApi: false,
            children: [],
          };
          groups.set(tag, group);
        }
        group.children.push(pageNode(owner, url, target, group.jsonPath));
      }
    }
    return [...groups.values()];
  }

  function expand(nodes: NavNode[]): NavNode[] {
    return nodes.flatMap((node): NavNode[] => {
      if (node.type === 'operation') {
        const { found, problem } = resolveRef(node.operation, candidatesFor(node.operation, node.openapi));
        if (problem) {
          if (!specAlreadyReported(node.operation, node.openapi)) issues.push({ ...problem, at: node.jsonPath });
          return [];
        }
        if (found!.operation.excluded) return [];
        const { url, target } = pageFor(found!.spec, found!.operation, found!.directory);
        return [pageNode(node, url, target, node.jsonPath)];
      }
      if ((node.type === 'division' || node.type === 'group') && node.ownsOpenApi) checkSources(node.openapi, [...node.jsonPath, 'openapi']);
      if (node.type === 'division') {
        node.menu.forEach((item) => (item.children = expand(item.children)));
        const holdsDivisions = node.children.some((child) => child.type === 'division') || node.menu.length > 0;
        const generated = node.ownsOpenApi && !node.href && !holdsDivisions && !hasOperationRefs(node.children) ? generate(node) : [];
        node.children = [...expand(node.children), ...generated];
      } else if (node.type === 'group') {
        const generated = node.ownsOpenApi && !hasOperationRefs(node.children) ? generate(node) : [];
        node.children = [...expand(node.children), ...generated];
      }
      return [node];
    });
  }

  checkSources(apiOpenApi, ['api', 'openapi']);
  if (navigation) navigation.children = expand(navigation.children);

  // Pages that render an operation below their own content: `openapi: "GET /x"` in frontmatter.
  const listed = new Map<string, PageNode>();
  const index = (nodes: readonly NavNode[]) => {
    for (const node of nodes) {
      if (node.type === 'page' && !listed.has(node.url)) listed.set(node.url, node);
      if (node.type === 'group') {
        if (node.root && !listed.has(node.root.url)) listed.set(node.root.url, node.root);
        index(node.children);
      }
      if (node.type === 'division') {
        index(node.children);
        index(node.menu);
      }
    }
  };
  index(navigation?.children ?? []);
  for (const page of realPages) {
    const value = page.frontmatter.openapi;
    if (typeof value !== 'string') continue;
    const ref = parseOperationRef(value);
    if (!ref) {
      diagnostics.push({ severity: 'error', code: 'invalid-frontmatter', file: page.file, message: `The frontmatter's \`openapi\` is ${JSON.stringify(value)}, which names no operation.`, hint: 'Write it like "GET /users/{id}", "openapi.yaml GET /users/{id}" or "webhook NAME".' });
      continue;
    }
    const entries = listed.get(page.url)?.openapi ?? apiOpenApi;
    const { found, problem } = resolveRef(ref, candidatesFor(ref, entries));
    if (problem) {
      if (!specAlreadyReported(ref, entries)) diagnostics.push({ ...problem, file: page.file });
      continue;
    }
    page.operation = { spec: found!.spec.source, kind: found!.operation.kind, method: found!.operation.method, path: found!.operation.path };
  }

  return { pageFiles, issues, diagnostics };
}

/** A description's first paragraph as plain text, for meta descriptions and listings. */
export function plainSummary(markdown: string): string {
  const paragraph = markdown.trim().split(/\n\s*\n/)[0] ?? '';
  const plain = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 300 ? `${plain.slice(0, 297).trimEnd()}…` : plain;
}
