import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { assertPixelCount } from './images.ts';
import { heicOf, hevcFrame } from '../../test/bombs.ts';
import { stripMetadata, thumbnailOf, UnreadableFileError } from './index.ts';
import { NAME, pngWithText, redCanvas, SCHOOL, u8, u16, u32 } from './test-fixtures.ts';

/** A JPEG as a phone takes it: on its side (orientation 6), with the owner and the place. */
const phoneJpeg = () =>
  redCanvas(40, 20)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: NAME, Copyright: NAME, Make: 'Apple', Model: 'iPhone 13' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 55/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 25/1 0/1',
      },
    })
    .toBuffer();

/** An uncompressed RGB TIFF with Artist, ImageDescription and Copyright tags. */
function tiffWithTags(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([0x20, 0x40, 0xc0], i);
  const ascii = (s: string) => Buffer.from(`${s}\0`, 'latin1');
  const entries: [tag: number, type: 2 | 3 | 4, value: number | number[] | Buffer][] = [
    [256, 3, width],
    [257, 3, height],
    [258, 3, [8, 8, 8]],
    [259, 3, 1],
    [262, 3, 2],
    [270, 2, ascii(`${NAME}, ${SCHOOL}`)],
    [273, 4, 0], // the strip's offset, set below
    [277, 3, 3],
    [278, 3, height],
    [279, 4, pixels.length],
    [315, 2, ascii(NAME)],
    [33432, 2, ascii(`(c) ${NAME}`)],
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const extras: Buffer[] = [];
  let extraOffset = 8 + ifdSize;
  const ifd = Buffer.alloc(ifdSize);
  ifd.writeUInt16LE(entries.length, 0);
  const stripOffsetAt = 8 + ifdSize + entries.reduce((n, [, , v]) => n + extraLength(v), 0);
  entries.forEach(([tag, type, value], i) => {
    const at = 2 + i * 12;
    const bytes = Buffer.isBuffer(value)
      ? value
      : Buffer.concat(
          [value]
            .flat()
            .map((n) => (tag === 273 ? stripOffsetAt : n))
            .map((n) => {
              const b = Buffer.alloc(type === 3 ? 2 : 4);
              if (type === 3) b.writeUInt16LE(n);
              else b.writeUInt32LE(n);
              return b;
            }),
        );
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(Buffer.isBuffer(value) ? value.length : [value].flat().length, at + 4);
    if (bytes.length <= 4) bytes.copy(ifd, at + 8);
    else {
      ifd.writeUInt32LE(extraOffset, at + 8);
      extras.push(bytes);
      extraOffset += bytes.length;
    }
  });
  return Buffer.concat([Buffer.from('II*\0\x08\0\0\0', 'latin1'), ifd, ...extras, pixels]);

  function extraLength(value: number | number[] | Buffer): number {
    if (Buffer.isBuffer(value)) return value.length > 4 ? value.length : 0;
    return Array.isArray(value) && value.length * 2 > 4 ? value.length * 2 : 0;
  }
}

/**
 * One HEVC frame, 32×16, of the colour #c02020, as x265 wrote it (Annex B, Main profile):
 * `ffmpeg -f lavfi -i color=c=0xC02020:s=32x16,format=yuv420p -frames:v 1 -c:v libx265
 * -x265-params info=0:profile=main -f hevc`. Nothing here encodes HEVC, so the HEIC file around
 * it is built by hand below.
 */
const RED_HEVC_FRAME = Buffer.from(
  'AAAAAUABDAH//wFgAAADAJAAAAMAAAMAHpWUCQAAAAFCAQEBYAAAAwCQAAADAAADAB6gQhFllZVvC8BaAgAAAwACAAADADIQAAAAAUQBwHPAiQAAASgBrHYn+/2kDjoJrFDA',
  'base64',
);

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]) =>
  box(type, u8(version, 0, 0, 0), ...parts);

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

/**
 * A HEIC as an iPhone writes it, in miniature: the HEVC picture item with its decoder
 * configuration, size and a 90° rotation (irot), and an Exif item describing it.
 */
