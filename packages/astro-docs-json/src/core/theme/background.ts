/**
 * docs.json `theme` and `background` as the page head applies them, once per site.
 *
 * A theme is a set of design tokens and a few layout rules over the one set of components:
 * the layout names it on `<html data-docs-theme>` and the stylesheet (`astro/styles/themes.css`)
 * does the rest. `background` is written here as CSS custom properties, which the stylesheet
 * reads whatever the theme: a colour for each scheme and an image for each scheme. Its
 * `decoration` is an attribute on `<html>` too, drawn by the stylesheet.
 */
import type { Background, DocsJson } from '../schema/docs-json.ts';

export type ThemeName = NonNullable<DocsJson['theme']>;

/** The theme a site is drawn in: Mintlify's `mint` when docs.json names none. */
export function themeOf(config: Pick<DocsJson, 'theme'> | undefined): ThemeName {
  return config?.theme ?? 'mint';
}

/**
 * A CSS string literal that cannot end the string, the declaration, or the `<style>` element
 * it is written in: docs.json comes from pull requests as much as pages do.
 */
export function cssString(text: string): string {
  return `"${text.replace(/[\\"<>\n\r\f]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}"`;
}

/**
 * The CSS for docs.json `background`, or undefined when it sets no colour and no image.
 * `resolve` turns a path of the docs folder into the URL the site serves it at (the base path).
 * The rules repeat `:root` to outweigh the themes' own background colours (themes.css).
 */
export function backgroundCss(background: Background | undefined, resolve: (path: string) => string): string | undefined {
  if (!background) return undefined;
  const rules: string[] = [];
  const { color, image } = background;
  const colors = [color?.light && `--bg-light:${color.light}`, color?.dark && `--bg-dark:${color.dark}`].filter(Boolean);
  const url = (path: string) => `url(${cssString(resolve(path))})`;
  const images = image === undefined ? undefined : typeof image === 'string' ? { light: image, dark: image } : image;
  if (images) colors.push(`--bg-image:${url(images.light)}`);
  if (colors.length > 0) rules.push(`:root:root:root{${colors.join(';')}}`);
  if (images && images.dark !== images.light) {
    // The dark image for the dark scheme: the reader's choice, else the system's.
    const dark = `--bg-image:${url(images.dark)}`;
    rules.push(`@media (prefers-color-scheme:dark){:root:root:root:not([data-theme='light']){${dark}}}`, `:root:root:root[data-theme='dark']{${dark}}`);
  }
  return rules.length > 0 ? rules.join('') : undefined;
}
