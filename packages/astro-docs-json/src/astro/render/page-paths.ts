/**
 * The paths the page route renders: every page of the model (hidden pages included) that
 * the build renders, a page with frontmatter `url` as a redirect to where it leads, and `/`
 * as a redirect when no page is the site's index.
 */
import type { PageView, SiteModel } from '../../core/site/site-model.ts';

export interface PagePath {
  params: { slug: string | undefined };
  props: { page?: PageView; redirect?: string };
  /** What the page's output is made of, for Astro's incremental build. */
  cacheKey?: string;
}

export interface PagePathOptions {
  /** A build of one part of the site renders that part's pages (`core/parts/`). */
  inBuildPart(page: PageView): boolean;
  cacheKey(file: string): string | undefined;
}

const slugOf = (url: string) => (url === '/' ? undefined : url.slice(1));

export function pagePaths(model: Pick<SiteModel, 'pages' | 'rootRedirect'>, { inBuildPart, cacheKey }: PagePathOptions): PagePath[] {
  const paths = model.pages.filter(inBuildPart).map((page): PagePath => {
    const params = { slug: slugOf(page.url) };
    // A link in the navigation: its own URL leads there.
    if (page.link) return { params, props: { redirect: page.link } };
    const key = cacheKey(page.file);
    return { params, props: { page }, ...(key !== undefined ? { cacheKey: key } : {}) };
  });
  if (model.rootRedirect) paths.push({ params: { slug: undefined }, props: { redirect: model.rootRedirect } });
  return paths;
}
