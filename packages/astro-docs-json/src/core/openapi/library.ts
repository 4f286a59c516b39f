/**
 * The site's OpenAPI specs: the files of the docs folder that are specs, and those
 * docs.json names (by path or URL), each read at most once, and only when something
 * needs it. A site whose 200 pages each name an operation reads the spec once; a spec
 * nobody looks in is never validated.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { mapBounded } from '../map-bounded.ts';
import { discoverSpecFiles, type DiscoverOptions } from './discover.ts';
import type { RemoteSpecOptions } from './remote.ts';
import { isUrl, readLocalSpec, readUrlSpec, specDiagnostics, specKey, type LoadedSpec, type SpecOutcome } from './specs.ts';

/** Who names a spec decides what its failure costs: the build (docs.json) or one page's operation. */
export type NamedBy = 'config' | 'page';

export interface SpecLibraryOptions extends DiscoverOptions {
  /** How specs named by URL are read; without it they are not. */
  remote?: RemoteSpecOptions;
}

/** Validation is mostly CPU work: a few at once overlap their file reads, no more. */
const PARALLEL_SPECS = 4;

export class SpecLibrary {
  readonly #docsDir: string;
  readonly #remote: RemoteSpecOptions | undefined;
  /** The docs folder's spec files, sorted. */
  readonly discovered: readonly string[];
  readonly #reads = new Map<string, Promise<SpecOutcome>>();
  readonly #outcomes = new Map<string, SpecOutcome>();
  /** In the order docs.json names them. */
  readonly #namedByConfig = new Set<string>();
  readonly #namedByPage = new Set<string>();
  readonly #used = new Set<string>();
  #everySpec: Promise<LoadedSpec[]> | undefined;

  constructor(docsDir: string, discovered: readonly string[], remote?: RemoteSpecOptions) {
    this.#docsDir = docsDir;
    this.discovered = discovered;
    this.#remote = remote;
  }

  static async open(docsDir: string, options: SpecLibraryOptions = {}): Promise<SpecLibrary> {
    return new SpecLibrary(docsDir, await discoverSpecFiles(docsDir, options), options.remote);
  }

  /** Reads the specs with these keys (each once, whoever asks first), and remembers who named them. */
  async load(keys: Iterable<string>, by: NamedBy): Promise<void> {
    const unique = [...new Set(keys)];
    for (const key of unique) (by === 'config' ? this.#namedByConfig : this.#namedByPage).add(key);
    await mapBounded(unique, PARALLEL_SPECS, (key) => this.#read(key));
  }

  #read(key: string): Promise<SpecOutcome> {
    let read = this.#reads.get(key);
    if (!read) {
      read = (isUrl(key) ? readUrlSpec(key, this.#remote) : readLocalSpec(this.#docsDir, key)).then((outcome) => {
        this.#outcomes.set(key, outcome);
        return outcome;
      });
      this.#reads.set(key, read);
    }
    return read;
  }

  /** The outcome of a spec read before; `undefined` when nothing asked for it yet. */
  outcome(key: string): SpecOutcome | undefined {
    return this.#outcomes.get(key);
  }

  spec(key: string): LoadedSpec | undefined {
    const outcome = this.#outcomes.get(key);
    return outcome?.status === 'loaded' ? outcome.spec : undefined;
  }

  /** Read and unusable: missing, broken, or a URL neither fetched nor kept. */
  failed(key: string): boolean {
    const status = this.#outcomes.get(key)?.status;
    return status === 'missing' || status === 'broken';
  }

  /**
   * The key of the spec a `spec.yaml GET /x` prefix names: its path, its file name, or its
   * name without extension, among the docs folder's specs and those docs.json names.
   */
  find(name: string): string | undefined {
    const key = specKey(name);
    const known = this.#known();
    const base = (source: string) => source.slice(source.lastIndexOf('/') + 1);
    return (
      known.find((source) => source === key) ??
      known.find((source) => base(source) === key) ??
      known.find((source) => base(source).replace(/\.[^.]+$/, '') === key)
    );
  }

  /** Whether a key is the exact path of one of the docs folder's specs, or of one docs.json names. */
  knows(key: string): boolean {
    return this.#known().includes(key);
  }

  #known(): string[] {
    return [...new Set([...this.#namedByConfig, ...this.discovered])];
  }

  /**
   * Every usable spec of the site, sorted by key: the docs folder's and those docs.json
   * names. Read on first use only, for the lookups that found nothing nearer.
   */
  everySpec(): Promise<LoadedSpec[]> {
    this.#everySpec ??= (async () => {
      const keys = [...new Set([...this.discovered, ...this.#namedByConfig])].sort();
      await mapBounded(keys, PARALLEL_SPECS, (key) => this.#read(key));
      return keys.flatMap((key) => this.spec(key) ?? []);
    })();
    return this.#everySpec;
  }

  /** A page renders one of this spec's operations. */
  markUsed(key: string): void {
    this.#used.add(key);
  }

  /**
   * The specs the site uses, by key: those docs.json names, in its order, then those pages
   * name or use, sorted. A spec only looked through is not one of them.
   */
  specsInUse(): Map<string, LoadedSpec> {
    const others = [...new Set([...this.#namedByPage, ...this.#used])].filter((key) => !this.#namedByConfig.has(key)).sort();
    const specs = new Map<string, LoadedSpec>();
    for (const key of [...this.#namedByConfig, ...others]) {
      const spec = this.spec(key);
      if (spec) specs.set(key, spec);
    }
    return specs;
  }

  /**
   * The problems of the docs folder's spec files (those named by URL are reported where
   * docs.json names them). A broken spec docs.json names stops the build; one that only a
   * page names, or nobody, does not: the pages are built without it.
   */
  diagnostics(): Diagnostic[] {
    const diagnostics: Diagnostic[] = [];
    for (const [key, outcome] of [...this.#outcomes].sort(([a], [b]) => a.localeCompare(b))) {
      if (isUrl(key)) continue;
      const byConfig = this.#namedByConfig.has(key);
      if (outcome.status === 'broken') {
        const hint = byConfig ? undefined : this.#namedByPage.has(key) ? 'The pages naming it are built with their own content only.' : 'No page uses it: it is skipped.';
        diagnostics.push(...specDiagnostics(key, outcome.problems, byConfig ? 'error' : 'warning', hint && `${hint} ${outcome.problems[0]?.hint ?? ''}`.trim()));
      } else if (outcome.status === 'loaded' && (byConfig || this.#namedByPage.has(key) || this.#used.has(key))) {
        diagnostics.push(...specDiagnostics(key, outcome.notes, 'warning'));
      }
    }
    return diagnostics;
  }
}
