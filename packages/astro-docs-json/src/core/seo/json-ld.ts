/**
 * Structured data (schema.org, as JSON-LD) for a page: one `@graph` whose entities name each
 * other by stable `@id`s. The site's own entities (the `Organization` that publishes it and
 * the `WebSite`) are the same on every page and built once (`siteEntities`); each page adds
 * its `WebPage`, its `BreadcrumbList` from its place in the navigation, and its main content:
 * a `TechArticle`, or an `APIReference` for a page of an API. A field with no value is left
 * out rather than written empty.
 */
import type { Organization } from '../schema/docs-json.ts';
import type { Crumb } from '../site/site-model.ts';
import { seoAssetUrl, seoUrl, type SeoUrlSettings } from './seo-urls.ts';

export type JsonLdEntity = Record<string, unknown>;

export interface SiteEntityInput {
  name: string;
  description?: string | undefined;
  /** The docs logo, a path of the site or a URL. */
  logo?: string | undefined;
  /** docs.json `seo.organization`, over what is derived from the site. */
  organization?: Organization | undefined;
  urls: SeoUrlSettings;
}

export interface SiteEntities {
  organization: JsonLdEntity;
  website: JsonLdEntity;
}

export function siteEntities({ name, description, logo, organization = {}, urls }: SiteEntityInput): SiteEntities {
  const home = seoUrl('/', urls);
  const organizationId = organization.id ?? fragmentOf(home, 'organization');
  const organizationLogo = organization.logo ?? logo;
  return {
    organization: withValues({
      '@type': 'Organization',
      '@id': organizationId,
      name: organization.name ?? name,
      legalName: organization.legalName,
      url: organization.url ?? (urls.siteUrl ? home : undefined),
      logo: organizationLogo && seoAssetUrl(organizationLogo, urls),
      sameAs: organization.sameAs?.length ? organization.sameAs : undefined,
    }),
    website: withValues({
      '@type': 'WebSite',
      '@id': fragmentOf(home, 'website'),
      url: home,
      name,
      description,
      publisher: { '@id': organizationId },
    }),
  };
}

export interface PageEntityInput {
  url: string;
  title: string;
  description?: string | undefined;
  /** Comma-separated, as the `keywords` meta tag holds them. */
  keywords?: string | undefined;
  /** The page's place in the navigation, outermost first; the page itself is not one. */
  breadcrumbs: readonly Crumb[];
  /** A page generated from an API description, or one that documents an API call. */
  api: boolean;
  /** BCP 47. */
  language?: string | undefined;
  /** ISO 8601, when the date the page last changed is known. */
  dateModified?: string | undefined;
  /** The page's social image, as `og:image` has it. */
  image?: string | undefined;
  /** Frontmatter `canonical`, in place of the page's own URL. */
  canonical?: string | undefined;
}

/** The whole graph of a page: the site's entities, then the page's own. */
export function pageGraph(site: SiteEntities, page: PageEntityInput, urls: SeoUrlSettings): JsonLdEntity {
  const pageUrl = page.canonical ?? seoUrl(page.url, urls);
  const websiteId = site.website['@id'];
  const publisher = { '@id': site.organization['@id'] };
  const shared = { description: page.description, inLanguage: page.language, dateModified: page.dateModified };
  const webPage = withValues({
    '@type': 'WebPage',
    '@id': pageUrl,
    url: pageUrl,
    name: page.title,
    ...shared,
    isPartOf: { '@id': websiteId },
    breadcrumb: { '@id': fragmentOf(pageUrl, 'breadcrumb') },
    primaryImageOfPage: page.image ? { '@type': 'ImageObject', url: page.image } : undefined,
  });
  const article = withValues({
    '@type': page.api ? 'APIReference' : 'TechArticle',
    '@id': fragmentOf(pageUrl, 'article'),
    headline: page.title,
    ...shared,
    keywords: page.keywords,
    image: page.image,
    mainEntityOfPage: { '@id': pageUrl },
    isPartOf: { '@id': websiteId },
    publisher,
  });
  return { '@context': 'https://schema.org', '@graph': [site.organization, site.website, webPage, breadcrumbList(page, pageUrl, urls), article] };
}

/** The trail to the page: each crumb that leads somewhere names its page; the page itself ends it. */
function breadcrumbList(page: PageEntityInput, pageUrl: string, urls: SeoUrlSettings): JsonLdEntity {
  const trail = [...page.breadcrumbs.map((crumb) => ({ name: crumb.name, item: crumb.url === undefined ? undefined : seoUrl(crumb.url, urls) })), { name: page.title, item: pageUrl }];
  return {
    '@type': 'BreadcrumbList',
    '@id': fragmentOf(pageUrl, 'breadcrumb'),
    itemListElement: trail.map((crumb, index) => withValues({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.item })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` written as `\u003c`, so that no
 * value (a page title holding `</script>`, or `<!--`) can end the script or change how the
 * HTML around it is read; U+2028 and U+2029 too, which some parsers take for line ends.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** `url#name`, in place of any fragment the URL has. */
function fragmentOf(url: string, name: string): string {
  return `${url.replace(/#.*$/, '')}#${name}`;
}

/** The entity without the fields that have no value. */
function withValues(entity: Record<string, unknown>): JsonLdEntity {
  return Object.fromEntries(Object.entries(entity).filter(([, value]) => value !== undefined && value !== ''));
}
