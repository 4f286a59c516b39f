// A page's social image, its text set on the site's base image, against satori's drawing of the whole image.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { before, describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { SocialImageDrawer, type FontData } from '../src/astro/build/social-image-drawing.ts';
import { socialImageElement, socialImageTheme, type SocialImagePage, type SocialImageSite } from '../src/core/seo/social-image.ts';

const WIDTH = 1200;
const HEIGHT = 630;
const require = createRequire(import.meta.url);

async function interFonts(): Promise<FontData[]> {
  const files = ['latin', 'cyrillic'].flatMap((subset) => [400, 700].map((weight) => ({ subset, weight })));
  return Promise.all(
    files.map(async ({ subset, weight }) => ({
      name: subset === 'latin' ? 'Inter' : `Inter ${subset}`,
      weight: weight as 400 | 700,
      style: 'normal' as const,
      data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
    })),
  );
}

/** The PNG's pixels, RGBA, as resvg decodes it. */
function decode(png: Buffer): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><image href="data:image/png;base64,${png.toString('base64')}" width="${WIDTH}" height="${HEIGHT}"/></svg>`;
  return new Resvg(svg).render().pixels;
}

/** The box of the pixels darker than the white background, in rows `from` to `to`. */
function inkBox(rgba: Uint8Array, from: number, to: number): { top: number; bottom: number; left: number; right: number } {
  const box = { top: Infinity, bottom: -Infinity, left: Infinity, right: -Infinity };
  for (let y = from; y < to; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if (rgba[(y * WIDTH + x) * 4]! > 200) continue;
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
    }
  }
  return box;
}

describe('a social image drawn on the site\'s base', () => {
  const site: SocialImageSite = { siteName: 'Acme Docs', theme: socialImageTheme({}), font: { family: 'Inter', digest: 'test' } };
  let fonts: FontData[];
  let drawer: SocialImageDrawer;
  before(async () => {
    fonts = await interFonts();
    drawer = await SocialImageDrawer.create(site, fonts);
  });

  const pages: Array<[string, SocialImagePage]> = [
    ['a short title alone', { title: 'Quickstart' }],
    ['a long title and a description over two lines, with Cyrillic from the fallback font', { title: 'Configure the ingestion pipeline for production workloads', description: 'Set up, tune and watch every stage of the pipeline so that each deployment stays fast — даже под нагрузкой.' }],
  ];
  for (const [name, page] of pages) {
    it(`sets ${name} where satori sets it`, async () => {
      const ours = decode(drawer.draw(page));
      const svg = await satori(socialImageElement(site, page) as Parameters<typeof satori>[0], { width: WIDTH, height: HEIGHT, fonts });
      const theirs = new Resvg(svg).render().pixels;
      // Below the band and the site's name: the page's text.
      const [own, reference] = [inkBox(ours, 200, HEIGHT), inkBox(theirs, 200, HEIGHT)];
      for (const side of ['top', 'bottom', 'left', 'right'] as const) assert.ok(Math.abs(own[side] - reference[side]) <= 3, `${side}: ${own[side]} against satori's ${reference[side]}`);
      let difference = 0;
      for (let index = 0; index < ours.length; index++) difference += Math.abs(ours[index]! - theirs[index]!);
      assert.ok(difference / ours.length < 2, `mean difference per channel ${(difference / ours.length).toFixed(2)}`);
    });
  }

  it('draws the base (band and name) the same whatever the page, each image a stream zlib reads whole', () => {
    const drawn = [drawer.draw({ title: 'One' }), drawer.draw({ title: 'Another page' }), drawer.draw({ title: 'One' })];
    for (const png of drawn) {
      const idat = png.indexOf('IDAT');
      assert.equal(inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4))).length, (WIDTH * 3 + 1) * HEIGHT);
    }
    // The text of one image is gone from the next.
    assert.deepEqual(drawn[2], drawn[0]);
    const [one, other] = [decode(drawn[0]!), decode(drawn[1]!)];
    assert.deepEqual(one.subarray(0, 200 * WIDTH * 4), other.subarray(0, 200 * WIDTH * 4));
    assert.notDeepEqual(one, other);
  });
});
