import { describe, expect, it } from 'vitest';
import {
  buildEntryFileName,
  ENTRY_STATUS,
  entryStatus,
  isAllowedDocument,
  isAllowedMedia,
  isVideoFileName,
} from './uploads.rules.ts';

describe('allowed upload types (spec 5)', () => {
  it('takes the listed documents and media whatever the case of the extension', () => {
    expect(isAllowedDocument('score.PDF')).toBe(true);
    expect(isAllowedDocument('photo.heic')).toBe(true);
    expect(isAllowedMedia('clip.MOV')).toBe(true);
    expect(isAllowedMedia('clip.MPG')).toBe(true);
    expect(isAllowedDocument('art.png')).toBe(true);
  });
  it('refuses what is not listed, and names without an extension', () => {
    expect(isAllowedDocument('clip.mp4')).toBe(false);
    expect(isAllowedMedia('score.pdf')).toBe(false);
    expect(isAllowedMedia('clip.avi')).toBe(false);
    expect(isAllowedDocument('essay.pdf')).toBe(true);
    expect(isAllowedDocument('README')).toBe(false);
  });
  it('counts a name as video by the markers of spec 5', () => {
    expect(isVideoFileName('MU101_a.MOV')).toBe(true);
    expect(isVideoFileName('song.wav')).toBe(true);
    expect(isVideoFileName('score.pdf')).toBe(false);
  });
});

describe('entry status (spec 4)', () => {
  it('is complete with a main file, even after the deadline', () => {
    expect(entryStatus(true, false)).toBe(ENTRY_STATUS.complete);
    expect(entryStatus(true, true)).toBe(ENTRY_STATUS.complete);
  });
  it('is expired without a main file after the deadline, incomplete before', () => {
    expect(entryStatus(false, true)).toBe(ENTRY_STATUS.expired);
    expect(entryStatus(false, false)).toBe(ENTRY_STATUS.incomplete);
  });
});

describe('entry file name (spec 5)', () => {
  it('is built from code, names, grade, school and the local date and time', () => {
    const name = buildEntryFileName({
      code: 'MU101',
      firstName: 'Thandi',
      surname: 'Nkosi',
      grade: '7',
      school: 'Greenside High School',
      originalFileName: 'IMG_0001.MOV',
      at: new Date('2025-04-21T12:30:05Z'),
      timeZone: 'Africa/Johannesburg',
    });
    expect(name).toBe('MU101_Thandi_Nkosi_Gr7_Greenside-High-School_20250421-143005.mov');
  });
  it('keeps only safe characters, so a name can never be a path', () => {
    const name = buildEntryFileName({
      code: 'VA/1',
      firstName: '../../etc',
      surname: 'Zoë',
      grade: 'R',
      school: '',
      originalFileName: 'a.pdf',
      at: new Date('2025-04-21T22:30:00Z'),
      timeZone: 'Africa/Johannesburg',
    });
    expect(name).toBe('VA-1_etc_Zoe_GrR_x_20250422-003000.pdf');
    expect(name).not.toMatch(/[/\\]/);
  });
});
