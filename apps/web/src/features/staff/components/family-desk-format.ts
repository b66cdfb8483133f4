// How the family desk writes a moment: '10 Mar 2025, 14:05', or a dash for none.

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });
export const at = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');
