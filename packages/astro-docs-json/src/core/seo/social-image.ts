/**
 * A page's social image (`og:image`), as Mintlify makes one for every page: 1200×630, the
 * site's logo, the page's title and description, in the site's colours. This module says
 * which pages get one, where it is, what it is drawn from (its key: an image is drawn again
 * only when that changes) and the tree of elements that satori draws; the drawing itself is
 * the build's (`astro/build/social-images.ts`).
 */
import { createHash } from 'node:crypto';
import type { Thumbnails } from '../schema/docs-json.ts';

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

/** The folder of the images in the built site. */
export const SOCIAL_IMAGE_FOLDER = '/_og';

/**
 * Bumped whenever the drawing changes (the layout below, the font, the renderer's
 * settings), so that images kept from an older drawing are drawn again.
 */
export const SOCIAL_IMAGE_GENERATOR = 'social-image-3';

/** Where a page's image is in the site: `/_og/<page path>.png`, and `/_og/index.png` for the site's root. */
export function socialImagePath(pageUrl: string): string {
  return `${SOCIAL_IMAGE_FOLDER}/${pageUrl === '/' ? 'index' : pageUrl.replace(/^\//, '')}.png`;
}

/**
 * Whether a page gets a generated image: not when docs.json `seo.metatags` or the page's
 * frontmatter names an `og:image` of its own, nor for a page that is only a link to
 * elsewhere (frontmatter `url`).
 */
export function getsSocialImage(page: { meta?: Readonly<Record<string, string>> | undefined; link?: string | undefined }, siteTags: Readonly<Record<string, string>> | undefined): boolean {
  return !(siteTags && 'og:image' in siteTags) && !(page.meta && 'og:image' in page.meta) && page.link === undefined;
}

/** The colours of the images of a site: docs.json `thumbnails.appearance`, else the site's default theme. */
export interface SocialImageTheme {
  appearance: 'light' | 'dark';
  background: string;
  text: string;
  muted: string;
  accent: string;
}

export function socialImageTheme(config: {
  thumbnails?: Thumbnails | undefined;
  appearance?: { default?: 'system' | 'light' | 'dark' | undefined } | undefined;
  colors?: { primary: string; light?: string | undefined; dark?: string | undefined } | undefined;
  /** docs.json `background`: its `color.light` and `color.dark` are the pages' background colours. */
  background?: Readonly<Record<string, unknown>> | undefined;
}): SocialImageTheme {
  const appearance = config.thumbnails?.appearance ?? (config.appearance?.default === 'dark' ? 'dark' : 'light');
  const primary = config.colors?.primary ?? '#16a34a';
  const colors = config.background?.color;
  const own = typeof colors === 'object' && colors !== null ? (colors as Record<string, unknown>)[appearance] : undefined;
  // Only a hex colour: the value goes into the image's SVG.
  const background = typeof own === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(own) ? own : undefined;
  return appearance === 'dark'
    ? { appearance, background: background ?? '#0b0d12', text: '#f8fafc', muted: '#a1a1aa', accent: config.colors?.light ?? primary }
    : { appearance, background: background ?? '#ffffff', text: '#0f172a', muted: '#52525b', accent: config.colors?.dark ?? primary };
}

/** What one image is drawn from, besides the page's words: the same for every page of the site. */
export interface SocialImageSite {
  siteName: string;
  theme: SocialImageTheme;
  /** The logo as a `data:` URL, when the site has one that can be read. */
  logo?: string | undefined;
  /** The background image as a `data:` URL (`thumbnails.background`). */
  background?: string | undefined;
  /** The font's family name and a digest of its files: another font is another image. */
  font: { family: string; digest: string };
}

export interface SocialImagePage {
  title: string;
  description?: string | undefined;
}

/** A digest of what is the same for every page: computed once per build, then part of each page's key. */
export function siteImageDigest(site: SocialImageSite): string {
  return digest([SOCIAL_IMAGE_GENERATOR, site.siteName, JSON.stringify(site.theme), digest([site.logo ?? '']), digest([site.background ?? '']), site.font.family, site.font.digest]);
}

