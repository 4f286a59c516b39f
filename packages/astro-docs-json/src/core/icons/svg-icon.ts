/**
 * Icons given as SVG code rather than a name: `icon="<svg …>…</svg>"` in a page or docs.json,
 * or `icon={<svg …>…</svg>}` written as JSX in a page.
 *
 * The SVG comes from the page, so it must not be able to run anything: it is never put into
 * the HTML as markup. It becomes a `data:` URL that the page loads as an image, where a
 * browser runs no script, loads nothing else and reads no event handler. An SVG drawn in
 * `currentColor` (a one-colour icon meant to take the text's colour) is used as a CSS mask
 * over the text's colour instead, so that it follows the text in light and dark mode; any
 * other keeps its own colours.
 */

/** An SVG icon as a page shows it: an image, or a mask painted in the text's colour. */
export interface SvgImage {
  kind: 'image';
  src: string;
  /** Whether the icon is drawn in the text's colour (the SVG's `currentColor`). */
  mask?: boolean;
}

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Whether an icon value is SVG code, `<svg …>…</svg>`, rather than a name, file or URL. */
export function looksLikeSvg(value: string): boolean {
  return /^<svg[\s>/]/i.test(value.trim()) && value.trim().endsWith('>');
}

/** SVG code as the image a page shows for it. */
export function svgImage(markup: string): SvgImage {
  let svg = markup.trim();
  // Loaded as an image, an SVG is an XML document of its own, which draws nothing without
  // its namespace; inline in HTML it needs none, so pages often leave it out.
  if (!/^<svg[^>]*\sxmlns\s*=/i.test(svg)) svg = svg.replace(/^<svg/i, `<svg xmlns="${SVG_NAMESPACE}"`);
  const src = svgDataUrl(svg);
  return /currentcolor/i.test(svg) ? { kind: 'image', src, mask: true } : { kind: 'image', src };
}

/** An SVG document as a `data:` URL, safe inside HTML attributes and CSS `url("…")`. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** A JSX element as the page's code holds it: a tag name, and props with its children. */
export interface JsxElement {
  type: unknown;
  props?: Record<string, unknown> | null;
}

/** Whether a prop's value is a JSX `<svg>` element (`icon={<svg …/>}`). */
export function isSvgElement(value: unknown): value is JsxElement {
  return typeof value === 'object' && value !== null && 'type' in value && (value as JsxElement).type === 'svg';
}

/**
 * The SVG code of a JSX `<svg>` element, with React's prop names turned back into SVG's
 * attributes (`className` → `class`, `strokeWidth` → `stroke-width`, `xlinkHref` →
 * `xlink:href`), as a page copied from a React project writes them.
 */
export function svgMarkup(element: JsxElement): string {
  if (typeof element.type !== 'string' || !/^[A-Za-z][\w:-]*$/.test(element.type)) return '';
  const { children, ...props } = element.props ?? {};
  const attributes = Object.entries(props)
    .map(([name, value]) => attribute(name, value))
    .filter(Boolean)
    .join('');
  return `<${element.type}${attributes}>${childMarkup(children)}</${element.type}>`;
}

function childMarkup(children: unknown): string {
  if (Array.isArray(children)) return children.map(childMarkup).join('');
  if (typeof children === 'string' || typeof children === 'number') return escapeXml(String(children));
  if (typeof children === 'object' && children !== null && 'type' in children) return svgMarkup(children as JsxElement);
  return '';
}

function attribute(prop: string, value: unknown): string {
  // Handlers and React's own props mean nothing in an image.
  if (/^on[A-Z]/.test(prop) || prop === 'key' || prop === 'ref' || prop === 'dangerouslySetInnerHTML') return '';
  if (value === undefined || value === null || value === false || typeof value === 'function') return '';
  const name = attributeName(prop);
  if (!/^[A-Za-z_][\w:.-]*$/.test(name)) return '';
  const text = name === 'style' && typeof value === 'object' ? styleText(value as Record<string, unknown>) : value === true ? '' : String(value);
  return ` ${name}="${escapeXml(text)}"`;
}

/** SVG attributes that keep capitals: React writes them as SVG does. */
const CAMEL_CASE_ATTRIBUTES = new Set(
  (
    'viewBox preserveAspectRatio gradientUnits gradientTransform patternUnits patternContentUnits patternTransform ' +
    'clipPathUnits maskUnits maskContentUnits filterUnits primitiveUnits spreadMethod stdDeviation baseFrequency ' +
    'numOctaves pathLength textLength lengthAdjust markerWidth markerHeight markerUnits refX refY startOffset ' +
    'tableValues kernelMatrix surfaceScale specularConstant specularExponent diffuseConstant xChannelSelector ' +
    'yChannelSelector attributeName repeatCount keyTimes keySplines calcMode'
  ).split(' '),
);

function attributeName(prop: string): string {
  if (prop === 'className') return 'class';
  if (prop === 'htmlFor') return 'for';
  if (CAMEL_CASE_ATTRIBUTES.has(prop)) return prop;
  const namespaced = /^(xlink|xml|xmlns)([A-Z]\w*)$/.exec(prop);
  if (namespaced) return `${namespaced[1]}:${namespaced[2]!.toLowerCase()}`;
  return prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function styleText(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}:${String(value)}`)
    .join(';');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
}
