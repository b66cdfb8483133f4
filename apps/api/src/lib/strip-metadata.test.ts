import { crc32 } from 'node:zlib';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  StandardFonts,
} from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { assertPixelCount, stripMetadata, UnreadableFileError } from './strip-metadata.ts';

const NAME = 'Thandeka Mokoena';
const SCHOOL = 'Greenside Primary';
/** How pdf-lib's setAuthor writes the name: UTF-16BE in a hex string. */
const NAME_UTF16_HEX = Buffer.from(NAME, 'utf16le').swap16().toString('hex').toUpperCase();

const u8 = (...bytes: number[]) => Buffer.from(bytes);
const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

const redCanvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c02020' } });

/** A JPEG as a phone takes it: on its side (orientation 6), with the owner and the place. */
const phoneJpeg = () =>
  redCanvas(40, 20)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: NAME, Copyright: NAME, Make: 'Apple', Model: 'iPhone 13' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 55/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 25/1 0/1',
      },
    })
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** A PNG with an eXIf chunk (by sharp) and tEXt chunks (by hand, after IHDR). */
async function pngWithText(): Promise<Buffer> {
  const png = await redCanvas(8, 6)
    .png()
    .withExif({ IFD0: { Artist: NAME } })
    .toBuffer();
  const afterHeader = 8 + 12 + 13; // signature, then IHDR: length, type, 13 bytes, CRC
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk('tEXt', Buffer.from(`Author\0${NAME}`, 'latin1')),
    pngChunk('tEXt', Buffer.from(`Comment\0${SCHOOL} art class`, 'latin1')),
    png.subarray(afterHeader),
  ]);
}

/** An uncompressed RGB TIFF with Artist, ImageDescription and Copyright tags. */
function tiffWithTags(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set([0x20, 0x40, 0xc0], i);
  const ascii = (s: string) => Buffer.from(`${s}\0`, 'latin1');
  const entries: [tag: number, type: 2 | 3 | 4, value: number | number[] | Buffer][] = [
    [256, 3, width],
    [257, 3, height],
    [258, 3, [8, 8, 8]],
    [259, 3, 1],
    [262, 3, 2],
    [270, 2, ascii(`${NAME}, ${SCHOOL}`)],
    [273, 4, 0], // the strip's offset, set below
    [277, 3, 3],
    [278, 3, height],
    [279, 4, pixels.length],
    [315, 2, ascii(NAME)],
    [33432, 2, ascii(`(c) ${NAME}`)],
  ];
  const ifdSize = 2 + entries.length * 12 + 4;
  const extras: Buffer[] = [];
  let extraOffset = 8 + ifdSize;
  const ifd = Buffer.alloc(ifdSize);
  ifd.writeUInt16LE(entries.length, 0);
  const stripOffsetAt = 8 + ifdSize + entries.reduce((n, [, , v]) => n + extraLength(v), 0);
  entries.forEach(([tag, type, value], i) => {
    const at = 2 + i * 12;
    const bytes = Buffer.isBuffer(value)
      ? value
      : Buffer.concat(
          [value]
            .flat()
            .map((n) => (tag === 273 ? stripOffsetAt : n))
            .map((n) => {
              const b = Buffer.alloc(type === 3 ? 2 : 4);
              if (type === 3) b.writeUInt16LE(n);
              else b.writeUInt32LE(n);
              return b;
            }),
        );
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(Buffer.isBuffer(value) ? value.length : [value].flat().length, at + 4);
    if (bytes.length <= 4) bytes.copy(ifd, at + 8);
    else {
      ifd.writeUInt32LE(extraOffset, at + 8);
      extras.push(bytes);
      extraOffset += bytes.length;
    }
  });
  return Buffer.concat([Buffer.from('II*\0\x08\0\0\0', 'latin1'), ifd, ...extras, pixels]);

  function extraLength(value: number | number[] | Buffer): number {
    if (Buffer.isBuffer(value)) return value.length > 4 ? value.length : 0;
    return Array.isArray(value) && value.length * 2 > 4 ? value.length * 2 : 0;
  }
}

/**
 * One HEVC frame, 32×16, of the colour #c02020, as x265 wrote it (Annex B, Main profile):
 * `ffmpeg -f lavfi -i color=c=0xC02020:s=32x16,format=yuv420p -frames:v 1 -c:v libx265
 * -x265-params info=0:profile=main -f hevc`. Nothing here encodes HEVC, so the HEIC file around
 * it is built by hand below.
 */
