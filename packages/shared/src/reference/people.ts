/** Grades R and 1 to 12 with their usual ages (spec 9, "Lists"). */
export const GRADES = [
  { value: 'R', label: 'Grade R (5-6 years)' },
  ...Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: `Grade ${i + 1} (${i + 6}-${i + 7} years)`,
  })),
] as const satisfies readonly { value: string; label: string }[];
export const GRADE_VALUES = GRADES.map((g) => g.value) as [string, ...string[]];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** Instruments a contestant picks for items that require one (spec 9, "Lists"). */
export const INSTRUMENTS = [
  'Guitar',
  'Piano/Keyboard',
  'Strings',
  'Contemporary Ensemble',
  'Electronic/Computer Production',
  'Drums',
  'Brass',
  'Woodwinds',
  'Band',
  'Any Other',
] as const;