function iphoneHeic(exif: Buffer): Buffer {
  const nals = nalUnits(RED_HEVC_FRAME);
  const nalType = (nal: Buffer) => ((nal[0] ?? 0) >> 1) & 0x3f;
  const parameterSets = nals.filter((nal) => nalType(nal) >= 32 && nalType(nal) <= 34);
  const slices = Buffer.concat(
    nals.filter((nal) => nalType(nal) < 32).map((nal) => Buffer.concat([u32(nal.length), nal])),
  );
  const exifItem = Buffer.concat([u32(6), exif]); // offset of the TIFF header past "Exif\0\0"
  const hvcC = box(
    'hvcC',
    u8(1, 0x01), // version; Main profile
    u32(0x60000000), // profile compatibility
    u8(0x90, 0, 0, 0, 0, 0), // constraint flags
    u8(30), // level 1
    u16(0xf000),
    u8(0xfc, 0xfd, 0xf8, 0xf8), // parallelism, 4:2:0, 8 bits luma and chroma
    u16(0),
    u8(0x0f), // one temporal layer, 4-byte NAL lengths
    u8(parameterSets.length),
    ...parameterSets.map((nal) =>
      Buffer.concat([u8(0x80 | nalType(nal)), u16(1), u16(nal.length), nal]),
    ),
  );
  const properties = [hvcC, fullBox('ispe', 0, u32(32), u32(16)), box('irot', u8(1))];
  const ftyp = box(
    'ftyp',
    Buffer.from('heic', 'latin1'),
    u32(0),
    Buffer.from('mif1heic', 'latin1'),
  );
  const meta = (mdatData: number) =>
    fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), u8(0)),
      fullBox('pitm', 0, u16(1)),
      fullBox(
        'iloc',
        0,
        u8(0x44, 0x00), // 4-byte offsets and lengths
        u16(2),
        ...[
          [1, mdatData, slices.length],
          [2, mdatData + slices.length, exifItem.length],
        ].map(([id = 0, offset = 0, length = 0]) =>
          Buffer.concat([u16(id), u16(0), u16(1), u32(offset), u32(length)]),
        ),
      ),
      fullBox(
        'iinf',
        0,
        u16(2),
        fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1', 'latin1'), u8(0)),
        fullBox('infe', 2, u16(2), u16(0), Buffer.from('Exif', 'latin1'), u8(0)),
      ),
      fullBox('iref', 0, box('cdsc', u16(2), u16(1), u16(1))),
      box(
        'iprp',
        box('ipco', ...properties),
        fullBox('ipma', 0, u32(1), u16(1), u8(3), u8(0x81, 0x02, 0x03)),
      ),
    );
  const mdatData = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(mdatData), box('mdat', slices, exifItem)]);
}

describe('stripMetadata: images', () => {
  it('turns a phone JPEG upright and drops its EXIF, GPS, XMP and IPTC', async () => {
    const input = await phoneJpeg();
    expect(input.includes(NAME)).toBe(true);
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const copy = await stripMetadata('JPG', input);

    expect(copy).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
    const metadata = await sharp(copy?.data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(copy?.data.includes(NAME)).toBe(false);
    expect(copy?.data.includes('iPhone')).toBe(false);
  });

  it('keeps the colour profile', async () => {
    const input = await redCanvas(10, 10).withIccProfile('p3').jpeg().toBuffer();
    const copy = await stripMetadata('jpeg', input);
    expect((await sharp(copy?.data).metadata()).icc).toBeDefined();
  });

  it('drops the eXIf and tEXt chunks of a PNG and keeps its pixels exactly', async () => {
    const input = await pngWithText();
    expect((await sharp(input).metadata()).comments).toHaveLength(2);

    const copy = await stripMetadata('png', input);

    expect(copy).toMatchObject({ extension: 'png', contentType: 'image/png' });
    for (const text of [NAME, SCHOOL, 'tEXt', 'eXIf'])
      expect(copy?.data.includes(text)).toBe(false);
    const metadata = await sharp(copy?.data).metadata();
    expect(metadata.comments).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(await sharp(copy?.data).raw().toBuffer()).toEqual(await sharp(input).raw().toBuffer());
  });

  it('drops the Artist, Copyright and ImageDescription tags of a TIFF, losslessly', async () => {
    const input = tiffWithTags(6, 4);
    expect(await sharp(input).metadata()).toMatchObject({ format: 'tiff', width: 6, height: 4 });

    const copy = await stripMetadata('tiff', input);

    expect(copy).toMatchObject({ extension: 'tiff', contentType: 'image/tiff' });
    expect(copy?.data.includes('Thandeka')).toBe(false);
    expect(copy?.data.includes('Greenside')).toBe(false);
    expect(await sharp(copy?.data).metadata()).toMatchObject({
      format: 'tiff',
      width: 6,
      height: 4,
    });
    expect(await sharp(copy?.data).raw().toBuffer()).toEqual(await sharp(input).raw().toBuffer());
  });

  it('refuses an image with more pixels than allowed, before decoding it', async () => {
    const input = await redCanvas(40, 20).png().toBuffer();
    await expect(stripMetadata('png', input, { maxPixels: 799 })).rejects.toThrow(
      UnreadableFileError,
    );
    await expect(stripMetadata('png', input, { maxPixels: 800 })).resolves.not.toBeNull();
  });

  it('refuses a damaged image', async () => {
    const input = (await phoneJpeg()).subarray(0, 40);
    await expect(stripMetadata('jpg', input)).rejects.toThrow(UnreadableFileError);
  });
});

describe('thumbnailOf: an artwork in the family’s file table (decision 047)', () => {
  it('makes a JPEG of at most 160 px from an upright copy, without its EXIF', async () => {
    const copy = (await stripMetadata('jpg', await phoneJpeg()))!;
    const thumbnail = await thumbnailOf({
      ...copy,
      data: await sharp(copy.data).resize(400).toBuffer(),
    });
    const meta = await sharp(thumbnail!).metadata();
    // 400×800 once upright (the phone's 40×20 turned, then made larger): 80×160.
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 80, 160, undefined]);
  });

  it('makes none, rather than failing the file, when the copy cannot be made smaller', async () => {
    const broken = {
      data: Buffer.from('not a picture'),
      extension: 'jpg',
      contentType: 'image/jpeg',
    };
    expect(await thumbnailOf(broken)).toBeNull();
  });

  it('makes none for a document', async () => {
    const pdf = { data: Buffer.from('%PDF-1.4'), extension: 'pdf', contentType: 'application/pdf' };
    expect(await thumbnailOf(pdf)).toBeNull();
  });
});

