/**
 * A page's content with its code blocks' icons drawn from the site's sprite: the blocks
 * are compiled before the sprite exists, so they hold a placeholder (`core/html/code-blocks.ts`).
 */
import { fillCodeIcons } from '../../core/html/code-blocks.ts';
import { iconKey, svgUse } from './render-data.ts';
import { data } from './site-data.ts';

export const withCodeIcons = (html: string): string => fillCodeIcons(html, (name) => svgUse(data.icons[iconKey(name)], data.spriteHref));
