import type { StaffErasureRequest } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { journalErasure, readErasureJournal } from '../../lib/erasure-journal.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findCustomer, lockCustomer } from './data-rights.repository.ts';
import {
  completeRequest,
  findPendingRequest,
  insertRequest,
  lockRequest,
  type RequestRow,
} from './erasure-requests.repository.ts';
import { eraseFamily } from './erasure.repository.ts';
import { isErased } from './erased-payments.repository.ts';
import type { DataRightsDependencies } from './data-rights.service.ts';
import { identify } from './family.ts';
import { noCustomer, requestNumber, staffRefused, toStaffRequest } from './erasure-requests.ts';
import { deleteFilesSoon } from './file-retention.ts';

// Carrying out an erasure, and repeating it from the journal after a restore (decisions 024, 036).

const noRequest = (id: number) =>
  notFound('ERASURE_REQUEST_NOT_FOUND', `There is no request for erasure with id ${id}`);

/** Carries out `request` in `tx`: the family's personal data goes, the ledger stays. */
async function carryOut(
  deps: DataRightsDependencies,
  tx: Database,
  organiserId: number | null,
  request: RequestRow,
  replayed = false,
): Promise<StaffErasureRequest> {
  if (request.status === 'done') {
    throw new AppError(409, 'ERASURE_DONE', 'This request has been carried out already.');
  }
  const customer = await lockCustomer(tx, request.customerId);
  if (!customer) throw noCustomer(request.customerId);
  if (customer.role !== 'customer') throw staffRefused();
  const at = new Date(deps.now());
  const { addresses, about } = await identify(tx, customer);
  const counts = await eraseFamily(tx, {
    customerId: customer.id,
    addresses,
    about,
    at,
  });
  const done = await completeRequest(tx, request.id, organiserId, counts, at);
  // The record that it was done: numbers only, no personal data.
  await audit(tx, {
    actorCustomerId: organiserId,
    action: 'data.erased',
    entityType: 'customer',
    entityId: customer.id,
    details: {
      request: requestNumber(request.id),
      requestedBy: request.requestedBy,
      counts,
      ...(replayed ? { replayedFromJournal: true } : {}),
    },
  });
  // Outside the database (decision 036), within the transaction: an erasure whose entry
  // could not be written does not happen, so a restore from an older backup can repeat it.
  await journalErasure(deps.storage, {
    customerId: customer.id,
    customerCreatedAt: customer.createdAt.toISOString(),
    erasedAt: at.toISOString(),
  });
  const after = await findCustomer(tx, customer.id);
  return toStaffRequest(done, after!);
}

/** POST /api/Staff/DataRequests/{id}/Erase: in one transaction, then the files. */
export async function erase(
  deps: DataRightsDependencies,
  organiserId: number,
  requestId: number,
): Promise<StaffErasureRequest> {
  const { db } = deps;
  const done = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId);
    if (!request) throw noRequest(requestId);
    return carryOut(deps, tx, organiserId, request);
  });
  await deleteFilesSoon(deps);
  return done;
}

/** POST /api/Staff/Customers/{id}/Erase: a request on the family's behalf, carried out. */
export async function eraseCustomer(
  deps: DataRightsDependencies,
  organiserId: number,
  customerId: number,
): Promise<StaffErasureRequest> {
  const { db } = deps;
  const done = await db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, customerId);
    if (!customer) throw noCustomer(customerId);
    if (customer.role !== 'customer') throw staffRefused();
    const request =
      (await findPendingRequest(tx, customerId)) ??
      (await insertRequest(tx, customerId, 'organiser', new Date(deps.now())));
    if (!request) throw new Error('A pending request appeared under the lock');
    return carryOut(deps, tx, organiserId, request);
  });
  await deleteFilesSoon(deps);
  return done;
}

/**
 * Carries out again every erasure of the journal that the database does not show done (a
 * restored backup older than it): at start, before the server serves. An account of the
 * same id made since (a restored database hands out its ids again) is not the one erased.
 */
export async function replayErasureJournal(deps: DataRightsDependencies): Promise<number> {
  const { db } = deps;
  let replayed = 0;
  for (const entry of await readErasureJournal(deps.storage)) {
    const customer = await findCustomer(db, entry.customerId);
    if (!customer || customer.createdAt.getTime() !== Date.parse(entry.customerCreatedAt)) {
      continue;
    }
    if (customer.role !== 'customer' || (await isErased(db, customer.id))) continue;
    const done = await db.transaction(async (tx) => {
      await lockCustomer(tx, customer.id);
      // Another instance starting at the same time may have replayed it meanwhile.
      if (await isErased(tx, customer.id)) return false;
      const request =
        (await findPendingRequest(tx, customer.id)) ??
        (await insertRequest(tx, customer.id, 'organiser', new Date(deps.now())));
      if (!request) throw new Error('A pending request appeared under the lock');
      await carryOut(deps, tx, null, request, true);
      return true;
    });
    if (done) replayed++;
  }
  if (replayed > 0) await deleteFilesSoon(deps);
  return replayed;
}
