/**
 * What `mint a11y` checks: images and videos with no text alternative, and docs.json
 * colours that fail WCAG AA contrast (4.5:1 for text) against the background they are drawn
 * on. The site draws `colors.primary` as the colour of links and emphasis on the light
 * background, and `colors.light` (or the primary, without it) on the dark one; the
 * backgrounds are docs.json's `background.color`, or the site's own. `colors.dark` fills
 * buttons and marks hover states in both modes: as a part of the interface rather than text,
 * it needs WCAG's 3:1 for non-text contrast against both backgrounds, the threshold
 * Mintlify's `a11y` applies to it.
 */
import type { Nodes, Root } from 'mdast';
import { isJsxElement, jsxAttribute, stringAttribute, type JsxElement } from '../markdown/jsx-elements.ts';
import type { DocsJson } from '../schema/docs-json.ts';

/** The site's own backgrounds (`--bg` in docs.css). */
export const SITE_BACKGROUNDS = { light: '#ffffff', dark: '#0f1216' } as const;
/** WCAG 2 AA, for text of normal size. */
export const AA_TEXT = 4.5;
/** WCAG 2 AA, for parts of the interface and large text (1.4.11, 1.4.3). */
export const AA_INTERFACE = 3;

export interface ContrastProblem {
  /** The setting, as a JSON path of docs.json. */
  setting: string;
  color: string;
  background: string;
  mode: 'light' | 'dark';
  ratio: number;
  /** The ratio it needs: `AA_TEXT`, or `AA_INTERFACE` for `colors.dark`. */
  threshold: number;
}

export interface AltTextProblem {
  line: number;
  /** `image`, `<img>`, `<video>`. */
  element: string;
  src?: string;
}

/** `#abc` or `#aabbcc` as red, green and blue from 0 to 255; undefined for anything else. */
function rgb(hex: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2's relative luminance. */
function luminance([red, green, blue]: [number, number, number]): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG 2's contrast ratio of two colours, from 1 to 21; undefined when either is no hex colour. */
export function contrastRatio(foreground: string, background: string): number | undefined {
  const [one, two] = [rgb(foreground), rgb(background)];
  if (!one || !two) return undefined;
  const [lighter, darker] = [luminance(one), luminance(two)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** White or near-black: whichever reads better on `background` (a docs.json colour, such as a banner's). */
export function readableTextOn(background: string): '#ffffff' | '#111111' {
  return (contrastRatio('#ffffff', background) ?? 21) >= (contrastRatio('#111111', background) ?? 0) ? '#ffffff' : '#111111';
}

/** docs.json's colours that fail AA against the backgrounds they are drawn on, in light and dark. */
export function contrastProblems(config: Pick<DocsJson, 'colors' | 'background'>): ContrastProblem[] {
  const colors = config.colors;
  const backgrounds = { light: config.background?.color?.light ?? SITE_BACKGROUNDS.light, dark: config.background?.color?.dark ?? SITE_BACKGROUNDS.dark };
  const drawn = [
    { mode: 'light' as const, setting: 'colors.primary', color: colors?.primary, threshold: AA_TEXT },
    { mode: 'dark' as const, setting: colors?.light ? 'colors.light' : 'colors.primary', color: colors?.light ?? colors?.primary, threshold: AA_TEXT },
    { mode: 'light' as const, setting: 'colors.dark', color: colors?.dark, threshold: AA_INTERFACE },
    { mode: 'dark' as const, setting: 'colors.dark', color: colors?.dark, threshold: AA_INTERFACE },
  ];
  return drawn.flatMap(({ mode, setting, color, threshold }) => {
    const background = backgrounds[mode];
    const ratio = color ? contrastRatio(color, background) : undefined;
    return ratio !== undefined && ratio < threshold ? [{ setting, color: color!, background, mode, ratio: Math.floor(ratio * 100) / 100, threshold }] : [];
  });
}

/**
 * Images and videos of a page with no text alternative: a Markdown image with an empty
 * `![]`, an `<img>` with no `alt` (`alt=""` marks an image as decorative, which is allowed),
 * a `<video>` with no `aria-label`, `aria-labelledby` or `title`. `offset`: the lines of
 * the frontmatter, which the tree does not hold.
 */
export function missingAltText(tree: Root, offset = 0): AltTextProblem[] {
  const problems: AltTextProblem[] = [];
  const visit = (node: Nodes) => {
    const line = (node.position?.start.line ?? 1) + offset;
    if (node.type === 'image' && !node.alt?.trim()) problems.push({ line, element: 'image', src: node.url });
    if (isJsxElement(node) && node.name === 'img' && !has(node, 'alt')) problems.push({ line, element: '<img>', ...source(node) });
    if (isJsxElement(node) && node.name === 'video' && !['aria-label', 'aria-labelledby', 'title'].some((name) => has(node, name))) problems.push({ line, element: '<video>', ...source(node) });
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return problems;
}

const has = (element: JsxElement, name: string) => jsxAttribute(element, name) !== undefined;

function source(element: JsxElement): { src?: string } {
  const src = stringAttribute(element, 'src');
  return src === undefined ? {} : { src };
}
