import { type Unzipped, type Zippable, unzipSync, zipSync } from 'fflate';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import sharp, { type Sharp } from 'sharp';

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

/** The file is not what its extension says, is damaged, encrypted, or too big to decode safely. */
export class UnreadableFileError extends Error {
  override name = 'UnreadableFileError';
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
 *   (/PieceInfo) and comment authors; objects no longer referenced (earlier revisions) dropped.
 * - docx/pptx: without core properties, custom properties, the thumbnail, the company, manager and
 *   template, and with the names of comment and tracked-change authors replaced by "Author".
 *
 * Null when there is nothing we can take out: txt has no metadata; doc (binary OLE) and psd have
 * some (the OLE SummaryInformation stream; PSD image resources with EXIF/XMP) but no maintained
 * JavaScript writer for OLE property sets or PSD image resources exists, so those are served as
 * uploaded. Throws UnreadableFileError when the file cannot be parsed or has more than maxPixels
 * pixels, and a plain Error for an extension that is not an accepted upload type.
 *
 * Decoding is synchronous for long stretches (HEIC is decoded in WebAssembly): call it from a
 * background job, not a request.
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
        data: await reencodeImage(data, 'jpeg', maxPixels),
        extension: ext,
        contentType: 'image/jpeg',
      };
    case 'png':
      return {
        data: await reencodeImage(data, 'png', maxPixels),
        extension: ext,
        contentType: 'image/png',
      };
    case 'tiff':
      return {
        data: await reencodeImage(data, 'tiff', maxPixels),
        extension: ext,
        contentType: 'image/tiff',
      };
    case 'heic':
    case 'heif':
      return {
        data: await heifToJpeg(data, maxPixels),
        extension: 'jpg',
        contentType: 'image/jpeg',
      };
    case 'pdf':
      return { data: await stripPdf(data), extension: ext, contentType: 'application/pdf' };
    case 'docx':
    case 'pptx':
      return {
        data: stripOfficeFile(data),
        extension: ext,
        contentType: OFFICE_CONTENT_TYPES[ext],
      };
    case 'doc':
    case 'psd':
    case 'txt':
      return null;
    default:
      throw new Error(`No metadata stripping for .${ext} files`);
  }
}

function unreadable(what: string, cause: unknown): UnreadableFileError {
  if (cause instanceof UnreadableFileError) return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new UnreadableFileError(`Cannot read the ${what}: ${reason}`, { cause });
}

// --- Images ---------------------------------------------------------------------------------

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

async function reencodeImage(data: Buffer, format: ImageFormat, maxPixels: number) {
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

async function heifToJpeg(data: Buffer, maxPixels: number): Promise<Buffer> {
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

// --- PDF ------------------------------------------------------------------------------------

const METADATA = PDFName.of('Metadata');
/** Applications' private data (Illustrator keeps a whole copy of the artwork, XMP included). */
const PIECE_INFO = PDFName.of('PieceInfo');
const SUBTYPE = PDFName.of('Subtype');
const TITLE = PDFName.of('T');
const WIDGET = PDFName.of('Widget');

async function stripPdf(data: Buffer): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    // Encrypted files throw here (pdf-lib cannot decrypt), as they should: we could not clean them.
    doc = await PDFDocument.load(data, { updateMetadata: false });
    doc.getPageCount(); // reads the page tree: throws when there is none
  } catch (err) {
    throw unreadable('PDF', err);
  }
  const { context } = doc;
  // The document information dictionary (Title, Author, Subject, Keywords, Creator, Producer,
  // dates and any custom key) is referenced from the trailer only: drop the reference, and the
  // dictionary goes with every other unreachable object below.
  context.trailerInfo.Info = undefined;

  // Walk everything the catalog reaches, taking out metadata on the way. pdf-lib writes every
  // object it parsed, reachable or not: an earlier revision's information dictionary or XMP in an
  // incrementally saved file would otherwise survive.
  const reachable = new Set<PDFRef>();
  const pending: (PDFObject | undefined)[] = [context.trailerInfo.Root];
  while (pending.length > 0) {
    const object = pending.pop();
    if (object instanceof PDFRef) {
      if (reachable.has(object)) continue;
      reachable.add(object);
      pending.push(context.lookup(object));
    } else if (object instanceof PDFDict || object instanceof PDFStream) {
      const dict = object instanceof PDFStream ? object.dict : object;
      removeDictMetadata(dict);
      for (const [, value] of dict.entries()) pending.push(value);
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reachable.has(ref)) context.delete(ref);
  }
  return Buffer.from(await doc.save({ addDefaultPage: false, updateFieldAppearances: false }));
}

