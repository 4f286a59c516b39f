/**
 * What the layout shows around a page's content, worked out from the page and the site: its
 * language's banner, footer and navbar, the document's title, favicons, meta tags and
 * structured data, and how the page is drawn. Pure functions, tested without Astro, so that
 * `Layout.astro` only renders what they give.
 */
import { createHash } from 'node:crypto';
import type { Banner, Footer, Navbar } from '../../core/schema/docs-json.ts';
import { LANGUAGES } from '../../core/schema/languages.ts';
import { pageGraph, serializeJsonLd, type SiteEntities } from '../../core/seo/json-ld.ts';
import { pageMetaTags } from '../../core/seo/meta-tags.ts';
import { seoUrl, type SeoUrlSettings } from '../../core/seo/seo-urls.ts';
import { getsSocialImage, socialImagePath } from '../../core/seo/social-image.ts';
import type { PageMode, PageView, Section, SiteModel } from '../../core/site/site-model.ts';
import type { RenderData } from './render-data.ts';

export interface FrameInput {
  page: PageView;
  section: Section;
  model: SiteModel;
  config: RenderData['config'];
  seo: { urls: SeoUrlSettings; entities: SiteEntities };
  /** The build draws the pages' social images. */
  socialImages: boolean;
}

export interface PageFrame {
  /** The page's language as a BCP 47 tag (`en`, `zh-Hans`). */
  languageTag: string;
  banner?: Banner;
  /** Names the banner's text, so that a dismissed banner stays dismissed until it changes. */
  bannerId?: string;
  footer?: Footer;
  navbar?: Navbar;
  title: string;
  canonical?: string;
  favicons: Array<{ href: string; media?: string }>;
  metaTags: Array<[name: string, content: string]>;
  jsonLd?: string;
  mode: PageMode;
  /** A custom page draws everything but the top bar itself. */
  custom: boolean;
  /** A custom page, or one with a blank title, draws its own heading; the title stays for screen readers and search. */
  titleClass?: 'visually-hidden';
  breadcrumbs: boolean;
  /** docs.json `colors`: the accent in the light and dark schemes. */
  accent?: { light: string; dark: string };
  defaultTheme: 'system' | 'light' | 'dark';
}

export function pageFrame(input: FrameInput): PageFrame {
  const { page, model, config } = input;
  const languageTag = page.language ? LANGUAGES[page.language].tag : 'en';
  const { banner, footer, navbar } = languageSettings(input);
  // Frontmatter `canonical`, else the page's URL, with the site's address (Astro's `site`, or docs.json's `canonical`).
  const canonical = page.canonical ?? (input.seo.urls.siteUrl ? seoUrl(page.url, input.seo.urls) : undefined);
  const { metaTags, jsonLd } = searchEngineTags(input, canonical, languageTag);
  const mode = page.mode ?? 'default';
  const custom = mode === 'custom';
  const accent = config.colors?.primary;
  return {
    languageTag,
    ...(banner ? { banner, bannerId: createHash('sha256').update(banner.content).digest('hex').slice(0, 12) } : {}),
    ...(footer ? { footer } : {}),
    ...(navbar ? { navbar } : {}),
    title: page.url === '/' || page.title === model.name ? page.title : `${page.title} - ${model.name}`,
    ...(canonical ? { canonical } : {}),
    favicons: faviconLinks(config.favicon),
    metaTags,
    ...(jsonLd ? { jsonLd } : {}),
    mode,
    custom,
    ...(custom || page.untitled ? { titleClass: 'visually-hidden' as const } : {}),
    breadcrumbs: config.styling?.eyebrows === 'breadcrumbs',
    ...(accent ? { accent: { light: accent, dark: config.colors?.light ?? accent } } : {}),
    defaultTheme: config.appearance?.default ?? 'system',
  };
}

/** The page's language element's own banner, footer and navbar, else the site's. */
function languageSettings({ section, model, config }: FrameInput): { banner?: Banner; footer?: Footer; navbar?: Navbar } {
  const own = section.settings === undefined ? undefined : model.languageSettings[section.settings];
  return { banner: own?.banner ?? config.banner, footer: own?.footer ?? config.footer, navbar: own?.navbar ?? config.navbar };
}

/** docs.json `favicon`: one icon, or one for each colour scheme. */
function faviconLinks(favicon: RenderData['config']['favicon']): PageFrame['favicons'] {
  if (typeof favicon === 'string') return [{ href: favicon }];
  if (!favicon) return [];
  return [
    { href: favicon.light, media: '(prefers-color-scheme: light)' },
    { href: favicon.dark, media: '(prefers-color-scheme: dark)' },
  ];
}

/**
 * The tags every page gets, docs.json `seo.metatags` over them, the page's own frontmatter
 * tags over both; and its structured data, but not on a page kept out of search engines.
 */
function searchEngineTags({ page, model, config, seo, socialImages }: FrameInput, canonical: string | undefined, language: string): Pick<PageFrame, 'metaTags' | 'jsonLd'> {
  const generatedImage = socialImages && getsSocialImage(page, config.seo?.metatags) ? socialImagePath(page.url) : undefined;
  const metaTags = pageMetaTags(
    { siteName: model.name, title: page.title, description: page.description, url: canonical, generatedImage, siteTags: config.seo?.metatags, pageTags: page.meta, noindex: page.noindex },
    seo.urls,
  );
  if (page.noindex) return { metaTags };
  const facts = {
    url: page.url,
    title: page.title,
    description: page.description,
    keywords: page.meta?.keywords,
    breadcrumbs: page.breadcrumbs,
    api: page.operation !== undefined || page.apiForm !== undefined,
    language,
    dateModified: page.lastModified,
    image: metaTags.find(([name]) => name === 'og:image')?.[1],
    canonical,
  };
  return { metaTags, jsonLd: serializeJsonLd(pageGraph(seo.entities, facts, seo.urls)) };
}
