/**
 * A PNG of RGB or RGBA pixels, its rows filtered with PNG's Up filter (each byte less the one
 * above it) and deflated by Node's zlib at a low level. The social images are flat colours
 * and text: most of their rows equal the row above, and filter to zeros, which deflate
 * cheaply. A caller that changes only some rows of an image it has encoded before writes
 * only those again (`filterRows`' range), unfiltered: filtering costs more than it saves
 * on rows of text.
 *
 * Images that share runs of rows (every social image of a site shares the rows above and
 * below its text) deflate each shared run once (`deflateRun`) and are joined from runs
 * (`encodePngRuns`): a PNG's data is one zlib stream, but a stream may be made of deflated
 * pieces each flushed to a byte boundary, and its checksum (Adler-32) of pieces' checksums.
 */
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

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
  return png(pixels, deflateSync(rows, { level: LEVEL }));
}

type Shape = Pick<Pixels, 'width' | 'height' | 'channels'>;

function png(shape: Shape, zlibData: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(shape.width, 0);
  header.writeUInt32BE(shape.height, 4);
  header[8] = 8; // bits per channel
  header[9] = shape.channels === 3 ? 2 : 6; // colour type: RGB, RGBA
  return Buffer.concat([SIGNATURE, ...chunk('IHDR', header), ...chunk('IDAT', zlibData), ...chunk('IEND', Buffer.alloc(0))]);
}

/** Filtered rows deflated on their own, to be joined with others into one image's data. */
export interface DeflatedRun {
  data: Buffer;
  /** The Adler-32 checksum of the rows, and their length in bytes. */
  adler: number;
  length: number;
}

/**
 * `rows` deflated, ending on a byte boundary; the image's last run ends its stream (`last`).
 * The last run is deflated as a zlib stream of its own, whose checksum zlib computes: only a
 * run that images share (deflated once) has its checksum computed here.
 */
export function deflateRun(rows: Uint8Array, last: boolean): DeflatedRun {
  if (!last) return { data: deflateRawSync(rows, { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH }), adler: adler32(rows), length: rows.length };
  const stream = deflateSync(rows, { level: LEVEL });
  return { data: stream.subarray(ZLIB_HEADER.length, -4), adler: stream.readUInt32BE(stream.length - 4), length: rows.length };
}

/** Deflate, 32 KiB window, no dictionary: the stream's first two bytes. */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);

/** The PNG whose filtered rows are the runs' rows in order; the last run is one deflated `last`. */
export function encodePngRuns(shape: Shape, runs: readonly DeflatedRun[]): Buffer {
  let adler = 1;
  for (const run of runs) adler = combinedAdler(adler, run.adler, run.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(adler, 0);
  return png(shape, Buffer.concat([ZLIB_HEADER, ...runs.map((run) => run.data), checksum]));
}

const ADLER_BASE = 65521;
/** Bytes summed before the sums are reduced, as zlib does; the sums stay exact integers. */
const ADLER_SPAN = 5552;

export function adler32(data: Uint8Array): number {
  let [a, b] = [1, 0];
  for (let at = 0; at < data.length; ) {
    const end = Math.min(at + ADLER_SPAN, data.length);
    for (; at < end; at++) {
      a += data[at]!;
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return (b * 65536 + a) >>> 0;
}

/** The checksum of bytes A then B from A's, B's and B's length (zlib's `adler32_combine`). */
function combinedAdler(first: number, second: number, secondLength: number): number {
  const rest = secondLength % ADLER_BASE;
  const a = ((first & 0xffff) + (second & 0xffff) + ADLER_BASE - 1) % ADLER_BASE;
  const b = ((rest * (first & 0xffff)) % ADLER_BASE + (first >>> 16) + (second >>> 16) + ADLER_BASE - rest) % ADLER_BASE;
  return (b * 65536 + a) >>> 0;
}
