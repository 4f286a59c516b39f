/**
 * Finding the operation a `GET /users/{id}` names: in lists of specs ("tiers") searched
 * nearest first, each read only when the search gets to it. The first tier holding the
 * operation answers; within it, the first spec wins, and the others are named in a warning.
 */
import { closestMatches, listOf, quote } from '../diagnostics.ts';
import { formatOperationRef, type OperationRef } from '../paths/page-path.ts';
import type { Operation } from './operations.ts';
import type { LoadedSpec } from './specs.ts';

export interface Candidate {
  spec: LoadedSpec;
  /** The URL folder of the pages generated from it. */
  directory: string;
}

export interface Match extends Candidate {
  operation: Operation;
}

/** Specs to search, read when the search reaches them. */
export type Tier = () => Promise<Candidate[]>;

export interface Lookup {
  found?: Match;
  /** The other specs of the winning tier that have the operation too. */
  alsoIn: string[];
  /** Every spec searched, nearest first. */
  searched: Candidate[];
}

/** What is wrong with a reference, before it is given a place and a severity. */
export interface LookupProblem {
  code: string;
  message: string;
  hint: string;
}

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

export function matches(operation: Operation, ref: OperationRef): boolean {
  if (ref.kind === 'webhook') return operation.kind === 'webhook' && operation.path === ref.name;
  return operation.kind === 'operation' && operation.method === ref.method && samePath(operation.path, ref.path);
}

export async function lookUp(ref: OperationRef, tiers: readonly Tier[]): Promise<Lookup> {
  const searched: Candidate[] = [];
  for (const tier of tiers) {
    const candidates = (await tier()).filter((candidate) => !searched.some((seen) => seen.spec.source === candidate.spec.source));
    searched.push(...candidates);
    const found = candidates.flatMap((candidate) => candidate.spec.operations.filter((op) => matches(op, ref)).map((operation) => ({ ...candidate, operation })));
    if (found[0]) {
      const alsoIn = [...new Set(found.map((match) => match.spec.source))].filter((source) => source !== found[0]!.spec.source);
      return { found: found[0], alsoIn, searched };
    }
  }
  return { alsoIn: [], searched };
}

/** Names at most five specs: a site can hold dozens. */
function specList(sources: readonly string[], conjunction: string): string {
  if (sources.length <= 5) return listOf(sources, conjunction);
  return `${sources.slice(0, 5).map(quote).join(', ')} ${conjunction} ${sources.length - 5} more specs`;
}

export function ambiguityProblem(ref: OperationRef, lookup: Lookup): LookupProblem {
  const label = formatOperationRef(ref);
  const first = lookup.found!.spec.source;
  return {
    code: 'ambiguous-operation',
    message: `${quote(label)} is in several specs: ${listOf([first, ...lookup.alsoIn], 'and')}; the operation of ${quote(first)}, the first, is used.`,
    hint: `Name the spec in front of it to choose, like "${lookup.alsoIn[0]} ${label}".`,
  };
}

export function unknownSpecProblem(ref: OperationRef, specNames: readonly string[], why?: string): LookupProblem {
  const label = formatOperationRef(ref);
  return {
    code: 'missing-openapi',
    message: why
      ? `${quote(label)} names the spec ${quote(ref.spec!)}, which could not be read: ${why}.`
      : `${quote(label)} names the spec ${quote(ref.spec!)}, which is not one of the site's specs.`,
    hint: specNames.length
      ? `Specs: ${specList(specNames, 'and')}. A spec is named by its path, its file name, or its file name without extension.`
      : 'No file of the docs folder is an OpenAPI spec: set `openapi` on a navigation element, or `api.openapi`, to one.',
  };
}

/** The operation is in none of the specs searched: say which, and what is closest. */
export function notFoundProblem(ref: OperationRef, searched: readonly Candidate[]): LookupProblem {
  const label = formatOperationRef(ref);
  if (searched.length === 0) {
    return {
      code: 'missing-openapi',
      message: `${quote(label)} names an OpenAPI operation, but no spec is set here, and no file of the docs folder is one.`,
      hint: 'Set `openapi` on this element or an ancestor, or `api.openapi` in docs.json, or name the spec in front of the operation.',
    };
  }
  const where = specList(searched.map((candidate) => candidate.spec.source), 'or');
  const operations = searched.flatMap((candidate) => candidate.spec.operations);
  if (ref.kind === 'webhook') {
    const names = operations.filter((op) => op.kind === 'webhook').map((op) => op.path);
    return { code: 'unknown-operation', message: `The webhook ${quote(ref.name)} is not in ${where}.`, hint: names.length ? `Webhooks there: ${listOf(names.slice(0, 8))}.` : 'No spec searched has webhooks.' };
  }
  const sameRoute = operations.filter((op) => op.kind === 'operation' && samePath(op.path, ref.path));
  if (sameRoute.length > 0) {
    return {
      code: 'unknown-operation',
      message: `${where} has ${ref.path} but no ${ref.method} operation on it.`,
      hint: `Methods on ${ref.path}: ${listOf([...new Set(sameRoute.map((op) => op.method))])}.`,
    };
  }
  const paths = [...new Set(operations.filter((op) => op.kind === 'operation').map((op) => op.path))];
  const closest = closestMatches(ref.path, paths, 3);
  return {
    code: 'unknown-operation',
    message: `${quote(label)} is not in ${where}: it has no path ${ref.path}.`,
    hint: closest.length ? `Closest paths: ${listOf(closest)}.` : paths.length ? `Paths there: ${listOf(paths.slice(0, 8))}.` : 'The specs searched have no paths.',
  };
}
