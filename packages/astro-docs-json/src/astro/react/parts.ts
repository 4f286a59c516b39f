/**
 * The pieces the React built-ins share with Astro's: the components' own glyphs, drawn the
 * same way, and the icons pages name, which only the build can draw (`ServerHtml`).
 */
import { createElement as h, type ReactNode } from 'react';
import { SHAPES, type GlyphName } from '../components/mdx/glyphs.ts';
import { ServerHtml } from './server-html.ts';

/** As `Glyph.astro`. */
export function Glyph({ name }: { name: GlyphName }): ReactNode {
  return h('svg', {
    className: 'glyph',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    'aria-hidden': true,
    dangerouslySetInnerHTML: { __html: SHAPES[name] },
  });
}

export interface IconProps {
  icon?: unknown;
  iconType?: unknown;
  iconLibrary?: unknown;
}

/**
 * An icon a page names (`ContentIcon.astro`), from the site's icons: drawn by the server.
 * One the browser's state names afresh is not drawn, as an icon given by an expression is not.
 */
export function ContentIcon({ icon, iconType, iconLibrary }: IconProps): ReactNode {
  return h(ServerHtml, { what: 'ContentIcon', props: { icon, iconType, iconLibrary } });
}

/** A built-in's root element carries the name the page wrote it by (`data-component-name`). */
export interface NamedProps {
  componentName?: string;
  children?: ReactNode;
}