function removeDictMetadata(dict: PDFDict): void {
  // XMP streams hang off the catalog, pages, images, fonts and forms alike.
  dict.delete(METADATA);
  dict.delete(PIECE_INFO);
  // A comment's (markup annotation's) /T is its author's name; a form field's /T is its name.
  const subtype = dict.get(SUBTYPE);
  const title = dict.get(TITLE);
  if (
    subtype instanceof PDFName &&
    subtype !== WIDGET &&
    (title instanceof PDFString || title instanceof PDFHexString)
  )
    dict.set(TITLE, PDFString.of('Author'));
}

// --- Word and PowerPoint (OOXML) ------------------------------------------------------------

const OFFICE_CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Refuse a zip bomb before unpacking it. */
const MAX_UNZIPPED_BYTES = 512 * 1024 * 1024;

const EMPTY_CORE_PROPERTIES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
  '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"/>';

/**
 * app.xml elements that can name someone: Company, Manager, HyperlinkBase (often a path under
 * the user's folder), Template (a school's template name) and TitlesOfParts with its HeadingPairs
 * (in Word, the document title). All are optional in the schema.
 */
const APP_ELEMENTS = [
  'Company',
  'Manager',
  'HyperlinkBase',
  'Template',
  'HeadingPairs',
  'TitlesOfParts',
];

const QNAME = '(?:[A-Za-z_][\\w.-]*:)?';
const VALUE = `\\s*=\\s*(?:"[^"]*"|'[^']*')`;
const NEUTRAL: Record<string, string> = {
  author: 'Author',
  name: 'Author',
  initials: 'A',
  userId: 'Author',
  providerId: 'None',
  ed: 'Author',
};
/**
 * Word's people: w:author and w:initials on comments and tracked changes (ins, del, moves,
 * formatting changes), w15:author with w15:presenceInfo's userId (an e-mail address) in
 * people.xml, and w:ed (a named editor of a permission range).
 */
const WORD_PERSON = new RegExp(`(\\s${QNAME}(author|initials|userId|providerId|ed))${VALUE}`, 'g');
/** PowerPoint's comment authors: p:cmAuthor (commentAuthors.xml) and p188:author (authors.xml). */
const PPT_AUTHOR = new RegExp(`<${QNAME}(?:cmAuthor|author)\\b[^>]*>`, 'g');
const PPT_PERSON = new RegExp(`(\\s${QNAME}(name|initials|userId|providerId))${VALUE}`, 'g');

const RELATIONSHIP = /<Relationship\b[^>]*?(?:\/>|>\s*<\/Relationship>)/g;
const OVERRIDE = /<Override\b[^>]*?(?:\/>|>\s*<\/Override>)/g;
/** Media is compressed already: storing it again saves the deflate time. */
const STORED = /\.(?:jpe?g|png|gif|mp[34]|m4a|wdp|jxr)$/i;
/** Zip entries carry a date; a fixed one makes the copy the same every time. */
const ZIP_DATE = new Date('1980-01-01T12:00:00Z');

