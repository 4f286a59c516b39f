/**
 * What renders the site's pages: MDX (unless the site sets MDX up itself), the Markdown
 * processor reading the docs folder's pages as loaded (variables replaced, image URLs escaped), React for components written for
 * it, as on Mintlify, and Astro's image service, which needs sharp unless it serves images
 * as they are.
 */
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AstroIntegration, HookParameters } from 'astro';
import mdx from '@astrojs/mdx';
import type { Site } from '../../core/site/load-site.ts';
import { readDocsMarkdownAsLoaded } from '../mdx/markdown-pages.ts';
import type { IntegrationState } from './state.ts';

/** Integrations that render `.jsx` components themselves. */
const JSX_FRAMEWORKS = ['@astrojs/react', '@astrojs/preact', '@astrojs/solid-js'];

const SHARP_SERVICE = 'astro/assets/services/sharp';

export interface Renderers {
  /** The site has a JSX framework of its own, which renders snippets' JSX. */
  jsxFramework: boolean;
  /** React renders components: ours, added for pages that use React, or the site's own. */
  reactRenders: boolean;
}

/**
 * React's integration and `astro/config` are imported only by the sites that need them: each
 * costs every build's start some 0.1 to 0.3 s of loading (React's DOM renderer, Astro's SVG
 * and font tools).
 */
export async function addRenderers(state: IntegrationState, site: Site, { config, updateConfig, logger }: HookParameters<'astro:config:setup'>): Promise<Renderers> {
  const hasIntegration = (name: string) => config.integrations.some((integration) => integration.name === name);
  // With MDX options of the site's own, MDX pages go through MDX's compiler, plain or not.
  state.ownMdx = !hasIntegration('@astrojs/mdx');
  readDocsMarkdownAsLoaded(config.markdown.processor, state.docsDir, () => state.site?.config?.variables);
  if (state.ownMdx) updateConfig({ integrations: [mdx()] });
  const jsxFramework = JSX_FRAMEWORKS.some(hasIntegration);
  // Components written for React, as on Mintlify: React renders them, and hydrates them
  // on the pages that use them. A site with a JSX framework of its own keeps it.
  if (site.react && !jsxFramework) {
    // Its renderer imports a virtual module of its own, so it is bundled, never loaded
    // from node_modules; the site lists it nowhere for Astro to find that out itself.
    const bundled = { name: 'astro-docs-json:react-renderer', configEnvironment: (name: string) => (name === 'client' ? undefined : { resolve: { noExternal: ['@astrojs/react'] } }) };
    const { default: react } = await import('@astrojs/react');
    updateConfig({ integrations: [withAstroContentInProps(react())], vite: { plugins: [bundled], resolve: { alias: reactEntries() } } });
    logger.info('Pages use components written for React: React renders them, and hydrates them where they are used (@astrojs/react added).');
  }
  const reactRenders = (site.react && !jsxFramework) || hasIntegration('@astrojs/react');
  // Pages' images go through Astro's image service, whose default needs sharp, an
  // optional dependency that some installs leave out: without it, serve them as they are.
  if (config.image.service.entrypoint === SHARP_SERVICE && !canResolve('sharp', fileURLToPath(config.root))) {
    const { passthroughImageService } = await import('astro/config');
    updateConfig({ image: { service: passthroughImageService() } });
    logger.info('sharp is not installed: images are served as they are, without optimisation.');
  }
  return { jsxFramework, reactRenders };
}

/**
 * @astrojs/react, with its server renderer in ours (`react/server.ts`): a page's
 * Markdown and built-in components given to a React component in a prop reach it as HTML.
 */
function withAstroContentInProps(integration: AstroIntegration): AstroIntegration {
  const setup = integration.hooks['astro:config:setup'];
  if (!setup) return integration;
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (params) => setup({ ...params, addRenderer: (renderer) => params.addRenderer({ ...renderer, serverEntrypoint: REACT_SERVER }) }),
    },
  };
}

const REACT_SERVER = 'astro-docs-json/react-server';

/**
 * The React renderer's entry modules, as this package finds them: Astro looks for them from
 * the site's root, where a site that never installed React (a Mintlify repository, pnpm's
 * strict folders) does not have them.
 */
function reactEntries(): Array<{ find: string; replacement: string }> {
  const own = createRequire(import.meta.url);
  return ['client.js', 'server.js'].map((entry) => ({ find: `@astrojs/react/${entry}`, replacement: own.resolve(`@astrojs/react/${entry}`) }));
}

function canResolve(name: string, root: string): boolean {
  try {
    createRequire(path.join(root, 'package.json')).resolve(name);
    return true;
  } catch {
    return false;
  }
}
