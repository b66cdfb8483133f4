import { formatRand, type Banking } from '@eisteddfod/shared';
import { ACCENT, MUTED, newStatementDocument, type Pages } from './pdf-pages.ts';
import { text } from './text.ts';

/** What a statement states: one order, each learner's entries, its money and where to pay. */
export interface StatementContent {
  eventName: string;
  schoolName: string;
  teacherName: string;
  orderNumber: string;
  reference: string;
  dateText: string;
  status: 'cart' | 'awaiting_payment' | 'paid';
  learners: {
    name: string;
    grade: string;
    entries: { item: string; section: string; group: string | null; feeCents: number }[];
  }[];
  subtotalCents: number;
  surchargeCents: number;
  totalCents: number;
  paidCents: number;
  refundedCents: number;
  /** Every detail set, or the sentence that says they are not (never blanks). */
  banking: Banking | { missing: string };
}

function drawMoney(pages: Pages, s: StatementContent) {
  const owed = s.status === 'paid' ? 0 : s.totalCents - s.paidCents;
  pages.gap();
  pages.rule();
  pages.line(text('subtotal'), { right: formatRand(s.subtotalCents) });
  if (s.surchargeCents > 0) pages.line(text('surcharge'), { right: formatRand(s.surchargeCents) });
  pages.line(text('total'), { bold: true, right: formatRand(s.totalCents) });
  pages.line(text('paid'), { right: formatRand(s.paidCents) });
  if (s.refundedCents > 0) pages.line(text('refunded'), { right: formatRand(s.refundedCents) });
  pages.line(text('owed'), { bold: true, right: formatRand(owed) });
  pages.gap(12);
  pages.need(8);
  pages.line(text('payHeading'), { bold: true, size: 13, color: ACCENT });
  if (owed === 0) {
    pages.paragraph(text('paidInFull'));
    return;
  }
  pages.paragraph(text('payByCard'));
  if ('missing' in s.banking) {
    pages.paragraph(s.banking.missing, { bold: true });
    return;
  }
  pages.paragraph(text('payByEft', { reference: s.reference }));
  drawBanking(pages, s.banking, [
    [text('reference'), s.reference],
    [text('amount'), formatRand(owed)],
  ]);
}

/** The account an EFT goes to, then `more` lines (a reference, an amount), the reference bold. */
export function drawBanking(pages: Pages, b: Banking, more: (readonly [string, string])[] = []) {
  for (const [label, value] of [
    [text('bankName'), b.bankName],
    [text('accountName'), b.accountName],
    [text('accountNumber'), b.accountNumber],
    [text('branchCode'), b.branchCode],
    ...more,
  ] as const)
    pages.line(`${label}: ${value}`, { bold: label === text('reference') });
}

/** Each learner in bold with their entries: item, section and fee, and a group's name. */
export function drawLearners(pages: Pages, learners: StatementContent['learners']) {
  for (const learner of learners) {
    pages.need(3);
    pages.gap(6);
    pages.line(text('learner', { name: learner.name, grade: learner.grade }), { bold: true });
    for (const e of learner.entries) {
      pages.line(`   ${e.item}`, { middle: e.section, right: formatRand(e.feeCents) });
      if (e.group)
        pages.line(`      ${text('groupLine', { group: e.group })}`, { size: 8.5, color: MUTED });
    }
  }
}

/** A school's statement of one order, A4, as many pages as its entries need. */
export async function buildStatementPdf(s: StatementContent): Promise<Uint8Array> {
  const { doc, pages } = await newStatementDocument(
    text('documentTitle', { orderNumber: s.orderNumber, school: s.schoolName }),
    s.eventName,
    text('footer', { event: s.eventName, reference: s.reference }),
  );
  pages.line(`${text('title')}: ${s.eventName}`, { bold: true, size: 18, color: ACCENT });
  pages.gap(6);
  for (const [label, value] of [
    [text('school'), s.schoolName],
    [text('teacher'), s.teacherName],
    [text('order'), s.orderNumber],
    [text('reference'), s.reference],
    [text('date'), s.dateText],
    [text('status'), text(`status.${s.status}`)],
  ] as const)
    pages.line(`${label}: ${value}`, { bold: label === text('reference') });
  const entries = s.learners.reduce((n, l) => n + l.entries.length, 0);
  pages.line(text('entryCount', { count: entries, learners: s.learners.length }), { color: MUTED });
  drawLearners(pages, s.learners);
  drawMoney(pages, s);
  return doc.save();
}
