import { medalFor, type FamilyEntry } from '@eisteddfod/shared';
import type * as repo from './family-desk.repository.ts';

// A family's entries on the desk's record (family-desk.record.ts): each with its files, its mark
// and its certificates.

type UploadRow = Awaited<ReturnType<typeof repo.findUploads>>[number];
type SlotRow = Awaited<ReturnType<typeof repo.findVideoSlots>>[number];
type MemberRow = Awaited<ReturnType<typeof repo.findGroupMembers>>[number];
type Marked = Awaited<ReturnType<typeof repo.findMarks>>;
type CertificateRow = Awaited<ReturnType<typeof repo.findCertificates>>[number];

interface EntryRows {
  orderRows: Awaited<ReturnType<typeof repo.findOrders>>;
  entryLines: Awaited<ReturnType<typeof repo.findOrderLines>>;
  uploads: UploadRow[];
  slots: SlotRow[];
  members: MemberRow[];
  marked: Marked;
  certs: CertificateRow[];
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

/** An entry's files: those uploaded, and its videos not yet recorded as one of them. */
function entryFiles(orderItemId: number, own: UploadRow[], slots: SlotRow[]): FamilyEntry['files'] {
  const recorded = new Set(own.map((u) => u.videoId).filter(Boolean));
  return [
    ...own.map((u) => ({
      key: `upload:${u.id}`,
      kind: u.uploadType === 2 ? ('main' as const) : ('supporting' as const),
      name: u.originalFileName,
      sizeInBytes: u.sizeInBytes,
      state: u.isDeleted ? ('deleted' as const) : ('uploaded' as const),
      at: iso(u.createdAt),
    })),
    // A video on its way over tus, or arrived but not yet recorded as the entry's file.
    ...slots
      .filter((s) => !recorded.has(s.id))
      .filter((s) => s.orderItemId === orderItemId)
      .map((s) => ({
        key: `video:${s.id}`,
        kind: 'video' as const,
        name: s.originalFileName ?? s.title,
        sizeInBytes: s.completedAt ? s.storageSize : null,
        state: slotState(s),
        at: iso(s.createdAt),
      })),
  ];
}

/**
 * A slot's state as the family's portal reads it (uploads/api/video-slot.ts): one no upload
 * ever began on ('New video', no bytes) is a blank slot its next video reuses, not a file; one
 * whose tus upload began is arriving (its bytes so far are not recorded) until it completes.
 */
function slotState(s: SlotRow): FamilyEntry['files'][number]['state'] {
  if (s.completedAt) return 'received';
  return s.uploadId ? 'uploading' : 'empty';
}

function entryMark(orderItemId: number, marked: Marked): FamilyEntry['mark'] {
  const mark = marked.marks.find((m) => m.orderItemId === orderItemId);
  return mark
    ? {
        status: mark.status,
        total: mark.total,
        medal: mark.status === 'submitted' ? medalFor(mark.total) : null,
        comment: mark.comment,
        scores: marked.scores
          .filter((s) => s.markId === mark.id)
          .map(({ name, value, maxValue }) => ({ name, value, maxValue })),
        publishedAt: isoOrNull(mark.publishedAt),
      }
    : null;
}

/** The family's entries (its paid and awaiting-payment orders' lines), as the record shows them. */
export function familyEntries(rows: EntryRows, numberOf: Map<number, string>): FamilyEntry[] {
  const { orderRows, entryLines, uploads, slots, members, marked, certs } = rows;
  return entryLines.map((l) => {
    const order = orderRows.find((o) => o.order.id === l.line.orderId)!.order;
    const own = uploads.filter((u) => u.orderItemId === l.line.id);
    return {
      id: l.line.id,
      eventId: order.eventId,
      orderId: order.id,
      orderNumber: numberOf.get(order.id)!,
      participantProfileId: l.line.participantProfileId,
      contestant: `${l.firstName} ${l.surname}`,
      itemId: l.line.itemId,
      itemCode: l.itemCode,
      itemShortDescription: l.itemShortDescription,
      section: l.section,
      isGroupItem: l.isGroupItem,
      groupName: l.line.groupName,
      groupMembers: members
        .filter((m) => m.orderItemId === l.line.id)
        .map((m) => ({ name: `${m.firstName} ${m.surname}`, grade: m.grade, school: m.school })),
      paid: order.status === 'paid',
      withdrawn: l.line.isCancelled,
      filesComplete: own.some((u) => u.uploadType === 2 && !u.isDeleted),
      finalised: l.line.isSubmittedForMarking,
      finalisedAt: isoOrNull(l.line.submittedForMarkingAt),
      files: entryFiles(l.line.id, own, slots),
      mark: entryMark(l.line.id, marked),
      certificates: entryCertificates(l.line.id, certs),
    };
  });
}

function entryCertificates(
  orderItemId: number,
  certs: CertificateRow[],
): FamilyEntry['certificates'] {
  return certs
    .filter((c) => c.orderItemId === orderItemId)
    .map((c) => ({
      id: c.id,
      name: `${c.firstName} ${c.surname}`,
      verificationCode: c.verificationCode,
      issuedAt: iso(c.issuedAt),
      supersededAt: isoOrNull(c.supersededAt),
    }));
}
