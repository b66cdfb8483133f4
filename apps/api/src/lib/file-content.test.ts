import { describe, expect, it } from 'vitest';
import { contentMatchesExtension, detectContent } from './file-content.ts';

const bytes = (...b: number[]) => Buffer.from(b);
const withAscii = (s: string, pad = 16) =>
  Buffer.concat([Buffer.from(s, 'latin1'), Buffer.alloc(pad)]);
const ftyp = (brand: string) =>
  Buffer.concat([bytes(0, 0, 0, 0x18), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(16)]);

describe('detectContent', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10)],
    ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0)],
    ['tiff', bytes(0x49, 0x49, 0x2a, 0x00, 8, 0)],
    ['pdf', withAscii('%PDF-1.7')],
    ['psd', withAscii('8BPS')],
    ['heif', ftyp('heic')],
    ['iso-media', ftyp('isom')],
    ['iso-media', ftyp('qt  ')],
    ['ebml', bytes(0x1a, 0x45, 0xdf, 0xa3, 1)],
    ['ogg', withAscii('OggS')],
    ['wav', withAscii('RIFF\0\0\0\0WAVEfmt ')],
    ['mp3', withAscii('ID3\x04')],
    ['asf', bytes(0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6)],
    ['text', Buffer.from('My poem\nis about the sea – and café', 'utf8')],
  ])('recognises %s', (kind, data) => {
    expect(detectContent(data)).toBe(kind);
  });

  it('tells PowerPoint and Word files apart from other zips', () => {
    const zip = (entry: string) =>
      Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(26), Buffer.from(entry)]);
    expect(detectContent(zip('ppt/slides/slide1.xml'))).toBe('pptx');
    expect(detectContent(zip('word/document.xml'))).toBe('docx');
    expect(detectContent(zip('other.txt'))).toBe('zip');
  });

  it('does not call binary noise text', () => {
    expect(detectContent(bytes(0x00, 0x13, 0x37, 0x00, 0xfe))).toBeUndefined();
  });
});

describe('contentMatchesExtension', () => {
  it('accepts a matching pair, in any case of the extension', () => {
    expect(contentMatchesExtension('JPG', 'jpeg')).toBe(true);
    expect(contentMatchesExtension('mov', 'iso-media')).toBe(true);
  });

  it('refuses a file whose content is not what its extension says', () => {
    expect(contentMatchesExtension('jpg', 'pdf')).toBe(false);
    expect(contentMatchesExtension('png', 'text')).toBe(false);
    expect(contentMatchesExtension('jpg', undefined)).toBe(false);
    expect(contentMatchesExtension('exe', 'jpeg')).toBe(false);
  });
});
