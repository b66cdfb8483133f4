import {
  CLASS_TEXT,
  normaliseIdentifier,
  PARENT_TEXT,
  paths,
  type ClassParents,
  type InvitedAll,
  type ParentLink,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { RateLimiter } from '../../providers/rate-limit/rate-limiter.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';
import { findCustomer, toInternationalNumber } from '../accounts/index.ts';
import type { Outbox } from '../outbox/index.ts';
import { reachClass, type ReachedClass } from '../teachers/index.ts';
import { INVITATION_POLICY, newInvitationToken } from './invitation-token.ts';
import * as repo from './parent-invitations.repository.ts';
import { text } from './text.ts';

export interface ParentInvitationsDeps {
  db: Database;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  publicUrl: string;
  /** The approved WhatsApp template invitations go out as (a message the portal starts). */
  whatsAppTemplate: string;
  now: () => number;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What the teacher sees of a learner's parent (decision 063). */
function linkOf(
  l: Pick<repo.LearnerWithParent, 'id' | 'firstName' | 'surname' | 'parent'> & {
    email?: string | null;
    mobile?: string | null;
  },
): ParentLink {
  const p = l.parent;
  const state = p ? p.state : l.email || l.mobile ? 'not-invited' : 'no-contact';
  return {
    learnerId: l.id,
    firstName: l.firstName,
    surname: l.surname,
    state,
    channel: p?.channel ?? null,
    invitedAt: iso(p?.invitedAt),
    changedAt: iso(p?.changedAt),
  };
}

/** Sends one invitation: a new token (its hash kept), by email or else WhatsApp, audited. */
async function send(
  deps: ParentInvitationsDeps,
  cls: ReachedClass,
  learner: repo.LearnerWithParent,
  country: string,
): Promise<ParentLink> {
  const at = new Date(deps.now());
  const { token, hash } = newInvitationToken();
  const channel = learner.email ? 'email' : 'whatsapp';
  // A mobile number is kept whole, with the teacher's country's code: what WhatsApp reaches and
  // what the parent's proved number must be (the same digits elsewhere are someone else's).
  const sentTo = learner.email
    ? normaliseIdentifier('email', learner.email)
    : toInternationalNumber(normaliseIdentifier('mobile', learner.mobile ?? ''), country);
  const saved = await repo.saveInvitation(deps.db, {
    participantProfileId: learner.id,
    membershipId: cls.membershipId,
    teacherCustomerId: cls.customerId,
    channel,
    sentTo,
    tokenHash: hash,
    invitedAt: at,
    expiresAt: new Date(at.getTime() + INVITATION_POLICY.validDays * 86_400_000),
  });
  // Accepted meanwhile: the row was not replaced and nothing is sent.
  if (!saved) return linkOf({ ...learner, parent: null });
  const words = {
    teacher: cls.teacherName,
    school: cls.schoolName,
    child: learner.firstName,
    days: INVITATION_POLICY.validDays,
    link: `${deps.publicUrl}${paths.parentInvitation.href({ token })}`,
  };
  if (channel === 'email') {
    const body = [
      text('inviteGreeting'),
      '',
      text('inviteLead', words),
      '',
      text('inviteAsk', words),
      words.link,
      '',
      text('inviteValid', words),
    ].join('\n');
    await deps.outbox.enqueueEmail(sentTo, text('inviteSubject', words), body);
  } else {
    // The template's values in its order (config: WHATSAPP_TEMPLATE_PARENT_INVITATION).
    const values = [words.teacher, words.school, words.child, words.link, String(words.days)];
    await deps.outbox.enqueueWhatsAppTemplate(
      sentTo,
      deps.whatsAppTemplate,
      values,
      text('inviteWhatsApp', words),
    );
  }
  await audit(deps.db, {
    actorCustomerId: cls.customerId,
    action: 'parent.invited',
    entityType: 'participant_profile',
    entityId: learner.id,
    details: { channel, membershipId: cls.membershipId },
  });
  return linkOf({ ...learner, parent: saved });
}

async function teacherCountry(deps: ParentInvitationsDeps, customerId: number) {
  return (await findCustomer(deps.db, customerId))?.country ?? 'South Africa';
}

/** One learner's parent: refused without an address, once linked or left; again once a day. */
async function invite(
  deps: ParentInvitationsDeps,
  customerId: number,
  membershipId: number,
  learnerId: number,
): Promise<ParentLink> {
  const cls = await reachClass(deps.db, customerId, membershipId, true);
  const [learner] = await repo.findClassLearnersWithParents(
    deps.db,
    membershipId,
    customerId,
    learnerId,
  );
  if (!learner)
    throw notFound('LEARNER_NOT_FOUND', CLASS_TEXT.say('learnerNotFound', { id: learnerId }));
  const name = learner.firstName;
  if (!learner.email && !learner.mobile)
    throw badRequest('NO_PARENT_CONTACT', PARENT_TEXT.say('noContact', { name }));
  const p = learner.parent;
  if (p?.state === 'linked' || p?.state === 'taken-over')
    throw new AppError(409, 'PARENT_ALREADY_LINKED', PARENT_TEXT.say('alreadyLinked', { name }));
  if (p?.state === 'left')
    throw new AppError(409, 'PARENT_LEFT', PARENT_TEXT.say('parentLeft', { name }));
  // Asked twice (a double tap, a retry): the invitation of the last day stands, nothing is sent.
  const now = deps.now();
  if (
    p &&
    now - p.invitedAt.getTime() < INVITATION_POLICY.resendAfterMs &&
    p.expiresAt.getTime() > now
  )
    return linkOf(learner);
  await requireWithinLimit(
    deps.rateLimiter,
    `parent-invitations:${customerId}`,
    200,
    60 * 60_000,
    PARENT_TEXT.say('tooManyInvitations'),
  );
  return send(deps, cls, learner, await teacherCountry(deps, customerId));
}

/** Every learner with a parent's address who was never invited. */
async function inviteAll(
  deps: ParentInvitationsDeps,
  customerId: number,
  membershipId: number,
): Promise<InvitedAll> {
  const cls = await reachClass(deps.db, customerId, membershipId, true);
  const learners = await repo.findClassLearnersWithParents(deps.db, membershipId, customerId);
  const todo = learners.filter((l) => (l.email || l.mobile) && !l.parent);
  const withAddress = learners.filter((l) => l.email || l.mobile).length;
  if (todo.length > 0)
    await requireWithinLimit(
      deps.rateLimiter,
      `parent-invitations-all:${customerId}`,
      10,
      60 * 60_000,
      PARENT_TEXT.say('tooManyInvitations'),
    );
  const country = await teacherCountry(deps, customerId);
  for (const learner of todo) await send(deps, cls, learner, country);
  return { sent: todo.length, skipped: withAddress - todo.length };
}

/** The class's parents: its learners', and those a parent took over. */
async function parents(
  deps: ParentInvitationsDeps,
  customerId: number,
  membershipId: number,
): Promise<ClassParents> {
  const cls = await reachClass(deps.db, customerId, membershipId, false);
  const learners = await repo.findClassLearnersWithParents(deps.db, membershipId, cls.customerId);
  const gone = await repo.findTakenOver(deps.db, membershipId);
  return [...learners.map(linkOf), ...gone.map(linkOf)];
}

/** A teacher's side of the parents' invitations (issue 35, decision 063). */
export function createParentInvitationsService(deps: ParentInvitationsDeps) {
  return {
    invite: (customerId: number, membershipId: number, learnerId: number) =>
      invite(deps, customerId, membershipId, learnerId),
    inviteAll: (customerId: number, membershipId: number) =>
      inviteAll(deps, customerId, membershipId),
    parents: (customerId: number, membershipId: number) => parents(deps, customerId, membershipId),
  };
}
