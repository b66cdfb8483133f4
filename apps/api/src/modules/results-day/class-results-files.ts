import { medalFor, type Section } from '@eisteddfod/shared';
import { csvRow } from '../../lib/csv.ts';
import type { ClassCertificate, ClassResultRow } from './class-results.repository.ts';

// The two files of a class's results pack (decision 067), as pure functions of its rows.

/** A Section Winner title of a learner, on the row of the entry that won it. */
export interface ClassTitle {
  sectionWinnerId: number;
  bestOrderItemId: number;
  section: Section;
  bandLabel: string;
}

const HEADER = [
  'Surname',
  'First name',
  'Grade',
  'Teacher',
  'Item code',
  'Item',
  'Section',
  'Score',
  'Medal',
  'Placing',
  'Certificate number',
];

/** Words a family reads for a title (the results page's 'Section Winner: {section}, {band}'). */
const titleText = (t: Pick<ClassTitle, 'section' | 'bandLabel'>) =>
  `Section Winner: ${t.section}, ${t.bandLabel}`;

/** The certificate numbers of one entry: its own, and the name on each when several (a group). */
function certificateNumbers(row: ClassResultRow, certs: ClassCertificate[]): string {
  const own = certs.filter((c) => c.sectionWinnerId === null);
  if (own.length === 1 && !row.isGroupItem) return own[0]!.verificationCode;
  return own.map((c) => `${c.firstName} ${c.surname}: ${c.verificationCode}`).join('; ');
}

/**
 * The class's results as a spreadsheet opens them: UTF-8 with a byte-order mark, one row per
 * entry, every cell through csvCell (no formula runs). Score and medal only of a published
 * mark, as a family sees them; the placing is the learner's Section Winner title on the entry
 * that won it.
 */
export function classResultsCsv(
  rows: ClassResultRow[],
  certs: ClassCertificate[],
  titles: ClassTitle[],
): string {
  const byEntry = new Map<number, ClassCertificate[]>();
  for (const c of certs) byEntry.set(c.orderItemId, [...(byEntry.get(c.orderItemId) ?? []), c]);
  const lines = rows.map((r) => {
    const published = r.publishedAt !== null && r.total !== null;
    const placing = titles
      .filter((t) => t.bestOrderItemId === r.orderItemId)
      .map(titleText)
      .join('; ');
    const title = r.isGroupItem && r.groupName ? `${r.itemTitle} (${r.groupName})` : r.itemTitle;
    return csvRow([
      r.surname,
      r.firstName,
      r.grade,
      r.teacher,
      r.itemCode,
      title,
      r.section,
      published ? r.total : '',
      published ? medalFor(r.total!) : '',
      placing,
      published ? certificateNumbers(r, byEntry.get(r.orderItemId) ?? []) : '',
    ]);
  });
  return '\uFEFF' + csvRow(HEADER) + lines.join('');
}

/** Longest name before '.pdf': well inside every file system's 255 bytes, even in UTF-8. */
const MAX_NAME = 120;

/**
 * A file name a teacher can hand out, safe on Windows, macOS and Linux: no path separators,
 * no characters Windows refuses (< > : " / \ | ? *), no control characters, no leading or
 * trailing dots and spaces, runs of spaces as one, at most MAX_NAME characters.
 */
export function safeFileName(text: string): string {
  const printable = [...text.normalize('NFC')]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' ? ' ' : ch))
    .join('');
  const cleaned = printable
    .replace(/[<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const cut = [...cleaned]
    .slice(0, MAX_NAME)
    .join('')
    .replace(/[\s.]+$/g, '');
  return cut || 'Certificate';
}

/**
 * Each certificate's name in the ZIP: 'Surname Firstname - CODE Item.pdf', or '… - Section
 * Winner …' for a title; a second file of the same name gets ' (2)', then ' (3)', compared
 * without case (Windows and macOS would overwrite one with the other).
 */
export function certificateNames(
  certs: ClassCertificate[],
  titles: Map<number, ClassTitle>,
): string[] {
  const used = new Set<string>();
  return certs.map((c) => {
    const title = c.sectionWinnerId === null ? undefined : titles.get(c.sectionWinnerId);
    const what = title ? titleText(title) : `${c.itemCode} ${c.itemTitle}`;
    const base = safeFileName(`${c.surname} ${c.firstName} - ${what}`);
    let name = `${base}.pdf`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n}).pdf`;
    used.add(name.toLowerCase());
    return name;
  });
}
