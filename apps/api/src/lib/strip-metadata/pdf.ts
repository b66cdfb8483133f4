// A PDF without its document information, XMP, private application data and comment authors:
// everything the catalog reaches is walked once, and what it does not reach (earlier revisions) is
// dropped. Loading is in pdf-load.ts.
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { unreadable } from './errors.ts';
import { withoutJpegMetadata } from './image-segments.ts';
import { loadPdf } from './pdf-load.ts';

const METADATA = PDFName.of('Metadata');
/** Applications' private data (Illustrator keeps a whole copy of the artwork, XMP included). */
const PIECE_INFO = PDFName.of('PieceInfo');
const SUBTYPE = PDFName.of('Subtype');
const TITLE = PDFName.of('T');
const WIDGET = PDFName.of('Widget');
const FILTER = PDFName.of('Filter');
const DCT = PDFName.of('DCTDecode');

/** A JPEG as is (DCTDecode alone): pictures behind more filters are left as they are. */
function isPlainJpeg(dict: PDFDict): boolean {
  const filter = dict.lookup(FILTER);
  return (
    filter === DCT || (filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === DCT)
  );
}

export async function stripPdf(data: Buffer): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    // Encrypted files throw here (pdf-lib cannot decrypt), as they should: we could not clean them.
    doc = await loadPdf(data);
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
      const target = context.lookup(object);
      // Streams are always indirect: a picture's stream is replaced where its reference points.
      if (target instanceof PDFRawStream && isPlainJpeg(target.dict)) {
        const contents = withoutJpegMetadata(target.contents);
        if (contents !== target.contents)
          context.assign(object, PDFRawStream.of(target.dict, contents));
      }
      pending.push(target);
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
