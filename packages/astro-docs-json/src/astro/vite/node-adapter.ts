/**
 * Content negotiation on a site built with `@astrojs/node`. The adapter answers prerendered
 * pages from its static handler before Astro's middleware runs, and its code is bundled
 * into the server's entry: where its standalone server imports that handler
 * (`./serve-static.js`), the server build takes `server/node-static.ts` instead, which
 * negotiates and then hands every other request to the adapter's own handler, imported
 * by its path. Both `node dist/server/entry.mjs` and `astro preview` (which imports the
 * entry's handler) serve through it; the adapter's middleware mode does not use that
 * handler, and the server it is mounted in serves the files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import type { Plugin } from 'vite';

const STAND_IN = fileURLToPath(new URL(`../server/node-static${path.extname(import.meta.url)}`, import.meta.url));
/** The adapter's modules the stand-in imports: `virtual:astro-docs-json/node-adapter/<name>` is the adapter's `<name>.js`. */
const ADAPTER_MODULE = /^virtual:astro-docs-json\/node-adapter\/([a-z-]+)$/;
/** The import the stand-in replaces, and the module that makes it. */
const STATIC_HANDLER = './serve-static.js';
const STANDALONE = /[\\/]@astrojs[\\/]node[\\/]dist[\\/]standalone\.js$/;
/**
 * The standalone server hands its `http.Server` to `server-destroy` and to nothing else of
 * ours: where it imports that, the build takes `server/node-upgrade.ts`, which calls it and
 * also gives the server's WebSocket upgrades to the playground's socket proxy. The real
 * module is imported by this name, resolved from the adapter.
 */
const SERVER_DESTROY = 'server-destroy';
const UPGRADE_STAND_IN = fileURLToPath(new URL(`../server/node-upgrade${path.extname(import.meta.url)}`, import.meta.url));
const REAL_SERVER_DESTROY = 'virtual:astro-docs-json/node-adapter-dependency/server-destroy';

export function vitePluginNodeNegotiation(logger: AstroIntegrationLogger): Plugin {
  let adapterDir: string | undefined;
  let standalone: string | undefined;
  return {
    name: 'astro-docs-json:node-negotiation',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === SERVER_DESTROY && importer && STANDALONE.test(importer)) {
        standalone = importer;
        return UPGRADE_STAND_IN;
      }
      if (source === REAL_SERVER_DESTROY && standalone) return this.resolve(SERVER_DESTROY, standalone, { skipSelf: true });
      if (source === STATIC_HANDLER && importer && STANDALONE.test(importer)) {
        adapterDir = path.dirname(importer);
        return STAND_IN;
      }
      const adapterModule = ADAPTER_MODULE.exec(source);
      return adapterModule && adapterDir ? path.join(adapterDir, `${adapterModule[1]}.js`) : undefined;
    },
    buildEnd() {
      // The server's bundle has the adapter's standalone server, which no longer imports its handler by that name.
      if (this.environment.name === 'ssr' && adapterDir && !standalone) {
        logger.warn('This version of @astrojs/node starts its server in a way we do not know: the WebSocket playground cannot connect through the site.');
      }
      if (this.environment.name === 'ssr' && !adapterDir) {
        logger.warn('This version of @astrojs/node serves its files in a way we do not know: pages answer HTML only, whatever the request\'s `Accept` header.');
      }
    },
  };
}