const decoder = new TextDecoder();
const encoder = new TextEncoder();

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** A part name as the zip stores it: no leading slash, any case (OPC part names ignore case). */
const partKey = (target: string) => target.replace(/^\//, '').toLowerCase();

function stripOfficeFile(data: Buffer): Buffer {
  let files: Unzipped;
  try {
    let total = 0;
    files = unzipSync(data, {
      filter: ({ originalSize }) => {
        total += originalSize;
        if (total > MAX_UNZIPPED_BYTES) throw new UnreadableFileError('The file unzips too large');
        return true;
      },
    });
  } catch (err) {
    throw unreadable('Office file', err);
  }
  const keys = new Map(Object.keys(files).map((name) => [name.toLowerCase(), name]));
  const read = (part: string) => {
    const bytes = files[keys.get(partKey(part)) ?? ''];
    return bytes === undefined ? undefined : decoder.decode(bytes);
  };
  const write = (part: string, text: string) => {
    const name = keys.get(partKey(part));
    if (name !== undefined) files[name] = encoder.encode(text);
  };

  // The package relationships say where the property parts are; docProps/ is where they always are.
  const packageRels = read('_rels/.rels') ?? '';
  const targets = (...types: string[]) =>
    (packageRels.match(RELATIONSHIP) ?? [])
      .filter((tag) => types.some((type) => attribute(tag, 'Type')?.endsWith(type)))
      .map((tag) => partKey(attribute(tag, 'Target') ?? ''));
  const coreParts = [...targets('/metadata/core-properties'), 'docprops/core.xml'];
  const appParts = [...targets('/extended-properties', '/extendedProperties'), 'docprops/app.xml'];
  const removed = new Set([
    ...targets('/custom-properties', '/customProperties', '/metadata/thumbnail'),
    'docprops/custom.xml',
    ...[...keys.keys()].filter((key) => key.startsWith('docprops/thumbnail.')),
  ]);

  const edits = new Map<string, string>();
  const edit = (part: string, change: (text: string) => string) => {
    const text = edits.get(partKey(part)) ?? read(part);
    if (text !== undefined) edits.set(partKey(part), change(text));
  };

  for (const part of removed) {
    const name = keys.get(part);
    if (name !== undefined) delete files[name];
  }
  edit('_rels/.rels', (xml) =>
    xml.replace(RELATIONSHIP, (tag) =>
      removed.has(partKey(attribute(tag, 'Target') ?? '')) ? '' : tag,
    ),
  );
  edit('[Content_Types].xml', (xml) =>
    xml.replace(OVERRIDE, (tag) =>
      removed.has(partKey(attribute(tag, 'PartName') ?? '')) ? '' : tag,
    ),
  );
  for (const part of coreParts) edit(part, () => EMPTY_CORE_PROPERTIES);
  for (const part of appParts) {
    edit(part, (xml) =>
      APP_ELEMENTS.reduce(
        (text, element) =>
          text.replace(
            new RegExp(`<${QNAME}${element}\\b[^>]*?(?:/>|>[\\s\\S]*?</${QNAME}${element}>)`, 'g'),
            '',
          ),
        xml,
      ),
    );
  }
  for (const key of keys.keys()) {
    if (!files[keys.get(key) ?? '']) continue;
    if (key.startsWith('word/') && key.endsWith('.xml')) {
      edit(key, (xml) =>
        xml.replace(WORD_PERSON, (_, name: string, local: string) => `${name}="${NEUTRAL[local]}"`),
      );
    } else if (key.startsWith('word/') && key.endsWith('.rels')) {
      // A document made from a template links it by its full path, C:\Users\<name>\…, and its
      // name can be the school's: Word falls back to Normal when the template is not found.
      edit(key, (xml) =>
        xml.replace(RELATIONSHIP, (tag) =>
          attribute(tag, 'Type')?.endsWith('/attachedTemplate')
            ? tag.replace(
                /(\sTarget\s*=\s*)(?:"[^"]*?(\.\w+)?"|'[^']*?(\.\w+)?')/,
                '$1"template$2$3"',
              )
            : tag,
        ),
      );
    } else if (key.startsWith('ppt/') && key.endsWith('.xml')) {
      edit(key, (xml) =>
        xml.replace(PPT_AUTHOR, (tag) =>
          tag.replace(
            PPT_PERSON,
            (_, name: string, local: string) => `${name}="${NEUTRAL[local]}"`,
          ),
        ),
      );
    }
  }
  // Parts we did not change keep their exact bytes.
  for (const [key, text] of edits) {
    if (text !== read(key)) write(key, text);
  }

  const zippable: Zippable = {};
  for (const [name, bytes] of Object.entries(files)) {
    zippable[name] = [bytes, { level: STORED.test(name) ? 0 : 6 }];
  }
  return Buffer.from(zipSync(zippable, { mtime: ZIP_DATE }));
}
