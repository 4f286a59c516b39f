/**
 * docs.json `fonts`, as the page head loads them: a font file (`source`) through an
 * `@font-face` rule, a bare family name from Google Fonts, as Mintlify does. `family`
 * sets both; `heading` and `body` set one each.
 */
import type { Font, Fonts } from '../../core/schema/docs-json.ts';
import { hrefFor } from '../../core/paths/href.ts';

export interface FontStyles {
  /** A Google Fonts stylesheet for the families that have no `source`. */
  stylesheet?: string;
  /** `@font-face` rules and the CSS variables the styles use (`--font`, `--font-heading`). */
  css: string;
}

const cssString = (text: string) => JSON.stringify(text);

function fontFace(font: Font, base: string): string {
  const source = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(font.source!) ? font.source! : hrefFor(font.source!, base);
  const format = font.format ?? (/\.woff$/i.test(font.source!) ? 'woff' : 'woff2');
  return `@font-face{font-family:${cssString(font.family)};src:url(${cssString(source)}) format(${cssString(format)});${font.weight ? `font-weight:${font.weight};` : ''}font-display:swap}`;
}

export function fontStyles(fonts: Fonts | undefined, base: string): FontStyles | undefined {
  if (!fonts) return undefined;
  const shared = fonts.family ? ({ ...fonts, family: fonts.family } as Font) : undefined;
  const body = fonts.body ?? shared;
  const heading = fonts.heading ?? shared;
  const used = [body, heading].filter((font): font is Font => font !== undefined);
  const faces = used.filter((font) => font.source).map((font) => fontFace(font, base));
  const google = new Map<string, Set<number>>();
  for (const font of used.filter((font) => !font.source)) {
    const weights = google.get(font.family) ?? new Set<number>();
    if (font.weight) weights.add(font.weight);
    google.set(font.family, weights);
  }
  const families = [...google].map(([family, weights]) => {
    const name = family.trim().replace(/\s+/g, '+');
    return weights.size ? `family=${name}:wght@${[...weights].sort((a, b) => a - b).join(';')}` : `family=${name}`;
  });
  const variables = [
    body && `--font:${cssString(body.family)},var(--font-system)`,
    heading && `--font-heading:${cssString(heading.family)},var(--font-system)`,
    body?.weight && `--font-weight:${body.weight}`,
    heading?.weight && `--font-heading-weight:${heading.weight}`,
  ].filter(Boolean);
  return {
    ...(families.length ? { stylesheet: `https://fonts.googleapis.com/css2?${families.join('&')}&display=swap` } : {}),
    // Doubled to outweigh docs.css's defaults, wherever the stylesheets end up in the head.
    css: `${faces.join('')}:root:root{${variables.join(';')}}`,
  };
}
