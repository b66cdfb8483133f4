/** The four competition sections of spec 9 ("Lists"), in the order the Sections screen shows them. */
export const SECTIONS = ['Dramatic Arts', 'Music', 'Visual Arts & Design', 'Dance'] as const;
export type Section = (typeof SECTIONS)[number];

/** Sections whose entries are images or documents rather than performances (spec 2, Uploads portal). */
export function isVisualArtsSection(section: Section): boolean {
  return section === 'Visual Arts & Design';
}
