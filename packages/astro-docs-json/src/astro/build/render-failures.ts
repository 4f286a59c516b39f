/**
 * What failed while pages were rendered, gathered across the build so that it can report
 * it all at once: pages that failed (`renderFailure`: the build ends with them), and
 * components that failed inside a page that was built with a notice in their place
 * (`componentFailure`: warnings, errors under `strict`). The page routes and the component
 * guard record them and the integration reads them after the build: all run in the one
 * Node process that builds the site, but each has its own copy of this module, so the
 * lists live on `globalThis`.
 */
import type { Diagnostic } from '../../core/diagnostics.ts';
import { componentFailure, renderFailure } from '../../core/report/render-failure.ts';

const FAILURES = Symbol.for('astro-docs-json.render-failures');
const COMPONENT_FAILURES = Symbol.for('astro-docs-json.component-failures');
const PAGES = Symbol.for('astro-docs-json.pages-rendering');

type Holder = {
  [FAILURES]?: Diagnostic[];
  [COMPONENT_FAILURES]?: Map<string, Diagnostic>;
  /** The file of the page each request renders (Astro's `Astro.request`, a renderer's `result.request`). */
  [PAGES]?: WeakMap<object, string>;
};
const holder = globalThis as Holder;

export function recordRenderFailure(file: string, error: unknown): Diagnostic {
  const diagnostic = renderFailure(file, error);
  (holder[FAILURES] ??= []).push(diagnostic);
  return diagnostic;
}

/** The failures recorded since the last call. */
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

/** A component that failed on a page: one warning per page and component, however often it is used there. */
export function recordComponentFailure(file: string, component: string, error: unknown): Diagnostic {
  const failures = (holder[COMPONENT_FAILURES] ??= new Map());
  const key = `${file}\0${component}`;
  const diagnostic = failures.get(key) ?? componentFailure(file, component, error);
  failures.set(key, diagnostic);
  return diagnostic;
}

/** The component failures recorded since the last call, in the order they happened. */
export function takeComponentFailures(): Diagnostic[] {
  const failures = [...(holder[COMPONENT_FAILURES]?.values() ?? [])];
  holder[COMPONENT_FAILURES] = new Map();
  return failures;
}

/** What failed on a rendering worker (`render-worker.ts`) since the last call, to send to the main thread. */
export interface WorkerFailures {
  pages: Diagnostic[];
  /** By page and component, as `recordComponentFailure` keeps them. */
  components: Array<[string, Diagnostic]>;
}

export function takeWorkerFailures(): WorkerFailures {
  const components = [...(holder[COMPONENT_FAILURES]?.entries() ?? [])];
  holder[COMPONENT_FAILURES] = new Map();
  return { pages: takeRenderFailures(), components };
}

/** Kept with this thread's, as if they had failed here. */
export function adoptWorkerFailures({ pages, components }: WorkerFailures): void {
  if (pages.length) (holder[FAILURES] ??= []).push(...pages);
  const failures = (holder[COMPONENT_FAILURES] ??= new Map());
  for (const [key, diagnostic] of components) if (!failures.has(key)) failures.set(key, diagnostic);
}
