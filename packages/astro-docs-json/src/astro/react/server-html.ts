/**
 * What only the build can draw, inside a React tree: a built-in component as Astro draws it
 * (highlighted code, the site's icons, every option the component has), in HTML that React
 * places as it is. The server draws it while React renders the island (`drawing.ts`); the
 * browser keeps that HTML when it hydrates the island, and as long as what it was drawn
 * from stays the same. Once that changes in the browser (the React component's state), the
 * HTML no longer holds, and `fallback` is what shows instead: a React component's own
 * drawing of it (`code-block.ts`), or else its children.
 */
import { createElement as h, isValidElement, use, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

/** Where the server renderer (`drawing.ts`) puts the drawing of the island being rendered: absent in the browser. */
export const DRAWING = Symbol.for('astro-docs-json.react-drawing');

export interface Drawing {
  /**
   * The HTML of `what` (a built-in component's name, or `ContentIcon`) drawn with `props`,
   * its children among them, for the element `id` of the island being rendered: the same
   * promise each time React renders that element again. Undefined outside an island.
   */
  draw(id: string, what: string, props: Record<string, unknown>): Promise<string> | undefined;
}

interface ServerHtmlProps {
  what: string;
  props: Record<string, unknown>;
  /** What shows when the server's drawing does not hold: drawn elsewhere, or drawn from other props. */
  fallback?: ReactNode;
}

/** The tag React places HTML in: `display: contents` (Astro's style for its islands' slots). */
const HTML_TAG = 'astro-static-slot';

export function ServerHtml({ what, props, fallback = null }: ServerHtmlProps): ReactNode {
  const id = useId();
  const hydrating = useSyncExternalStore(subscribeNever, isHydratingInBrowser, isHydratingOnServer);
  const key = inputKey({ what, props });
  // What the HTML in the page was drawn from: known while hydrating, not for an element added later.
  const [drawnFrom] = useState(() => (hydrating ? key : undefined));
  const changed = useRef(false);
  if (key !== drawnFrom) changed.current = true;
  const drawing = (globalThis as { [DRAWING]?: Drawing })[DRAWING];
  if (drawing) {
    const html = drawing.draw(id, what, props);
    return html ? h(HTML_TAG, { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: use(html) } }) : fallback;
  }
  // Empty, so that React leaves the server's HTML in place (it never writes this one).
  return changed.current ? fallback : h(HTML_TAG, { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: '' } });
}

const subscribeNever = () => () => {};
const isHydratingInBrowser = () => false;
const isHydratingOnServer = () => true;

/**
 * A key of what a drawing is made from, equal for equal props: React's elements by their
 * component's name and props, functions by name.
 */
export function inputKey(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) => {
    if (isValidElement(item)) return { type: typeName(item.type), key: item.key, props: item.props };
    if (typeof item === 'function') return `function ${typeName(item)}`;
    if (typeof item === 'symbol' || typeof item === 'bigint') return String(item);
    return item;
  });
}

function typeName(type: unknown): string {
  if (typeof type === 'string') return type;
  const named = type as { displayName?: string; name?: string } | null;
  return named?.displayName ?? named?.name ?? String(type);
}
