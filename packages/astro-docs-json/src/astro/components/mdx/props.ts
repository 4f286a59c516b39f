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

/** A boolean prop, written bare (`defaultOpen`), as an expression (`{true}`) or as a string (`"true"`). */
export function flag(value: unknown, fallback = false): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return value !== 'false';
  return Boolean(value);
}

/** A whole-number prop (`cols={3}`, `cols="3"`), or the fallback when absent or not a number. */
export function count(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number.parseInt(value, 10) : typeof value === 'number' ? Math.trunc(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : fallback;
}

/** A prop that is text when given as text; expressions of other kinds are ignored. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** An element MDX made (`<b>x</b>` given as a prop), which Astro renders where it is placed. */
function isElement(value: unknown): value is { props?: { children?: unknown } } {
  return typeof value === 'object' && value !== null && 'type' in value && 'props' in value;
}

/**
 * A prop given as text or as markup (`label={<><Icon icon="rocket" /> Start</>}`), as
 * Mintlify's components take both: what to render, or undefined for other expressions.
 */
export function markup(value: unknown): unknown {
  if (isElement(value) || (Array.isArray(value) && value.length > 0)) return value;
  return text(value);
}

/** The text of a prop given as text or markup: for anchors and labels, where markup cannot go. */
export function plainText(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(plainText).join('');
  return isElement(value) ? plainText(value.props?.children) : '';
}

/** A list prop (`tags={["API", "SDK"]}`), or a single string as a list of one. */
export function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string' || typeof item === 'number').map(String);
  const single = text(value);
  return single ? [single] : [];
}

/** Links that leave the site open in a new tab, as on Mintlify. */
export function isExternal(href: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href);
}

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
