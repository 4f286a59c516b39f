/**
 * The URLs the site gives search engines and social networks for its pages: canonical
 * links, `og:url`, the sitemap, `hreflang` alternates and structured data. They agree with
 * each other: the site's address (Astro's `site`, or docs.json `seo.metatags.canonical`,
 * which Mintlify reads as the address to put before each page's path), the base path, and
 * a trailing slash when docs.json `seo.trailingSlash` says the host serves pages that way.
 */
import { hrefFor, isExternal } from '../paths/href.ts';

export interface SeoUrlSettings {
  /** Where the site is served (`seoSiteUrl`): absolute URLs need it; without it they are paths. */
  siteUrl?: string | undefined;
  base: string;
  /** docs.json `seo.trailingSlash`. */
  trailingSlash?: boolean | undefined;
}

/**
 * The site's address for search engines, without a trailing slash: docs.json
 * `seo.metatags.canonical` (a custom domain, perhaps with a path, before each page's path),
 * else the origin of Astro's `site` (whose path Astro leaves to `base`). A canonical that is
 * no http(s) URL is not an address.
 */
export function seoSiteUrl(metatags: Readonly<Record<string, string>> | undefined, astroSite: string | URL | undefined): string | undefined {
  const canonical = metatags?.canonical;
  if (canonical && URL.canParse(canonical) && /^https?:$/.test(new URL(canonical).protocol)) {
    const url = new URL(canonical);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  return astroSite === undefined ? undefined : new URL(String(astroSite)).origin;
}

/**
 * A page's URL as search engines are given it: absolute when the site's address is known,
 * with a trailing slash when the settings ask for one. The site's address may carry a path
 * of its own (`https://example.com/docs`), which comes before the base path and the page's.
 */
export function seoUrl(pageUrl: string, { siteUrl, base, trailingSlash }: SeoUrlSettings): string {
  if (isExternal(pageUrl)) return pageUrl;
  let path = hrefFor(pageUrl, base);
  if (trailingSlash && !path.endsWith('/')) path += '/';
  if (!trailingSlash && path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (siteUrl === undefined) return path;
  const hasPath = new URL(siteUrl).pathname.length > 1;
  return `${siteUrl}${path === '/' && hasPath && !trailingSlash ? '' : path}`;
}

/** The URL of an asset of the site (an image), absolute when the site's address is known; URLs elsewhere pass as they are. */
export function seoAssetUrl(assetPath: string, { siteUrl, base }: SeoUrlSettings): string {
  if (isExternal(assetPath)) return assetPath;
  const path = hrefFor(assetPath, base);
  return siteUrl === undefined ? path : `${siteUrl}${path}`;
}
