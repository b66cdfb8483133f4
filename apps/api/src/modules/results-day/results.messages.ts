import { formatLongDate, paths } from '@eisteddfod/shared';
import { provedAddresses } from '../accounts/index.ts';
import type { OutboxMessage } from '../outbox/index.ts';
import type * as repo from './results.repository.ts';
import { text } from './text.ts';

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
      text('sectionWinner', {
        contestant: w.contestant,
        section: w.section,
        band: w.bandLabel,
        url: resultsPage(publicUrl, w),
      }),
    ]);
    const first = entries[0];
    if (!first) {
      // Only a title to tell: the results of the family's entries went out earlier.
      const message = winnerOnlyMessage(won, congratulations, publicUrl);
      if (message) messages.push(message);
      continue;
    }
    const lines = entries.map((e) =>
      text('entryLine', { contestant: e.contestant, itemCode: e.itemCode, itemTitle: e.itemTitle }),
    );
    // The family's own proved addresses only (decision 031); an order's confirmation address
    // is the one the family gave at checkout for this order (spec 4).
    const proved = provedAddresses(first);
    const email = first.confirmationEmail ?? proved.email;
    if (email) {
      messages.push({
        channel: 'email',
        recipient: email,
        subject: text('resultsOutSubject'),
        body: [
          text('dear', { firstName: first.firstName }),
          '',
          text('entriesPublished'),
          '',
          ...lines,
          ...congratulations,
          '',
          text('seeInPortal', { portal }),
          '',
          // The retention sweep deletes them then (decision 024); certificates stay.
          text('filesDeleted', { date: formatLongDate(filesDeletedOn) }),
        ].join('\n'),
      });
    }
    if (entries.some((e) => e.whatsApp) && proved.mobile) {
      messages.push({
        channel: 'whatsapp',
        recipient: proved.mobile,
        body: text('whatsAppResultsOut', { count: entries.length, portal }),
      });
    }
  }
  return { messages, families: families.size };
}

type WinnerTitle = Awaited<ReturnType<typeof repo.findWinnerTitles>>[number];

const resultsPage = (publicUrl: string, w: WinnerTitle): string =>
  `${publicUrl}${paths.contestantResults.href({ id: w.contestantId })}`;

/** The message to a winner's family whose entries' results all went out earlier. */
function winnerOnlyMessage(
  won: WinnerTitle[],
  congratulations: string[],
  publicUrl: string,
): OutboxMessage | undefined {
  const w = won[0]!;
  // The family's own proved addresses only (decision 031).
  const proved = provedAddresses(w);
  if (proved.email)
    return {
      channel: 'email',
      recipient: proved.email,
      subject: text('resultsOutSubject'),
      body: [text('dear', { firstName: w.firstName }), ...congratulations].join('\n'),
    };
  if (proved.mobile)
    // A family that signs in with its mobile number has no email address.
    return {
      channel: 'whatsapp',
      recipient: proved.mobile,
      body: text('whatsAppWinners', {
        winners: won
          .map((x) =>
            text('whatsAppWinner', {
              contestant: x.contestant,
              section: x.section,
              band: x.bandLabel,
            }),
          )
          .join('; '),
        url: resultsPage(publicUrl, w),
      }),
    };
  return undefined;
}
