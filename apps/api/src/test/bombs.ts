// Decompression bombs for every format the product decodes (issue 30's hostile-files suite): small
// files that claim or unpack to far more than any picture, document or sheet needs. Made here,
// in a few lines each, rather than committed; the one that needs an encoder (a 12288×12288 HEVC
// frame, 33 KB, 8 s of x265) is kept in the system's temporary folder once made.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, createDeflate, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { u8, u16, u32 } from '../lib/strip-metadata/test-fixtures.ts';

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]) =>
  box(type, u8(version, 0, 0, 0), ...parts);

/** One HEVC frame of a black `width`×`height` picture, as x265 writes it (Annex B). */
export function hevcFrame(width: number, height: number): Buffer {
  const folder = path.join(tmpdir(), 'eisteddfod-bombs');
  const file = path.join(folder, `black-${width}x${height}.hevc`);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}`;
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `color=c=black:s=${width}x${height},format=yuv420p`, '-frames:v', '1'],
      ...['-c:v', 'libx265', '-preset', 'ultrafast'],
      ...['-x265-params', 'info=0:profile=main:log-level=error', '-f', 'hevc', partial],
    ]);
    renameSync(partial, file);
  }
  return readFileSync(file);
}

function nalUnits(annexB: Buffer): Buffer[] {
  const starts: number[] = [];
  for (let i = 0; i + 3 <= annexB.length; i++) {
    if (annexB[i] === 0 && annexB[i + 1] === 0 && annexB[i + 2] === 1) starts.push((i += 2) + 1);
  }
  return starts.map((start, k) => {
    let end = k + 1 < starts.length ? (starts[k + 1] ?? 0) - 3 : annexB.length;
    while (end > start && annexB[end - 1] === 0) end--;
    return annexB.subarray(start, end);
  });
}

interface HeicImage {
  frame: Buffer;
  width: number;
  height: number;
}

/** A HEIC file holding `images` (HEVC frames) in this order, `primary` (an index) the picture. */
export function heicOf(images: HeicImage[], primary: number): Buffer {
  const nalType = (nal: Buffer) => ((nal[0] ?? 0) >> 1) & 0x3f;
  const coded = images.map(({ frame, width, height }) => {
    const nals = nalUnits(frame);
    const parameterSets = nals.filter((nal) => nalType(nal) >= 32 && nalType(nal) <= 34);
    const slices = Buffer.concat(
      nals.filter((nal) => nalType(nal) < 32).map((nal) => Buffer.concat([u32(nal.length), nal])),
    );
    const hvcC = box(
      'hvcC',
      u8(1, 0x01),
      u32(0x60000000),
      u8(0x90, 0, 0, 0, 0, 0),
      u8(186), // level 6.2: as high as HEVC goes
      u16(0xf000),
      u8(0xfc, 0xfd, 0xf8, 0xf8),
      u16(0),
      u8(0x0f),
      u8(parameterSets.length),
      ...parameterSets.map((nal) =>
        Buffer.concat([u8(0x80 | nalType(nal)), u16(1), u16(nal.length), nal]),
      ),
    );
    return { slices, hvcC, ispe: fullBox('ispe', 0, u32(width), u32(height)) };
  });
  const ftyp = box(
    'ftyp',
    Buffer.from('heic', 'latin1'),
    u32(0),
    Buffer.from('mif1heic', 'latin1'),
  );
  const meta = (mdatData: number) => {
    let offset = mdatData;
    return fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), u8(0)),
      fullBox('pitm', 0, u16(primary + 1)),
      fullBox(
        'iloc',
        0,
        u8(0x44, 0x00),
        u16(coded.length),
        ...coded.map(({ slices }, i) => {
          const entry = Buffer.concat([
            u16(i + 1),
            u16(0),
            u16(1),
            u32(offset),
            u32(slices.length),
          ]);
          offset += slices.length;
          return entry;
        }),
      ),
      fullBox(
        'iinf',
        0,
        u16(coded.length),
        ...coded.map((_, i) =>
          fullBox('infe', 2, u16(i + 1), u16(0), Buffer.from('hvc1', 'latin1'), u8(0)),
        ),
      ),
      box(
        'iprp',
        box('ipco', ...coded.flatMap(({ hvcC, ispe }) => [hvcC, ispe])),
        fullBox(
          'ipma',
          0,
          u32(coded.length),
          ...coded.map((_, i) =>
            Buffer.concat([u16(i + 1), u8(2), u8(0x81 + 2 * i, 0x82 + 2 * i)]),
          ),
        ),
      ),
    );
  };
  const mdatData = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(mdatData), box('mdat', ...coded.map((c) => c.slices))]);
}

/**
 * The attack of issue 30: a 34 KB HEIC whose picture (primary image) is 64×64, and whose first
 * stored image is 12288×12288 (151 megapixels, 600 MB as RGBA), which heic-convert decoded.
 */
export const heicWithHiddenGiant = () =>
  heicOf(
    [
      { frame: hevcFrame(12288, 12288), width: 12288, height: 12288 },
      { frame: hevcFrame(64, 64), width: 64, height: 64 },
    ],
    1,
  );

/** A HEIC whose only image is `width`×`height`: within the limits, but long to decode. */
export const plainHeic = (width: number, height: number) =>
  heicOf([{ frame: hevcFrame(width, height), width, height }], 0);

/** A baseline JPEG that says it is 65000×65000 (4.2 gigapixels). */
export async function jpegBomb(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .jpeg()
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(65000, sof + 5);
  jpeg.writeUInt16BE(65000, sof + 7);
  return jpeg;
}

/** A PNG that says it is 60000×60000 (its IHDR checksum made again to match). */
export async function pngBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  png.writeUInt32BE(60000, 16);
  png.writeUInt32BE(60000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A TIFF that says it is 60000×60000, with one strip of 64 bytes. */
export function tiffBomb(): Buffer {
  const entries: [number, number, number][] = [
    [256, 4, 60000],
    [257, 4, 60000],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 0],
    [277, 3, 1],
    [278, 4, 60000],
    [279, 4, 64],
  ];
  const ifd = Buffer.alloc(2 + entries.length * 12 + 4);
  ifd.writeUInt16LE(entries.length, 0);
  const stripAt = 8 + ifd.length;
  entries.forEach(([tag, type, value], i) => {
    ifd.writeUInt16LE(tag, 2 + i * 12);
    ifd.writeUInt16LE(type, 4 + i * 12);
    ifd.writeUInt32LE(1, 6 + i * 12);
    if (type === 3) ifd.writeUInt16LE(value, 10 + i * 12);
    else ifd.writeUInt32LE(tag === 273 ? stripAt : value, 10 + i * 12);
  });
  return Buffer.concat([Buffer.from('II*\0', 'latin1'), u32le(8), ifd, Buffer.alloc(64)]);
}

const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u24le = (n: number) => Buffer.from([n & 255, (n >> 8) & 255, (n >> 16) & 255]);
const riffChunk = (type: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(type, 'latin1'),
    u32le(data.length),
    data,
    Buffer.alloc(data.length % 2),
  ]);

/** A WebP whose canvas (VP8X) is 16384×16384, around a 1×1 lossless picture. */
export async function webpBomb(): Promise<Buffer> {
  const small = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .webp({ lossless: true })
    .toBuffer();
  const vp8l = small.subarray(12); // the VP8L chunk, as sharp wrote it
  const vp8x = riffChunk('VP8X', Buffer.concat([u8(0, 0, 0, 0), u24le(16383), u24le(16383)]));
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, vp8l]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}

/** `megabytes` of zeros deflated (zlib), fed a megabyte at a time: about 1 KB a megabyte. */
async function deflatedZeros(megabytes: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const out: Buffer[] = [];
  const deflate = createDeflate({ level: 9 });
  deflate.on('data', (part: Buffer) => out.push(part));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let i = 0; i < megabytes; i++) {
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** A PDF whose one object stream inflates to 512 MB. */
export async function pdfBomb(): Promise<Buffer> {
  const stream = await deflatedZeros(512);
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  const offsets: number[] = [];
  const add = (text: string | Buffer) =>
    parts.push(Buffer.isBuffer(text) ? text : Buffer.from(text, 'latin1'));
  const length = () => parts.reduce((n, p) => n + p.length, 0);
  offsets[1] = length();
  add('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  offsets[2] = length();
  add('2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n');
  offsets[3] = length();
  add(
    `3 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
  );
  add(stream);
  add('\nendstream\nendobj\n');
  const xref = length();
  add(`xref\n0 4\n0000000000 65535 f \n`);
  for (const at of offsets.slice(1)) add(`${String(at).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A zip of `files` (deflated), each entry's size in its headers as `declared` says. */
function zipOf(files: Record<string, Buffer>, declared: (name: string, size: number) => number) {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = deflateRawSync(content, { level: 9 });
    const fileName = Buffer.from(name, 'utf8');
    const size = declared(name, content.length);
    const common = (b: Buffer, at: number) => {
      b.writeUInt16LE(20, at);
      b.writeUInt16LE(0, at + 2);
      b.writeUInt16LE(8, at + 4);
      b.writeUInt32LE(0, at + 6);
      b.writeUInt32LE(crc32(content), at + 10);
      b.writeUInt32LE(data.length, at + 14);
      b.writeUInt32LE(size, at + 18);
      b.writeUInt16LE(fileName.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local, 4);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    common(entry, 6);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const CONTENT_TYPES = (main: string, type: string) =>
  Buffer.from(
    `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/${main}" ContentType="${type}"/></Types>`,
  );
