import type { SiteImageKind } from '@eisteddfod/shared';
import sharp, { type ResizeOptions } from 'sharp';
import { detectContent } from '../../lib/file-content.ts';

/** Refuse larger images before decoding them: a small file can unpack to gigabytes of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;

/** How each kind of picture is shown: the carousel's frame, the round portrait, the logo tile. */
const SHAPES: Record<SiteImageKind, ResizeOptions & { width: number; height: number }> = {
  // Shown up to 960 px wide, twice that on sharp screens; the whole artwork, never cropped.
  artwork: { width: 1920, height: 1200, fit: 'inside', withoutEnlargement: true },
  // A 104 px circle: a square, cropped around what draws the eye (a face).
  portrait: { width: 320, height: 320, fit: 'cover', position: sharp.strategy.attention },
  // A 72 px tile: the whole logo, its transparency kept.
  logo: { width: 288, height: 288, fit: 'inside', withoutEnlargement: true },
};

export type SiteImageKindOfFile = 'jpeg' | 'png' | 'webp';

/**
 * The kind of picture in `data`, read from its first bytes; undefined for anything else. Not
 * SVG (it can carry script), and not HEIC: sharp cannot read an iPhone's, and organisers work at
 * a computer, where a JPEG is one export away (profile pictures take HEIC, through libheif).
 */
export function pictureKindOf(data: Buffer): SiteImageKindOfFile | undefined {
  if (data.subarray(0, 4).toString('latin1') === 'RIFF') {
    return data.subarray(8, 12).toString('latin1') === 'WEBP' ? 'webp' : undefined;
  }
  const kind = detectContent(data);
  return kind === 'jpeg' || kind === 'png' ? kind : undefined;
}

/**
 * The picture as the site shows it: decoded (a file that only starts like a picture fails
 * here), turned upright, sized for its place, and written anew as WebP without any metadata (a
 * phone photo's EXIF holds where it was taken). Nothing of the uploaded file is served as it came.
 * Decodes an untrusted file: run it through runUntrusted('siteImage') (decision 030).
 */
export async function makeSiteImage(data: Buffer, kind: SiteImageKind): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(data).metadata();
  if (width * height > MAX_INPUT_PIXELS) throw new Error('The picture has too many pixels');
  return encode(data, kind);
}

function encode(data: Buffer, kind: SiteImageKind): Promise<Buffer> {
  return sharp(data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize(SHAPES[kind])
    .webp({ quality: kind === 'logo' ? 90 : 82, effort: 4 })
    .toBuffer();
}
