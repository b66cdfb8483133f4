import { describe, expect, it } from 'vitest';
import { stripMetadata, UnreadableFileError } from './index.ts';

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
