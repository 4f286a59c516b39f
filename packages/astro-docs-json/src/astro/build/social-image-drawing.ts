/**
 * The social images of a site, drawn by a drawing worker (`social-image-worker.ts`): what
 * every image has in common (background, accent band, logo) is laid out by satori and
 * rasterised by resvg once, and each page's title and description are set on a copy of it
 * (`social-image-text.ts`), then encoded as PNG (`core/seo/png.ts`), its unchanged rows
 * filtered once for all.
 */
import { rename, writeFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { encodePng, filterRows, type Pixels } from '../../core/seo/png.ts';
import { SOCIAL_IMAGE_BOX, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, socialImageElement, socialImageText, type SocialImagePage, type SocialImageSite } from '../../core/seo/social-image.ts';
import { TextSetter } from './social-image-text.ts';

export type FontData = Parameters<typeof satori>[1]['fonts'][number];

/** An image to draw, and the file of the cache it is written to. */
export interface DrawingJob extends SocialImagePage {
  file: string;
}

export class SocialImageDrawer {
  private readonly site: SocialImageSite;
  private readonly base: Pixels;
  private readonly baseRows: Uint8Array;
  private readonly text: TextSetter;

  private constructor(site: SocialImageSite, base: Pixels, text: TextSetter) {
    this.site = site;
    this.base = base;
    this.baseRows = filterRows(base);
    this.text = text;
  }

  static async create(site: SocialImageSite, fonts: FontData[]): Promise<SocialImageDrawer> {
    const svg = await satori(socialImageElement(site) as Parameters<typeof satori>[0], { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, fonts });
    const image = new Resvg(svg, { fitTo: { mode: 'width', value: SOCIAL_IMAGE_WIDTH }, font: { loadSystemFonts: false } }).render();
    return new SocialImageDrawer(site, { width: image.width, height: image.height, channels: 3, data: withoutAlpha(image.pixels) }, new TextSetter(site.font.family, fonts));
  }

  /** The page's image, as a PNG. */
  draw(page: SocialImagePage): Buffer {
    const canvas: Pixels = { ...this.base, data: this.base.data.slice() };
    const rows = this.baseRows.slice();
    const painted = this.text.paint(canvas, socialImageText(this.site, page), SOCIAL_IMAGE_BOX);
    // A row's filter reads the row above it: the row under the text is written again too.
    if (painted.from < painted.to) filterRows(canvas, rows, painted.from, Math.min(canvas.height, painted.to + 1), 'none');
    return encodePng(canvas, rows);
  }
}

/** The base is opaque (its background colour is under everything): its RGB, without the alpha. */
function withoutAlpha(rgba: Uint8Array): Uint8Array {
  const rgb = new Uint8Array((rgba.length / 4) * 3);
  for (let from = 0, to = 0; from < rgba.length; from += 4) {
    rgb[to++] = rgba[from]!;
    rgb[to++] = rgba[from + 1]!;
    rgb[to++] = rgba[from + 2]!;
  }
  return rgb;
}

/** Whole or not at all: an interrupted build leaves no half-written image under a key. */
export async function drawInto(drawer: SocialImageDrawer, job: DrawingJob): Promise<void> {
  const partial = `${job.file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  await writeFile(partial, drawer.draw(job));
  await rename(partial, job.file);
}
