// Photos and scans re-encoded by sharp, and HEIC/HEIF turned into JPEG: decoding to pixels and
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

/** Refuses an image before its pixels are decoded: a small file can unpack to gigabytes. */
export function assertPixelCount(width: number, height: number, maxPixels: number): void {
  if (!(width > 0 && height > 0)) throw new UnreadableFileError('The image has no size');
  if (width * height > maxPixels)
    throw new UnreadableFileError(`The image has ${width}×${height} pixels, over ${maxPixels}`);
}

export async function heifToJpeg(data: Buffer, maxPixels: number): Promise<Buffer> {
  // libvips as shipped with sharp reads AV1-coded HEIF (AVIF) but not HEVC-coded HEIC (the iPhone
  // format), which heic-decode reads with its own libheif build.
  const compression = await sharp(data)
    .metadata()
    .then(
      (metadata) => metadata.compression,
      () => undefined,
    );
  if (compression === 'av1') return reencodeImage(data, 'jpeg', maxPixels);

  // Loaded when needed: its WebAssembly build of libheif is large.
  const { default: decode } = await import('heic-decode');
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: data });
  } catch (err) {
    throw unreadable('HEIC image', err);
  }
  try {
    // The first top-level image is the picture (as heic-convert takes it); its size is read from
    // the container, so a bomb is refused before decoding. libheif applies the rotation and
    // mirroring the file asks for, and the raw pixels carry no metadata at all.
    const [first] = images;
    if (!first) throw new UnreadableFileError('The HEIC file holds no image');
    assertPixelCount(first.width, first.height, maxPixels);
    const { width, height, data: rgba } = await first.decode();
    const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    return await sharp(pixels, { raw: { width, height, channels: 4 } })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, mozjpeg: false })
      .toBuffer();
  } catch (err) {
    throw unreadable('HEIC image', err);
  } finally {
    images.dispose();
  }
}
