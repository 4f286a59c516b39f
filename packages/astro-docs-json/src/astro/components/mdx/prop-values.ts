/**
 * How the built-in components read the values pages give their props (`props.ts`), in a
 * module of its own that the React built-ins (`astro/react/`) share and take to the
 * browser. MDX hands over what the page wrote: `horizontal` is `true`, `arrow="false"` is
 * the string "false", `cols={3}` a number, and Mintlify pages write all of these forms.
 */

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
