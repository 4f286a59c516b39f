/**
 * How the built-in components read the props pages give them. MDX hands over what the
 * page wrote: `horizontal` is `true`, `arrow="false"` is the string "false", `cols={3}` a
 * number, and Mintlify pages write all of these forms.
 */

/** The props that name an icon: a Font Awesome name (`iconType` its style) or, with `iconLibrary="lucide"`, a Lucide one; or a URL or inline SVG. */
/** The name a page wrote the component by (`index.ts`), which its root carries as Mintlify's `data-component-name` hook. */
export interface NamedProps {
  componentName?: string;
}

export interface IconProps {
  icon?: unknown;
  iconType?: unknown;
  iconLibrary?: unknown;
}

export { count, flag, isExternal, list, markup, plainText, text } from './prop-values.ts';

/** Anchors as Mintlify makes them: an id given cleaned (`cleanAnchor`), a label's own (`labelAnchor`: `v2.1 — June` → `v2-1-—-june`). */
export { cleanAnchor, labelAnchor } from '../../../core/markdown/anchors.ts';

/**
 * An id unique within the page being rendered, for `aria-describedby` and the like. The
 * count lives on the request's locals, so it restarts on each page and the same page gets
 * the same ids on every build.
 */
export function uniqueId(locals: object, prefix: string): string {
  const counters = locals as { docsComponentIds?: Record<string, number> };
  counters.docsComponentIds ??= {};
  const next = (counters.docsComponentIds[prefix] ?? 0) + 1;
  counters.docsComponentIds[prefix] = next;
  return `${prefix}-${next}`;
}

/**
 * The anchor of a component that deep links open (an accordion, a tab, a step, a view):
 * `wanted` (its `id`, or its title's anchor), with `-1`, `-2`... after it when the page
 * already has a component of that kind and anchor, as Mintlify numbers them: each kind
 * counts its own. Counted on the request's locals, like `uniqueId`.
 */
export function anchorId(locals: object, kind: string, wanted: string): string | undefined {
  if (wanted === '') return undefined;
  const counters = ((locals as { docsComponentAnchors?: Map<string, Map<string, number>> }).docsComponentAnchors ??= new Map());
  const taken = counters.get(kind) ?? new Map<string, number>();
  counters.set(kind, taken);
  let seen = taken.get(wanted) ?? 0;
  let anchor = seen === 0 ? wanted : `${wanted}-${seen}`;
  // An anchor written as an `id` may already be one that counting would give.
  while (seen > 0 && taken.has(anchor)) anchor = `${wanted}-${++seen}`;
  taken.set(wanted, seen + 1);
  if (anchor !== wanted) taken.set(anchor, 1);
  return anchor;
}
