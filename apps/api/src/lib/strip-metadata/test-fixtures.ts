// Files that name a contestant, built for the tests of more than one module here: pictures with
// metadata, Word and PowerPoint parts, and helpers to read and time what stripMetadata returns.
import { crc32 } from 'node:zlib';
import { strToU8 } from 'fflate';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';

export const NAME = 'Thandeka Mokoena';
export const SCHOOL = 'Greenside Primary';

export const u8 = (...bytes: number[]) => Buffer.from(bytes);
export const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
export const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export const redCanvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c02020' } });

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** A PNG with an eXIf chunk (by sharp) and tEXt chunks (by hand, after IHDR). */
export async function pngWithText(): Promise<Buffer> {
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

/**
 * A JPEG with what phones and editors leave in one: EXIF, XMP, a colour profile, an IPTC block
 * (APP13), a comment, and a second picture after the end (where phones keep a depth map), each but
 * the profile naming the owner.
 */
export async function taggedJpeg(): Promise<Buffer> {
  const jpeg = await redCanvas(40, 20)
    .withIccProfile('p3')
    .jpeg()
    .withExif({ IFD0: { Artist: NAME } })
    .withXmp(xmp(NAME))
    .toBuffer();
  const segment = (marker: number, body: string) =>
    Buffer.concat([u8(0xff, marker), u16(body.length + 2), Buffer.from(body, 'latin1')]);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    segment(0xfe, `Photo by ${NAME}`),
    segment(0xed, `Photoshop 3.0\0${NAME}, ${SCHOOL}`),
    jpeg.subarray(2),
    Buffer.from(`\xff\xd8 depth map of ${NAME}'s room \xff\xd9`, 'latin1'),
  ]);
}

/** The copy of taggedJpeg: nothing naming anyone, the colour profile and every pixel kept. */
export async function expectCleanJpeg(
  copy: Uint8Array | undefined,
  original: Buffer,
): Promise<void> {
  const bytes = Buffer.from(copy ?? new Uint8Array());
  for (const text of ['Thandeka', 'Greenside']) expect(bytes.includes(text)).toBe(false);
  const metadata = await sharp(bytes).metadata();
  expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 20 });
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.icc).toBeDefined();
  expect(await sharp(bytes).raw().toBuffer()).toEqual(await sharp(original).raw().toBuffer());
}

export const xmp = (who: string) =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${who}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** The raw stream of the first picture on the first page. */
export async function firstPicture(bytes: Uint8Array): Promise<PDFRawStream> {
  const doc = await PDFDocument.load(bytes);
  const xobjects = doc.getPages()[0]?.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  const [, ref] = xobjects?.entries()[0] ?? [];
  const stream = doc.context.lookup(ref);
  if (!(stream instanceof PDFRawStream)) throw new Error('No picture on the first page');
  return stream;
}

/**
 * How long a call takes to settle, and what it settles with (an error as a value). It takes a
 * function: an async function runs up to its first await when called, which for a zip is all of it.
 */
export async function timed<T>(
  call: () => Promise<T>,
): Promise<{ ms: number; result: T | unknown }> {
  const started = performance.now();
  const result = await call().catch((err: unknown) => err);
  return { ms: performance.now() - started, result };
}

export const xml = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n${body}`;
export const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
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

export const DOCUMENT_XML = xml(
  `<w:document ${W}><w:body><w:p><w:r><w:t>The sea at Muizenberg</w:t></w:r></w:p><w:p><w:ins w:id="1" w:author='${NAME}' w:date="2025-03-01T10:00:00Z"><w:r><w:t>rolls in grey and green</w:t></w:r></w:ins><w:commentRangeStart w:id="0"/><w:r><w:t>under the mountain</w:t></w:r><w:commentRangeEnd w:id="0"/></w:p></w:body></w:document>`,
);
export const STYLES_XML = xml(
  `<w:styles ${W}><w:style w:type="paragraph" w:styleId="Normal"/></w:styles>`,
);

type Parts = Record<string, Uint8Array>;

export async function docxParts(): Promise<Parts> {
  const wordType = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  return {
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
  };
}

export const P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
export const SLIDE_XML = xml(
  `<p:sld ${P} ${A}><p:cSld><p:spTree><p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:txBody><a:p><a:r><a:t>My painting of the harbour</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
);

export function pptxParts(): Parts {
  const pptType = 'application/vnd.openxmlformats-officedocument.presentationml';
  return {
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
  };
}
