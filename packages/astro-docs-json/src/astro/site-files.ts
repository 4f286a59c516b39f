/** The sitemap @astrojs/sitemap writes, which robots.txt names. */
export const SITEMAP_FILE = 'sitemap-index.xml';
