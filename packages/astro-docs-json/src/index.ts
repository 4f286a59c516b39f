/**
 * The Astro integration: `integrations: [docsJson()]` turns the docs.json folder into the
 * site. This file is its table of contents: the options, then what it does at each of
 * Astro's hooks, each in its own module of `astro/hooks/`.
 *
 * The package, layer by layer:
 * - `core/`: the docs folder to the site's model and the files for machines, without Astro
 *   (its `index.ts` lists its folders);
 * - `astro/`: the site as Astro builds it: `hooks/` (the integration at each hook),
 *   `vite/` (the site handed to the routes as virtual modules), `mdx/` (a page's file to
 *   its content), `render/` (what routes and components render from), `routes/`,
 *   `components/` (the layout's, and the built-in MDX components in `components/mdx/`),
 *   `client/` (scripts that run in the browser), `styles/`, `build/` (what a build
 *   writes besides the pages: assets, search indexes, kept output), and `server/` (what
 *   the servers of a build run before their own answer: pages' content negotiation);
 * - servers and clients: `agent/` (agent jobs), `mcp/` (the MCP protocol over the
 *   index), `playground/` (the playground's proxy);
 * - `cli/`: the `astro-docs-json` command line; `options.ts`: the integration's options.
 */
import type { AstroIntegration } from 'astro';
import { parseOptions, type DocsJsonUserOptions } from './options.ts';
import { integrationState } from './astro/hooks/state.ts';
import { setUpConfig } from './astro/hooks/config-setup.ts';
import { finishConfig } from './astro/hooks/config-done.ts';
import { startBuild } from './astro/hooks/build-start.ts';
import { endBuild } from './astro/hooks/build-done.ts';
import { serveDocsFiles } from './astro/hooks/server-setup.ts';

export type { DocsJsonUserOptions } from './options.ts';

export default function docsJson(userOptions: DocsJsonUserOptions = {}): AstroIntegration {
  const state = integrationState(parseOptions(userOptions));
  return {
    name: 'astro-docs-json',
    hooks: {
      // Load and check the docs (errors stop here), then add the renderers, settings, plugins and routes that build them,
      // and a second integration appended after every other, `astro-docs-json:after-build`
      // (`astro/hooks/after-build.ts`): it renders the pages on worker threads from `astro:build:start`,
      // and once the pages and the sitemap are written, adds the assets, llms-full.txt, the MCP and
      // search indexes, the score, the host's files and the summary.
      'astro:config:setup': (params) => setUpConfig(state, params),
      // Astro's config is final: the page routes get the Markdown processor, the MDX compiler and the pages' cache keys.
      'astro:config:done': (params) => finishConfig(state, params),
      // The output folder is being written: a failure at any phase removes it.
      'astro:build:start': () => startBuild(state),
      // Pages that failed to render fail the build, all named at once, with nothing written; components that failed inside a page are warnings.
      'astro:build:done': ({ logger }) => endBuild(state, logger),
      // `astro dev` serves the docs folder's images and files.
      'astro:server:setup': (params) => serveDocsFiles(state, params),
    },
  };
}
