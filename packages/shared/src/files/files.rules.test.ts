import { describe, expect, it } from 'vitest';
import { extensionOf } from './files.rules.ts';

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