const RED_HEVC_FRAME = Buffer.from(
  'AAAAAUABDAH//wFgAAADAJAAAAMAAAMAHpWUCQAAAAFCAQEBYAAAAwCQAAADAAADAB6gQhFllZVvC8BaAgAAAwACAAADADIQAAAAAUQBwHPAiQAAASgBrHYn+/2kDjoJrFDA',
  'base64',
);

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]) =>
  box(type, u8(version, 0, 0, 0), ...parts);

function nalUnits(annexB: Buffer): Buffer[] {
  const starts: number[] = [];
  for (let i = 0; i + 3 <= annexB.length; i++) {
    if (annexB[i] === 0 && annexB[i + 1] === 0 && annexB[i + 2] === 1) starts.push((i += 2) + 1);
  }
  return starts.map((start, k) => {
    let end = k + 1 < starts.length ? (starts[k + 1] ?? 0) - 3 : annexB.length;
    while (end > start && annexB[end - 1] === 0) end--;
    return annexB.subarray(start, end);
  });
}

/**
 * A HEIC as an iPhone writes it, in miniature: the HEVC picture item with its decoder
 * configuration, size and a 90° rotation (irot), and an Exif item describing it.
 */
function iphoneHeic(exif: Buffer): Buffer {
  const nals = nalUnits(RED_HEVC_FRAME);
  const nalType = (nal: Buffer) => ((nal[0] ?? 0) >> 1) & 0x3f;
  const parameterSets = nals.filter((nal) => nalType(nal) >= 32 && nalType(nal) <= 34);
  const slices = Buffer.concat(
    nals.filter((nal) => nalType(nal) < 32).map((nal) => Buffer.concat([u32(nal.length), nal])),
  );
  const exifItem = Buffer.concat([u32(6), exif]); // offset of the TIFF header past "Exif\0\0"
  const hvcC = box(
    'hvcC',
    u8(1, 0x01), // version; Main profile
    u32(0x60000000), // profile compatibility
    u8(0x90, 0, 0, 0, 0, 0), // constraint flags
    u8(30), // level 1
    u16(0xf000),
    u8(0xfc, 0xfd, 0xf8, 0xf8), // parallelism, 4:2:0, 8 bits luma and chroma
    u16(0),
    u8(0x0f), // one temporal layer, 4-byte NAL lengths
    u8(parameterSets.length),
    ...parameterSets.map((nal) =>
      Buffer.concat([u8(0x80 | nalType(nal)), u16(1), u16(nal.length), nal]),
    ),
  );
  const properties = [hvcC, fullBox('ispe', 0, u32(32), u32(16)), box('irot', u8(1))];
  const ftyp = box(
    'ftyp',
    Buffer.from('heic', 'latin1'),
    u32(0),
    Buffer.from('mif1heic', 'latin1'),
  );
  const meta = (mdatData: number) =>
    fullBox(
      'meta',
      0,
      fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), u8(0)),
      fullBox('pitm', 0, u16(1)),
      fullBox(
        'iloc',
        0,
        u8(0x44, 0x00), // 4-byte offsets and lengths
        u16(2),
        ...[
          [1, mdatData, slices.length],
          [2, mdatData + slices.length, exifItem.length],
        ].map(([id = 0, offset = 0, length = 0]) =>
          Buffer.concat([u16(id), u16(0), u16(1), u32(offset), u32(length)]),
        ),
      ),
      fullBox(
        'iinf',
        0,
        u16(2),
        fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1', 'latin1'), u8(0)),
        fullBox('infe', 2, u16(2), u16(0), Buffer.from('Exif', 'latin1'), u8(0)),
      ),
      fullBox('iref', 0, box('cdsc', u16(2), u16(1), u16(1))),
      box(
        'iprp',
        box('ipco', ...properties),
        fullBox('ipma', 0, u32(1), u16(1), u8(3), u8(0x81, 0x02, 0x03)),
      ),
    );
  const mdatData = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(mdatData), box('mdat', slices, exifItem)]);
}

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

const xmp = (who: string) =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${who}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

