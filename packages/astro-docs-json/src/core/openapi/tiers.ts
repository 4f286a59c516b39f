/**
 * The specs an operation reference is looked up in, as tiers for `lookUp`: the one spec
 * it names, the specs an element names, or every spec of the site.
 */
import type { OpenApiSource } from '../navigation/tree.ts';
import type { OperationRef } from '../paths/page-path.ts';
import type { NamedBy, SpecLibrary } from './library.ts';
import { lookUp, notFoundProblem, unknownSpecProblem, type Candidate, type Lookup, type LookupProblem, type Tier } from './lookup.ts';
import { DEFAULT_API_DIRECTORY } from './slug.ts';
import { isUrl, specKey } from './specs.ts';

/**
 * `spec.yaml GET /x`, in the navigation or a page's frontmatter: the one spec it names,
 * whose key is found from the name unless the caller found it (a page's path from its folder).
 */
export async function lookUpInNamedSpec(
  library: SpecLibrary,
  ref: OperationRef,
  entries: readonly OpenApiSource[],
  by: NamedBy,
  key = library.find(ref.spec!) ?? specKey(ref.spec!),
): Promise<{ lookup: Lookup; problem?: LookupProblem }> {
  await library.load([key], by);
  const outcome = library.outcome(key);
  if (outcome?.status === 'loaded') {
    const lookup = await lookUp(ref, [specsOf(library, [{ source: key, ...directoryOf(entries, key) }])]);
    return lookup.found ? { lookup } : { lookup, problem: notFoundProblem(ref, lookup.searched) };
  }
  const empty: Lookup = { alsoIn: [], searched: [] };
  // A broken file is reported as such, once; a URL is reported with why it was not read.
  if (outcome?.status === 'broken' && !isUrl(key)) return { lookup: empty };
  const why = outcome?.status === 'missing' ? outcome.problem?.message : outcome?.problems[0]?.message;
  return { lookup: empty, problem: unknownSpecProblem(ref, [...library.discovered], why) };
}

const directoryOf = (entries: readonly OpenApiSource[], key: string) => {
  const directory = entries.find((entry) => specKey(entry.source) === key)?.directory;
  return directory ? { directory } : {};
};

/** The usable specs among `openapi` entries (the others are reported once, where they are set). */
export function specsOf(library: SpecLibrary, entries: readonly OpenApiSource[]): Tier {
  return async () => {
    await library.load(entries.map((entry) => specKey(entry.source)), 'config');
    return entries.flatMap((entry) => {
      const spec = library.spec(specKey(entry.source));
      return spec ? [{ spec, directory: entry.directory ?? DEFAULT_API_DIRECTORY }] : [];
    });
  };
}

export async function everySpec(library: SpecLibrary): Promise<Candidate[]> {
  return (await library.everySpec()).map((spec) => ({ spec, directory: DEFAULT_API_DIRECTORY }));
}
