// llms-full.txt: every indexable page's Markdown, in navigation order.
import type { APIContext } from 'astro';
import { customFile, markdownOf, siteOrigin } from '../page-markdown.ts';
import { data } from '../site-data.ts';

export async function GET(context: APIContext) {
  const custom = await customFile('llms-full.txt');
  if (custom) return new Response(custom, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const origin = siteOrigin(context.site);
  const pages = data.model.pages.filter((page) => page.indexable);
  const documents = await Promise.all(pages.map((page) => markdownOf(page, origin)));
  return new Response(documents.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
