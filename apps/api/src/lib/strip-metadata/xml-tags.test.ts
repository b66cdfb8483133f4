import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stripMetadata, UnreadableFileError } from './index.ts';
import { docxParts, P, pptxParts, timed, xml } from './test-fixtures.ts';

describe('stripMetadata: Word and PowerPoint parts whose tags never close', () => {
  it.each([
    ['docx', 'docProps/app.xml', '<Company>x'.repeat(80_000)],
    ['docx', '_rels/.rels', '<Relationship '.repeat(80_000)],
    ['docx', 'word/_rels/document.xml.rels', '<Relationship Id="rId1" '.repeat(80_000)],
    ['docx', '[Content_Types].xml', '<Override '.repeat(80_000)],
    ['pptx', 'ppt/commentAuthors.xml', `<p:cmAuthorLst ${P}>${'<p:cmAuthor '.repeat(80_000)}`],
  ])(
    'takes linear time over a %s whose %s never closes its tags',
    async (extension, part, body) => {
      const parts = extension === 'docx' ? await docxParts() : pptxParts();
      const input = Buffer.from(zipSync({ ...parts, [part]: strToU8(xml(body)) }));

      const { ms, result } = await timed(() => stripMetadata(extension, input));

      expect(ms).toBeLessThan(200);
      if (result instanceof Error) expect(result).toBeInstanceOf(UnreadableFileError);
      else expect(result).toMatchObject({ extension });
    },
  );
});
