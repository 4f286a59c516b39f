/**
 * The JSX runtime of the docs folder's MDX files, and of its `.jsx` snippets when the site
 * has no JSX framework: Astro's own, except that
 * - each component a page or snippet defines or imports renders behind a guard
 *   (`components/component-guard.ts`): one that fails leaves a notice in its place, and
 *   the rest of the page is built;
 * - `key`, which React code puts on the items of a list, is React's bookkeeping and not an
 *   attribute of the element.
 */
import { Fragment, jsx as astroJsx } from 'astro/jsx-runtime';
import { guardedProps, guardOf } from './components/component-guard.ts';

export { Fragment };

export function jsx(type: unknown, props: Record<string, unknown>) {
  const guard = guardOf(type);
  return guard ? astroJsx(guard, guardedProps(props)) : astroJsx(type, props);
}

export { jsx as jsxDEV, jsx as jsxs };
