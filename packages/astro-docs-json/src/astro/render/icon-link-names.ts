/**
 * A page's content with a name on each link that shows only an icon
 * (`core/a11y/icon-link-names.ts`): the title of the site's page it leads to comes from the
 * render data, looked up by the URL the link has once its target is resolved.
 */
import { nameIconOnlyLinks } from '../../core/a11y/icon-link-names.ts';
import { data } from './site-data.ts';

const titlesByUrl = new Map(data.model.pages.map((page) => [page.url.replace(/\/+$/, '') || '/', page.title]));

/** The title of the site's page at `href` (a URL of the site, with the base path), if it is one. */
function pageTitleAt(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  let path = href.replace(/[?#].*$/, '');
  if (data.base && data.base !== '/') {
    const base = data.base.replace(/\/+$/, '');
    if (path !== base && !path.startsWith(`${base}/`)) return undefined;
    path = path.slice(base.length);
  }
  try {
    path = decodeURI(path);
  } catch {
    return undefined;
  }
  return titlesByUrl.get(path.replace(/\/+$/, '') || '/');
}

export const withIconLinkNames = (html: string): string => nameIconOnlyLinks(html, pageTitleAt);
