// The PNG encoder of the social images, read back by resvg's own decoder.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { adler32, deflateRun, encodePng, encodePngRuns, filterRows, type Pixels } from '../src/core/seo/png.ts';

/** The pixels resvg reads from the PNG, as RGBA. */
function readBack(png: Buffer, width: number, height: number): number[] {
  const href = `data:image/png;base64,${png.toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="${href}" width="${width}" height="${height}" image-rendering="pixelated"/></svg>`;
  return [...new Resvg(svg).render().pixels];
}

describe('encodePng', () => {
  // Opaque red, green, blue; then white, black, a grey; then the first row again.
  const rgba: Pixels = {
    width: 3,
    height: 3,
    channels: 4,
    data: Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255, 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]),
  };
  const rgb: Pixels = { ...rgba, channels: 3, data: rgba.data.filter((_, index) => index % 4 !== 3) };

  it('writes the signature, the header and rows Up-filtered: a row like the one above is zeros', () => {
    const png = encodePng(rgba);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]], [3, 3, 8, 6]);
    const idat = png.indexOf('IDAT');
    const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    assert.equal(rows.length, 3 * 13);
    assert.deepEqual([rows[0], rows[13], rows[26]], [2, 2, 2]);
    assert.deepEqual([...rows.subarray(1, 13)], [...rgba.data.subarray(0, 12)]);
    // Row 2 less row 1, byte by byte, modulo 256: red's 255 under white's 255 is 0, black's 0 under green's 255 is 1.
    assert.deepEqual([...rows.subarray(14, 18)], [0, 255, 255, 0]);
    assert.equal(png.subarray(-8, -4).toString('latin1'), 'IEND');
  });

  it('is read by resvg as the same pixels, RGBA or RGB', () => {
    assert.deepEqual(readBack(encodePng(rgba), 3, 3), [...rgba.data]);
    assert.equal(encodePng(rgb)[25], 2);
    assert.deepEqual(readBack(encodePng(rgb), 3, 3), [...rgba.data]);
  });

  it('writes again only the rows it is given, unfiltered, and the image reads as the changed pixels', () => {
    const rows = filterRows(rgb);
    const changed: Pixels = { ...rgb, data: rgb.data.slice() };
    changed.data.fill(7, 9, 18); // the second row
    filterRows(changed, rows, 1, 3, 'none');
    assert.deepEqual([rows[0], rows[10], rows[20]], [2, 0, 0]);
    const expected = [...rgba.data];
    for (let index = 12; index < 24; index++) if (index % 4 !== 3) expected[index] = 7;
    assert.deepEqual(readBack(encodePng(changed, rows), 3, 3), expected);
  });

  it('joins rows deflated apart into one stream, its checksum that of all the rows, as zlib checks it', () => {
    // Large enough for the checksum's sums to be reduced along the way.
    const big: Pixels = { width: 300, height: 40, channels: 3, data: Uint8Array.from({ length: 300 * 40 * 3 }, (_, index) => (index * 7919) % 251) };
    const rows = filterRows(big);
    const stride = 300 * 3 + 1;
    const cuts = [0, 5 * stride, 17 * stride, 17 * stride, rows.length];
    const runs = cuts.slice(1).map((end, index) => deflateRun(rows.subarray(cuts[index], end), index === cuts.length - 2));
    const png = encodePngRuns(big, runs);
    const idat = png.indexOf('IDAT');
    assert.deepEqual(inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4))), Buffer.from(rows));
    assert.deepEqual(readBack(png, 300, 40), readBack(encodePng(big), 300, 40));
    assert.equal(adler32(Buffer.from('Wikipedia')), 0x11e60398);
  });

  it('refuses pixels that are not width × height × channels bytes', () => {
    assert.throws(() => encodePng({ width: 2, height: 2, channels: 4, data: new Uint8Array(15) }), /15 bytes are not 2×2 pixels of 4 bytes/);
  });
});
