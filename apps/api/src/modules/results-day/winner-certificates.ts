import { formatLongDate, medalFor, paths } from '@eisteddfod/shared';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { renderCertificate } from './certificate-pdf.ts';
import type { CertificateShare } from '@eisteddfod/shared';
import {
  certificatesFolder,
  fileNamePart,
  newVerificationCode,
  type CertificatesService,
} from './certificates.service.ts';
import type { NewCertificate, ResultsDayEvent } from './winners.repository.ts';
import type { ComputedWinner } from './winners-compute.ts';
import { text } from './text.ts';

/**
 * A Section Winner's certificate (decision 026): decision 008's PDF titled "Section Winner",
 * stored under `{year}Certificates/Winners/` with the verification code in its name (so a new
 * confirmation never overwrites the file of the one it supersedes), and the row that makes its
 * code verify: the section as item code, the band as title, the rounded score as the mark.
 */
export async function makeWinnerCertificate(
  deps: { storage: FileStorage; publicUrl: string },
  event: ResultsDayEvent,
  winner: ComputedWinner,
  at: Date,
): Promise<NewCertificate> {
  const { person } = winner;
  const verificationCode = newVerificationCode();
  const verificationUrl = `${deps.publicUrl}${paths.verifyCertificate.href({ code: verificationCode })}`;
  const title = { section: winner.section, band: winner.bandLabel };
  const score = Math.round(winner.line.score);
  const pdf = await renderCertificate({
    eventName: event.name,
    dateText: formatLongDate(event.galaAwards),
    contestant: `${person.firstName} ${person.surname}`,
    school: person.school,
    itemCode: winner.section,
    itemTitle: winner.bandLabel,
    // Whole, as the verification page shows it (the table holds whole marks).
    total: score,
    medal: text('certificateSectionWinner'),
    groupName: null,
    verificationCode,
    verificationUrl,
    sectionWinnerOf: text('winnerTitle', title),
  });
  const folder = `${certificatesFolder(event.certificatesFolder ?? `${event.year}Certificates`, false)}/Winners`;
  const fileName = `${[
    winner.orderId,
    'Winner',
    fileNamePart(winner.section),
    fileNamePart(winner.bandName),
    fileNamePart(person.firstName),
    fileNamePart(person.surname),
    verificationCode,
  ].join('_')}.pdf`;
  const storageKey = `${folder}/${fileName}`;
  await deps.storage.put(storageKey, Buffer.from(pdf), 'application/pdf');
  return {
    orderItemId: winner.bestOrderItemId,
    verificationCode,
    storageKey,
    fileName,
    firstName: person.firstName,
    surname: person.surname,
    school: person.school,
    itemCode: winner.section,
    itemTitle: winner.bandLabel,
    total: score,
    // A total of several marks can pass 100; the column holds a medal all the same.
    medal: medalFor(Math.min(score, 100)),
    eventName: event.name,
    issuedAt: at,
    // Kept with the certificate: the verification page shows it in the words it was issued in.
    award: text('winnerAward', title),
  };
}

/** A confirmed winner's certificate as the organiser's list and the family's page share it. */
export function shareWinnerCertificate(
  certificates: CertificatesService,
  w: {
    certificateId: number | null;
    verificationCode: string | null;
    certificateName: string | null;
    certificateSurname: string | null;
  },
): CertificateShare | null {
  if (w.certificateId === null || w.verificationCode === null) return null;
  return certificates.share({
    id: w.certificateId,
    verificationCode: w.verificationCode,
    label: text('winnerCertificateLabel', {
      firstName: w.certificateName ?? '',
      surname: w.certificateSurname ?? '',
    }),
  });
}
