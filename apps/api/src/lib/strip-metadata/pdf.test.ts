import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
  StandardFonts,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { stripMetadata, UnreadableFileError } from './index.ts';
import { expectCleanJpeg, firstPicture, NAME, SCHOOL, taggedJpeg, xmp } from './test-fixtures.ts';

/** How pdf-lib's setAuthor writes the name: UTF-16BE in a hex string. */
const NAME_UTF16_HEX = Buffer.from(NAME, 'utf16le').swap16().toString('hex').toUpperCase();

/** Every object of a PDF as text, streams decoded: where a name could hide. */
async function pdfObjectsText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) =>
      object instanceof PDFRawStream
        ? `${object.dict.toString()}\n${Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')}`
        : object.toString(),
    )
    .join('\n');
}

async function namedPdf(useObjectStreams = false): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const size of [
    [595, 842],
    [842, 595],
    [300, 400],
  ] as const) {
    doc.addPage([...size]).drawText('The sea at Muizenberg', { x: 40, y: 60, font, size: 14 });
  }
  doc.setAuthor(NAME);
  doc.setTitle(`A poem by ${NAME}`);
  doc.setSubject(SCHOOL);
  doc.setKeywords([NAME, SCHOOL]);
  doc.setCreator(`Word (${NAME}'s laptop)`);
  doc.setProducer('Microsoft Word');
  const { context, catalog } = doc;
  // A custom key, as a literal (ASCII) string, so the name is plainly in the bytes.
  const info = context.lookup(context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('School'), PDFString.of(`${SCHOOL}, ${NAME}`));
  const metadata = (who: string) =>
    context.register(context.stream(xmp(who), { Type: 'Metadata', Subtype: 'XML' }));
  catalog.set(PDFName.of('Metadata'), metadata(NAME));
  catalog.set(
    PDFName.of('PieceInfo'),
    context.obj({ Illustrator: { Private: PDFString.of(`${NAME} artwork`) } }),
  );
  const [first] = doc.getPages();
  first?.node.set(PDFName.of('Metadata'), metadata(`${NAME} page`));
  const note = context.obj({
    Type: 'Annot',
    Subtype: 'Text',
    Rect: [10, 10, 30, 30],
    T: PDFString.of(NAME),
    Contents: PDFString.of('Please check the second verse'),
  });
  first?.node.set(PDFName.of('Annots'), context.obj([context.register(note)]));
  // What an earlier revision of an incrementally saved file leaves: an object nothing refers to.
  context.register(context.obj({ Author: PDFString.of(`${NAME} (first draft)`) }));
  return Buffer.from(await doc.save({ useObjectStreams }));
}

