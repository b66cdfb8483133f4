import { describe, expect, it } from 'vitest';
import {
  AUDIO_EXTENSIONS,
  DOCUMENT_EXTENSIONS,
  extensionOf,
  fileAccept,
  hasExtensionIn,
  MEDIA_EXTENSIONS,
  PICTURE_EXTENSIONS,
} from './files.rules.ts';

describe('file extensions', () => {
  it('reads the last extension, lower case', () => {
    expect(extensionOf('Recital.Take2.MOV')).toBe('mov');
    expect(extensionOf('photo.heic')).toBe('heic');
  });
  it('finds none in a name without one, a hidden file or a trailing dot', () => {
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.mp4')).toBe('');
    expect(extensionOf('a.')).toBe('');
  });
});

describe('the file types of each kind of upload', () => {
  it('are the lists of spec 5, in their order', () => {
    expect(PICTURE_EXTENSIONS.join(' ')).toBe('heic heif jpeg jpg pdf png tiff pptx psd');
    expect(DOCUMENT_EXTENSIONS.join(' ')).toBe(
      'heic heif jpeg jpg pdf png tiff pptx psd docx doc txt',
    );
    expect(MEDIA_EXTENSIONS.join(' ')).toBe('m4a m4v mov mp3 mp4 mpeg mpg ogg wav webm wmv');
    expect(AUDIO_EXTENSIONS.every((extension) => MEDIA_EXTENSIONS.includes(extension))).toBe(true);
  });
  it('match a file name in any case', () => {
    expect(hasExtensionIn(MEDIA_EXTENSIONS, 'Clip.MOV')).toBe(true);
    expect(hasExtensionIn(PICTURE_EXTENSIONS, 'essay.docx')).toBe(false);
  });
  it("give a file input's accept attribute, MIME families first", () => {
    expect(fileAccept(['png', 'jpg'])).toBe('.png,.jpg');
    expect(fileAccept(['mp4'], ['video/*', 'audio/*'])).toBe('video/*,audio/*,.mp4');
  });
});
