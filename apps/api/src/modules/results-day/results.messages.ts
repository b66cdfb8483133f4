import { formatLongDate, paths } from '@eisteddfod/shared';
import { provedAddresses } from '../accounts/index.ts';
import type { OutboxMessage } from '../outbox/index.ts';
import type * as repo from './results.repository.ts';

/**
 * One message per family (and a WhatsApp line where asked for), listing their entries now out,
 * and at the release each of the family's Section Winners: a winner's family whose marks were
 * all published earlier by hand is congratulated all the same (decision 033).
 */
export function resultMessages(
  rows: Awaited<ReturnType<typeof repo.findResultRecipients>>,
  publicUrl: string,
  filesDeletedOn: string,
  titles: Awaited<ReturnType<typeof repo.findWinnerTitles>> = [],
): { messages: OutboxMessage[]; families: number } {
  const portal = `${publicUrl}${paths.uploads.href()}`;
  const families = new Map<number, typeof rows>();
  for (const row of rows)
    families.set(row.customerId, [...(families.get(row.customerId) ?? []), row]);
  for (const w of titles) if (!families.has(w.customerId)) families.set(w.customerId, []);
  const messages: OutboxMessage[] = [];
  for (const [customerId, entries] of families) {
    const won = titles.filter((w) => w.customerId === customerId);
    const congratulations = won.flatMap((w) => [
      '',
      `Congratulations: ${w.contestant} is the Section Winner of ${w.section}, ${w.bandLabel}. The certificate is on the results page: ${publicUrl}${paths.contestantResults.href({ id: w.contestantId })}`,
    ]);
    const first = entries[0];
    if (!first) {
      // Only a title to tell: the results of the family's entries went out earlier.
      const w = won[0]!;
      // The family's own proved addresses only (decision 031).
      const provedOfWinner = provedAddresses(w);
      if (provedOfWinner.email)
        messages.push({
          channel: 'email',
          recipient: provedOfWinner.email,
          subject: 'Your Online Eisteddfod results are out',
          body: [`Dear ${w.firstName},`, ...congratulations].join('\n'),
        });
      else if (provedOfWinner.mobile)
        // A family that signs in with its mobile number has no email address.
        messages.push({
          channel: 'whatsapp',
          recipient: provedOfWinner.mobile,
          body: `Online Eisteddfod: ${won.map((x) => `${x.contestant} is the Section Winner of ${x.section}, ${x.bandLabel}`).join('; ')}. See the results page: ${publicUrl}${paths.contestantResults.href({ id: w.contestantId })}`,
        });
      continue;
    }
    const lines = entries.map((e) => `- ${e.contestant}: ${e.itemCode} ${e.itemTitle}`);
    // The family's own proved addresses only (decision 031); an order's confirmation address
    // is the one the family gave at checkout for this order (spec 4).
    const proved = provedAddresses(first);
    const email = first.confirmationEmail ?? proved.email;
    if (email) {
      messages.push({
        channel: 'email',
        recipient: email,
        subject: 'Your Online Eisteddfod results are out',
        body: [
          `Dear ${first.firstName},`,
          '',
          'The results of these entries are published:',
          '',
          ...lines,
          ...congratulations,
          '',
          `See the scores, the adjudicator's comment and the certificates in the Uploads portal: ${portal} (View Result).`,
          '',
          // The retention sweep deletes them then (decision 024); certificates stay.
          `The files uploaded for these entries will be deleted after ${formatLongDate(filesDeletedOn)}. Please download any you wish to keep by then; the certificates stay available.`,
        ].join('\n'),
      });
    }
    if (entries.some((e) => e.whatsApp) && proved.mobile) {
      messages.push({
        channel: 'whatsapp',
        recipient: proved.mobile,
        body: `Online Eisteddfod: results are out for ${entries.length} of your entries. See them in the Uploads portal: ${portal}`,
      });
    }
  }
  return { messages, families: families.size };
}