async function namedPdf(): Promise<Buffer> {
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
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n${body}`;
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PR = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CORE = xml(
  `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>My poem, ${NAME}</dc:title><dc:subject>${SCHOOL}</dc:subject><dc:creator>${NAME}</dc:creator><cp:keywords>${NAME}</cp:keywords><dc:description>By ${NAME}</dc:description><cp:lastModifiedBy>${NAME}</cp:lastModifiedBy><cp:category>${SCHOOL}</cp:category><dcterms:created xsi:type="dcterms:W3CDTF">2025-03-01T10:00:00Z</dcterms:created></cp:coreProperties>`,
);
const CUSTOM = xml(
  `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Learner"><vt:lpwstr>${NAME}</vt:lpwstr></property></Properties>`,
);
const appXml = (application: string, titles: string) =>
  xml(
    `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Template>${SCHOOL}.dotx</Template><TotalTime>12</TotalTime><Application>${application}</Application><HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Title</vt:lpstr></vt:variant><vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${titles}</vt:lpstr></vt:vector></TitlesOfParts><Manager>${NAME}</Manager><Company>${SCHOOL}</Company><HyperlinkBase>file:///C:/Users/${NAME}/</HyperlinkBase><AppVersion>16.0000</AppVersion></Properties>`,
  );
const contentTypes = (mainType: string, mainPart: string, more = '') =>
  xml(
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="${mainPart}" ContentType="${mainType}"/>${more}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/><Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/></Types>`,
  );
const packageRels = (mainPart: string) =>
  xml(
    `<Relationships xmlns="${PR}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="${mainPart}"/><Relationship Id="rId2" Type="${PR}/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${R}/extended-properties" Target="docProps/app.xml"/><Relationship Id="rId4" Type="${R}/custom-properties" Target="docProps/custom.xml"/><Relationship Id="rId5" Type="${PR}/metadata/thumbnail" Target="/docProps/thumbnail.jpeg"/></Relationships>`,
  );

const DOCUMENT_XML = xml(
  `<w:document ${W}><w:body><w:p><w:r><w:t>The sea at Muizenberg</w:t></w:r></w:p><w:p><w:ins w:id="1" w:author='${NAME}' w:date="2025-03-01T10:00:00Z"><w:r><w:t>rolls in grey and green</w:t></w:r></w:ins><w:commentRangeStart w:id="0"/><w:r><w:t>under the mountain</w:t></w:r><w:commentRangeEnd w:id="0"/></w:p></w:body></w:document>`,
);
const STYLES_XML = xml(
  `<w:styles ${W}><w:style w:type="paragraph" w:styleId="Normal"/></w:styles>`,
);

async function namedDocx(): Promise<Uint8Array> {
  const wordType = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  return zipSync({
    '[Content_Types].xml': strToU8(
      contentTypes(
        `${wordType}.document.main+xml`,
        '/word/document.xml',
        `<Override PartName="/word/comments.xml" ContentType="${wordType}.comments+xml"/><Override PartName="/word/styles.xml" ContentType="${wordType}.styles+xml"/>`,
      ),
    ),
    '_rels/.rels': strToU8(packageRels('word/document.xml')),
    'docProps/core.xml': strToU8(CORE),
    'docProps/app.xml': strToU8(appXml('Microsoft Office Word', `My poem, ${NAME}`)),
    'docProps/custom.xml': strToU8(CUSTOM),
    'docProps/thumbnail.jpeg': await redCanvas(8, 8)
      .jpeg()
      .withExif({ IFD0: { Artist: NAME } })
      .toBuffer(),
    'word/document.xml': strToU8(DOCUMENT_XML),
    'word/styles.xml': strToU8(STYLES_XML),
    'word/comments.xml': strToU8(
      xml(
        `<w:comments ${W}><w:comment w:id="0" w:author="${NAME}" w:date="2025-03-01T10:00:00Z" w:initials="TM"><w:p><w:r><w:t>Is this the right word?</w:t></w:r></w:p></w:comment></w:comments>`,
      ),
    ),
    'word/people.xml': strToU8(
      xml(
        `<w15:people xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w15:person w15:author="${NAME}"><w15:presenceInfo w15:providerId="AD" w15:userId="S::thandeka.mokoena@greenside.example::1"/></w15:person></w15:people>`,
      ),
    ),
    'word/_rels/document.xml.rels': strToU8(
      xml(
        `<Relationships xmlns="${PR}"><Relationship Id="rId1" Type="${R}/comments" Target="comments.xml"/><Relationship Id="rId2" Type="${R}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${R}/settings" Target="settings.xml"/></Relationships>`,
      ),
    ),
    'word/settings.xml': strToU8(
      xml(`<w:settings ${W} xmlns:r="${R}"><w:attachedTemplate r:id="rId1"/></w:settings>`),
    ),
    'word/_rels/settings.xml.rels': strToU8(
      xml(
        `<Relationships xmlns="${PR}"><Relationship Id="rId1" Type="${R}/attachedTemplate" Target="file:///C:\\Users\\${NAME}\\Documents\\${SCHOOL}.dotx" TargetMode="External"/></Relationships>`,
      ),
    ),
  });
}

