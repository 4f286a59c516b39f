/**
 * One social image drawn: satori lays the page's image (`core/seo/social-image.ts`) out as
 * SVG, with its text as paths, resvg rasterises it, and `core/seo/png.ts` encodes the PNG. Run by the drawing
 * workers (`social-image-worker.ts`), each on a thread of its own.
 */
import { rename, writeFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { encodePng } from '../../core/seo/png.ts';
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, socialImageElement, type SocialImagePage, type SocialImageSite } from '../../core/seo/social-image.ts';

export type FontData = Parameters<typeof satori>[1]['fonts'][number];

/** An image to draw, and the file of the cache it is written to. */
export interface DrawingJob extends SocialImagePage {
  file: string;
}

export async function drawImage(site: SocialImageSite, fonts: FontData[], page: SocialImagePage): Promise<Buffer> {
  const svg = await satori(socialImageElement(site, page) as Parameters<typeof satori>[0], { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, fonts });
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: SOCIAL_IMAGE_WIDTH }, font: { loadSystemFonts: false } }).render();
  return encodePng(image.width, image.height, image.pixels);
}

/** Whole or not at all: an interrupted build leaves no half-written image under a key. */
export async function drawInto(site: SocialImageSite, fonts: FontData[], job: DrawingJob): Promise<void> {
  const partial = `${job.file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  await writeFile(partial, await drawImage(site, fonts, job));
  await rename(partial, job.file);
}
