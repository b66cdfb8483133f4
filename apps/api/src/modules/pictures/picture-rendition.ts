import sharp from 'sharp';
import type { ContentKind } from '../../lib/file-content.ts';
import { heifToJpeg } from '../../lib/strip-metadata/heif.ts';

/** Pictures are shown at most this wide or high; phones upload 12-megapixel photos. */
const MAX_EDGE = 640;
/** Refuse larger images before decoding them: a small file can unpack to gigabytes of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * A small JPEG that every browser shows, made from a JPEG, PNG, TIFF or HEIC/HEIF picture,
 * turned upright and stripped of its metadata (a phone photo's EXIF holds where it was taken:
 * not something to keep about a child). Undefined for kinds that have no picture to show.
 * Decodes an untrusted file: run it through runUntrusted('pictureRendition') (decision 030).
 */
export async function makePictureRendition(
  data: Buffer,
  kind: ContentKind,
): Promise<Buffer | undefined> {
  if (!['jpeg', 'png', 'tiff', 'heif'].includes(kind)) return undefined;
  // HEIF: the primary image, every image of the file checked for size first (heif.ts).
  if (kind === 'heif') return toSmallJpeg(await heifToJpeg(data, MAX_INPUT_PIXELS));
  const { width = 0, height = 0 } = await sharp(data).metadata();
  if (width * height > MAX_INPUT_PIXELS) throw new Error('The picture has too many pixels');
  return toSmallJpeg(data);
}

function toSmallJpeg(data: Buffer): Promise<Buffer> {
  return sharp(data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(MAX_EDGE, MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
