import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { png } from './test-files.ts';

/**
 * The built child that decodes families' and organisers' files (decision 030) as the server
 * forks it: bundled and split by apps/api/build.mjs, which the unit tests never run (they fork
 * the TypeScript source). Bundling a decoder can break it where the source works: a bundled
 * read-excel-file could not require Node's modules, and every XLSX was "could not be read".
 */
const childJs = path.resolve(import.meta.dirname, '../../apps/api/dist/untrusted-child.js');
const fromApi = createRequire(path.resolve(import.meta.dirname, '../../apps/api/package.json'));
const writeXlsx = fromApi('write-excel-file/node') as (rows: { value: string }[][]) => {
  toBuffer(): Promise<Buffer>;
};

type Answer = { ok: true; result: unknown } | { ok: false; name: string; message: string };

/** One child, one task, as lib/untrusted.ts runs it. */
async function inBuiltChild(task: string, input: Record<string, unknown>): Promise<Answer> {
  const child = fork(childJs, [], { stdio: 'inherit', serialization: 'advanced' });
  await new Promise((resolve) => child.once('message', resolve));
  const answer = new Promise<Answer>((resolve) => child.once('message', resolve));
  child.send({ task, input });
  return answer;
}

const AUTHOR = 'Thandi Mokoena';
const asText = (data: unknown) => Buffer.from(data as Uint8Array).toString('latin1');

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n' +
    `4 0 obj << /Author (${AUTHOR}) >> endobj\n` +
    'trailer << /Root 1 0 R /Info 4 0 R >>\n%%EOF\n',
);

const docx = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>',
    ),
    'docProps/core.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${AUTHOR}</dc:creator></cp:coreProperties>`,
    ),
    'word/document.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>My poem</w:t></w:r></w:p></w:body></w:document>',
    ),
  }),
);

const rows = [
  ['Code', 'Title'],
  ['P101', 'Solo Piano'],
];

// Not a screen: one run is enough, whatever the viewport.
test.skip(({ isMobile }) => isMobile, 'runs once, in the desktop project');

test('the built child cleans a PDF, a Word file and a picture, and reads a CSV and an XLSX', async () => {
  const cleanPdf = await inBuiltChild('stripMetadata', { extension: 'pdf', data: pdf });
  expect(cleanPdf.ok).toBe(true);
  const pdfCopy = asText((cleanPdf as { result: { data: unknown } }).result.data);
  expect(pdfCopy.startsWith('%PDF-')).toBe(true);
  expect(pdfCopy).not.toContain(AUTHOR);

  const cleanDocx = await inBuiltChild('stripMetadata', { extension: 'docx', data: docx });
  expect(cleanDocx).toMatchObject({ ok: true, result: { extension: 'docx' } });

  const cleanPng = await inBuiltChild('stripMetadata', { extension: 'png', data: png() });
  expect(cleanPng).toMatchObject({ ok: true, result: { contentType: 'image/png' } });

  const portrait = await inBuiltChild('pictureRendition', { data: png(), kind: 'png' });
  expect(portrait.ok).toBe(true);

  const csv = await inBuiltChild('parseSheet', {
    data: Buffer.from(rows.map((r) => r.join(',')).join('\n')),
  });
  expect(csv).toEqual({ ok: true, result: rows });

  const xlsx = await writeXlsx(rows.map((r) => r.map((value) => ({ value })))).toBuffer();
  expect(await inBuiltChild('parseSheet', { data: xlsx })).toEqual({ ok: true, result: rows });
});
