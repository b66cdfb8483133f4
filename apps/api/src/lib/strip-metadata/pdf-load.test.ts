import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { stripMetadata, UnreadableFileError } from './index.ts';
import { firstPicture, timed, u8, u32 } from './test-fixtures.ts';

/**
 * zlib data that inflates to `megabytes` MB of zeros, made without holding them: one sync-flushed
 * deflate block of a megabyte (a literal zero, then copies of it) repeated, then an empty final block.
 */
function deflatedZeros(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  const adler32 = (((megabytes * 1024 * 1024) % 65521) * 65536 + 1) >>> 0;
  return Buffer.concat([
    u8(0x78, 0x9c),
    ...Array<Buffer>(megabytes).fill(block),
    u8(0x03, 0x00),
    u32(adler32),
  ]);
}

/** A one-page PDF with an object added at the end, as an incremental update adds it. */
async function pdfWith(object: (root: string) => Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 400]);
  const bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  return Buffer.concat([bytes, object(String(doc.context.trailerInfo.Root))]);
}

const streamObject = (dict: string, body: Buffer) =>
  Buffer.concat([
    Buffer.from(`\n90 0 obj\n<< ${dict} /Length ${body.length} >>\nstream\n`, 'latin1'),
    body,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);

describe('stripMetadata: PDF parsing within limits', () => {
  it('finds where streams end in linear time when nothing closes them', async () => {
    // Each stream opens another inside it, so none is closed: pdf-lib would read from each to the
    // end of the file, 4,000 times over.
    const streams = Array.from(
      { length: 4000 },
      (_, i) => `${1000 + i} 0 obj\n<< >>\nstream\nstream\nendstream\nendobj\n`,
    ).join('');
    const input = await pdfWith(() => Buffer.from(streams, 'latin1'));
    // pdf-lib warns of each object it keeps as bytes.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const { ms, result } = await timed(() => stripMetadata('pdf', input));

    warn.mockRestore();
    expect(result).toMatchObject({ extension: 'pdf' });
    expect(ms).toBeLessThan(1000);
  });

  it('refuses an object stream that inflates past the limit, without inflating it all', async () => {
    const bomb = deflatedZeros(300);
    const input = await pdfWith(() =>
      streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb),
    );
    expect(input.length).toBeLessThan(400_000);
    const rss = process.memoryUsage().rss;

    const { ms, result } = await timed(() => stripMetadata('pdf', input));

    expect(result).toBeInstanceOf(UnreadableFileError);
    expect(ms).toBeLessThan(2000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(150 * 1024 * 1024);
  });

  it('parses the objects of an object stream once each, wherever their offsets point', async () => {
    // 3,000 objects all said to start at the same 100 KB array: pdf-lib would parse it 3,000 times.
    const count = 3000;
    const header = Array.from({ length: count }, (_, i) => `${i + 100} 0`).join(' ');
    const body = Buffer.from(`${header}\n[${'0 '.repeat(50_000)}]`, 'latin1');
    const input = await pdfWith(() =>
      streamObject(`/Type /ObjStm /N ${count} /First ${header.length + 1}`, body),
    );

    const { ms, result } = await timed(() => stripMetadata('pdf', input));

    expect(result).toMatchObject({ extension: 'pdf' });
    expect(ms).toBeLessThan(2000);
  });

  it('reads the catalog and page from an object stream behind two filters', async () => {
    const objects = [
      '<< /Type /Catalog /Pages 3 0 R >>',
      '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 120 80] >>',
    ].map((object) => `${object}\n`);
    const offsets = objects.map((_, i) => objects.slice(0, i).join('').length);
    const header = offsets.map((offset, i) => `${i + 2} ${offset}`).join(' ');
    const body = Buffer.from(`${header}\n${objects.join('')}`, 'latin1');
    const hex = Buffer.from(`${deflateSync(body).toString('hex')}>`, 'latin1');
    const input = Buffer.concat([
      Buffer.from('%PDF-1.7\n', 'latin1'),
      streamObject(
        `/Type /ObjStm /N 3 /First ${header.length + 1} /Filter [/ASCIIHexDecode /FlateDecode]`,
        hex,
      ),
      Buffer.from('trailer\n<< /Root 2 0 R >>\n%%EOF\n', 'latin1'),
    ]);

    const copy = await stripMetadata('pdf', input);

    const [page] = (await PDFDocument.load(copy?.data ?? new Uint8Array())).getPages();
    expect(page?.getSize()).toEqual({ width: 120, height: 80 });
  });

  it('refuses an LZW object stream that could decode past the limit', async () => {
    // LZW turns 12 bits into as many as 3,800 bytes: 30 KB could be 78 MB.
    const input = await pdfWith(() =>
      streamObject('/Type /ObjStm /N 1 /First 4 /Filter /LZWDecode', Buffer.alloc(30_000, 0x5a)),
    );

    await expect(stripMetadata('pdf', input)).rejects.toThrow(UnreadableFileError);
  });

  it('reads a cross-reference stream for its trailer only, however many entries it claims', async () => {
    const input = await pdfWith((root) =>
      streamObject(
        `/Type /XRef /W [0 0 0] /Index [0 5000000] /Size 5000000 /Root ${root}`,
        Buffer.alloc(0),
      ),
    );

    const { ms, result } = await timed(() => stripMetadata('pdf', input));

    expect(ms).toBeLessThan(500);
    const copy = result as Awaited<ReturnType<typeof stripMetadata>>;
    expect((await PDFDocument.load(copy?.data ?? new Uint8Array())).getPageCount()).toBe(1);
  });

  it('copies other compressed streams without inflating them', async () => {
    const input = await pdfWith(() =>
      streamObject(
        '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
        deflatedZeros(300),
      ),
    );
    const rss = process.memoryUsage().rss;

    const { ms, result } = await timed(() => stripMetadata('pdf', input));

    expect(result).toMatchObject({ extension: 'pdf' });
    expect(ms).toBeLessThan(2000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(150 * 1024 * 1024);
  });

  it('keeps a large compressed picture in a PDF with object streams', async () => {
    const noise = await sharp({
      create: {
        width: 1000,
        height: 700,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(noise);
    doc.addPage([500, 350]).drawImage(image, { x: 0, y: 0, width: 500, height: 350 });
    const input = Buffer.from(await doc.save());
    expect(input.length).toBeGreaterThan(1_500_000);

    const copy = await stripMetadata('pdf', input);

    const kept = Buffer.from((await firstPicture(copy?.data ?? new Uint8Array())).contents);
    expect(kept.length).toBeGreaterThan(1_500_000);
    // Buffer.equals: toEqual compares 2 MB element by element, for seconds.
    expect(kept.equals((await firstPicture(input)).contents)).toBe(true);
  });
});
