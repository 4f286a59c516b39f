/**
 * A PNG of RGB or RGBA pixels, its rows filtered with PNG's Up filter (each byte less the one
 * above it) and deflated by Node's zlib at a low level. The social images are flat colours
 * and text: most of their rows equal the row above, and filter to zeros, which deflate
 * cheaply. A caller that changes only some rows of an image it has encoded before writes
 * only those again (`filterRows`' range), unfiltered: filtering costs more than it saves
 * on rows of text.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** zlib's level: 3 of 9. Past 3 the time doubles for a quarter less size. */
const LEVEL = 3;
/** The filter type byte that starts each row. */
const FILTERS = { none: 0, up: 2 } as const;

/** `width × height` pixels of `channels` bytes (3: RGB; 4: RGBA, not premultiplied), row by row. */
export interface Pixels {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

function chunk(type: string, data: Buffer): Buffer[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return [head, data, crc];
}

/** The size of the filtered rows: each row one byte longer than its pixels. */
export function filteredSize(pixels: Pixels): number {
  return (pixels.width * pixels.channels + 1) * pixels.height;
}

/** Fills `rows` from `from` to `to` (rows, end excluded) with the pixels' rows, Up-filtered or as they are. */
export function filterRows(pixels: Pixels, rows: Uint8Array = new Uint8Array(filteredSize(pixels)), from = 0, to = pixels.height, filter: keyof typeof FILTERS = 'up'): Uint8Array {
  const { data, channels, width } = pixels;
  const stride = width * channels;
  if (data.byteLength !== stride * pixels.height) throw new Error(`${data.byteLength} bytes are not ${width}×${pixels.height} pixels of ${channels} bytes.`);
  for (let y = from; y < to; y++) {
    let out = y * (stride + 1);
    rows[out++] = FILTERS[filter];
    const start = y * stride;
    if (y === 0 || filter === 'none') {
      rows.set(data.subarray(start, start + stride), out);
      continue;
    }
    for (let i = start; i < start + stride; i++) rows[out++] = (data[i]! - data[i - stride]!) & 0xff;
  }
  return rows;
}

export function encodePng(pixels: Pixels, rows: Uint8Array = filterRows(pixels)): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(pixels.width, 0);
  header.writeUInt32BE(pixels.height, 4);
  header[8] = 8; // bits per channel
  header[9] = pixels.channels === 3 ? 2 : 6; // colour type: RGB, RGBA
  return Buffer.concat([SIGNATURE, ...chunk('IHDR', header), ...chunk('IDAT', deflateSync(rows, { level: LEVEL })), ...chunk('IEND', Buffer.alloc(0))]);
}
