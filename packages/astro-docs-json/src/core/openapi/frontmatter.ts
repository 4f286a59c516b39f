/**
 * Pages that render an operation below their own content: `openapi: "GET /x"` in the
 * frontmatter. As on Mintlify, an operation with no spec in front is looked up in every
 * spec of the docs folder, nearest first: the specs of the page's navigation element, then
 * `api.openapi`, then the others by path. A page whose operation is not found still has its
 * own content, so any failure here is a warning.
 */
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import { quote } from '../diagnostics.ts';
import type { NavNode, OpenApiSource, PageNode, ResolvedNavigation } from '../navigation/tree.ts';
import type { PageFile } from '../pages/page-files.ts';
import { formatOperationRef, parseOperationRef, type OperationRef } from '../paths/page-path.ts';
import { everySpec, lookUpInNamedSpec, specsOf } from './tiers.ts';
import type { SpecLibrary } from './library.ts';
import { ambiguityProblem, lookUp, notFoundProblem, type Lookup, type LookupProblem } from './lookup.ts';
import { isUrl, specKey } from './specs.ts';

export async function resolveFrontmatterOperations(
  navigation: ResolvedNavigation | undefined,
  apiOpenApi: readonly OpenApiSource[],
  library: SpecLibrary,
  realPages: readonly PageFile[],
): Promise<Diagnostic[]> {
  const listed = listedPages(navigation);
  const diagnostics: Diagnostic[] = [];
  for (const page of realPages) {
    const value = page.frontmatter.openapi;
    if (typeof value !== 'string') continue;
    const inherited = listed.get(page.url)?.openapi ?? [];
    diagnostics.push(...(await resolvePage(page, value, inherited, apiOpenApi, library)));
  }
  return diagnostics;
}

/** The first navigation node of each URL: it gives the page the specs of its element. */
function listedPages(navigation: ResolvedNavigation | undefined): Map<string, PageNode> {
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
  return listed;
}

async function resolvePage(
  page: PageFile,
  value: string,
  inherited: readonly OpenApiSource[],
  apiOpenApi: readonly OpenApiSource[],
  library: SpecLibrary,
): Promise<Diagnostic[]> {
  const warning = (problem: LookupProblem): Diagnostic => ({ severity: 'warning', file: page.file, ...problem });
  const ref = parseOperationRef(value);
  if (!ref) return [warning(noOperationProblem(value, library))];
  const named = ref.spec === undefined ? undefined : specNamedByPage(library, ref.spec, page.file);
  if (named === OUTSIDE) return [warning(outsideProblem(ref))];
  const { lookup, problem } = named ? await lookUpInNamedSpec(library, ref, inherited, 'page', named) : await lookUpEverywhere(library, ref, inherited, apiOpenApi);
  if (!lookup.found) {
    return problem ? [warning({ ...problem, message: `${problem.message} The page is built with its own content only.` })] : [];
  }
  const { spec, operation } = lookup.found;
  library.markUsed(spec.source);
  page.operation = { spec: spec.source, kind: operation.kind, method: operation.method, path: operation.path };
  return lookup.alsoIn.length ? [warning(ambiguityProblem(ref, lookup))] : [];
}

const OUTSIDE = Symbol('outside the docs folder');

/**
 * The key of the spec a page's `spec.yaml GET /x` names. As on Mintlify, the name may be a
 * path from the page's own folder (`../specs/api.json`, `./api.yaml`), from the docs
 * folder's root (`/specs/api.json`), a file name, or a URL. A path written from the page
 * (`./`, `../`) is looked for from its folder first, any other from the root first; then
 * the name as `library.find` reads it. A path that climbs out of the docs folder is not
 * followed (`readLocalSpec` refuses a link that leads out, by real path).
 */
function specNamedByPage(library: SpecLibrary, name: string, pageFile: string): string | typeof OUTSIDE {
  const written = name.trim().replace(/\\/g, '/');
  if (isUrl(written) || written.startsWith('/')) return library.find(written) ?? specKey(written);
  const fromPage = path.posix.normalize(path.posix.join(path.posix.dirname(pageFile), written));
  if (fromPage === '..' || fromPage.startsWith('../')) return OUTSIDE;
  const fromRoot = specKey(written);
  const nearest = /^\.\.?\//.test(written) ? [fromPage, fromRoot] : [fromRoot, fromPage];
  return nearest.find((key) => library.knows(key)) ?? library.find(written) ?? nearest[0]!;
}

function outsideProblem(ref: OperationRef): LookupProblem {
  return {
    code: 'missing-openapi',
    message: `${quote(formatOperationRef(ref))} names the spec ${quote(ref.spec!)}, a path that leads out of the docs folder: it is not read. The page is built with its own content only.`,
    hint: "Put the spec in the docs folder, and name it by its path from the page's folder or from the docs folder's root.",
  };
}

async function lookUpEverywhere(
  library: SpecLibrary,
  ref: OperationRef,
  inherited: readonly OpenApiSource[],
  apiOpenApi: readonly OpenApiSource[],
): Promise<{ lookup: Lookup; problem?: LookupProblem }> {
  const lookup = await lookUp(ref, [specsOf(library, inherited), specsOf(library, apiOpenApi), () => everySpec(library)]);
  return lookup.found ? { lookup } : { lookup, problem: notFoundProblem(ref, lookup.searched) };
}

/** `openapi: "/openapi.yaml"`: a spec and no operation, or something that names neither. */
function noOperationProblem(value: string, library: SpecLibrary): LookupProblem {
  const spec = value.trim();
  if (isUrl(spec) || /\.(json|ya?ml)$/i.test(spec) || library.find(spec)) {
    return {
      code: 'invalid-frontmatter',
      message: `The frontmatter's \`openapi\` names the spec ${quote(spec)} but no operation: the page is built with its own content only.`,
      hint: `To show an operation below the page, name it after the spec, like "${spec} GET /users/{id}".`,
    };
  }
  return {
    code: 'invalid-frontmatter',
    message: `The frontmatter's \`openapi\` is ${JSON.stringify(value)}, which names no operation: the page is built with its own content only.`,
    hint: 'Write it like "GET /users/{id}", "openapi.yaml GET /users/{id}" or "webhook NAME".',
  };
}
