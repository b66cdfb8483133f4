// HEIC/HEIF decoding for the picture the file is of, its size checked before a pixel is decoded.
// sharp (libvips) reads AV1-coded HEIF (AVIF) but not HEVC-coded HEIC (the iPhone format), which
// libheif's WebAssembly build reads. Called in the untrusted-file child only (decision 030).
import sharp from 'sharp';
import { UnreadableFileError, unreadable } from './errors.ts';
import { assertPixelCount, reencodeImage } from './images.ts';

/** Boxes whose children are boxes, on the way to the image properties (meta is a full box). */
const CONTAINERS: Record<string, number> = { meta: 4, iprp: 0, ipco: 0 };

/**
 * Checks the size every image of the file declares (its ispe property: the picture, the other
 * top-level images, thumbnails, a grid's tiles), so that no image the file holds is decoded past
 * `maxPixels`, whichever a decoder picks. A file without any is refused: every HEIF image must
 * have one.
 */
function assertHeifSizes(data: Buffer, maxPixels: number): void {
  let found = 0;
  const walk = (start: number, end: number, depth: number) => {
    for (let at = start; at + 8 <= end && depth < 4;) {
      let size = data.readUInt32BE(at);
      const type = data.toString('latin1', at + 4, at + 8);
      let header = 8;
      if (size === 1 && at + 16 <= end) {
        size = Number(data.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header || at + size > end)
        throw new UnreadableFileError('The HEIF file is damaged');
      if (type === 'ispe' && size >= 20) {
        found++;
        assertPixelCount(data.readUInt32BE(at + 12), data.readUInt32BE(at + 16), maxPixels);
      } else if (type in CONTAINERS) {
        walk(at + header + (CONTAINERS[type] ?? 0), at + size, depth + 1);
      }
      at += size;
    }
  };
  walk(0, data.length, 0);
  if (found === 0) throw new UnreadableFileError('The HEIF file gives no image size');
}

/**
 * The file's primary image as RGBA pixels. Every top-level image must be within `maxPixels`, and
 * only the primary one is decoded: a file whose first stored image is 12288×12288 and whose
 * primary is 64×64 is refused before anything is decoded.
 */
async function decodeHeifPrimary(data: Buffer, maxPixels: number) {
  assertHeifSizes(data, maxPixels);
  // Loaded when needed: its WebAssembly build of libheif is large.
  const { default: libheif } = await import('libheif-js/wasm-bundle');
  await libheif.ready;
  const decoder = new libheif.HeifDecoder();
  let images: ReturnType<typeof decoder.decode> = [];
  try {
    images = decoder.decode(data);
    for (const image of images) assertPixelCount(image.get_width(), image.get_height(), maxPixels);
    const primary = images.find((image) => image.is_primary());
    if (!primary) throw new UnreadableFileError('The HEIF file holds no picture');
    // libheif applies the rotation and mirroring the file asks for; the pixels carry no metadata.
    const width = primary.get_width();
    const height = primary.get_height();
    const decoded = await new Promise<Uint8ClampedArray>((resolve, reject) =>
      primary.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (out) =>
        out ? resolve(out.data) : reject(new UnreadableFileError('The HEIF image is damaged')),
      ),
    );
    return {
      width,
      height,
      rgba: Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength),
    };
  } catch (err) {
    throw unreadable('HEIC image', err);
  } finally {
    for (const image of images) image.free();
    decoder.decoder.delete();
  }
}

/** The file's picture as a JPEG (which every browser shows), upright and without metadata. */
export async function heifToJpeg(data: Buffer, maxPixels: number): Promise<Buffer> {
  assertHeifSizes(data, maxPixels);
  const compression = await sharp(data)
    .metadata()
    .then(
      (metadata) => metadata.compression,
      () => undefined,
    );
  if (compression === 'av1') return reencodeImage(data, 'jpeg', maxPixels);
  const { width, height, rgba } = await decodeHeifPrimary(data, maxPixels);
  try {
    return await sharp(rgba, { raw: { width, height, channels: 4 } })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, mozjpeg: false })
      .toBuffer();
  } catch (err) {
    throw unreadable('HEIC image', err);
  }
}
