/**
 * The node adapter's static file handler (`@astrojs/node/dist/serve-static.js`), with the
 * pages' content negotiation in front of it. The adapter serves prerendered pages itself,
 * before Astro's middleware runs, so no middleware of ours sees them: the server build
 * bundles this module in the adapter's place (`vite/node-adapter.ts`), for both
 * `node dist/server/entry.mjs` and `astro preview`, which imports the entry's handler.
 */
import { createStaticHandler as adapterStaticHandler, resolveStaticPath } from 'virtual:astro-docs-json/node-adapter/serve-static';
import { resolveClientDir } from 'virtual:astro-docs-json/node-adapter/shared';
import pageUrls from 'virtual:astro-docs-json/page-urls';
import { hrefFor } from '../../core/paths/href.ts';
import { pageNegotiator } from './page-negotiation.ts';

export { resolveStaticPath };

/** What this module reads of the adapter's app. */
export interface NodeApp {
  manifest: { base: string };
}

type StaticHandler = ReturnType<typeof adapterStaticHandler>;

export function createStaticHandler(app: NodeApp, options: object, headersMap?: unknown): StaticHandler {
  const serveStatic = adapterStaticHandler(app, options, headersMap);
  const base = app.manifest.base.replace(/\/+$/, '');
  // The pages' addresses are written with the base path and percent-encoded.
  const pages = new Set(pageUrls);
  const negotiate = pageNegotiator({ client: resolveClientDir(options), base, isPage: (url) => pages.has(hrefFor(url, base)) });
  return (request, response, next) => {
    negotiate(request, response).then(
      (answered) => answered || serveStatic(request, response, next),
      // A file that could not be read is the adapter's to answer, as it would have.
      () => serveStatic(request, response, next),
    );
  };
}