describe('stripMetadata: PDF', () => {
  it.each([
    ['plain', false],
    ['with object streams', true],
  ])(
    'removes the information dictionary, XMP, private data and comment authors (%s)',
    async (_, objectStreams) => {
      const input = await namedPdf(objectStreams);
      expect(input.includes(NAME)).toBe(true); // in the XMP, which is not compressed
      expect(await pdfObjectsText(input)).toContain(NAME_UTF16_HEX);

      const copy = await stripMetadata('pdf', input);

      expect(copy).toMatchObject({ extension: 'pdf', contentType: 'application/pdf' });
      const data = copy?.data ?? Buffer.alloc(0);
      for (const text of ['Thandeka', 'Mokoena', 'Greenside'])
        expect(data.includes(text)).toBe(false);
      const objects = await pdfObjectsText(data);
      for (const text of [
        'Thandeka',
        'Mokoena',
        'Greenside',
        NAME_UTF16_HEX,
        '/Metadata',
        '/PieceInfo',
      ])
        expect(objects).not.toContain(text);

      const doc = await PDFDocument.load(data, { updateMetadata: false });
      expect(doc.context.trailerInfo.Info).toBeUndefined();
      expect(doc.getAuthor()).toBeUndefined();
      expect(doc.getTitle()).toBeUndefined();
      expect(doc.getKeywords()).toBeUndefined();
      expect(doc.getCreator()).toBeUndefined();
      expect(doc.getProducer()).toBeUndefined();
      expect(doc.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([
        [595, 842],
        [842, 595],
        [300, 400],
      ]);
      // The comment stays, by "Author".
      const annots = doc.getPages()[0]?.node.lookup(PDFName.of('Annots'), PDFArray);
      const note = annots?.lookup(0, PDFDict);
      expect(note?.lookup(PDFName.of('T'), PDFString, PDFHexString)?.decodeText()).toBe('Author');
      expect(note?.lookup(PDFName.of('Contents'), PDFString, PDFHexString)?.decodeText()).toBe(
        'Please check the second verse',
      );
    },
  );

  it.each([
    ['as written', (pdf: string) => pdf],
    // pdf-lib then finds where each stream ends by looking for endstream.
    ['with no usable /Length', (pdf: string) => pdf.replace(/\/Length \d+/g, '/Length 999 0 R')],
    [
      'with no usable /Length and CR LF',
      (pdf: string) =>
        pdf.replace(/\/Length \d+/g, '/Length 999 0 R').replaceAll('\nendstream', '\r\nendstream'),
    ],
  ])('keeps the page content (%s)', async (_, change) => {
    const input = Buffer.from(change((await namedPdf()).toString('latin1')), 'latin1');
    const copy = await stripMetadata('pdf', input);
    const contents = (bytes: Uint8Array) =>
      PDFDocument.load(bytes).then((doc) =>
        doc.getPages().map((page) => {
          const stream = page.node.Contents();
          const raw = stream instanceof PDFArray ? stream.lookup(0, PDFRawStream) : stream;
          return raw instanceof PDFRawStream
            ? Buffer.from(decodePDFRawStream(raw).decode())
            : undefined;
        }),
      );
    const expected = await contents(input);
    expect(expected).toHaveLength(3);
    expect(expected.every((content) => content?.includes('Tj'))).toBe(true);
    expect(await contents(copy?.data ?? Buffer.alloc(0))).toEqual(expected);
  });

  it('drops the EXIF, XMP, IPTC and comments of a JPEG picture, losslessly', async () => {
    const jpeg = await taggedJpeg();
    const doc = await PDFDocument.create();
    // A copy: pdf-lib reads a Buffer from the start of its (pooled) ArrayBuffer.
    const image = await doc.embedJpg(new Uint8Array(jpeg));
    doc.addPage([200, 100]).drawImage(image, { x: 0, y: 0, width: 200, height: 100 });
    const input = Buffer.from(await doc.save());
    expect(input.includes(NAME)).toBe(true);

    const copy = await stripMetadata('pdf', input);

    const data = copy?.data ?? Buffer.alloc(0);
    expect(data.includes('Thandeka')).toBe(false);
    expect((await PDFDocument.load(data)).getPageCount()).toBe(1);
    const stream = await firstPicture(data);
    expect(stream.dict.get(PDFName.of('Width'))).toEqual(PDFNumber.of(40));
    expect(stream.dict.get(PDFName.of('Length'))).toEqual(PDFNumber.of(stream.contents.length));
    await expectCleanJpeg(stream.contents, jpeg);
  });

  it('refuses garbage, a PDF header with nothing behind it, and an encrypted PDF', async () => {
    await expect(stripMetadata('pdf', Buffer.from('this is not a PDF at all'))).rejects.toThrow(
      UnreadableFileError,
    );
    await expect(stripMetadata('pdf', Buffer.from('%PDF-1.7\n%garbage\n'))).rejects.toThrow(
      UnreadableFileError,
    );
    const encrypted = await PDFDocument.create();
    encrypted.addPage();
    encrypted.context.trailerInfo.Encrypt = encrypted.context.obj({ Filter: 'Standard', V: 2 });
    const bytes = Buffer.from(await encrypted.save());
    await expect(stripMetadata('pdf', bytes)).rejects.toThrow(UnreadableFileError);
  });
});
