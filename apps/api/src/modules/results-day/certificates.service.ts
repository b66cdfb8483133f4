import { randomInt } from 'node:crypto';
import {
  formatLongDate,
  medalFor,
  type CertificateShare,
  type CertificateVerification,
  type Medal,
  paths,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import type { SignedLinks } from '../../lib/signed-links.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { DELETION_GRACE_MS, queueFileDeletions } from '../data-rights/index.ts';
import { findGroupMembers } from '../orders/index.ts';
import { renderCertificate } from './certificate-pdf.ts';
import * as repo from './certificates.repository.ts';
import { text } from './text.ts';

export interface CertificatesDependencies {
  db: Database;
  storage: FileStorage;
  links: SignedLinks;
  publicUrl: string;
  now: () => number;
  /** The database is this process's own (PGlite): no other instance can run a certificate job. */
  oneProcess: boolean;
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;

/** The job that makes one published entry's certificates: `{ orderItemId }`. */
export const CERTIFICATES_JOB = 'certificates.make';

/** Crockford's base 32 without look-alikes: 12 characters, about 60 bits, as XXXX-XXXX-XXXX. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newVerificationCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** Letters and digits only, accents dropped, other runs as '-': safe in a key and a file name. */
export function fileNamePart(text: string): string {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain || 'x';
}

/**
 * Spec 7 "Certificate links" and 9 "certificates folder": `{year}Certificates/`, a `Group/`
 * subfolder for group entries, and the file named from the order id, entry code, first name,
 * surname and mark.
 */
function certificateFileName(parts: {
  orderId: number;
  itemCode: string;
  firstName: string;
  surname: string;
  total: number;
}): string {
  return (
    [
      parts.orderId,
      fileNamePart(parts.itemCode),
      fileNamePart(parts.firstName),
      fileNamePart(parts.surname),
      parts.total,
    ].join('_') + '.pdf'
  );
}

/** The event's certificates folder (spec: 2024Certificates), group certificates apart. */
export const certificatesFolder = (eventFolder: string, isGroup: boolean) =>
  `certificates/${eventFolder}${isGroup ? '/Group' : ''}`;

/** Who gets a certificate: each group participant of a group entry, else the contestant. */
async function recipients(tx: Database, facts: repo.CertificateFacts) {
  if (facts.isGroupItem) {
    const members = await findGroupMembers(tx, [facts.orderItemId]);
    if (members.length > 0) {
      return members.map((m) => ({
        groupParticipantId: m.id as number | null,
        firstName: m.firstName,
        surname: m.surname,
        school: m.school,
      }));
    }
  }
  return [
    {
      groupParticipantId: null,
      firstName: facts.firstName,
      surname: facts.surname,
      school: facts.school,
    },
  ];
}

/** Runs for one entry taking turns in memory (one process, PGlite): one per service. */
type InTurn = ReturnType<typeof oneAtATime<number>>;

/**
 * Makes and stores the certificates of a published entry. With `replace`, the current ones
 * are superseded first (their codes stop verifying); without it, an entry that has them
 * keeps them (publication runs once per entry, and a retry must not duplicate them). The
 * entry's row lock makes two runs for one entry (two instances, a job retried while the
 * first run still lives) wait for each other, so the second finds the first's certificates.
 * On PGlite, one process, runs for an entry take turns in memory instead: a transaction there
 * would hold the one embedded connection, and every family's request, while PDFs render.
 */
function generate(
  deps: CertificatesDependencies,
  inTurn: InTurn,
  orderItemId: number,
  replace: boolean,
): Promise<number> {
  if (deps.oneProcess) {
    return inTurn(orderItemId, () => generateLocked(deps, deps.db, orderItemId, replace));
  }
  return deps.db.transaction(async (tx) => {
    await repo.lockEntry(tx, orderItemId);
    return generateLocked(deps, tx, orderItemId, replace);
  });
}

/** Renders and stores one person's certificate, named apart from the files in `usedNames`. */
async function makeCertificate(
  deps: CertificatesDependencies,
  facts: repo.CertificateFacts,
  person: Awaited<ReturnType<typeof recipients>>[number],
  usedNames: Set<string>,
): Promise<repo.NewCertificate> {
  const medal: Medal = medalFor(facts.total);
  const folder = certificatesFolder(facts.certificatesFolder, facts.isGroupItem);
  let fileName = certificateFileName({ ...facts, ...person, total: facts.total });
  // Two members of one group with the same name still get two files.
  for (let n = 2; usedNames.has(fileName); n++) {
    fileName = fileName.replace(/(_\d+)?\.pdf$/, `_${n}.pdf`);
  }
  usedNames.add(fileName);
  const verificationCode = newVerificationCode();
  const verificationUrl = `${deps.publicUrl}${paths.verifyCertificate.href({ code: verificationCode })}`;
  const pdf = await renderCertificate({
    eventName: facts.eventName,
    dateText: formatLongDate(facts.galaAwards),
    contestant: `${person.firstName} ${person.surname}`,
    school: person.school,
    itemCode: facts.itemCode,
    itemTitle: facts.itemTitle,
    total: facts.total,
    medal,
    groupName: facts.isGroupItem ? facts.groupName : null,
    verificationCode,
    verificationUrl,
  });
  const storageKey = `${folder}/${fileName}`;
  await deps.storage.put(storageKey, Buffer.from(pdf), 'application/pdf');
  return {
    orderItemId: facts.orderItemId,
    groupParticipantId: person.groupParticipantId,
    verificationCode,
    storageKey,
    fileName,
    firstName: person.firstName,
    surname: person.surname,
    school: person.school,
    itemCode: facts.itemCode,
    itemTitle: facts.itemTitle,
    total: facts.total,
    medal,
    eventName: facts.eventName,
    issuedAt: new Date(deps.now()),
  };
}

async function generateLocked(
  deps: CertificatesDependencies,
  tx: Database,
  orderItemId: number,
  replace: boolean,
) {
  const facts = await repo.findCertificateFacts(tx, orderItemId);
  if (!facts?.publishedAt) {
    throw new AppError(409, 'RESULT_NOT_PUBLISHED', 'This entry has no published result.');
  }
  const current = await repo.findCurrentCertificates(tx, orderItemId);
  if (current.length > 0 && !replace) return 0;
  const people = await recipients(tx, facts);
  const made: repo.NewCertificate[] = [];
  const usedNames = new Set<string>();
  for (const person of people) {
    made.push(await makeCertificate(deps, facts, person, usedNames));
  }
  await repo.insertCertificates(tx, orderItemId, made, current.length > 0, new Date(deps.now()));
  // Old files whose names were not reused (a changed name or mark) go after a grace period,
  // with this transaction: a backup whose dump still names them finds them (decision 036),
  // and a transaction rolled back deletes nothing the database still names.
  const keptKeys = new Set(made.map((m) => m.storageKey));
  await queueFileDeletions(
    tx,
    current
      .filter((old) => !keptKeys.has(old.storageKey))
      .map((old) => ({ store: 'files' as const, key: old.storageKey })),
    new Date(deps.now() + DELETION_GRACE_MS),
  );
  return made.length;
}

/**
 * A certificate as its owner shares it (decision 026): the signed PDF link and the public
 * verification page its QR code opens.
 */
function share(
  deps: CertificatesDependencies,
  row: { id: number; verificationCode: string; label: string },
): CertificateShare {
  return {
    label: row.label,
    url: deps.links.sign(`/api/Certificates/${row.id}/File`, `certificate:${row.id}`),
    verificationCode: row.verificationCode,
    verificationUrl: `${deps.publicUrl}${paths.verifyCertificate.href({ code: row.verificationCode })}`,
  };
}

/** An organiser's action after an amendment (spec 9: amendment or regeneration fee). */
async function regenerate(
  deps: CertificatesDependencies,
  inTurn: InTurn,
  organiserId: number,
  orderItemId: number,
): Promise<number> {
  const count = await generate(deps, inTurn, orderItemId, true);
  await audit(deps.db, {
    actorCustomerId: organiserId,
    action: 'certificates.regenerated',
    entityType: 'order_item',
    entityId: orderItemId,
    details: { count },
  });
  return count;
}

/** The entry's certificates with their verification links (the family's results page). */
async function sharesFor(
  deps: CertificatesDependencies,
  orderItemId: number,
): Promise<CertificateShare[]> {
  const rows = await repo.findCurrentCertificates(deps.db, orderItemId);
  return rows.map((r) => share(deps, { ...r, label: `Certificate: ${r.firstName} ${r.surname}` }));
}

/** The family's links: signed, an hour, served by GET /api/Certificates/{id}/File. */
async function linksFor(deps: CertificatesDependencies, orderItemId: number) {
  const rows = await repo.findCurrentCertificates(deps.db, orderItemId);
  return rows.map((r) => ({
    label: `Certificate: ${r.firstName} ${r.surname}`,
    url: deps.links.sign(`/api/Certificates/${r.id}/File`, `certificate:${r.id}`),
  }));
}

/** The stored PDF behind a signed link; 404 for a wrong, expired or superseded link. */
async function locate(
  deps: CertificatesDependencies,
  id: number,
  expires: number,
  signature: string,
) {
  if (!deps.links.verify(`certificate:${id}`, expires, signature)) {
    throw notFound('CERTIFICATE_NOT_FOUND', 'This link has expired. Please open the result again.');
  }
  const row = await repo.findCurrentCertificate(deps.db, id);
  if (!row) throw notFound('CERTIFICATE_NOT_FOUND', 'This certificate has been replaced.');
  return { storageKey: row.storageKey, fileName: row.fileName };
}

/** The public check behind the QR code: only a current certificate's code verifies. */
async function verify(
  deps: CertificatesDependencies,
  code: string,
): Promise<CertificateVerification | undefined> {
  const normalised = code.trim().toUpperCase();
  if (!/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(normalised)) return undefined;
  const row = await repo.findCurrentCertificateByCode(deps.db, normalised);
  if (!row) return undefined;
  return {
    valid: true,
    contestant: row.nameWithheld ? text('nameWithheld') : `${row.firstName} ${row.surname}`,
    school: row.nameWithheld ? '' : row.school,
    itemCode: row.itemCode,
    itemTitle: row.itemTitle,
    total: row.total,
    medal: medalFor(row.total),
    eventName: row.eventName,
    issuedAt: row.issuedAt.toISOString(),
    award: row.award,
  };
}

/** Certificates of published results: made once on publication, remade by an organiser. */
export function createCertificatesService(deps: CertificatesDependencies) {
  const inTurn = oneAtATime<number>();
  return {
    /** On publication: the entry's certificates, unless it has them already. */
    generateOnPublication: (orderItemId: number) => generate(deps, inTurn, orderItemId, false),
    regenerate: (organiserId: number, orderItemId: number) =>
      regenerate(deps, inTurn, organiserId, orderItemId),
    share: (row: { id: number; verificationCode: string; label: string }) => share(deps, row),
    sharesFor: (orderItemId: number) => sharesFor(deps, orderItemId),
    linksFor: (orderItemId: number) => linksFor(deps, orderItemId),
    locate: (id: number, expires: number, signature: string) =>
      locate(deps, id, expires, signature),
    verify: (code: string) => verify(deps, code),
  };
}
