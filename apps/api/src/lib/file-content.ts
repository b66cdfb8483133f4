/**
 * What a file really is, read from its first bytes, so that an upload is accepted only when its
 * content matches its extension (architecture guide, Security model: uploads).
 */
export type ContentKind =
  | 'jpeg'
  | 'png'
  | 'heif'
  | 'tiff'
  | 'pdf'
  | 'pptx'
  | 'docx'
  | 'zip'
  | 'psd'
  | 'ole'
  | 'text'
  | 'iso-media'
  | 'ebml'
  | 'ogg'
  | 'wav'
  | 'mp3'
  | 'mpeg'
  | 'asf';

const startsWith = (b: Buffer, bytes: number[], at = 0) =>
  b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, at: number, length: number) =>
  b.subarray(at, at + length).toString('latin1');

const HEIF_BRANDS = [
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'heif',
  'avif',
];

function isText(b: Buffer): boolean {
  const sample = b.subarray(0, 8192);
  if (sample.includes(0)) return false;
  // A cut multi-byte character at the end of the sample is fine; anything else invalid is not.
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  const invalid = (decoded.match(/\uFFFD/g) ?? []).length;
  return invalid <= 1;
}

/** Reads the kind of content from the start of a file (the first 4 KB are enough but for zips). */
export function detectContent(b: Buffer): ContentKind | undefined {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (ascii(b, 0, 5) === '%PDF-') return 'pdf';
  if (ascii(b, 0, 4) === '8BPS') return 'psd';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    // Office files are zips whose entries name their kind.
    const names = b.toString('latin1');
    if (names.includes('ppt/')) return 'pptx';
    if (names.includes('word/')) return 'docx';
    return 'zip';
  }
  if (ascii(b, 4, 4) === 'ftyp') {
    const brand = ascii(b, 8, 4).toLowerCase();
    return HEIF_BRANDS.includes(brand) ? 'heif' : 'iso-media';
  }
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return 'ebml';
  if (ascii(b, 0, 4) === 'OggS') return 'ogg';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE') return 'wav';
  if (startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (startsWith(b, [0x00, 0x00, 0x01, 0xba]) || startsWith(b, [0x00, 0x00, 0x01, 0xb3]))
    return 'mpeg';
  if (ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) return 'mp3';
  if (b.length > 0 && isText(b)) return 'text';
  return undefined;
}

/** The content each allowed extension must have (spec 5, upload types). */
const EXPECTED: Record<string, ContentKind[]> = {
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
  heic: ['heif'],
  heif: ['heif'],
  tiff: ['tiff'],
  tif: ['tiff'],
  pdf: ['pdf'],
  pptx: ['pptx'],
  docx: ['docx'],
  psd: ['psd'],
  doc: ['ole'],
  txt: ['text'],
  mp4: ['iso-media'],
  m4v: ['iso-media'],
  m4a: ['iso-media'],
  mov: ['iso-media'],
  '3gp': ['iso-media'],
  webm: ['ebml'],
  ogg: ['ogg'],
  wav: ['wav'],
  mp3: ['mp3'],
  mpeg: ['mpeg', 'mp3'],
  mpg: ['mpeg'],
  wmv: ['asf'],
};

export function contentMatchesExtension(
  extension: string,
  content: ContentKind | undefined,
): boolean {
  return content !== undefined && (EXPECTED[extension.toLowerCase()] ?? []).includes(content);
}

export const CONTENT_TYPES: Record<ContentKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  heif: 'image/heic',
  tiff: 'image/tiff',
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  psd: 'image/vnd.adobe.photoshop',
  ole: 'application/msword',
  text: 'text/plain; charset=utf-8',
  'iso-media': 'video/mp4',
  ebml: 'video/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  mpeg: 'video/mpeg',
  asf: 'video/x-ms-wmv',
};

/** The content type a file of this extension is served with (the first kind it may be). */
export function contentTypeForExtension(extension: string): string {
  const kind = EXPECTED[extension.toLowerCase()]?.[0];
  return kind ? CONTENT_TYPES[kind] : 'application/octet-stream';
}

/** Kinds a browser shows itself; anything else is offered as a download. */
const SHOWN_INLINE = new Set<ContentKind>([
  'jpeg',
  'png',
  'pdf',
  'text',
  'iso-media',
  'ebml',
  'ogg',
  'wav',
  'mp3',
]);
export function opensInBrowser(extension: string): boolean {
  const kind = EXPECTED[extension.toLowerCase()]?.[0];
  return kind !== undefined && SHOWN_INLINE.has(kind);
}
