import { formatRand, type Banking } from '@eisteddfod/shared';
import { ACCENT, MUTED, newStatementDocument, type Pages } from './pdf-pages.ts';
import { drawBanking, drawLearners, type StatementContent } from './statement-pdf.ts';
import { text } from './text.ts';

/** One teacher's order on the school's statement: the school's learners' entries, its money. */
export interface SchoolOrderContent {
  teacherName: string;
  orderNumber: string;
  reference: string;
  status: StatementContent['status'];
  /** The school's learners only: never another school's, never the teacher's own children. */
  learners: StatementContent['learners'];
  schoolCents: number;
  /** The rest of the order's entries, as one sum: its reference pays the whole order. */
  otherCents: number;
  surchargeCents: number;
  totalCents: number;
  paidCents: number;
  owedCents: number;
  refundedCents: number;
}

/** What the school's statement states: every teacher's order, the totals, and how to pay. */
export interface SchoolStatementContent {
  eventName: string;
  schoolName: string;
  dateText: string;
  orders: SchoolOrderContent[];
  /** Every detail set, or the sentence that says they are not (never blanks). */
  banking: Banking | { missing: string };
}

const sum = (orders: SchoolOrderContent[], key: keyof SchoolOrderContent & `${string}Cents`) =>
  orders.reduce((n, o) => n + o[key], 0);

function drawOrder(pages: Pages, o: SchoolOrderContent) {
  pages.need(6);
  pages.gap(10);
  pages.line(text('orderHeading', { teacher: o.teacherName, orderNumber: o.orderNumber }), {
    bold: true,
    size: 12,
    color: ACCENT,
  });
  pages.line(text('orderState', { reference: o.reference, status: text(`status.${o.status}`) }), {
    color: MUTED,
  });
  drawLearners(pages, o.learners);
  pages.gap(4);
  pages.rule();
  pages.line(text('schoolEntries'), { right: formatRand(o.schoolCents) });
  if (o.otherCents > 0) pages.line(text('otherEntries'), { right: formatRand(o.otherCents) });
  if (o.surchargeCents > 0) pages.line(text('surcharge'), { right: formatRand(o.surchargeCents) });
  pages.line(text('orderTotal'), { bold: true, right: formatRand(o.totalCents) });
  pages.line(text('paid'), { right: formatRand(o.paidCents) });
  if (o.refundedCents > 0) pages.line(text('refunded'), { right: formatRand(o.refundedCents) });
  pages.line(text('owedOn', { reference: o.reference }), {
    bold: true,
    right: formatRand(o.owedCents),
  });
}

function drawTotals(pages: Pages, orders: SchoolOrderContent[]) {
  pages.need(8);
  pages.gap(14);
  pages.line(text('schoolTotals'), { bold: true, size: 13, color: ACCENT });
  pages.line(text('schoolEntries'), { right: formatRand(sum(orders, 'schoolCents')) });
  pages.line(text('ordersTotal'), { bold: true, right: formatRand(sum(orders, 'totalCents')) });
  pages.line(text('paid'), { right: formatRand(sum(orders, 'paidCents')) });
  pages.line(text('refunded'), { right: formatRand(sum(orders, 'refundedCents')) });
  pages.line(text('owed'), { bold: true, right: formatRand(sum(orders, 'owedCents')) });
}

/** How to pay: each order on its own, with its own reference (no part payments, decision 020). */
function drawHowToPay(pages: Pages, s: SchoolStatementContent) {
  const owed = s.orders.filter((o) => o.owedCents > 0);
  pages.gap(12);
  pages.need(8);
  pages.line(text('payHeading'), { bold: true, size: 13, color: ACCENT });
  if (s.orders.length === 0) {
    pages.paragraph(text('noOrders'));
    return;
  }
  // Said whatever is owed: a payment found by a reference pays that order alone.
  pages.paragraph(text('eachReference'));
  if (owed.length === 0) {
    pages.paragraph(text('schoolPaidInFull'));
    return;
  }
  pages.paragraph(text('schoolPayByCard'));
  if ('missing' in s.banking) {
    pages.paragraph(s.banking.missing, { bold: true });
    return;
  }
  pages.paragraph(text('schoolPayByEft'));
  drawBanking(pages, s.banking);
  pages.gap(4);
  for (const o of owed)
    pages.line(
      text('referenceLine', {
        reference: o.reference,
        teacher: o.teacherName,
        orderNumber: o.orderNumber,
      }),
      { bold: true, right: formatRand(o.owedCents) },
    );
}

/** The school's statement across its teachers, A4, as many pages as its entries need. */
export async function buildSchoolStatementPdf(s: SchoolStatementContent): Promise<Uint8Array> {
  const { doc, pages } = await newStatementDocument(
    text('schoolDocumentTitle', { school: s.schoolName, event: s.eventName }),
    s.eventName,
    text('schoolFooter', { event: s.eventName, school: s.schoolName }),
  );
  pages.line(`${text('schoolTitle')}: ${s.eventName}`, { bold: true, size: 18, color: ACCENT });
  pages.gap(6);
  pages.line(`${text('school')}: ${s.schoolName}`, { bold: true });
  pages.line(`${text('date')}: ${s.dateText}`, {});
  const learners = s.orders.flatMap((o) => o.learners);
  pages.line(
    text('schoolSummary', {
      orders: s.orders.length,
      entries: learners.reduce((n, l) => n + l.entries.length, 0),
      learners: learners.length,
    }),
    { color: MUTED },
  );
  for (const o of s.orders) drawOrder(pages, o);
  if (s.orders.length > 0) drawTotals(pages, s.orders);
  drawHowToPay(pages, s);
  return doc.save();
}
