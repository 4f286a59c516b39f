/**
 * What failed while pages were rendered, gathered across the build so that it can report
 * it all at once: pages that could not be compiled (`compileFailure`: errors, the build
 * ends with them), and pages and components that failed and were built with a notice in
 * their place (`pageFailure`, `componentFailure`: warnings, errors under `strict`). The
 * page routes and the component guard record them and the integration reads them after the
 * build: all run in the one Node process that builds the site, but each has its own copy
 * of this module, so the lists live on `globalThis`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../../core/diagnostics.ts';
import { compileFailure, componentFailure, pageFailure } from '../../core/report/render-failure.ts';

const FAILURES = Symbol.for('astro-docs-json.render-failures');
const WARNINGS = Symbol.for('astro-docs-json.render-warnings');
const PAGES = Symbol.for('astro-docs-json.pages-rendering');

type Holder = {
  [FAILURES]?: Diagnostic[];
  /** By page and component (none for the page itself): one warning each, however often it fails there. */
  [WARNINGS]?: Map<string, Diagnostic>;
  /** The file of the page each request renders (Astro's `Astro.request`, a renderer's `result.request`). */
  [PAGES]?: WeakMap<object, string>;
};
const holder = globalThis as Holder;

/** A page that could not be compiled when it was rendered: an error. */
export function recordCompileFailure(file: string, error: unknown): Diagnostic {
  const diagnostic = compileFailure(file, error);
  (holder[FAILURES] ??= []).push(diagnostic);
  return diagnostic;
}

/** The errors recorded since the last call. */
export function takeRenderFailures(): Diagnostic[] {
  const failures = holder[FAILURES] ?? [];
  holder[FAILURES] = [];
  return failures;
}

/** The page route says which file a request renders, so that what fails inside can name it. */
export function renderingPage(request: object, file: string): void {
  (holder[PAGES] ??= new WeakMap()).set(request, file);
}

export function pageOfRequest(request: object | undefined): string | undefined {
  return request ? holder[PAGES]?.get(request) : undefined;
}

/** A page that threw while it rendered: a warning, with the line its file writes what threw on, where that can be told. */
export function recordPageFailure(docsDir: string, file: string, error: unknown): Diagnostic {
  return recordWarning(`${file}\0`, () => pageFailure(file, error, sourceOf(docsDir, file)));
}

/** A component that failed on a page: one warning per page and component, however often it is used there. */
export function recordComponentFailure(file: string, component: string, error: unknown): Diagnostic {
  return recordWarning(`${file}\0${component}`, () => componentFailure(file, component, error));
}

function recordWarning(key: string, diagnostic: () => Diagnostic): Diagnostic {
  const warnings = (holder[WARNINGS] ??= new Map());
  const recorded = warnings.get(key) ?? diagnostic();
  warnings.set(key, recorded);
  return recorded;
}

/** Read once a page has failed: no page that renders pays for it. */
function sourceOf(docsDir: string, file: string): string | undefined {
  try {
    return readFileSync(path.join(docsDir, file), 'utf8');
  } catch {
    return undefined;
  }
}

/** The warnings of pages and components recorded since the last call, in the order they happened. */
export function takeRenderWarnings(): Diagnostic[] {
  const warnings = [...(holder[WARNINGS]?.values() ?? [])];
  holder[WARNINGS] = new Map();
  return warnings;
}

/** What failed on a rendering worker (`render-worker.ts`) since the last call, to send to the main thread. */
export interface WorkerFailures {
  errors: Diagnostic[];
  /** By page and component, as `recordWarning` keeps them. */
  warnings: Array<[string, Diagnostic]>;
}

export function takeWorkerFailures(): WorkerFailures {
  const warnings = [...(holder[WARNINGS]?.entries() ?? [])];
  holder[WARNINGS] = new Map();
  return { errors: takeRenderFailures(), warnings };
}

/** Kept with this thread's, as if they had failed here. */
export function adoptWorkerFailures({ errors, warnings }: WorkerFailures): void {
  if (errors.length) (holder[FAILURES] ??= []).push(...errors);
  const kept = (holder[WARNINGS] ??= new Map());
  for (const [key, diagnostic] of warnings) if (!kept.has(key)) kept.set(key, diagnostic);
}
