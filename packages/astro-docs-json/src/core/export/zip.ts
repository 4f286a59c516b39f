/**
 * A zip archive of files, written with Node's own deflate and CRC-32: what `export` hands
 * a reader, who unzips it with the tools every system has.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** Its path in the archive, with `/`. */
  name: string;
  data: Uint8Array;
}

/** The archive's bytes. Dates are left at the format's earliest, so that the same site makes the same archive. */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const stored = compressed.length >= entry.data.length;
    const body = stored ? Buffer.from(entry.data) : compressed;
    const fields = { method: stored ? 0 : 8, crc: crc32(entry.data), compressed: body.length, size: entry.data.length, name: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeCommon(local, 4, fields);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made by Unix (3), zip 3.0: unzip then reads names as the UTF-8 they are, and sets the files' modes.
    central.writeUInt16LE((3 << 8) | 30, 4);
    writeCommon(central, 6, fields);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The fields a local header and a central record share, from `at`: version, flags (UTF-8 names), method, date, CRC, sizes, name length. */
function writeCommon(header: Buffer, at: number, fields: { method: number; crc: number; compressed: number; size: number; name: number }): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x0800, at + 2);
  header.writeUInt16LE(fields.method, at + 4);
  header.writeUInt16LE(0, at + 6); // time
  header.writeUInt16LE(0x21, at + 8); // 1980-01-01
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.compressed, at + 14);
  header.writeUInt32LE(fields.size, at + 18);
  header.writeUInt16LE(fields.name, at + 22);
}
