/**
 * Lookups over the render data, built once when the route module loads rather than on
 * every page render (an Astro component's frontmatter runs per page).
 */
import data from 'virtual:astro-docs-json/data';
import { siteEntities, type SiteEntities } from '../../core/seo/json-ld.ts';
import { seoSiteUrl, type SeoUrlSettings } from '../../core/seo/seo-urls.ts';
import { createAlternates } from '../../core/site/alternates.ts';
import type { Section } from '../../core/site/site-model.ts';
import { scopeKey } from '../../core/site/scopes.ts';

export { data };

export const sectionsById = new Map<string, Section>(data.model.sections.map((section) => [section.id, section]));

export const alternatesOf = createAlternates(data.model);

const firstUrls = new Map(data.model.scopes.map((scope) => [scopeKey(scope.version, scope.language), scope.firstUrl]));

/** Where the logo leads: the first page of the reader's version and language. */
export function homeUrlOf(version: string | null, language: string | null): string {
  return firstUrls.get(scopeKey(version, language)) ?? '/';
}

export interface SiteSeo {
  urls: SeoUrlSettings;
  entities: SiteEntities;
}

let siteSeo: { site: string | undefined; seo: SiteSeo } | undefined;

/** The URLs the site gives search engines, and its own structured data: the same on every page, worked out once. */
export function siteSeoOf(astroSite: URL | undefined): SiteSeo {
  const site = astroSite?.href;
  if (siteSeo === undefined || siteSeo.site !== site) {
    const { config, model, base } = data;
    const urls: SeoUrlSettings = { siteUrl: seoSiteUrl(config.seo?.metatags, site), base, trailingSlash: config.seo?.trailingSlash };
    const logo = typeof config.logo === 'string' ? config.logo : config.logo?.light;
    siteSeo = { site, seo: { urls, entities: siteEntities({ name: model.name, description: model.description, logo, organization: config.seo?.organization, urls }) } };
  }
  return siteSeo.seo;
}