const rels = (target: string) =>
  Buffer.from(
    `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${target}"/></Relationships>`,
  );

/**
 * A catalogue XLSX of about 100 KB whose sheet unzips to `megabytes` MB of elements nested in one
 * another (the XLSX library walks them for seconds a megabyte, then overflows its stack), sizes
 * stated truly (`lying` false) or as 1 KB.
 */
export function xlsxBomb(megabytes: number, lying = false): Buffer {
  const nested = '<x>'.repeat(Math.ceil((megabytes * 1024 * 1024) / 3));
  const sheet = Buffer.from(
    `${xmlHead}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row><c>${nested}</c></row></sheetData></worksheet>`,
  );
  const workbook = Buffer.from(
    `${xmlHead}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Catalogue" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  const workbookRels = Buffer.from(
    `${xmlHead}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  return zipOf(
    {
      '[Content_Types].xml': CONTENT_TYPES(
        'xl/workbook.xml',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      ),
      '_rels/.rels': rels('xl/workbook.xml'),
      'xl/workbook.xml': workbook,
      'xl/_rels/workbook.xml.rels': workbookRels,
      'xl/worksheets/sheet1.xml': sheet,
    },
    (name, size) => (lying && name.endsWith('sheet1.xml') ? 1024 : size),
  );
}

/**
 * A DOCX whose document.xml unzips to `megabytes` MB and says it unzips to `declaredMegabytes`
 * (more: refused on what it says; less: a zip that lies, cut off where it said it would end).
 */
export function docxBomb(megabytes: number, declaredMegabytes: number): Buffer {
  const paragraph = '<w:p><w:r><w:t>x</w:t></w:r></w:p>';
  const body = paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length));
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  return zipOf(
    {
      '[Content_Types].xml': CONTENT_TYPES(
        'word/document.xml',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      ),
      '_rels/.rels': rels('word/document.xml'),
      'word/document.xml': Buffer.from(
        `${xmlHead}<w:document ${W}><w:body>${body}</w:body></w:document>`,
      ),
    },
    (name, size) =>
      name === 'word/document.xml' ? Math.round(declaredMegabytes * 1024 * 1024) : size,
  );
}

