/**
 * The pages that failed while they were rendered, gathered across the build so that it can
 * report them all at once and end (`renderFailure`). The page routes record them and the
 * integration reads them after the build: both run in the one Node process that builds
 * the site, but each has its own copy of this module, so the list lives on `globalThis`.
 */
import type { Diagnostic } from '../../core/diagnostics.ts';
import { renderFailure } from '../../core/report/render-failure.ts';

const FAILURES = Symbol.for('astro-docs-json.render-failures');

type Holder = { [FAILURES]?: Diagnostic[] };

export function recordRenderFailure(file: string, error: unknown): Diagnostic {
  const diagnostic = renderFailure(file, error);
  ((globalThis as Holder)[FAILURES] ??= []).push(diagnostic);
  return diagnostic;
}

/** The failures recorded since the last call. */
export function takeRenderFailures(): Diagnostic[] {
  const failures = (globalThis as Holder)[FAILURES] ?? [];
  (globalThis as Holder)[FAILURES] = [];
  return failures;
}
