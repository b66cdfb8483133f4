import { text } from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { issueWords } from './issue-words.ts';

describe('issueWords (decision 057)', () => {
  it('says text()’s check by its id, and keeps any other message as written', () => {
    const refused = text().safeParse('Ayanda\u0000').error?.issues[0]?.message ?? '';
    expect(refused).toBe('validation.controlCharacters');
    expect(issueWords(refused)).toBe(
      'Please remove the control characters (such as NUL) from this text.',
    );
    expect(issueWords('Please check this value.')).toBe('Please check this value.');
  });
});
