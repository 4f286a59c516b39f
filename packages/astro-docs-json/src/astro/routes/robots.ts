// robots.txt: the docs folder's own, byte for byte, or one that allows every crawler and
// opts the content in to search, AI answers and AI training.
import type { APIContext } from 'astro';
import { buildRobotsTxt } from '../../core/discovery/robots.ts';
import { customFile } from '../render/page-markdown.ts';
import { data } from '../render/site-data.ts';

/** The sitemap @astrojs/sitemap writes, which robots.txt names. */
const SITEMAP_FILE = 'sitemap-index.xml';

export async function GET(context: APIContext) {
  const body = (await customFile('robots.txt')) ?? buildRobotsTxt(context.site ? `${context.site.origin}${data.base}/${SITEMAP_FILE}` : undefined);
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
