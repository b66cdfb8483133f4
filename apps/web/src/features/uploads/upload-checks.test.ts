import { describe, expect, it } from 'vitest';
import { entry, upload } from './test/fixtures.ts';
import { checkChosenFiles, isDuplicateName, mainFiles, supportingFiles } from './upload-checks.ts';
import { formatBytes } from './upload-messages.ts';
import { uploadSettings } from './upload-settings.ts';

const settings = uploadSettings(undefined);
const fileOf = (name: string, size: number) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('checks before an upload (spec 5 and 8)', () => {
  it('takes one file of the uploader’s types, not empty, within its limit', () => {
    expect(checkChosenFiles([fileOf('a.MOV', 10)], 'video', entry(), settings)).toBeNull();
    expect(checkChosenFiles([fileOf('a.pdf', 10)], 'document', entry(), settings)).toBeNull();
    expect(
      checkChosenFiles([fileOf('a.mp4', 1), fileOf('b.mp4', 1)], 'video', entry(), settings),
    ).toBe('tooMany');
    expect(checkChosenFiles([fileOf('a.pdf', 10)], 'video', entry(), settings)).toBe('unsupported');
    expect(checkChosenFiles([fileOf('a.mp4', 10)], 'document', entry(), settings)).toBe(
      'unsupported',
    );
    expect(checkChosenFiles([fileOf('a.mp4', 0)], 'video', entry(), settings)).toBe('tooSmall');
  });

  it('holds video to its own limit and documents to theirs', () => {
    expect(
      checkChosenFiles([fileOf('a.mp4', 4 * 1024 ** 3)], 'video', entry(), settings),
    ).toBeNull();
    expect(checkChosenFiles([fileOf('a.mp4', 4 * 1024 ** 3 + 1)], 'video', entry(), settings)).toBe(
      'tooLarge',
    );
    expect(
      checkChosenFiles([fileOf('a.pdf', 25 * 1024 ** 2 + 1)], 'document', entry(), settings),
    ).toBe('tooLarge');
    const strict = { ...settings, documentMaxBytes: 100 };
    expect(checkChosenFiles([fileOf('a.png', 101)], 'image', entry(), strict)).toBe('tooLarge');
  });

  it('finds a duplicate name among the files not deleted, whatever the case', () => {
    const withFiles = entry({
      orderItemUploads: [
        upload({ originalFileName: 'Song.mp4' }),
        upload({ id: 2, originalFileName: 'old.mp4', isDeleted: true }),
        upload({ id: 3, originalFileName: 'score.pdf', uploadType: 3 }),
      ],
    });
    expect(isDuplicateName(withFiles, 'song.MP4')).toBe(true);
    expect(isDuplicateName(withFiles, 'old.mp4')).toBe(false);
    expect(checkChosenFiles([fileOf('score.pdf', 5)], 'document', withFiles, settings)).toBe(
      'duplicate',
    );
    expect(mainFiles(withFiles).map((f) => f.originalFileName)).toEqual(['Song.mp4']);
    expect(supportingFiles(withFiles).map((f) => f.originalFileName)).toEqual(['score.pdf']);
  });

  it('writes sizes as people read them', () => {
    expect(formatBytes(1)).toBe('1 bytes');
    expect(formatBytes(25 * 1024 ** 2)).toBe('25 MB');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});
