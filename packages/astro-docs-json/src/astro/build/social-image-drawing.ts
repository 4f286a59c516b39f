/**
 * The social images of a site, drawn by a drawing worker (`social-image-worker.ts`): what
 * every image has in common (background, accent band, logo) is laid out by satori and
 * rasterised by resvg once, and each page's title and description are set on it
 * (`social-image-text.ts`), then encoded as PNG (`core/seo/png.ts`). The rows above the
 * text are the base's, filtered and deflated once for every image whose text starts on the
 * same row; each image deflates its text's rows and the rows below them.
 */
import { rename, writeFile } from 'node:fs/promises';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { deflateRun, encodePng, encodePngRuns, filterRows, filteredSize, type DeflatedRun, type Pixels } from '../../core/seo/png.ts';
import { SOCIAL_IMAGE_BOX, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, socialImageElement, socialImageText, type SocialImagePage, type SocialImageSite } from '../../core/seo/social-image.ts';
import { TextSetter } from './social-image-text.ts';

export type FontData = Parameters<typeof satori>[1]['fonts'][number];

/** An image to draw, and the file of the cache it is written to. */
export interface DrawingJob extends SocialImagePage {
  file: string;
}

/** Runs of the base's rows kept deflated, by the row they end before: a site's texts take a few heights. */
const MAX_RUNS = 64;

export class SocialImageDrawer {
  private readonly site: SocialImageSite;
  private readonly base: Pixels;
  private readonly baseRows: Uint8Array;
  private readonly text: TextSetter;
  /** The base, with the text of the image being drawn; its rows are the base's again after each image. */
  private readonly canvas: Pixels;
  /** The base's filtered rows, but for the text's rows (unfiltered) of the image being drawn. */
  private readonly rows: Uint8Array;
  /** The base's filtered rows above the text, deflated, by the byte they end before. */
  private readonly aboveRuns = new Map<number, DeflatedRun>();
  /** The base alone, as a PNG: the image of a page with no text to set. */
  private plain: Buffer | undefined;

  private constructor(site: SocialImageSite, base: Pixels, text: TextSetter) {
    this.site = site;
    this.base = base;
    this.baseRows = filterRows(base);
    this.text = text;
    this.canvas = { ...base, data: base.data.slice() };
    this.rows = this.baseRows.slice();
  }

  static async create(site: SocialImageSite, fonts: FontData[]): Promise<SocialImageDrawer> {
    const svg = await satori(socialImageElement(site) as Parameters<typeof satori>[0], { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, fonts });
    const image = new Resvg(svg, { fitTo: { mode: 'width', value: SOCIAL_IMAGE_WIDTH }, font: { loadSystemFonts: false } }).render();
    return new SocialImageDrawer(site, { width: image.width, height: image.height, channels: 3, data: withoutAlpha(image.pixels) }, new TextSetter(site.font.family, fonts));
  }

  /** The page's image, as a PNG. */
  draw(page: SocialImagePage): Buffer {
    const { canvas, base, rows } = this;
    const stride = filteredSize(base) / base.height;
    const rowBytes = base.width * base.channels;
    const painted = { from: 0, to: canvas.height };
    try {
      Object.assign(painted, this.text.paint(canvas, socialImageText(this.site, page), SOCIAL_IMAGE_BOX));
      if (painted.from >= painted.to) return (this.plain ??= encodePng(base, this.baseRows));
      // A row's filter reads the row above it: the row under the text is written again too.
      filterRows(canvas, rows, painted.from, Math.min(canvas.height, painted.to + 1), 'none');
      return encodePngRuns(base, [this.above(painted.from * stride), deflateRun(rows.subarray(painted.from * stride), true)]);
    } finally {
      const [from, to] = [painted.from, Math.min(canvas.height, painted.to + 1)];
      canvas.data.set(base.data.subarray(from * rowBytes, to * rowBytes), from * rowBytes);
      rows.set(this.baseRows.subarray(from * stride, to * stride), from * stride);
    }
  }

  /** The base's filtered rows before byte `end`, deflated once for all the images whose text starts there. */
  private above(end: number): DeflatedRun {
    let run = this.aboveRuns.get(end);
    if (!run) {
      if (this.aboveRuns.size >= MAX_RUNS) this.aboveRuns.clear();
      run = deflateRun(this.baseRows.subarray(0, end), false);
      this.aboveRuns.set(end, run);
    }
    return run;
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