const P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
const SLIDE_XML = xml(
  `<p:sld ${P} ${A}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:txBody><a:p><a:r><a:t>My painting of the harbour</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
);

function namedPptx(): Uint8Array {
  const pptType = 'application/vnd.openxmlformats-officedocument.presentationml';
  return zipSync({
    '[Content_Types].xml': strToU8(
      contentTypes(
        `${pptType}.presentation.main+xml`,
        '/ppt/presentation.xml',
        `<Override PartName="/ppt/slides/slide1.xml" ContentType="${pptType}.slide+xml"/><Override PartName="/ppt/commentAuthors.xml" ContentType="${pptType}.commentAuthors+xml"/>`,
      ),
    ),
    '_rels/.rels': strToU8(packageRels('ppt/presentation.xml')),
    'docProps/core.xml': strToU8(CORE),
    'docProps/app.xml': strToU8(appXml('Microsoft Office PowerPoint', 'My painting')),
    'docProps/custom.xml': strToU8(CUSTOM),
    'ppt/presentation.xml': strToU8(
      xml(
        `<p:presentation ${P} xmlns:r="${R}"><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
      ),
    ),
    'ppt/_rels/presentation.xml.rels': strToU8(
      xml(
        `<Relationships xmlns="${PR}"><Relationship Id="rId2" Type="${R}/slide" Target="slides/slide1.xml"/><Relationship Id="rId3" Type="${R}/commentAuthors" Target="commentAuthors.xml"/></Relationships>`,
      ),
    ),
    'ppt/slides/slide1.xml': strToU8(SLIDE_XML),
    'ppt/commentAuthors.xml': strToU8(
      xml(
        `<p:cmAuthorLst ${P}><p:cmAuthor id="0" name="${NAME}" initials="TM" lastIdx="1" clrIdx="0"/></p:cmAuthorLst>`,
      ),
    ),
    'ppt/authors.xml': strToU8(
      xml(
        `<p188:authorLst xmlns:p188="http://schemas.microsoft.com/office/powerpoint/2018/8/main"><p188:author id="{6B2E4F3A-1111-4C55-9D41-2B1A0C3F7E10}" name="${NAME}" initials="TM" userId="${NAME}" providerId="None"/></p188:authorLst>`,
      ),
    ),
    'ppt/comments/comment1.xml': strToU8(
      xml(
        `<p:cmLst ${P}><p:cm authorId="0" dt="2025-03-01T10:00:00.000" idx="1"><p:pos x="10" y="10"/><p:text>Brighter blue here?</p:text></p:cm></p:cmLst>`,
      ),
    ),
  });
}

const unzippedText = (bytes: Uint8Array) =>
  Object.entries(unzipSync(bytes))
    .map(([name, data]) => `${name}\n${Buffer.from(data).toString('latin1')}`)
    .join('\n');

