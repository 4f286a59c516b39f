/**
 * The site's AsyncAPI documents, each read at most once by its key (its path relative to
 * docs.json, as `openapi` paths are written). Only files of the docs folder are read, by
 * real path, and the files their `$ref`s name under the same rule; a document named by URL
 * is not fetched, and whoever names it is told so. Problems are warnings: Mintlify builds
 * a site whose AsyncAPI file is wrong, without the channel pages it cannot make.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import { MAX_SPEC_BYTES } from '../openapi/discover.ts';
import { isUrl, specKey } from '../openapi/specs.ts';
import { fileStatus } from '../pages/references.ts';
import { parseSpecText, resolveRefs, type AsyncProblem, type RefFileReader } from './document.ts';
import { asyncSpecOf, type AsyncSpec } from './model.ts';

export type AsyncOutcome =
  | { status: 'loaded'; spec: AsyncSpec; problems: AsyncProblem[] }
  /** Not read: missing, outside the docs folder, a URL, or not an AsyncAPI document at all. */
  | { status: 'failed'; problems: AsyncProblem[] };

export { specKey as asyncSpecKey };

export class AsyncSpecLibrary {
  readonly #docsDir: string;
  readonly #outcomes = new Map<string, AsyncOutcome>();
  /** Keys some page or navigation element uses, in first-use order. */
  readonly #used = new Set<string>();

  constructor(docsDir: string) {
    this.#docsDir = docsDir;
  }

  /** The document at `source` (a path relative to docs.json, or a URL), read once. */
  read(source: string): AsyncOutcome {
    const key = specKey(source);
    let outcome = this.#outcomes.get(key);
    if (!outcome) {
      outcome = isUrl(key) ? notFetched(key) : readLocal(this.#docsDir, key);
      this.#outcomes.set(key, outcome);
    }
    return outcome;
  }

  spec(source: string): AsyncSpec | undefined {
    const outcome = this.read(source);
    return outcome.status === 'loaded' ? outcome.spec : undefined;
  }

  markUsed(source: string): void {
    this.#used.add(specKey(source));
  }

  /** The documents the site's pages show, by key, in the order they were first used. */
  specsInUse(): Map<string, AsyncSpec> {
    const specs = new Map<string, AsyncSpec>();
    for (const key of this.#used) {
      const spec = this.spec(key);
      if (spec) specs.set(key, spec);
    }
    return specs;
  }

  /**
   * The problems of the documents read, as warnings of their files. A document that could
   * not be read at all is reported where docs.json or a page names it, not here.
   */
  diagnostics(): Diagnostic[] {
    return [...this.#outcomes.values()].flatMap((outcome) => (outcome.status === 'loaded' ? outcome.problems.map(asDiagnostic) : []));
  }
}

function asDiagnostic(problem: AsyncProblem): Diagnostic {
  return {
    severity: 'warning',
    code: 'invalid-asyncapi',
    file: problem.file,
    ...(problem.path ? { path: problem.path } : {}),
    message: `${problem.file}${problem.path && problem.path !== '#' ? ` (at ${problem.path})` : ''} ${problem.message}.`,
    ...(problem.hint ? { hint: problem.hint } : {}),
  };
}

function notFetched(url: string): AsyncOutcome {
  return {
    status: 'failed',
    problems: [{ file: url, message: 'is an AsyncAPI document named by URL: this site does not fetch AsyncAPI documents, so its channel pages are not built', hint: 'Download the document into the docs folder and name it by its path, like "/asyncapi.yaml".' }],
  };
}

/** Why a file of the docs folder is not read, or its text. */
function readDocsFile(docsDir: string, key: string): { text: string } | { problem: string } {
  const file = path.join(docsDir, key);
  if (key.startsWith('..') || path.isAbsolute(key)) return { problem: 'it is outside the docs folder: it is not read' };
  const status = fileStatus(docsDir, file);
  if (status === 'missing') return { problem: 'no such file in the docs folder' };
  if (status === 'outside') return { problem: 'it is a link that leads out of the docs folder: it is not read' };
  if (status === 'ignored') return { problem: 'it is ignored by `.mintignore`: it is not read' };
  if (statSync(file).size > MAX_SPEC_BYTES) return { problem: `it is larger than ${MAX_SPEC_BYTES / 1024 / 1024} MB: it is not read` };
  return { text: readFileSync(file, 'utf8') };
}

function readLocal(docsDir: string, key: string): AsyncOutcome {
  const read = readDocsFile(docsDir, key);
  if ('problem' in read) return { status: 'failed', problems: [{ file: key, message: `cannot be read: ${read.problem}`, hint: 'AsyncAPI paths are relative to docs.json.' }] };
  let parsed: unknown;
  try {
    parsed = parseSpecText(read.text);
  } catch (error) {
    const first = (error as Error).message.split('\n')[0];
    return { status: 'failed', problems: [{ file: key, message: `is neither JSON nor YAML: ${first}`, hint: 'Check the file with an AsyncAPI validator (AsyncAPI Studio, say).' }] };
  }
  const readRef: RefFileReader = (file) => readDocsFile(docsDir, file);
  const { document, problems } = resolveRefs(parsed, key, readRef);
  const { spec, problems: modelProblems } = asyncSpecOf(key, document);
  const all = [...problems, ...modelProblems];
  return spec ? { status: 'loaded', spec, problems: all } : { status: 'failed', problems: all };
}
