/**
 * Astro's settings for building the site: page files at URLs without a trailing slash,
 * a few pages rendered at once, the incremental build, docs.json's redirects, code
 * block options and languages for Shiki, the Vite plugins that hand the site to the
 * routes, and on a node adapter's server, the pages' content negotiation.
 */
import type { AstroConfig, HookParameters } from 'astro';
import type { ShikiTransformer } from 'shiki';
import { languageAliases } from '../../core/markdown/code-languages.ts';
import type { Site } from '../../core/site/load-site.ts';
import { renderConcurrency, vitePluginPrerenderEntry } from '../workers/render-workers.ts';
import { vitePluginDocsSources } from '../vite/docs-sources.ts';
import { vitePluginNodeNegotiation } from '../vite/node-adapter.ts';
import { vitePluginPackageFiles } from '../vite/package-files.ts';
import type { vitePluginDocsJson } from '../vite/virtual-modules.ts';
import type { Renderers } from './renderers.ts';
import type { IntegrationState } from './state.ts';

export interface BuildChoices extends Renderers {
  /** Astro's incremental build is on (the `incremental` option, in a build). */
  incremental: boolean;
  /** The output of the build before stays in place (`kept-output.ts`). */
  keepOutput: boolean;
  virtualModules: ReturnType<typeof vitePluginDocsJson>;
  /** Mintlify's code block features (`core/html/`). */
  shikiTransformers: ShikiTransformer[];
}

/** What `updateConfig` merges into Astro's config. */
type ConfigUpdate = Parameters<HookParameters<'astro:config:setup'>['updateConfig']>[0];

export function astroSettings(state: IntegrationState, site: Site, { config, command, logger }: HookParameters<'astro:config:setup'>, choices: BuildChoices): ConfigUpdate {
  return {
    // Page URLs have no trailing slash (`/guides/intro`), as on Mintlify: write
    // `guides/intro.html`, which static hosts serve at that URL.
    // Astro renders one page at a time by default, waiting on each file write; our pages
    // fetch nothing, so rendering a few at once keeps the CPU busy (about 15% off the
    // build of a large site). A site that sets another value than the default 1 keeps it.
    // With rendering workers, enough more for each to hold its share (`render-workers.ts`).
    build: { format: 'file', ...(config.build.concurrency === 1 ? { concurrency: renderConcurrency(state.renderWorkers) } : {}) },
    // A page is rendered again only when its file, what it imports (its cache key, in
    // `getStaticPaths`) or the site's data and code (which Astro hashes) changed.
    ...(choices.incremental ? { experimental: { incrementalBuild: true } } : {}),
    // On a static site, Astro writes an HTML page that redirects; a server answers with
    // the redirect's own status from our route (inject-routes.ts; Astro's would answer
    // 301). In dev, the dev server answers them from the current docs.json (virtual-modules.ts).
    ...(config.adapter || command === 'dev' ? {} : { redirects: Object.fromEntries(site.redirects.map(({ source, destination, status }) => [source, { status, destination }])) }),
    // Added to the site's own transformers: Astro merges arrays.
    markdown: { shikiConfig: { transformers: choices.shikiTransformers, langAlias: languageAliasesOf(site, config.markdown.shikiConfig), ...codeThemeSettings(site, config.markdown.shikiConfig) } },
    vite: {
      // The pages of the build before stay where they are when the folder is as it left them.
      ...(choices.keepOutput ? { build: { emptyOutDir: false } } : {}),
      plugins: [
        choices.virtualModules,
        // Snippets' JSX is React's on Mintlify; with a JSX framework on the site, that framework renders it.
        vitePluginDocsSources({ docsDir: state.docsDir, astroJsx: !choices.jsxFramework, react: choices.reactRenders, variables: () => state.site?.config?.variables }),
        vitePluginPackageFiles(),
        state.output.vitePlugin,
        vitePluginPrerenderEntry((file) => (state.prerenderEntry = file)),
        // A page's URL asked for Markdown answers it (`server/node-static.ts`).
        ...(config.adapter?.name === '@astrojs/node' && command === 'build' ? [vitePluginNodeNegotiation(logger)] : []),
      ],
    },
  };
}

/** Astro's name for its default code theme: a site that sets none of its own takes docs.json's. */
const ASTRO_DEFAULT_THEME = 'github-dark';

/**
 * docs.json `styling.codeblocks` (`core/html/code-themes.ts`) as Shiki settings, with the
 * docs folder's own languages. Two themes are written as variables only (`defaultColor:
 * false`), which `code-blocks.css` switches with the site's colour scheme. A site that
 * sets its own themes in Astro's config keeps them.
 */
function codeThemeSettings(site: Site, shiki: AstroConfig['markdown']['shikiConfig']): Partial<AstroConfig['markdown']['shikiConfig']> {
  const { theme, themes, langs } = site.codeTheme;
  const ownTheme = shiki.theme !== ASTRO_DEFAULT_THEME || Object.keys(shiki.themes ?? {}).length > 0;
  if (ownTheme) return { langs };
  return themes ? { themes, defaultColor: false, langs } : { theme: theme ?? ASTRO_DEFAULT_THEME, langs };
}

/**
 * The code-block languages of the site's pages that Shiki knows under another case, as
 * that name, and those that neither Shiki nor the site's own Shiki settings know, as plain
 * text: Shiki would warn once per block (`check` names each language once).
 */
function languageAliasesOf(site: Site, shiki: AstroConfig['markdown']['shikiConfig']): Record<string, string> {
  const own = new Set([...Object.keys(shiki.langAlias ?? {}), ...site.codeTheme.languageNames]);
  for (const language of shiki.langs ?? []) {
    if (typeof language === 'object' && language !== null && 'name' in language) [language.name, ...(language.aliases ?? [])].forEach((name) => own.add(name));
  }
  const used = [...site.routes, ...site.snippets].flatMap(({ content }) => content.languages.map((language) => language.name));
  return languageAliases(used.filter((name) => !own.has(name)));
}