describe('stripMetadata: images', () => {
  it('turns a phone JPEG upright and drops its EXIF, GPS, XMP and IPTC', async () => {
    const input = await phoneJpeg();
    expect(input.includes(NAME)).toBe(true);
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const copy = await stripMetadata('JPG', input);

    expect(copy).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
    const metadata = await sharp(copy?.data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.iptc).toBeUndefined();
    expect(copy?.data.includes(NAME)).toBe(false);
    expect(copy?.data.includes('iPhone')).toBe(false);
  });

  it('keeps the colour profile', async () => {
    const input = await redCanvas(10, 10).withIccProfile('p3').jpeg().toBuffer();
    const copy = await stripMetadata('jpeg', input);
    expect((await sharp(copy?.data).metadata()).icc).toBeDefined();
  });

  it('drops the eXIf and tEXt chunks of a PNG and keeps its pixels exactly', async () => {
    const input = await pngWithText();
    expect((await sharp(input).metadata()).comments).toHaveLength(2);

    const copy = await stripMetadata('png', input);

    expect(copy).toMatchObject({ extension: 'png', contentType: 'image/png' });
    for (const text of [NAME, SCHOOL, 'tEXt', 'eXIf'])
      expect(copy?.data.includes(text)).toBe(false);
    const metadata = await sharp(copy?.data).metadata();
    expect(metadata.comments).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(await sharp(copy?.data).raw().toBuffer()).toEqual(await sharp(input).raw().toBuffer());
  });

  it('drops the Artist, Copyright and ImageDescription tags of a TIFF, losslessly', async () => {
    const input = tiffWithTags(6, 4);
    expect(await sharp(input).metadata()).toMatchObject({ format: 'tiff', width: 6, height: 4 });

    const copy = await stripMetadata('tiff', input);

    expect(copy).toMatchObject({ extension: 'tiff', contentType: 'image/tiff' });
    expect(copy?.data.includes('Thandeka')).toBe(false);
    expect(copy?.data.includes('Greenside')).toBe(false);
    expect(await sharp(copy?.data).metadata()).toMatchObject({
      format: 'tiff',
      width: 6,
      height: 4,
    });
    expect(await sharp(copy?.data).raw().toBuffer()).toEqual(await sharp(input).raw().toBuffer());
  });

  it('refuses an image with more pixels than allowed, before decoding it', async () => {
    const input = await redCanvas(40, 20).png().toBuffer();
    await expect(stripMetadata('png', input, { maxPixels: 799 })).rejects.toThrow(
      UnreadableFileError,
    );
    await expect(stripMetadata('png', input, { maxPixels: 800 })).resolves.not.toBeNull();
  });

  it('refuses a damaged image', async () => {
    const input = (await phoneJpeg()).subarray(0, 40);
    await expect(stripMetadata('jpg', input)).rejects.toThrow(UnreadableFileError);
  });
});

describe('stripMetadata: HEIC and HEIF', () => {
  it('converts an HEVC-coded HEIC to an upright JPEG without its EXIF', async () => {
    const exif = (await sharp(await phoneJpeg()).metadata()).exif ?? Buffer.alloc(0);
    const input = iphoneHeic(exif);
    expect(input.includes(NAME)).toBe(true);

    const copy = await stripMetadata('heic', input);

    expect(copy).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(copy?.data.includes(NAME)).toBe(false);
    const metadata = await sharp(copy?.data).metadata();
    // 32×16 as stored, turned a quarter by the file's irot.
    expect(metadata).toMatchObject({ format: 'jpeg', width: 16, height: 32 });
    expect(metadata.exif).toBeUndefined();
    const [red, green, blue] = (await sharp(copy?.data).stats()).channels;
    expect(red?.mean).toBeGreaterThan(170);
    expect(green?.mean).toBeLessThan(60);
    expect(blue?.mean).toBeLessThan(60);
  });

  it('refuses an HEIC with more pixels than allowed', async () => {
    const input = iphoneHeic(Buffer.alloc(0));
    await expect(stripMetadata('heic', input, { maxPixels: 511 })).rejects.toThrow(
      UnreadableFileError,
    );
  });

  it('converts an AV1-coded HEIF (AVIF) to an upright JPEG without its EXIF', async () => {
    const input = await redCanvas(40, 20)
      .heif({ compression: 'av1' })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: NAME } })
      .toBuffer();
    expect(input.includes(NAME)).toBe(true);

    const copy = await stripMetadata('heif', input);

    expect(copy).toMatchObject({ extension: 'jpg', contentType: 'image/jpeg' });
    expect(copy?.data.includes(NAME)).toBe(false);
    const metadata = await sharp(copy?.data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses a file that is not HEIF', async () => {
    const input = Buffer.concat([
      box('ftyp', Buffer.from('heic', 'latin1'), u32(0)),
      Buffer.alloc(64),
    ]);
    await expect(stripMetadata('heic', input)).rejects.toThrow(UnreadableFileError);
  });

  it('checks the pixel count from the size alone', () => {
    expect(() => assertPixelCount(4000, 3000, 12_000_000)).not.toThrow();
    expect(() => assertPixelCount(4001, 3000, 12_000_000)).toThrow(UnreadableFileError);
    expect(() => assertPixelCount(0, 3000, 12_000_000)).toThrow(UnreadableFileError);
  });
});

