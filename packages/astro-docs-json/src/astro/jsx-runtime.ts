/**
 * The JSX runtime of the docs folder's MDX files, and of its `.jsx` snippets when the site
 * has no JSX framework: Astro's own, except that
 * - each component a page or snippet defines or imports renders behind a guard
 *   (`components/component-guard.ts`): one that fails leaves a notice in its place, and
 *   the rest of the page is built;
 * - `key`, which React code puts on the items of a list, is React's bookkeeping and not an
 *   attribute of the element;
 * - an element's `dangerouslySetInnerHTML={{ __html }}` is its content, as React makes it,
 *   where Astro's runtime would write the object out as an attribute.
 */
import { Fragment, jsx as astroJsx } from 'astro/jsx-runtime';
import { markHTMLString } from 'astro/runtime/server/index.js';
import { guardedProps, guardOf } from './components/component-guard.ts';

export { Fragment };

export function jsx(type: unknown, props: Record<string, unknown>) {
  const guard = guardOf(type);
  if (guard) return astroJsx(guard, guardedProps(props));
  return astroJsx(type, typeof type === 'string' && 'dangerouslySetInnerHTML' in props ? withInnerHtml(props) : props);
}

export { jsx as jsxDEV, jsx as jsxs };

/** An element's props with its `dangerouslySetInnerHTML` as its children: the HTML as written, or nothing when `__html` is not given. */
function withInnerHtml({ dangerouslySetInnerHTML: inner, ...props }: Record<string, unknown>): Record<string, unknown> {
  const html = (inner as { __html?: unknown } | null | undefined)?.__html;
  return { ...props, children: html == null ? undefined : markHTMLString(String(html)) };
}
