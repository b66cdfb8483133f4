import {
  SECTIONS,
  formatLongDate,
  formatRand,
  type EventContent,
  type EventSummary,
  type Item,
} from '@eisteddfod/shared';
import { PdfWriter } from './pdf-writer.ts';

/** The prospectus: dates, fees, rules, and every item of every category (issue 7). */
export async function buildProspectus(
  event: EventSummary,
  content: EventContent | undefined,
  items: Omit<Item, 'deadlinePassed'>[],
): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(`${event.name} prospectus`, `${event.name} prospectus`);
  pdf.heading(event.name, 1);
  if (content) pdf.text(content.hostLine, { color: 'muted' }).text(content.intro, { gapAfter: 12 });

  const d = event.dates;
  pdf.heading('Key dates');
  pdf
    .field('Registration opens', formatLongDate(d.registrationOpens))
    .field('Registration deadline', `23:59 on ${formatLongDate(d.registrationCloses)}`)
    .field('Uploads open', formatLongDate(d.uploadsOpen))
    .field(
      'Submission period',
      `${formatLongDate(d.submissionStarts)} to ${formatLongDate(d.submissionEnds)}`,
    )
    .field('Visual arts and creative writing due', `23:59 on ${formatLongDate(d.visualArtsDue)}`)
    .field('Online gala awards', formatLongDate(d.galaAwards));

  const f = event.fees;
  pdf.heading('Fees');
  pdf
    .field('Individual entry', `${formatRand(f.individualCents)} per person per item`)
    .field(`Group entry, under ${f.groupLargeFromParticipants}`, formatRand(f.groupSmallCents))
    .field(`Group entry, ${f.groupLargeFromParticipants} or more`, formatRand(f.groupLargeCents))
    .field('Change of a wrong item code', formatRand(f.changeFeeCents))
    .field('Amendment or certificate regeneration', formatRand(f.amendmentFeeCents))
    .field('Late-entry surcharge', `${f.lateSurchargePercent}% of the total`)
    .text('Fees are non-refundable.', { color: 'muted' });

  if (content) {
    pdf.heading('Rules');
    for (const rule of content.rules) pdf.text(`• ${rule}`, { indent: 8, gapAfter: 3 });
  }

  for (const section of SECTIONS) {
    const inSection = items.filter((i) => i.category.section === section);
    if (inSection.length === 0) continue;
    pdf.heading(section);
    for (const category of [...new Set(inSection.map((i) => i.category.name))]) {
      pdf.heading(category, 3);
      for (const item of inSection.filter((i) => i.category.name === category)) {
        const kind = item.isGroupItem
          ? `group of ${item.minimumParticipants}-${item.maximumParticipants}`
          : 'individual';
        pdf.text(`${item.code}  ${item.shortDescription}`, { bold: true, gapAfter: 1 });
        pdf.text(`${formatRand(item.price)} · ${kind} · due ${formatLongDate(item.dueDate)}`, {
          size: 9,
          color: 'muted',
          gapAfter: 1,
        });
        pdf.text(item.description, { size: 9.5, gapAfter: 6 });
      }
    }
  }
  return pdf.save();
}

/** The full FAQ document. */
export async function buildFaq(event: EventSummary, content: EventContent): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(
    `${event.name} FAQ`,
    `${event.name} · frequently asked questions`,
  );
  pdf.heading('Frequently asked questions', 1).text(event.name, { color: 'muted', gapAfter: 12 });
  for (const { question, answer } of content.faq) {
    pdf.heading(question, 3).text(answer, { gapAfter: 10 });
  }
  pdf
    .space(12)
    .text(`Questions we have not answered? Write to ${content.contactEmail}.`, { color: 'muted' });
  return pdf.save();
}

/** One adjudicator's biography. */
export async function buildAdjudicatorBio(
  event: EventSummary,
  adjudicator: EventContent['adjudicators'][number],
): Promise<Uint8Array> {
  const pdf = await PdfWriter.create(
    `${adjudicator.name}: biography`,
    `${event.name} · adjudicators`,
  );
  pdf
    .heading(adjudicator.name, 1)
    .text(adjudicator.discipline, { color: 'accent', bold: true, gapAfter: 12 });
  for (const paragraph of adjudicator.bio) pdf.text(paragraph, { gapAfter: 8 });
  return pdf.save();
}
