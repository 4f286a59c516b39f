/**
 * The meta tags of a page's head, in the order they are written: the ones every page gets
 * (the site's name, the page's type, title, description and URL, its social image and the
 * card that shows it), then docs.json `seo.metatags`, then the page's own frontmatter tags,
 * each over the ones before.
 */
import { seoAssetUrl, type SeoUrlSettings } from './seo-urls.ts';
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from './social-image.ts';

export interface MetaTagInput {
  siteName: string;
  title: string;
  description?: string | undefined;
  /** The page's URL for search engines (`seoUrl`), when the site's address is known. */
  url?: string | undefined;
  /** The social image generated for the page (a path of the site), when there is one. */
  generatedImage?: string | undefined;
  /** docs.json `seo.metatags`. */
  siteTags?: Readonly<Record<string, string>> | undefined;
  /** The page's frontmatter tags. */
  pageTags?: Readonly<Record<string, string>> | undefined;
  /** The page is not to be indexed: its own `robots` tag says so, not docs.json's. */
  noindex: boolean;
}

/** Tags that are not meta tags: `canonical` is the address of the site (`seoSiteUrl`), written as a link. */
const NOT_META = new Set(['canonical']);

/** Tags whose value is an image: a path of the site becomes a URL that a social network can fetch. */
const IMAGE_TAGS = new Set(['og:image', 'twitter:image']);

export function pageMetaTags(input: MetaTagInput, urls: SeoUrlSettings): Array<[name: string, content: string]> {
  const { siteTags = {}, pageTags = {} } = input;
  const ownImage = 'og:image' in siteTags || 'og:image' in pageTags;
  const generated = ownImage ? undefined : input.generatedImage;
  const defaults: Record<string, string | undefined> = {
    'og:site_name': input.siteName,
    'og:type': 'website',
    'og:title': input.title,
    'og:description': input.description || undefined,
    'og:url': input.url,
    ...(generated
      ? {
          'og:image': generated,
          'og:image:width': String(SOCIAL_IMAGE_WIDTH),
          'og:image:height': String(SOCIAL_IMAGE_HEIGHT),
          'twitter:image': generated,
        }
      : {}),
    'twitter:card': generated || ownImage ? 'summary_large_image' : 'summary',
  };
  const merged = { ...defaults, ...siteTags, ...pageTags };
  return Object.entries(merged)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && !NOT_META.has(entry[0]))
    .filter(([name]) => !(name === 'robots' && input.noindex))
    .map(([name, content]) => [name, IMAGE_TAGS.has(name) ? seoAssetUrl(content, urls) : content]);
}
