/**
 * Everything the injected page route renders from, prepared once per build (and again
 * when a file changes in `astro dev`): the site model, each section's sidebar HTML, the
 * icons in use and their style sheet. It is serialised into a virtual module.
 */
import { DOCS_ROUTE } from '../../core/paths/docs-routes.ts';
import { createHash } from 'node:crypto';
import { communityLink } from '../../core/navigation/community-links.ts';
import { contextualIcons, type ContextualSettings } from '../../core/contextual/page-menu.ts';
import type { McpConnection } from '../../core/contextual/mcp-connection.ts';
import { NO_CUSTOM_CODE, type CustomCode } from '../../core/pages/custom-code.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { integrationsHtml } from '../../core/integrations/scripts.ts';
import type { ApiSettings } from '../../core/openapi/api-settings.ts';
import { IconRegistry, type IconLibrary, type ResolvedIcon } from '../../core/icons/iconify.ts';
import { buildSiteModel, type SiteModel } from '../../core/site/site-model.ts';
import type { Site } from '../../core/site/load-site.ts';
import { planSiteSearch } from '../../core/discovery/search-shards.ts';
import type { DocsJsonOptions } from '../../options.ts';
import type { DocsJson, Icon } from '../../core/schema/docs-json.ts';
import { backgroundCss, themeOf, type ThemeName } from '../../core/theme/background.ts';
import { fontStyles, type FontStyles } from './fonts.ts';
import { escapeHtml } from './html.ts';
import { renderSidebar } from './sidebar-html.ts';

export interface RenderData {
  model: SiteModel;
  /** Absolute: the page routes read page sources from it when they render Markdown. */
  docsDir: string;
  /** Sidebar HTML by section id. */
  sidebars: Record<string, string>;
  /** Icons by `iconKey`, for the components that show them. */
  icons: Record<string, ResolvedIcon>;
  /** The style sheet that draws the icons (`IconRegistry.stylesheet`), linked by every page. */
  iconsHref: string;
  /** The stylesheet of the Tailwind classes pages write (`core/theme/tailwind.ts`), when they write any. */
  utilitiesHref: string | undefined;
  base: string;
  /**
   * The search indexes of each version and language (`scopeKey`), under `pagefind/`; none
   * when the site has no search, and so no search box.
   */
  searchIndexes: Record<string, string[]> | undefined;
  /** docs.json `theme` and `background`, as `<html>` names them and the page head styles them. */
  theme: { name: ThemeName; decoration?: string; background?: string; image: boolean };
  /** docs.json `fonts` as the page head loads them, the same on every page. */
  fonts: FontStyles | undefined;
  /** docs.json `api` as every API page shows it; `proxy` is the URL of the playground's proxy, when the site has one. */
  api: Pick<ApiSettings, 'display' | 'expanded' | 'languages'> & { proxy?: string };
  /** The docs folder's own styles and scripts, as URLs, loaded on every page. */
  customCode: CustomCode;
  /** docs.json `contextual`: the page menu for AI tools, when docs.json asks for one. */
  contextual: ContextualSettings | undefined;
  /** docs.json `integrations` as the head of every page loads them (`core/integrations/scripts.ts`); empty when there are none, or in `astro dev` unless asked. */
  integrations: string;
  /** How assistants connect to the site's MCP server, for the page menu; none without the site's address. */
  mcp: McpConnection | undefined;
  /** Pages link their generated social image (`core/seo/social-image.ts`): the build draws them. */
  socialImages: boolean;
  config: Pick<DocsJson, (typeof PAGE_CONFIG_KEYS)[number]>;
}

/**
 * What of docs.json the pages read as it is written. The page routes read pages' text as the
 * site was loaded: with its `variables` replaced.
 */
const PAGE_CONFIG_KEYS = ['description', 'logo', 'favicon', 'navbar', 'footer', 'banner', 'styling', 'interaction', 'appearance', 'colors', 'search', 'seo', 'errors', 'variables', 'markdown'] as const;

const pageConfig = (config: DocsJson): RenderData['config'] => Object.fromEntries(PAGE_CONFIG_KEYS.map((key) => [key, config[key]]));


/** Files named by their content can be cached forever. */
const contentHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/** docs.json `theme` and `background`, the same on every page: written once. */
function themeSettings(config: DocsJson, base: string): RenderData['theme'] {
  const background = backgroundCss(config.background, (path) => hrefFor(path, base));
  const decoration = config.background?.decoration;
  return { name: themeOf(config), ...(decoration ? { decoration } : {}), ...(background ? { background } : {}), image: config.background?.image !== undefined };
}

export function iconKey(icon: Icon): string {
  return typeof icon === 'string' ? icon : JSON.stringify(icon);
}

/** Footer social networks, by the key docs.json uses, to their icon. */
export const SOCIAL_ICONS: Record<string, string> = {
  x: 'x-twitter',
  twitter: 'x-twitter',
  website: 'globe',
  'hacker-news': 'hacker-news',
  earth: 'earth-americas',
};

