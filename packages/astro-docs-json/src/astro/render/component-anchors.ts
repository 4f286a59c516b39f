/**
 * The ids of the components that links open, kept unique on the page being rendered: the
 * page's compiler gives each its id as Mintlify does (core/html/component-anchors.ts), but
 * a snippet is compiled apart from the page that shows it, and an OpenAPI page's fields
 * are drawn beside its MDX content. Used by the built-in components and the OpenAPI
 * schema tree alike.
 */

/**
 * The anchor of a component that links open (a field, an accordion, a tab, a step, a view):
 * `wanted`, the id the page's compiler gave it as Mintlify does (core/html/component-anchors.ts)
 * or its own, unless a component drawn before it on the page has that id already (one of a
 * snippet, compiled apart from the page): then `next(1)`, `next(2)`... (by default
 * `wanted-1`...), the first no component has. One set per page, on the request's locals,
 * like `uniqueId` (components/mdx/props.ts).
 */
export function anchorId(locals: object, wanted: string | undefined, next = (count: number) => `${wanted}-${count}`): string | undefined {
  if (!wanted) return undefined;
  const taken = ((locals as { docsComponentAnchors?: Set<string> }).docsComponentAnchors ??= new Set());
  let anchor = wanted;
  for (let count = 1; taken.has(anchor); count++) anchor = next(count);
  taken.add(anchor);
  return anchor;
}
