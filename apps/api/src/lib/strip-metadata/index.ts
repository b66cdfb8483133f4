// The entry point: stripMetadata picks the module that cleans each file type by its extension
// (images.ts, heif.ts, pdf.ts, office.ts). Callers import from here only. Each module is loaded
// when its first file comes: a child process starts for every file (decision 030), and a PDF's
// child that loaded sharp and pdf-lib both spent 0.45 s of its 0.58 s of processor time on them.

export { UnreadableFileError } from './errors.ts';

/**
 * Copies of uploaded files for blind adjudication. A parent's upload carries metadata that names
 * the contestant (a minor) or their school, or says where a photo was taken: EXIF GPS and camera
 * owner, a PDF's author and title, an Office file's core properties and comment authors. The
 * adjudicators get a copy without it; the original is kept as uploaded.
 */

export interface CleanCopy {
  data: Buffer;
  extension: string;
  contentType: string;
}

const images = () => import('./images.ts');

/**
 * A thumbnail of a clean copy that is an image (decision 047), null for any other file. The copy
 * is what was decoded within the limits already; a multi-page TIFF gives its first page.
 */
export async function thumbnailOf(copy: CleanCopy): Promise<Buffer | null> {
  if (!copy.contentType.startsWith('image/')) return null;
  const { makeThumbnail } = await import('./images.ts');
  // A thumbnail is a convenience: one that cannot be made must not fail the entry file, whose
  // copy is already good (security review of decision 047). The family sees the neutral picture.
  try {
    return await makeThumbnail(copy.data);
  } catch {
    return null;
  }
}

/** A 100-megapixel image is 400 MB decoded; a small file can claim far more (a decompression bomb). */
const DEFAULT_MAX_PIXELS = 100_000_000;

/**
 * A copy of the file without identifying metadata, by extension (lower or upper case):
 * - jpg/jpeg, png, tiff: re-encoded by sharp, turned upright by its EXIF orientation, keeping
 *   only the ICC colour profile (no EXIF, XMP, IPTC or text chunks). A multi-page TIFF or an
 *   animated PNG keeps its first image only.
 * - heic/heif: converted to a JPEG (extension 'jpg'), which every browser shows.
 * - pdf: without the document information dictionary, XMP streams, application private data
 *   (/PieceInfo) and comment authors; objects no longer referenced (earlier revisions) dropped;
 *   JPEG pictures without their EXIF, XMP, IPTC and comments (losslessly, see withoutJpegMetadata).
 * - docx/pptx: without core properties, custom properties, the thumbnail, the company, manager and
 *   template, and with the names of comment and tracked-change authors replaced by "Author"; JPEG
 *   and PNG pictures without their metadata, losslessly.
 *
 * Null when there is nothing we can take out: txt has no metadata; doc (binary OLE) and psd have
 * some (the OLE SummaryInformation stream; PSD image resources with EXIF/XMP) but no maintained
 * JavaScript writer for OLE property sets or PSD image resources exists, so those are served as
 * uploaded. Throws UnreadableFileError when the file cannot be parsed, has more than maxPixels
 * pixels or would decode to more than we hold (PDF object streams over 64 MB, a zip over 200 MB or
 * an XML part over 16 MB), and a plain Error for an extension that is not an accepted upload type.
 * The time taken is linear in what the file decodes to, whatever it holds.
 *
 * Decoding is synchronous for long stretches (HEIC is decoded in WebAssembly) and can take up to
 * the file's limits in memory: call it through runUntrusted('stripMetadata'), in a child process
 * (decision 030), never in the server's own.
 */
export async function stripMetadata(
  extension: string,
  data: Buffer,
  options: { maxPixels?: number } = {},
): Promise<CleanCopy | null> {
  const ext = extension.toLowerCase();
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      return {
        data: await (await images()).reencodeImage(data, 'jpeg', maxPixels),
        extension: ext,
        contentType: 'image/jpeg',
      };
    case 'png':
      return {
        data: await (await images()).reencodeImage(data, 'png', maxPixels),
        extension: ext,
        contentType: 'image/png',
      };
    case 'tiff':
      return {
        data: await (await images()).reencodeImage(data, 'tiff', maxPixels),
        extension: ext,
        contentType: 'image/tiff',
      };
    case 'heic':
    case 'heif':
      return {
        data: await (await import('./heif.ts')).heifToJpeg(data, maxPixels),
        extension: 'jpg',
        contentType: 'image/jpeg',
      };
    case 'pdf':
      return {
        data: await (await import('./pdf.ts')).stripPdf(data),
        extension: ext,
        contentType: 'application/pdf',
      };
    case 'docx':
    case 'pptx': {
      const { OFFICE_CONTENT_TYPES, stripOfficeFile } = await import('./office.ts');
      return {
        data: stripOfficeFile(data),
        extension: ext,
        contentType: OFFICE_CONTENT_TYPES[ext],
      };
    }
    case 'doc':
    case 'psd':
    case 'txt':
      return null;
    default:
      throw new Error(`No metadata stripping for .${ext} files`);
  }
}
