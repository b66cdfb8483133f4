import { PARENT_TEXT } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as entries from './child-entries.repository.ts';
import type { ParentInvitationsDeps } from './parent-invitations.service.ts';
import * as repo from './parent-invitations.repository.ts';

/**
 * A linked parent takes the child over or leaves the school's entries (decision 063): one
 * transaction each, the learner's row locked, every step audited.
 */
async function childInHand(tx: Database, parentId: number, learnerId: number) {
  const [child] = await repo.findLinkedChildren(tx, parentId, [learnerId]);
  if (!child)
    throw notFound('CHILD_NOT_FOUND', PARENT_TEXT.say('childNotFound', { id: learnerId }));
  await entries.lockLearner(tx, learnerId);
  if (await entries.hasPaymentUnderWay(tx, learnerId))
    throw new AppError(
      409,
      'PAYMENT_UNDER_WAY',
      PARENT_TEXT.say('paymentUnderWay', { name: child.firstName }),
    );
  // A group entry is other learners' too: it neither moves with one child nor is withdrawn
  // by one parent (security review of decision 063).
  if (await entries.leadsGroup(tx, learnerId))
    throw new AppError(
      409,
      'LEADS_GROUP',
      PARENT_TEXT.say('leadsGroup', { name: child.firstName }),
    );
  return child;
}

async function auditAll(
  tx: Database,
  actor: number,
  action: string,
  orderItemIds: number[],
  details: Record<string, unknown>,
) {
  for (const id of orderItemIds)
    await audit(tx, {
      actorCustomerId: actor,
      action,
      entityType: 'order_item',
      entityId: id,
      details,
    });
}

/** The child and their entries move into the parent's account; the teacher loses them. */
export async function takeOver(deps: ParentInvitationsDeps, parentId: number, learnerId: number) {
  await deps.db.transaction(async (tx) => {
    const child = await childInHand(tx, parentId, learnerId);
    const at = new Date(deps.now());
    const removed = await entries.removeFromCart(tx, learnerId);
    const moved = await entries.moveToParent(tx, learnerId, parentId, at);
    await repo.setParentState(tx, learnerId, 'taken-over', at);
    await auditAll(tx, parentId, 'entry.removed-from-class-cart', removed, { learnerId });
    await auditAll(tx, parentId, 'entry.moved-to-parent', moved, {
      learnerId,
      from: child.teacherId,
    });
    await audit(tx, {
      actorCustomerId: parentId,
      action: 'parent.took-over',
      entityType: 'participant_profile',
      entityId: learnerId,
      details: { from: child.teacherId, entries: moved.length },
    });
  });
}

/** The child's school entries are withdrawn (a finalised one stays, as for a family). */
export async function leave(deps: ParentInvitationsDeps, parentId: number, learnerId: number) {
  return deps.db.transaction(async (tx) => {
    const child = await childInHand(tx, parentId, learnerId);
    const at = new Date(deps.now());
    const removed = await entries.removeFromCart(tx, learnerId);
    const withdrawn = await entries.withdrawPaid(tx, learnerId, at);
    await repo.setParentState(tx, learnerId, 'left', at);
    await auditAll(tx, parentId, 'entry.removed-from-class-cart', removed, { learnerId });
    await auditAll(tx, parentId, 'entry.withdrawn', withdrawn, { learnerId, by: 'parent' });
    await audit(tx, {
      actorCustomerId: parentId,
      action: 'parent.left',
      entityType: 'participant_profile',
      entityId: learnerId,
      details: { withdrawn: withdrawn.length, removedFromCart: removed.length },
    });
    return { ...child, state: 'left' as const };
  });
}
