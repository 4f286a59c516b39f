// Every page as Markdown, at `<url>.md` (the root page at `/index.md`).
import type { APIContext } from 'astro';
import { inBuildPart, pageCacheKey } from '../mdx/build-context.ts';
import { markdownOf, siteOrigin } from '../render/page-markdown.ts';
import { data } from '../render/site-data.ts';
import type { PageView } from '../../core/site/site-model.ts';

export function getStaticPaths() {
  // A link to elsewhere (frontmatter `url`) has no content of the site's to copy.
  return data.model.pages.filter((page) => !page.link && inBuildPart(page)).map((page) => ({ params: { slug: page.url === '/' ? 'index' : page.url.slice(1) }, props: { page }, cacheKey: pageCacheKey(page.file) }));
}

export async function GET(context: APIContext<{ page: PageView }>) {
  return new Response(await markdownOf(context.props.page, siteOrigin(context.site)), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
}
