/**
 * The JSX runtime of a docs folder's `.jsx` snippets when the site has no JSX framework:
 * Astro's own, except that `key`, which React code puts on the items of a list, is React's
 * bookkeeping and not an attribute of the element.
 */
import { Fragment, jsx as astroJsx } from 'astro/jsx-runtime';

export { Fragment };

export function jsx(type: unknown, props: Record<string, unknown>) {
  return astroJsx(type, props);
}

export { jsx as jsxDEV, jsx as jsxs };