/** An MP4 of one black 8192×8192 frame (H.264): twice 4K each way, 200 KB. */
export function mp4Bomb(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bomb-')), 'huge.mp4');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'color=c=black:s=8192x8192', '-frames:v', '1'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  return readFileSync(file);
}

/** A one-second MOV whose movie, track and media headers claim 4294967 seconds (49 days). */
export function movBomb(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bomb-')), 'long.mov');
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'color=c=black:s=64x64:d=1', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-f', 'mov', file],
  ]);
  const mov = readFileSync(file);
  // Each header (version 0): size, type, version and flags, two dates, then (mvhd, mdhd) the
  // time scale and the duration, or (tkhd) the track id, 4 reserved bytes and the duration.
  const durationAt = { mvhd: 24, mdhd: 24, tkhd: 28 };
  for (const [type, offset] of Object.entries(durationAt)) {
    for (let at = mov.indexOf(type); at !== -1; at = mov.indexOf(type, at + 1)) {
      mov.writeUInt32BE(0xffffff00, at - 4 + offset);
    }
  }
  return mov;
}

/** A 64 KB WAV that plays 4.4 hours: 8-bit mono at 4 samples a second. */
export function wavBomb(): Buffer {
  const samples = Buffer.alloc(64_000, 0x80);
  const format = Buffer.alloc(16);
  format.writeUInt16LE(1, 0); // PCM
  format.writeUInt16LE(1, 2); // mono
  format.writeUInt32LE(4, 4); // samples a second
  format.writeUInt32LE(4, 8); // bytes a second
  format.writeUInt16LE(1, 12); // bytes a sample
  format.writeUInt16LE(8, 14); // bits a sample
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    riffChunk('fmt ', format),
    riffChunk('data', samples),
  ]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32le(body.length), body]);
}
