// The PNG encoder of the social images, read back by resvg's own decoder.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { encodePng } from '../src/core/seo/png.ts';

describe('encodePng', () => {
  const width = 3;
  const height = 2;
  // Opaque red, green, blue; then white, black, a grey.
  const rgba = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255]);

  it('writes the signature, the header and rows that inflate back to the pixels', () => {
    const png = encodePng(width, height, rgba);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]], [width, height, 8, 6]);
    const idat = png.indexOf('IDAT');
    const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    assert.deepEqual([...rows], [0, ...rgba.subarray(0, 12), 0, ...rgba.subarray(12)]);
    assert.equal(png.subarray(-8, -4).toString('latin1'), 'IEND');
  });

  it('is read by resvg as the same pixels', () => {
    const href = `data:image/png;base64,${encodePng(width, height, rgba).toString('base64')}`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="${href}" width="${width}" height="${height}" image-rendering="pixelated"/></svg>`;
    assert.deepEqual([...new Resvg(svg).render().pixels], [...rgba]);
  });

  it('refuses pixels that are not width × height × 4 bytes', () => {
    assert.throws(() => encodePng(2, 2, new Uint8Array(15)), /15 bytes are not 2×2 RGBA pixels/);
  });
});
