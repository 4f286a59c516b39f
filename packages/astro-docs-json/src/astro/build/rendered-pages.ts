/**
 * Astro's prerenderer, wrapped so that each page it renders is handed over as it is
 * rendered (to the search index, `search-index.ts`), not read back from the output after
 * the build: the page's HTML is in hand then, and what is done with it runs beside the
 * rendering of the next pages. It also counts the files to render, for the build's progress.
 */
import type { AstroPrerenderer } from 'astro';
import { advanceProgress } from './build-progress.ts';

/** A page's URL in the site (`/guides/intro`, `/`) and its HTML, as rendered. */
export type HandOver = (url: string, html: Uint8Array) => Promise<void>;

/** Astro's bundle is built: Astro imports it next, asks each route for its pages, and renders them. */
export type RenderingStarts = () => void;

export function handingOverPages(prerenderer: AstroPrerenderer, base: string, handOver: HandOver | undefined, renderingStarts?: RenderingStarts): AstroPrerenderer {
  return {
    ...prerenderer,
    name: `${prerenderer.name}+astro-docs-json`,
    // Said before Astro's setup, which imports the bundle, rather than once the routes have
    // given their pages: a rebuild's search index starts reading the pages left in place
    // 0.4 s sooner at 3,000 pages, and its end waits for Pagefind that much less.
    async setup() {
      renderingStarts?.();
      await prerenderer.setup?.();
    },
    async getStaticPaths() {
      const paths = await prerenderer.getStaticPaths();
      advanceProgress({ toRender: paths.length });
      return paths;
    },
    async render(request, options) {
      const rendered = await prerenderer.render(request, options);
      if (!handOver) return rendered;
      const response = rendered instanceof Response ? rendered : rendered.response;
      const url = pageUrl(new URL(request.url).pathname, base);
      if (!url || response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return rendered;
      const html = new Uint8Array(await response.arrayBuffer());
      await handOver(url, html);
      const copy = new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
      return rendered instanceof Response ? copy : { ...rendered, response: copy };
    },
  };
}

/** The page a build request is for: Astro asks for `<base>/guides/intro.html` and `<base>/index.html` (`build.format: 'file'`). */
function pageUrl(pathname: string, base: string): string | undefined {
  if (!pathname.startsWith(`${base}/`) || !pathname.endsWith('.html')) return undefined;
  const url = pathname.slice(base.length, -'.html'.length);
  return url === '/index' ? '/' : url;
}
