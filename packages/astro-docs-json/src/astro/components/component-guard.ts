/**
 * The components of a docs folder's pages behind a guard: one that throws while its page
 * renders (its code, or React's rendering of it), or that no renderer can render, leaves a
 * notice in its place and the rest of the page is built, as a page on Mintlify stands when
 * one of its components fails. The failure is recorded for the build's summary
 * (`render-failures.ts`: a `component-error` warning, an error under `strict`), in one line
 * and without a stack trace: React's own report of the error (a stack trace on the console)
 * is held back while a guarded component renders.
 *
 * The JSX runtime of the docs folder's MDX and `.jsx` files (`../jsx-runtime.ts`) puts the
 * guard around each component that is a function: those pages and snippets define or
 * import. The built-in components are Astro's and left as they are (`UNGUARDED`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { jsx } from 'astro/jsx-runtime';
import { createComponent, escapeHTML, markHTMLString, renderJSX } from 'astro/runtime/server/index.js';
import { reasonOf } from '../../core/report/render-failure.ts';
import { pageOfRequest, recordComponentFailure } from '../build/render-failures.ts';

/** On a component that needs no guard: the built-in ones (`components/mdx/index.ts`). */
export const UNGUARDED = Symbol.for('astro-docs-json.unguarded');
/** Where a guarded element keeps its `client:*` props, which Astro would otherwise warn about on the guard (an Astro component). */
const DIRECTIVES = '__astroDocsJsonDirectives';

type Component = ((...args: never[]) => unknown) & { displayName?: string; [UNGUARDED]?: boolean; isAstroComponentFactory?: boolean };
type Slots = Record<string, () => unknown>;
interface Result {
  cancelled: boolean;
  request?: object;
  pathname: string;
}

const guards = new WeakMap<Component, Component>();

/** The guard of `type`, or undefined when it gets none (an element's name, an Astro component, the built-in ones, MDX content). */
export function guardOf(type: unknown): Component | undefined {
  if (typeof type !== 'function') return undefined;
  const component = type as Component;
  if (component.isAstroComponentFactory || component[UNGUARDED] || (component as unknown as Record<symbol, unknown>)[Symbol.for('mdx-component')]) return undefined;
  // MDX's own functions (`_createMdxContent`), not the page's components.
  if (component.name.startsWith('_')) return undefined;
  let guard = guards.get(component);
  if (!guard) {
    guard = createComponent(((result: Result, props: Record<string, unknown>, slots: Slots) => renderGuarded(result, component, props, slots)) as never) as Component;
    guards.set(component, guard);
  }
  return guard;
}

/** The props of a guarded element, its `client:*` directives put aside for the component inside. */
export function guardedProps(props: Record<string, unknown>): Record<string, unknown> {
  const directives = Object.keys(props).filter((key) => key.startsWith('client:'));
  if (directives.length === 0) return props;
  const rest = { ...props };
  const aside: Record<string, unknown> = {};
  for (const key of directives) {
    aside[key] = rest[key];
    delete rest[key];
  }
  return { ...rest, [DIRECTIVES]: aside };
}

async function renderGuarded(result: Result, component: Component, props: Record<string, unknown>, slots: Slots): Promise<unknown> {
  const name = component.displayName || component.name || 'Component';
  const { [DIRECTIVES]: directives, ...rest } = props;
  try {
    const html = await quiet().run(true, async () => renderToHtml(result, component, { ...rest, ...(directives as object) }, slots));
    return markHTMLString(html);
  } catch (error) {
    if (result.cancelled) throw error;
    const file = pageOfRequest(result.request) ?? result.pathname;
    const failure = recordComponentFailure(file, name, error);
    const development = process.env.NODE_ENV !== 'production';
    // A build reports it at its end; `astro dev` has no end, so it says so at once.
    if (development) console.warn(`[astro-docs-json] ${file}: ${failure.message}`);
    return markHTMLString(noticeHtml(name, development ? reasonOf(error) : undefined));
  }
}

/**
 * The component rendered whole, so that what it throws is thrown here: as Astro renders
 * it unguarded, from an element of its own, given its children as Astro rendered them.
 * Those that render nothing are left out, as Astro leaves them out.
 */
async function renderToHtml(result: Result, component: Component, props: Record<string, unknown>, slots: Slots): Promise<string> {
  const rendered: Record<string, unknown> = {};
  await Promise.all(
    Object.entries(slots).map(async ([key, slot]) => {
      const output = await slot();
      if (String(output ?? '').trim() !== '') rendered[key === 'default' ? 'children' : key] = output;
    }),
  );
  return String(await renderJSX(result as never, jsx(component, { ...props, ...rendered })));
}

/**
 * What a reader sees in place of the component: which one, and that the rest of the page is
 * complete; in `astro dev`, why. Phrasing elements only, since the component may have stood
 * inside a paragraph (`component-error.css` lays them out as a callout).
 */
function noticeHtml(name: string, reason: string | undefined): string {
  const tag = `<code>&lt;${escapeHTML(name)}&gt;</code>`;
  return (
    `<span class="callout component-error" data-kind="warning" role="note" aria-label="Component error" data-component-error="${escapeHTML(name)}" data-pagefind-ignore>` +
    `<span class="callout-body"><span><strong>This part of the page could not be shown.</strong> The component ${tag} failed while the page was built; the rest of the page is complete.</span>` +
    (reason ? `<span class="component-error-reason">${escapeHTML(reason)}</span>` : '') +
    `</span></span>`
  );
}

const QUIET = Symbol.for('astro-docs-json.quiet-console');

/**
 * While a guarded component renders, errors written to the console are held back: React
 * reports an error it meets while rendering with its stack trace there (and, in
 * development, a React component that Astro tried as its own with "Invalid hook call"),
 * and the guard reports it in one line. Shared by every copy of this module (the integration's and the
 * pages' bundle), so that the console is wrapped once.
 */
function quiet(): AsyncLocalStorage<boolean> {
  const holder = globalThis as { [QUIET]?: AsyncLocalStorage<boolean> };
  let storage = holder[QUIET];
  if (!storage) {
    const store = new AsyncLocalStorage<boolean>();
    storage = holder[QUIET] = store;
    const print = console.error;
    console.error = (...args: unknown[]) => {
      if (store.getStore() && args.some((arg) => arg instanceof Error || (typeof arg === 'string' && arg.startsWith('Invalid hook call')))) return;
      print.apply(console, args);
    };
  }
  return storage;
}
