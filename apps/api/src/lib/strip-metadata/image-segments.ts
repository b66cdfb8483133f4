// JPEG segments and PNG chunks that carry metadata, cut out byte for byte: pictures inside PDF and
// Office files lose their EXIF, XMP and text while every pixel stays exactly as it was.

const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');

/** JPEG segments that describe the picture rather than draw it. */
function isJpegMetadata(jpeg: Uint8Array, at: number, marker: number): boolean {
  if (marker === 0xe2) return !Buffer.from(jpeg.subarray(at + 4, at + 16)).equals(ICC_PROFILE);
  return (
    marker === 0xe1 || (marker >= 0xe3 && marker <= 0xed) || marker === 0xef || marker === 0xfe
  );
}

/**
 * The JPEG without APP1 (EXIF with GPS and the camera's owner, XMP), APP3–APP13 (IPTC and
 * Photoshop's resources among them), APP15, comments, APP2 unless it is the ICC profile, and what
 * follows the end of the picture (phones append depth maps and other pictures, each with its own
 * EXIF). APP0 (JFIF), the profile, APP14 (Adobe's colour transform) and every table and scan are
 * kept byte for byte, so the picture is exactly as it was. A JPEG it cannot follow is returned as
 * it is. Linear: it jumps over segments by their lengths and searches coded data for 0xFF.
 */
export function withoutJpegMetadata(jpeg: Uint8Array): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return jpeg;
  const kept: Uint8Array[] = [];
  let keptFrom = 0;
  let end = jpeg.length;
  let at = 2;
  while (at < jpeg.length - 1) {
    const ff = jpeg.indexOf(0xff, at);
    if (ff === -1 || ff === jpeg.length - 1) break;
    const marker = jpeg[ff + 1] ?? 0;
    // In a scan's coded data 0xFF is followed by 0 (an 0xFF of data) or a restart marker.
    if (
      marker === 0xff ||
      marker === 0x00 ||
      marker === 0x01 ||
      (marker >= 0xd0 && marker <= 0xd7)
    ) {
      at = marker === 0xff ? ff + 1 : ff + 2;
      continue;
    }
    if (marker === 0xd9) {
      end = ff + 2;
      break;
    }
    const next = ff + 2 + (((jpeg[ff + 2] ?? 0) << 8) | (jpeg[ff + 3] ?? 0));
    if (next < ff + 4 || next > jpeg.length) return jpeg;
    if (isJpegMetadata(jpeg, ff, marker)) {
      kept.push(jpeg.subarray(keptFrom, ff));
      keptFrom = next;
    }
    at = next;
  }
  if (keptFrom === 0 && end === jpeg.length) return jpeg;
  kept.push(jpeg.subarray(keptFrom, end));
  return Buffer.concat(kept);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Text (author, comment, software), EXIF, and C2PA's provenance record. */
const PNG_METADATA = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'caBX']);

/** The PNG without its text, EXIF and provenance chunks, nor anything after IEND; pixels untouched. */
export function withoutPngMetadata(png: Uint8Array): Uint8Array {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return png;
  const kept: Uint8Array[] = [];
  let keptFrom = 0;
  let at = 8;
  while (at + 12 <= bytes.length) {
    const next = at + 12 + bytes.readUInt32BE(at);
    if (next > bytes.length) return png;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (PNG_METADATA.has(type)) {
      kept.push(bytes.subarray(keptFrom, at));
      keptFrom = next;
    }
    at = next;
    if (type === 'IEND') break;
  }
  if (keptFrom === 0 && at === bytes.length) return png;
  kept.push(bytes.subarray(keptFrom, at));
  return Buffer.concat(kept);
}