/** The key of a page's image: what it is drawn from. Equal keys, equal images. */
export function socialImageKey(siteDigest: string, page: SocialImagePage): string {
  return digest([siteDigest, page.title, page.description ?? '']);
}

function digest(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex').slice(0, 32);
}

/** An element as satori takes it: React's shape, without React. */
export interface ImageElement {
  type: string;
  props: { style?: Record<string, string | number>; children?: Array<ImageElement | string> | ImageElement | string; src?: string; width?: number; height?: number };
}

const element = (type: string, props: ImageElement['props']): ImageElement => ({ type, props });

/** Long words and long titles are cut rather than drawn past the image's edge. */
export function clip(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1).replace(/\s+\S*$/, '')}…`;
}

/** Where the logo and the text go: a box inside the image's margins, the logo at its top, the text at its bottom. */
export const SOCIAL_IMAGE_BOX = { left: 80, top: 84, width: SOCIAL_IMAGE_WIDTH - 160, bottom: SOCIAL_IMAGE_HEIGHT - 72 } as const;

/** A block of the image's text, as CSS would style it. */
export interface SocialImageText {
  text: string;
  fontSize: number;
  fontWeight: 400 | 700;
  /** A multiple of the font size. */
  lineHeight: number;
  /** Pixels added after each character. */
  letterSpacing: number;
  color: string;
  /** Pixels above the block. */
  marginTop: number;
}

/** The page's title and description, as they are set in its image. */
export function socialImageText(site: SocialImageSite, page: SocialImagePage): SocialImageText[] {
  const title = clip(page.title, 90);
  return [
    { text: title, fontSize: title.length > 48 ? 60 : 72, fontWeight: 700, lineHeight: 1.15, letterSpacing: -1, color: site.theme.text, marginTop: 0 },
    ...(page.description ? [{ text: clip(page.description, 180), fontSize: 32, fontWeight: 400 as const, lineHeight: 1.4, letterSpacing: 0, color: site.theme.muted, marginTop: 28 }] : []),
  ];
}

/**
 * The image as satori draws it: a band of the accent colour, the logo (or the site's name)
 * and, given a page, its title and description. Without one, it is what every image of the
 * site has in common, drawn once; the build sets each page's text on it
 * (`astro/build/social-image-drawing.ts`) where this layout would.
 */
export function socialImageElement(site: SocialImageSite, page?: SocialImagePage): ImageElement {
  const { theme } = site;
  const brand = site.logo
    ? element('img', { src: site.logo, height: 56, style: { height: 56, objectFit: 'contain', maxWidth: 480 } })
    : element('div', { style: { fontSize: 36, fontWeight: 700, color: theme.text }, children: clip(site.siteName, 40) });
  const text = (page ? socialImageText(site, page) : []).map(({ text, ...style }) => element('div', { style, children: text }));
  // Satori sizes boxes without their padding: the text's box is placed inside the image, not padded.
  const { left, top, width, bottom } = SOCIAL_IMAGE_BOX;
  const content = element('div', {
    style: { position: 'absolute', top, left, width, height: bottom - top, display: 'flex', flexDirection: 'column', justifyContent: 'space-between' },
    children: [brand, element('div', { style: { display: 'flex', flexDirection: 'column' }, children: text })],
  });
  return element('div', {
    style: { display: 'flex', position: 'relative', width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, backgroundColor: theme.background, fontFamily: site.font.family },
    children: [
      ...(site.background ? [element('img', { src: site.background, width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, style: { position: 'absolute', top: 0, left: 0, objectFit: 'cover' } })] : []),
      element('div', { style: { position: 'absolute', top: 0, left: 0, width: SOCIAL_IMAGE_WIDTH, height: 12, backgroundColor: theme.accent } }),
      content,
    ],
  });
}
