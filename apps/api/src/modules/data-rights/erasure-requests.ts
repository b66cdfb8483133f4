import {
  formatLongDate,
  paths,
  type FamilyDataRights,
  type FamilyErasureRequest,
  type StaffErasureRequest,
} from '@eisteddfod/shared';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { provedAddresses } from '../accounts/index.ts';
import type { OutboxMessage } from '../outbox/index.ts';
import { lockCustomer } from './data-rights.repository.ts';
import {
  findPendingRequest,
  insertRequest,
  listRequests,
  type RequestRow,
} from './erasure-requests.repository.ts';
import type { DataRightsDependencies } from './data-rights.service.ts';
import { iso, type Customer } from './family.ts';
import { text } from './text.ts';

// A family's request for erasure: recorded, acknowledged, listed for the organisers (decision 024).

export const noCustomer = (id: number) =>
  notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${id}`);

export const staffRefused = () =>
  new AppError(
    409,
    'STAFF_NOT_ERASABLE',
    'This is a staff account: deactivate it on the Staff screen instead. Its marks and changes stay theirs.',
  );

export const requestNumber = (id: number) => `R-${String(id).padStart(6, '0')}`;

function toFamilyRequest(row: RequestRow): FamilyErasureRequest {
  return { id: row.id, status: row.status, requestedAt: row.requestedAt.toISOString() };
}

export function toStaffRequest(
  row: RequestRow,
  family: Pick<Customer, 'firstName' | 'surname' | 'email' | 'mobileNumber'>,
): StaffErasureRequest {
  const pending = row.status === 'pending';
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    requestedBy: row.requestedBy,
    familyName: pending ? `${family.firstName} ${family.surname}` : null,
    email: pending ? family.email : null,
    mobileNumber: pending ? family.mobileNumber : null,
    requestedAt: row.requestedAt.toISOString(),
    completedAt: iso(row.completedAt),
    counts: row.counts ?? null,
  };
}

/** The organisers' notice and the family's acknowledgement of a new request. */
function erasureMessages(
  deps: DataRightsDependencies,
  customer: Customer,
  row: RequestRow,
  at: Date,
): OutboxMessage[] {
  const number = requestNumber(row.id);
  const day = formatLongDate(at.toISOString().slice(0, 10));
  const screen = `${deps.publicUrl}${paths.staffDataRequests.href()}`;
  // No name or address for the organisers: the screen shows them while the request is open.
  // Their notice stays in English (staff read it); the family's acknowledgement is the catalogue's.
  const messages: OutboxMessage[] = [
    {
      channel: 'email',
      recipient: deps.organiserEmail,
      subject: `Request to erase a family's data (${number})`,
      body: [
        `A family (account ${customer.id}) asked on ${day} for its personal data to be erased (${number}).`,
        '',
        `Please carry it out within 30 days on the Data requests screen: ${screen}`,
      ].join('\n'),
    },
  ];
  const acknowledgement = [
    text('dear', { firstName: customer.firstName }),
    '',
    text('erasureReceived', { day, number }),
    text('erasureWithin30Days'),
    '',
    text('erasureWhatWeKeep'),
    '',
    text('erasureNotYou'),
  ].join('\n');
  const to = provedAddresses(customer);
  if (to.email) {
    messages.push({
      channel: 'email',
      recipient: to.email,
      subject: text('erasureReceivedSubject', { number }),
      body: acknowledgement,
    });
  } else if (to.mobile) {
    messages.push({
      channel: 'whatsapp',
      recipient: to.mobile,
      body: text('erasureReceivedWhatsApp', { number }),
    });
  }
  return messages;
}

export async function familyRequest(
  deps: DataRightsDependencies,
  customerId: number,
): Promise<FamilyDataRights> {
  const { db } = deps;
  const row = await findPendingRequest(db, customerId);
  return { request: row ? toFamilyRequest(row) : null };
}

/**
 * POST /api/Customers/{id}/ErasureRequest: recorded, the organisers told, the family
 * acknowledged, audited; all in one transaction. A second request finds the first.
 */
export async function requestErasure(
  deps: DataRightsDependencies,
  customerId: number,
): Promise<{ request: FamilyErasureRequest; created: boolean }> {
  const { db } = deps;
  const at = new Date(deps.now());
  const outcome = await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    if (!customer) throw noCustomer(customerId);
    if (customer.role !== 'customer') throw staffRefused();
    const existing = await findPendingRequest(tx, customerId);
    if (existing) return { row: existing, created: false, messages: 0 };
    const row = await insertRequest(tx, customerId, 'family', at);
    if (!row) throw new Error('A pending request appeared under the lock');
    const messages = erasureMessages(deps, customer, row, at);
    await deps.outbox.enqueueWithin(tx, messages);
    await audit(tx, {
      actorCustomerId: customerId,
      action: 'data.erasure-requested',
      entityType: 'customer',
      entityId: customerId,
      details: { request: requestNumber(row.id) },
    });
    return { row, created: true, messages: messages.length };
  });
  if (outcome.messages > 0) deps.outbox.deliverSoon(outcome.messages);
  return { request: toFamilyRequest(outcome.row), created: outcome.created };
}

export async function list(deps: DataRightsDependencies): Promise<StaffErasureRequest[]> {
  const { db } = deps;
  return (await listRequests(db)).map((r) => toStaffRequest(r.request, r));
}
