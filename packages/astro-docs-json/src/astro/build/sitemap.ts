/**
 * The sitemap, by @astrojs/sitemap, following the indexing policy and the site's reading
 * order: its indexable pages (`indexablePagesInOrder`), each at the URL its canonical link
 * gives (`seoUrl`: the site's address, and a trailing slash when docs.json
 * `seo.trailingSlash` asks for one), with its last change for `<lastmod>`. The pages are
 * given to it (`customPages`) when the build is done, not taken from those Astro rendered:
 * a build of one part of the site (`core/parts/`) writes the whole site's sitemap, as every
 * build does, and Astro's order of rendering is not the site's.
 */
import type { AstroIntegration } from 'astro';
import sitemap, { type SitemapOptions } from '@astrojs/sitemap';
import type { DocsJson } from '../../core/schema/docs-json.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { seoSiteUrl, seoUrl } from '../../core/seo/seo-urls.ts';
import { indexablePagesInOrder } from '../../core/site/reading-order.ts';
import type { SiteModel } from '../../core/site/site-model.ts';

export function sitemapOfIndexablePages(model: () => SiteModel, seo: DocsJson['seo'], base: string, siteUrl: string): AstroIntegration {
  const urls = { siteUrl: seoSiteUrl(seo?.metatags, siteUrl), base, trailingSlash: seo?.trailingSlash };
  let indexable = new Map<string, { url: string; lastmod: string | undefined }>();
  // @astrojs/sitemap reads its options when the build is done: the pages are known by then.
  const options: SitemapOptions & { customPages: string[] } = {
    customPages: [],
    // Only these count, of the URLs it finds itself too (Astro's static routes).
    filter: (url) => indexable.has(url),
    serialize: (item) => {
      const page = indexable.get(item.url);
      return page ? { ...item, url: page.url, ...(page.lastmod ? { lastmod: page.lastmod } : {}) } : item;
    },
  };
  const integration = sitemap(options);
  const done = integration.hooks['astro:build:done']!;
  integration.hooks['astro:build:done'] = (params) => {
    const pages = indexablePagesInOrder(model());
    indexable = new Map(pages.map((page) => [new URL(hrefFor(page.url, base), siteUrl).href, { url: seoUrl(page.url, urls), lastmod: page.lastModified }]));
    options.customPages = [...indexable.keys()];
    // The pages Astro rendered, in its order, are left to `customPages`, in the site's.
    return done({ ...params, pages: [] });
  };
  return integration;
}
