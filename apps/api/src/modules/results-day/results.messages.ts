import { formatLongDate, linkIn, paths, type Locale } from '@eisteddfod/shared';
import { provedAddresses, readLanguage } from '../accounts/index.ts';
import type { OutboxMessage } from '../outbox/index.ts';
import type * as repo from './results.repository.ts';
import { text as words } from './text.ts';

type ResultsText = ReturnType<typeof words.in>;

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
  const families = new Map<number, typeof rows>();
  for (const row of rows)
    families.set(row.customerId, [...(families.get(row.customerId) ?? []), row]);
  for (const w of titles) if (!families.has(w.customerId)) families.set(w.customerId, []);
  const messages: OutboxMessage[] = [];
  for (const [customerId, entries] of families) {
    const won = titles.filter((w) => w.customerId === customerId);
    // In the family's language, its links opening in it too (decision 069).
    const language = readLanguage((entries[0] ?? won[0])?.language);
    const t = words.in(language);
    const portal = linkIn(`${publicUrl}${paths.uploads.href()}`, language);
    const congratulations = won.flatMap((w) => [
      '',
      t('sectionWinner', {
        contestant: w.contestant,
        section: w.section,
        band: w.bandLabel,
        url: resultsPage(publicUrl, w, language),
      }),
    ]);
    const first = entries[0];
    if (!first) {
      // Only a title to tell: the results of the family's entries went out earlier.
      const message = winnerOnlyMessage(won, congratulations, { publicUrl, language, t });
      if (message) messages.push(message);
      continue;
    }
    const lines = entries.map((e) =>
      t('entryLine', { contestant: e.contestant, itemCode: e.itemCode, itemTitle: e.itemTitle }),
    );
    // The family's own proved addresses only (decision 031); an order's confirmation address
    // is the one the family gave at checkout for this order (spec 4).
    const proved = provedAddresses(first);
    const email = first.confirmationEmail ?? proved.email;
    if (email) {
      messages.push({
        channel: 'email',
        recipient: email,
        subject: t('resultsOutSubject'),
        body: [
          t('dear', { firstName: first.firstName }),
          '',
          t('entriesPublished'),
          '',
          ...lines,
          ...congratulations,
          '',
          t('seeInPortal', { portal }),
          '',
          // The retention sweep deletes them then (decision 024); certificates stay.
          t('filesDeleted', { date: formatLongDate(filesDeletedOn, language) }),
        ].join('\n'),
      });
    }
    if (entries.some((e) => e.whatsApp) && proved.mobile) {
      messages.push({
        channel: 'whatsapp',
        recipient: proved.mobile,
        body: t('whatsAppResultsOut', { count: entries.length, portal }),
      });
    }
  }
  return { messages, families: families.size };
}

type WinnerTitle = Awaited<ReturnType<typeof repo.findWinnerTitles>>[number];

const resultsPage = (publicUrl: string, w: WinnerTitle, language: Locale): string =>
  linkIn(`${publicUrl}${paths.contestantResults.href({ id: w.contestantId })}`, language);

/** The message to a winner's family whose entries' results all went out earlier. */
function winnerOnlyMessage(
  won: WinnerTitle[],
  congratulations: string[],
  { publicUrl, language, t }: { publicUrl: string; language: Locale; t: ResultsText },
): OutboxMessage | undefined {
  const w = won[0]!;
  // The family's own proved addresses only (decision 031).
  const proved = provedAddresses(w);
  if (proved.email)
    return {
      channel: 'email',
      recipient: proved.email,
      subject: t('resultsOutSubject'),
      body: [t('dear', { firstName: w.firstName }), ...congratulations].join('\n'),
    };
  if (proved.mobile)
    // A family that signs in with its mobile number has no email address.
    return {
      channel: 'whatsapp',
      recipient: proved.mobile,
      body: t('whatsAppWinners', {
        winners: won
          .map((x) =>
            t('whatsAppWinner', {
              contestant: x.contestant,
              section: x.section,
              band: x.bandLabel,
            }),
          )
          .join('; '),
        url: resultsPage(publicUrl, w, language),
      }),
    };
  return undefined;
}