describe('stripMetadata: PDF', () => {
  it('removes the information dictionary, XMP, private data and comment authors', async () => {
    const input = await namedPdf();
    expect(input.includes(NAME)).toBe(true);
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
  });

  it('keeps the page content', async () => {
    const input = await namedPdf();
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
    expect(await contents(copy?.data ?? Buffer.alloc(0))).toEqual(await contents(input));
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

describe('stripMetadata: Word and PowerPoint', () => {
  it('takes every name out of a Word file and keeps its text', async () => {
    const input = await namedDocx();
    expect(unzippedText(input)).toContain(NAME);

    const copy = await stripMetadata('docx', Buffer.from(input));

    expect(copy).toMatchObject({
      extension: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const files = unzipSync(copy?.data ?? Buffer.alloc(0));
    const all = unzippedText(copy?.data ?? Buffer.alloc(0));
    for (const text of ['Thandeka', 'Mokoena', 'Greenside', 'thandeka'])
      expect(all).not.toContain(text);

    expect(Object.keys(files)).not.toContain('docProps/custom.xml');
    expect(Object.keys(files)).not.toContain('docProps/thumbnail.jpeg');
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    expect(text('[Content_Types].xml')).not.toContain('custom.xml');
    expect(text('[Content_Types].xml')).toContain('/word/comments.xml');
    expect(text('_rels/.rels')).not.toMatch(/custom|thumbnail/);
    expect(text('_rels/.rels')).toContain('Target="docProps/core.xml"');
    expect(text('docProps/core.xml')).not.toMatch(/dc:|cp:keywords|lastModifiedBy/);
    expect(text('docProps/app.xml')).toContain('<Application>Microsoft Office Word</Application>');
    expect(text('docProps/app.xml')).toContain('<TotalTime>12</TotalTime>');
    // Only the author attribute changes; the text and the parts with no names are as they were.
    expect(text('word/document.xml')).toBe(
      DOCUMENT_XML.replace(`w:author='${NAME}'`, 'w:author="Author"'),
    );
    expect(text('word/comments.xml')).toContain('w:author="Author"');
    expect(text('word/comments.xml')).toContain('w:initials="A"');
    expect(text('word/comments.xml')).toContain('Is this the right word?');
    expect(files['word/styles.xml']).toEqual(strToU8(STYLES_XML));
    expect(text('word/_rels/settings.xml.rels')).toContain('Target="template.dotx"');
  });

  it('takes the comment authors and properties out of a PowerPoint file and keeps its slides', async () => {
    const input = namedPptx();

    const copy = await stripMetadata('pptx', Buffer.from(input));

    expect(copy?.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    const files = unzipSync(copy?.data ?? Buffer.alloc(0));
    const all = unzippedText(copy?.data ?? Buffer.alloc(0));
    for (const text of ['Thandeka', 'Mokoena', 'Greenside']) expect(all).not.toContain(text);
    expect(files['ppt/slides/slide1.xml']).toEqual(strToU8(SLIDE_XML));
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    expect(text('ppt/commentAuthors.xml')).toContain(
      '<p:cmAuthor id="0" name="Author" initials="A" lastIdx="1" clrIdx="0"/>',
    );
    expect(text('ppt/authors.xml')).toContain('name="Author" initials="A"');
    expect(text('ppt/comments/comment1.xml')).toContain('Brighter blue here?');
    expect(text('[Content_Types].xml')).not.toContain('custom.xml');
  });

  it('refuses a file that is not a zip', async () => {
    await expect(stripMetadata('docx', Buffer.from('PK\x03\x04 not really'))).rejects.toThrow(
      UnreadableFileError,
    );
  });
});

describe('stripMetadata: other types', () => {
  it.each(['txt', 'doc', 'psd'])('serves %s as uploaded (null)', async (extension) => {
    await expect(stripMetadata(extension, Buffer.from('anything'))).resolves.toBeNull();
  });

  it('throws for a type that is not an accepted upload', async () => {
    const promise = stripMetadata('mp4', Buffer.from('anything'));
    await expect(promise).rejects.toThrow('No metadata stripping for .mp4 files');
    await expect(promise).rejects.not.toBeInstanceOf(UnreadableFileError);
  });
});
