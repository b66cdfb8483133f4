import type { Readable } from 'node:stream';
import { CLASS_TEXT, EVENT_TEXT } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { wordsOf } from '../../lib/messages.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { FileNotFoundError } from '../../providers/storage/file-storage.ts';
import { createZipStream } from '../data-rights/index.ts';
import { classScope, reachClass } from '../teachers/index.ts';
import {
  certificateNames,
  classResultsCsv,
  safeFileName,
  type ClassTitle,
} from './class-results-files.ts';
import * as repo from './class-results.repository.ts';
import { confirmationIsCurrent } from './winners-compute.ts';
import * as winners from './winners.repository.ts';

export interface ClassResultsDependencies {
  db: Database;
  storage: FileStorage;
  currentEventId: () => Promise<number | undefined>;
  now: () => number;
}

const notReleased = () =>
  new AppError(409, 'RESULTS_NOT_RELEASED', CLASS_TEXT.say('resultsNotReleased'));

/**
 * What the caller may download of a class (decision 067): the class must be theirs or of a
 * school they coordinate (reachClass: else 404, or 403 with no approved membership), and the
 * live event's results released, the rule families' titles follow (else 409). A coordinator's
 * pack is the whole school's, as their entries list is.
 */
async function released(deps: ClassResultsDependencies, customerId: number, membershipId: number) {
  const { reach, ...held } = await reachClass(deps.db, customerId, membershipId, false);
  const eventId = await deps.currentEventId();
  const event = eventId === undefined ? undefined : await winners.findEvent(deps.db, eventId);
  if (!event) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventSoFar'));
  if (event.resultsReleasedAt === null) throw notReleased();
  const scope = classScope(reach, membershipId, held.coordinates ? held.schoolId : undefined);
  const rows = await repo.findClassResults(deps.db, event.id, scope);
  const learners = new Set(rows.map((r) => r.learnerId));
  // As on a family's page: stale winners hold no title until an organiser confirms again.
  const titles: ClassTitle[] = (await confirmationIsCurrent(deps.db, event))
    ? (await winners.findCurrentWinners(deps.db, event.id))
        .filter((w) => learners.has(w.contestantId))
        .map((w) => ({
          sectionWinnerId: w.id,
          bestOrderItemId: w.bestOrderItemId,
          section: w.section,
          bandLabel: w.bandLabel,
        }))
    : [];
  const published = rows.filter((r) => r.publishedAt !== null && r.total !== null);
  const titled = new Set(titles.map((t) => t.sectionWinnerId));
  const certs = (
    await repo.findClassCertificates(
      deps.db,
      published.map((r) => r.orderItemId),
    )
  ).filter((c) => c.sectionWinnerId === null || titled.has(c.sectionWinnerId));
  const name = safeFileName(`${held.schoolName} ${held.coordinates ? '' : held.teacherName}`);
  return { event, rows, titles, certs, name };
}

async function resultsCsv(
  deps: ClassResultsDependencies,
  customerId: number,
  membershipId: number,
): Promise<{ csv: string; fileName: string }> {
  const pack = await released(deps, customerId, membershipId);
  await audit(deps.db, {
    actorCustomerId: customerId,
    action: 'class.results-csv',
    entityType: 'school_membership',
    entityId: membershipId,
    details: { eventId: pack.event.id, entries: pack.rows.length },
  });
  return {
    csv: classResultsCsv(pack.rows, pack.certs, pack.titles),
    fileName: `${pack.name} - results ${pack.event.year}.csv`,
  };
}

/**
 * One ZIP of the class's certificates, written as it is read (each PDF from storage straight
 * into the archive). A file missing from storage is named in 'Missing certificates.txt'.
 */
async function certificatesZip(
  deps: ClassResultsDependencies,
  customerId: number,
  membershipId: number,
): Promise<{ stream: Readable; fileName: string }> {
  const pack = await released(deps, customerId, membershipId);
  const names = certificateNames(
    pack.certs,
    new Map(pack.titles.map((t) => [t.sectionWinnerId, t])),
  );
  await audit(deps.db, {
    actorCustomerId: customerId,
    action: 'class.certificates-zip',
    entityType: 'school_membership',
    entityId: membershipId,
    details: { eventId: pack.event.id, certificates: pack.certs.length },
  });
  const zip = createZipStream();
  const write = async () => {
    const missing: string[] = [];
    for (const [i, cert] of pack.certs.entries()) {
      let source: Readable;
      try {
        source = (await deps.storage.read(cert.storageKey)).stream;
      } catch (err) {
        if (!(err instanceof FileNotFoundError)) throw err;
        missing.push(names[i]!);
        continue;
      }
      if (!(await zip.addStream(names[i]!, source))) return;
    }
    if (missing.length > 0) {
      const note = `${wordsOf(CLASS_TEXT.say('certificatesMissing'))}\r\n\r\n${missing.join('\r\n')}\r\n`;
      if (!(await zip.addText('Missing certificates.txt', note))) return;
    }
    zip.end();
  };
  void write().catch((err: unknown) => zip.fail(err as Error));
  return { stream: zip.stream, fileName: `${pack.name} - certificates ${pack.event.year}.zip` };
}

/** A class's results pack after the release: its results CSV and its certificates ZIP. */
export function createClassResultsService(deps: ClassResultsDependencies) {
  return {
    resultsCsv: (customerId: number, membershipId: number) =>
      resultsCsv(deps, customerId, membershipId),
    certificatesZip: (customerId: number, membershipId: number) =>
      certificatesZip(deps, customerId, membershipId),
  };
}
