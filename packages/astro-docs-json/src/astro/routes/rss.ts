// The RSS feed of each changelog page (`rss: true`), at `<page>/rss.xml`.
import type { APIContext } from 'astro';
import { changelogEntries } from '../../core/markdown/page-markdown.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { rssFeed } from '../../core/discovery/rss.ts';
import { feedUrl, type PageView } from '../../core/site/site-model.ts';
import { LANGUAGES } from '../../core/schema/languages.ts';
import { readDocsFile, readPageFile, siteOrigin } from '../render/page-markdown.ts';
import { data } from '../render/site-data.ts';
import { inBuildPart } from '../mdx/build-context.ts';

export function getStaticPaths() {
  return data.model.pages.filter((page) => page.rss && inBuildPart(page)).map((page) => ({ params: { slug: page.url === '/' ? undefined : page.url.slice(1) }, props: { page } }));
}

export async function GET(context: APIContext<{ page: PageView }>) {
  const { page } = context.props;
  const origin = siteOrigin(context.site);
  const absolute = (url: string) => (origin ? new URL(hrefFor(url, data.base), origin).href : hrefFor(url, data.base));
  const source = await readPageFile(page.file);
  const entries = changelogEntries(source, { file: page.file, ...(origin ? { siteUrl: origin } : {}), base: data.base, readFile: readDocsFile });
  const feed = rssFeed({
    title: `${page.title} - ${data.model.name}`,
    ...(page.description ? { description: page.description } : {}),
    link: absolute(page.url),
    self: absolute(feedUrl(page.url)),
    ...(page.language ? { language: LANGUAGES[page.language].tag } : {}),
    entries,
  });
  return new Response(feed, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}
