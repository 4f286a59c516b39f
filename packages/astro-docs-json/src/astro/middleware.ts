// On a site with a server: a page's address with a trailing slash (`/quickstart/`) is
// redirected to the page, which has none. A static host serves the 404 page there, whose
// script does the same.
import type { MiddlewareHandler } from 'astro';
import pageUrls from 'virtual:astro-docs-json/page-urls';

const pages = new Set(pageUrls);

export const onRequest: MiddlewareHandler = (context, next) => {
  const { pathname, search } = context.url;
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const bare = pathname.replace(/\/+$/, '');
    if (pages.has(bare)) return context.redirect(`${bare}${search}`, 301);
  }
  return next();
};
