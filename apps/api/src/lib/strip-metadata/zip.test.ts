import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stripMetadata, UnreadableFileError } from './index.ts';
import { docxParts, timed, W, xml } from './test-fixtures.ts';

/** The zip with one entry's uncompressed size, in its local header and the central directory, set to `size`. */
function withStatedSize(zip: Uint8Array, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf('PK\x01\x02'); at !== -1; at = out.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.toString('latin1', at + 46, at + 46 + nameLength) !== name) continue;
    out.writeUInt32LE(size, at + 24);
    out.writeUInt32LE(size, out.readUInt32LE(at + 42) + 22);
  }
  return out;
}

describe('stripMetadata: zip bombs in Word and PowerPoint files', () => {
  it('refuses a part too large to edit, before inflating it', async () => {
    const huge = `<w:document ${W}><w:body>${' '.repeat(17 * 1024 * 1024)}</w:body></w:document>`;
    const input = zipSync({ ...(await docxParts()), 'word/document.xml': strToU8(xml(huge)) });

    await expect(stripMetadata('docx', Buffer.from(input))).rejects.toThrow(UnreadableFileError);
  });

  it('refuses a zip whose entries say they unzip to more than 200 MB, before inflating them', async () => {
    const zip = zipSync({ ...(await docxParts()), 'word/media/video.mp4': new Uint8Array(1000) });
    const input = withStatedSize(zip, 'word/media/video.mp4', 300 * 1024 * 1024);

    const { ms, result } = await timed(() => stripMetadata('docx', input));

    expect(result).toBeInstanceOf(UnreadableFileError);
    expect(ms).toBeLessThan(200);
  });

  it('refuses an entry that inflates to more than its stated size, without inflating it all', async () => {
    const zip = zipSync({
      ...(await docxParts()),
      'word/embeddings/data.bin': new Uint8Array(30 * 1024 * 1024),
    });
    const input = withStatedSize(zip, 'word/embeddings/data.bin', 1024);

    const { ms, result } = await timed(() => stripMetadata('docx', input));

    expect(result).toBeInstanceOf(UnreadableFileError);
    expect(ms).toBeLessThan(200);
  });
});
