import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripMetadata, UnreadableFileError } from './index.ts';
import {
  DOCUMENT_XML,
  docxParts,
  expectCleanJpeg,
  NAME,
  pngWithText,
  pptxParts,
  SLIDE_XML,
  STYLES_XML,
  taggedJpeg,
} from './test-fixtures.ts';

const namedDocx = async () => zipSync(await docxParts());

const namedPptx = () => zipSync(pptxParts());

const unzippedText = (bytes: Uint8Array) =>
  Object.entries(unzipSync(bytes))
    .map(([name, data]) => `${name}\n${Buffer.from(data).toString('latin1')}`)
    .join('\n');

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

  it.each([
    ['docx', 'word/media/image1.jpeg', 'word/media/image2.png'],
    ['pptx', 'ppt/media/image1.jpg', 'ppt/media/image2.png'],
  ])('drops the metadata of the pictures in a %s, losslessly', async (extension, jpg, png) => {
    const jpeg = await taggedJpeg();
    const text = await pngWithText();
    const parts = extension === 'docx' ? await docxParts() : pptxParts();
    const input = zipSync({ ...parts, [jpg]: jpeg, [png]: text });

    const copy = await stripMetadata(extension, Buffer.from(input));

    const files = unzipSync(copy?.data ?? Buffer.alloc(0));
    for (const name of ['Thandeka', 'Greenside'])
      expect(unzippedText(copy?.data ?? Buffer.alloc(0))).not.toContain(name);
    await expectCleanJpeg(files[jpg], jpeg);
    const metadata = await sharp(files[png]).metadata();
    expect(metadata.comments).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(await sharp(files[png]).raw().toBuffer()).toEqual(await sharp(text).raw().toBuffer());
  });
});
