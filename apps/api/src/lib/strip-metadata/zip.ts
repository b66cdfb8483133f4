// Office files are zips: read by their central directory with every size checked before anything
// is inflated (a zip bomb is refused, not unpacked), and written again the same way every time.
import { inflateRawSync } from 'node:zlib';
import { type Zippable, zipSync } from 'fflate';
import { UnreadableFileError } from './errors.ts';

/**
 * Refuse a zip bomb before unpacking it. Pictures and videos do not compress, so a large
 * presentation unzips to about its own size: the limit is this or twice the file, whichever is more.
 */
export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
/** The XML parts we read and edit. Word's document.xml for 300 pages of text is about 5 MB. */
export const MAX_XML_PART_BYTES = 16 * 1024 * 1024;
const XML_PART = /\.(?:xml|rels)$/i;
const END_OF_CENTRAL_DIRECTORY = Buffer.from('PK\x05\x06', 'latin1');

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/**
 * The files of a zip, read by its central directory. Every size is checked before anything is
 * inflated, and each entry is inflated by zlib with its stated size as the limit: fflate's
 * unzipSync trusts the stated size for its buffer but inflates all the data holds, so a 30 MB entry
 * that says 1 KB costs the time of 30 MB and comes out cut short.
 */
export function unzip(data: Buffer, maxTotal: number): Record<string, Uint8Array> {
  const entries = centralDirectory(data);
  let total = 0;
  for (const { name, size } of entries) {
    total += size;
    if (total > maxTotal)
      throw new UnreadableFileError(`The file unzips to more than ${maxTotal / 1024 / 1024} MB`);
    if (size > MAX_XML_PART_BYTES && XML_PART.test(name))
      throw new UnreadableFileError(`${name} is over ${MAX_XML_PART_BYTES / 1024 / 1024} MB`);
  }
  const files: Record<string, Uint8Array> = {};
  for (const entry of entries) files[entry.name] = inflateEntry(data, entry);
  return files;
}

function centralDirectory(data: Buffer): ZipEntry[] {
  const end = data.lastIndexOf(END_OF_CENTRAL_DIRECTORY);
  if (end === -1) throw new UnreadableFileError('The file is not a zip');
  let count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) {
    // Zip64: the real counts are in a record whose locator sits just before.
    const locator = end - 20;
    if (locator < 0 || data.readUInt32LE(locator) !== 0x07064b50)
      throw new UnreadableFileError('The zip has no Zip64 locator');
    const record = Number(data.readBigUInt64LE(locator + 8));
    if (data.readUInt32LE(record) !== 0x06064b50)
      throw new UnreadableFileError('The zip has no Zip64 directory record');
    count = Number(data.readBigUInt64LE(record + 32));
    at = Number(data.readBigUInt64LE(record + 48));
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(at) !== 0x02014b50)
      throw new UnreadableFileError('The zip directory is damaged');
    const flags = data.readUInt16LE(at + 8);
    if (flags & 1) throw new UnreadableFileError('The file is encrypted');
    const nameEnd = at + 46 + data.readUInt16LE(at + 28);
    const extraEnd = nameEnd + data.readUInt16LE(at + 30);
    const entry: ZipEntry = {
      name: data.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, nameEnd),
      method: data.readUInt16LE(at + 10),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
    };
    readZip64Extra(data.subarray(nameEnd, extraEnd), entry);
    entries.push(entry);
    at = extraEnd + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** Sizes and an offset too large for 32 bits are in the Zip64 extra field, in this order. */
function readZip64Extra(extra: Buffer, entry: ZipEntry): void {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== 1) continue;
    let field = at + 4;
    for (const key of ['size', 'compressedSize', 'offset'] as const) {
      if (entry[key] !== 0xffffffff) continue;
      entry[key] = Number(extra.readBigUInt64LE(field));
      field += 8;
    }
  }
}

function inflateEntry(data: Buffer, { name, method, compressedSize, size, offset }: ZipEntry) {
  if (data.readUInt32LE(offset) !== 0x04034b50)
    throw new UnreadableFileError(`The zip has no header for ${name}`);
  const start = offset + 30 + data.readUInt16LE(offset + 26) + data.readUInt16LE(offset + 28);
  const compressed = data.subarray(start, start + compressedSize);
  if (compressed.length !== compressedSize) throw new UnreadableFileError(`${name} is cut short`);
  if (method === 0) return compressed;
  if (method !== 8) throw new UnreadableFileError(`${name} is compressed by method ${method}`);
  try {
    return inflateRawSync(compressed, { maxOutputLength: Math.max(size, 1) });
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new UnreadableFileError(`${name} unzips to more than the zip says`);
    throw err;
  }
}

/** Media is compressed already: storing it again saves the deflate time. */
const STORED = /\.(?:jpe?g|png|gif|mp[34]|m4a|wdp|jxr)$/i;
/** Zip entries carry a date; a fixed one makes the copy the same every time. */
const ZIP_DATE = new Date('1980-01-01T12:00:00Z');

/** The files zipped again: media stored as it is, everything else deflated, all with ZIP_DATE. */
export function zip(files: Record<string, Uint8Array>): Buffer {
  const zippable: Zippable = {};
  for (const [name, bytes] of Object.entries(files)) {
    zippable[name] = [bytes, { level: STORED.test(name) ? 0 : 6 }];
  }
  return Buffer.from(zipSync(zippable, { mtime: ZIP_DATE }));
}
