// Photos and scans re-encoded by sharp (HEIC/HEIF turned into JPEG is in heif.ts): decoding to pixels and
// encoding again is what drops every kind of metadata at once, whatever the camera wrote.
import sharp, { type Sharp } from 'sharp';
import { UnreadableFileError, unreadable } from './errors.ts';

type ImageFormat = 'jpeg' | 'png' | 'tiff';

function encode(image: Sharp, format: ImageFormat): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 92, mozjpeg: false }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'tiff':
      // sharp's TIFF default is JPEG compression: an artwork's copy should lose nothing.
      return image.tiff({ compression: 'lzw' }).toBuffer();
  }
}

export async function reencodeImage(data: Buffer, format: ImageFormat, maxPixels: number) {
  try {
    // sharp writes no metadata unless told to: keep the colour profile (the picture's colours
    // depend on it) and nothing else. rotate() applies the EXIF orientation to the pixels, as the
    // EXIF that carried it is dropped.
    const image = sharp(data, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .keepIccProfile();
    return await encode(image, format);
  } catch (err) {
    throw unreadable('image', err);
  }
}

/** The longest side of an artwork's thumbnail in the uploads portal's file table (decision 047). */
const THUMBNAIL_PX = 160;

/**
 * A small JPEG of an image, for its family's file table (decision 047). Made from the clean copy
 * (upright, within the pixel limit, no metadata) in the same child that made it: no second
 * process, no second decoder.
 */
export async function makeThumbnail(data: Buffer): Promise<Buffer> {
  try {
    return await sharp(data, { failOn: 'error' })
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (err) {
    throw unreadable('image', err);
  }
}

/** Refuses an image before its pixels are decoded: a small file can unpack to gigabytes. */
export function assertPixelCount(width: number, height: number, maxPixels: number): void {
  if (!(width > 0 && height > 0)) throw new UnreadableFileError('The image has no size');
  if (width * height > maxPixels)
    throw new UnreadableFileError(`The image has ${width}×${height} pixels, over ${maxPixels}`);
}
