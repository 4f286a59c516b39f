/**
 * A page's content with its code blocks' icons: the blocks are compiled before the site's
 * icons are numbered, so they hold a placeholder (`core/html/code-blocks.ts`).
 */
import { fillCodeIcons } from '../../core/html/code-blocks.ts';
import { iconHtml, iconKey } from './render-data.ts';
import { data } from './site-data.ts';

export const withCodeIcons = (html: string): string => fillCodeIcons(html, (name) => iconHtml(data.icons[iconKey(name)]));
