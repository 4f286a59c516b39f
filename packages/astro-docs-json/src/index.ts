/**
 * The Astro integration: `integrations: [docsJson()]` turns the docs.json folder into
 * the site. It validates the docs with the same checks as `astro-docs-json check`,
 * stops the build before anything is written when they fail, and injects the routes
 * that render every page of the route table.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mdx from '@astrojs/mdx';
import type { AstroConfig, AstroIntegration } from 'astro';
import { AstroError } from 'astro/errors';
import { formatDiagnostic, summarize } from './core/report.ts';
import { loadSite } from './core/site.ts';
import { SPRITE_ROUTE } from './astro/render-data.ts';
import { report, vitePluginDocsJson } from './astro/vite-plugin.ts';
import { optionsSchema, type DocsJsonUserOptions } from './options.ts';

export type { DocsJsonUserOptions } from './options.ts';

export default function docsJson(userOptions: DocsJsonUserOptions = {}): AstroIntegration {
  const parsed = optionsSchema.safeParse(userOptions);
  if (!parsed.success) {
    throw new AstroError(
      `Invalid options passed to astro-docs-json: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'options'}: ${issue.message}`).join('; ')}`,
      'See the README for the options astro-docs-json takes.',
    );
  }
  const options = parsed.data;

  return {
    name: 'astro-docs-json',
    hooks: {
      'astro:config:setup': async ({ config, updateConfig, injectRoute, logger }) => {
        const root = fileURLToPath(config.root);
        const docsDir = path.resolve(root, options.dir);
        const scanOptions = { exclude: astroFoldersInside(docsDir, config) };
        const site = await loadSite(docsDir, scanOptions);

        if (!site.ok) {
          const errors = site.diagnostics.filter((d) => d.severity === 'error');
          const error = new AstroError(
            `${path.relative(root, path.join(docsDir, 'docs.json')) || 'docs.json'} has ${summarize(site.diagnostics).text}:\n\n${errors.map((d) => formatDiagnostic(d, docsDir, undefined, root)).join('\n\n')}`,
            'Fix the errors above; `npx astro-docs-json check` lists them without building.',
          );
          // The problem is in the docs, not in our code: a stack trace would only distract.
          error.stack = '';
          throw error;
        }
        report(site, { docsDir, root, logger });

        if (!config.integrations.some((integration) => integration.name === '@astrojs/mdx')) {
          updateConfig({ integrations: [mdx()] });
        }
        const base = config.base.replace(/\/$/, '');
        updateConfig({
          // Page URLs have no trailing slash (`/guides/intro`), as on Mintlify: write
          // `guides/intro.html`, which static hosts serve at that URL.
          build: { format: 'file' },
          vite: { plugins: [vitePluginDocsJson(site, { docsDir, scanOptions, base, root, logger })] },
        });
        injectRoute({ pattern: '/[...slug]', entrypoint: 'astro-docs-json/routes/page.astro', prerender: true });
        injectRoute({ pattern: `${SPRITE_ROUTE}/[sprite].svg`, entrypoint: 'astro-docs-json/routes/sprite.ts', prerender: true });
        logger.info(`${site.routes.length} pages from ${path.relative(root, docsDir) || '.'}/docs.json`);
      },
    },
  };
}

/** Astro's own folders, where they sit inside the docs folder, hold no pages. */
function astroFoldersInside(docsDir: string, config: AstroConfig): string[] {
  return [config.outDir, config.publicDir, config.srcDir, config.cacheDir]
    .map((url) => path.relative(docsDir, fileURLToPath(url)))
    .filter((relative) => relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative))
    .map((relative) => relative.split(path.sep).join('/'));
}
