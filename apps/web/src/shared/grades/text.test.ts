import { GRADES } from '@eisteddfod/shared';
import { describe, expect, it } from 'vitest';
import { gradeOptions } from './text.ts';

describe('gradeOptions', () => {
  it("says every grade with its ages as spec 9's list does, word for word", () => {
    expect(gradeOptions()).toEqual(GRADES.map(({ value, label }) => ({ value, label })));
    expect(gradeOptions()[0]).toEqual({ value: 'R', label: 'Grade R (5-6 years)' });
    expect(gradeOptions()[5]).toEqual({ value: '5', label: 'Grade 5 (10-11 years)' });
  });
});
