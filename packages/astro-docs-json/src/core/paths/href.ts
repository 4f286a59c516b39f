/**
 * An `href` value. URLs with a scheme and fragments pass as they are; site paths get the
 * base path and percent-encoding. docs.json may write a site path without its leading
 * slash (`guides/intro`): it still means the site's page, not one relative to the reader's.
 */
export function hrefFor(url: string, base = ''): string {
  if (isExternal(url) || url.startsWith('#') || url.startsWith('?')) return url;
  const path = url.startsWith('/') ? url : `/${url}`;
  return encodeURI(`${base}${path === '/' && base ? '' : path}`);
}

/** A link out of the site: a URL with a scheme, or one relative to the scheme (`//host/x`). */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}
