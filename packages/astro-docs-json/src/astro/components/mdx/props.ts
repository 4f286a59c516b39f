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

/** Anchors as Mintlify makes them: an id given cleaned (`cleanAnchor`), a label's own (`labelAnchor`: `v2.1 — June` → `v2-1-—-june`), a field's and an accordion's (`fieldAnchor`, `componentAnchor`). */
export { cleanAnchor, componentAnchor, fieldAnchor, labelAnchor } from '../../../core/markdown/anchors.ts';
export { titleText } from '../../../core/markdown/component-anchors.ts';
export { anchorId } from '../../render/component-anchors.ts';

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