describe('stripMetadata: HEIC and HEIF', () => {
  it('converts an HEVC-coded HEIC to an upright JPEG without its EXIF', async () => {
    const exif = (await sharp(await phoneJpeg()).metadata()).exif ?? Buffer.alloc(0);
    const input = iphoneHeic(exif);
    expect(input.includes(NAME)).toBe(true);

    const copy = await stripMetadata('heic', input);

    expect(copy).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(copy?.data.includes(NAME)).toBe(false);
    const metadata = await sharp(copy?.data).metadata();
    // 32×16 as stored, turned a quarter by the file's irot.
    expect(metadata).toMatchObject({ format: 'jpeg', width: 16, height: 32 });
    expect(metadata.exif).toBeUndefined();
    const [red, green, blue] = (await sharp(copy?.data).stats()).channels;
    expect(red?.mean).toBeGreaterThan(170);
    expect(green?.mean).toBeLessThan(60);
    expect(blue?.mean).toBeLessThan(60);
  });

  it('refuses an HEIC with more pixels than allowed', async () => {
    const input = iphoneHeic(Buffer.alloc(0));
    await expect(stripMetadata('heic', input, { maxPixels: 511 })).rejects.toThrow(
      UnreadableFileError,
    );
  });

  it('converts an AV1-coded HEIF (AVIF) to an upright JPEG without its EXIF', async () => {
    const input = await redCanvas(40, 20)
      .heif({ compression: 'av1' })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: NAME } })
      .toBuffer();
    expect(input.includes(NAME)).toBe(true);

    const copy = await stripMetadata('heif', input);

    expect(copy).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(copy?.data.includes(NAME)).toBe(false);
    const metadata = await sharp(copy?.data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
  });

  it('decodes the primary image, not the first one stored', async () => {
    const input = heicOf(
      [
        { frame: hevcFrame(96, 48), width: 96, height: 48 },
        { frame: hevcFrame(64, 64), width: 64, height: 64 },
      ],
      1,
    );
    const copy = await stripMetadata('heic', input);
    expect(await sharp(copy?.data).metadata()).toMatchObject({ width: 64, height: 64 });
  });

  it('refuses a file any of whose images is over the limit, the primary one small', async () => {
    const input = heicOf(
      [
        { frame: hevcFrame(96, 48), width: 96, height: 48 },
        { frame: hevcFrame(64, 64), width: 64, height: 64 },
      ],
      1,
    );
    await expect(stripMetadata('heic', input, { maxPixels: 64 * 64 })).rejects.toThrow(
      /96×48 pixels/,
    );
  });

  it('refuses a file that is not HEIF', async () => {
    const input = Buffer.concat([
      box('ftyp', Buffer.from('heic', 'latin1'), u32(0)),
      Buffer.alloc(64),
    ]);
    await expect(stripMetadata('heic', input)).rejects.toThrow(UnreadableFileError);
  });

  it('checks the pixel count from the size alone', () => {
    expect(() => assertPixelCount(4000, 3000, 12_000_000)).not.toThrow();
    expect(() => assertPixelCount(4001, 3000, 12_000_000)).toThrow(UnreadableFileError);
    expect(() => assertPixelCount(0, 3000, 12_000_000)).toThrow(UnreadableFileError);
  });
});