export function socialIcon(network: string): Icon {
  return { name: SOCIAL_ICONS[network] ?? network, style: 'brands' };
}

/**
 * An icon in the page: an empty `<i>` that the icon style sheet draws, as a mask over the
 * text's colour (`icons.css`). It holds no text, so assistive technology passes over it.
 */
export function iconHtml(resolved: ResolvedIcon | undefined): string {
  if (!resolved) return '';
  // SVG code drawn in `currentColor`: a mask over the text's colour, as the named icons are.
  if (resolved.kind === 'image' && 'mask' in resolved && resolved.mask) {
    return `<i class="icon" style="${escapeHtml(`--icon-mask:url("${resolved.src}")`)}"></i>`;
  }
  if (resolved.kind === 'image') return `<img class="icon" src="${escapeHtml(resolved.src)}" alt="" loading="lazy">`;
  return `<i class="icon ${resolved.id}"></i>`;
}

export interface RenderOptions {
  base: string;
  search: DocsJsonOptions['search'];
  /** The playground proxy's URL, when the site has a server to run it. */
  playgroundProxy?: string;
  customCode?: CustomCode;
  /** The compiled Tailwind classes of the pages (`core/theme/tailwind.ts`). */
  utilities?: string;
  mcp?: McpConnection;
  /** Whether the pages load docs.json `integrations`: not in `astro dev`, unless `analyticsInDev`. */
  integrations?: boolean;
  /** The build draws the pages' social images (the `socialImages` option, in a build). */
  socialImages?: boolean;
}

export function prepareRenderData(
  site: Site,
  { base, search, playgroundProxy, customCode = NO_CUSTOM_CODE, utilities = '', mcp, integrations = true, socialImages = false }: RenderOptions,
): { data: RenderData; iconStyles: string; unknownIcons: string[] } {
  const config = site.config!;
  const model = buildSiteModel(site);
  const registry = new IconRegistry((config.icons?.library ?? 'fontawesome') as IconLibrary);
  const icons: Record<string, ResolvedIcon> = {};
  const resolve = (icon: Icon | undefined) => {
    if (icon === undefined) return undefined;
    const key = iconKey(icon);
    if (!(key in icons)) {
      const resolved = registry.resolve(icon);
      if (resolved) icons[key] = resolved;
    }
    return icons[key];
  };

  const drilldown = config.interaction?.drilldown === true;
  const sidebars = Object.fromEntries(
    model.sections.map((section) => [
      section.id,
      renderSidebar(section, { drilldown, base, icon: (icon) => iconHtml(resolve(icon as Icon | undefined)) }),
    ]),
  );
  for (const section of model.sections) {
    for (const switcher of section.switchers) switcher.items.forEach((item) => resolve(item.icon));
    section.globalLinks.forEach((link) => resolve(link.icon));
  }
  for (const page of model.pages) {
    page.directory?.sections.forEach((s) => s.entries.forEach((entry) => resolve(entry.icon)));
    page.related?.forEach((link) => resolve(link.icon));
  }
  const footers = [config.footer, ...model.languageSettings.map((settings) => settings.footer)];
  for (const footer of footers) Object.keys(footer?.socials ?? {}).forEach((network) => resolve(socialIcon(network)));
  const navbars = [config.navbar, ...model.languageSettings.map((settings) => settings.navbar)];
  for (const navbar of navbars) {
    for (const link of [...(navbar?.links ?? []), ...(navbar?.primary ? [navbar.primary] : [])]) {
      if ('icon' in link) resolve(link.icon);
      const community = communityLink(link);
      if (community) resolve(socialIcon(community.network));
    }
  }
  contextualIcons(site.contextual).forEach(resolve);
  // The icons pages and snippets name in their components (`<Card icon="rocket">`).
  for (const { content } of [...site.routes, ...site.snippets]) content.icons.forEach(resolve);

  const iconStyles = registry.stylesheet();

  return {
    data: {
      model,
      docsDir: site.docsDir,
      sidebars,
      icons,
      // Named by its content, so it can be cached forever.
      iconsHref: `${base}${DOCS_ROUTE}/icons-${contentHash(iconStyles)}.css`,
      utilitiesHref: utilities ? `${base}${DOCS_ROUTE}/utilities-${contentHash(utilities)}.css` : undefined,
      base,
      searchIndexes: search ? planSiteSearch(site, search.pagesPerIndex).byScope : undefined,
      theme: themeSettings(config, base),
      fonts: fontStyles(config.fonts, base),
      contextual: site.contextual,
      integrations: integrations ? integrationsHtml(site.integrations) : '',
      mcp,
      socialImages,
      customCode: { styles: customCode.styles.map((file) => hrefFor(`/${file}`, base)), scripts: customCode.scripts.map((file) => hrefFor(`/${file}`, base)) },
      api: {
        display: site.api.display,
        expanded: site.api.expanded,
        languages: site.api.languages,
        ...(playgroundProxy && site.api.proxy ? { proxy: playgroundProxy } : {}),
      },
      config: pageConfig(config),
    },
    iconStyles,
    unknownIcons: [...registry.unknown],
  };
}
