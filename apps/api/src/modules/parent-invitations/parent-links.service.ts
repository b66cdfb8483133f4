import {
  PARENT_TEXT,
  type AcceptInvitation,
  type InvitationSummary,
  type SchoolChild,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { requireWithinLimit } from '../../providers/rate-limit/rate-limiter.ts';
import { findProvedAddresses, toInternationalNumber } from '../accounts/index.ts';
import * as entries from './child-entries.repository.ts';
import { leave, takeOver } from './child-moves.ts';
import { hashInvitationToken } from './invitation-token.ts';
import type { ParentInvitationsDeps } from './parent-invitations.service.ts';
import * as repo from './parent-invitations.repository.ts';

/** A parent's side (decision 063): the invitation, the consents, the child, taking over, leaving. */

const notFoundInvitation = () =>
  notFound('INVITATION_NOT_FOUND', PARENT_TEXT.say('invitationNotFound'));

/** Shows enough of an address for its owner to recognise it (as a pin's "sent to"). */
const mask = (channel: 'email' | 'whatsapp', to: string) => {
  if (channel === 'whatsapp') return `•••••${to.slice(-3)}`;
  const [local = '', domain = ''] = to.split('@');
  return `${local.slice(0, 2)}•••@${domain}`;
};

type Found = NonNullable<Awaited<ReturnType<typeof repo.findByTokenHash>>>;

/** The invitation of `token`, still open: unknown 404, accepted or expired 409. */
function openInvitation(found: Found | undefined, now: number): Found {
  if (!found) throw notFoundInvitation();
  if (found.parent.state !== 'invited')
    throw new AppError(409, 'INVITATION_USED', PARENT_TEXT.say('invitationUsed'));
  if (found.parent.expiresAt.getTime() <= now)
    throw new AppError(409, 'INVITATION_EXPIRED', PARENT_TEXT.say('invitationExpired'));
  return found;
}

async function withinTries(deps: ParentInvitationsDeps, key: string) {
  await requireWithinLimit(deps.rateLimiter, key, 30, 15 * 60_000, PARENT_TEXT.say('tooManyTries'));
}

async function summary(
  deps: ParentInvitationsDeps,
  token: string,
  ip: string,
): Promise<InvitationSummary> {
  await withinTries(deps, `parent-invitation:ip:${ip}`);
  const found = openInvitation(
    await repo.findByTokenHash(deps.db, hashInvitationToken(token)),
    deps.now(),
  );
  return {
    childFirstName: found.childFirstName,
    schoolName: found.schoolName,
    teacherName: found.teacherName,
    channel: found.parent.channel,
    sentTo: mask(found.parent.channel, found.parent.sentTo),
    expiresAt: found.parent.expiresAt.toISOString(),
  };
}

/**
 * The address an invitation went to, as it is compared: an email folded, a mobile number whole,
 * with its country code (the same national digits in another country are someone else's). An
 * invitation sent before numbers were kept whole holds national digits, sent with the teacher's
 * country: it is read back so.
 */
function invitedAddress(found: Found): string {
  const { channel, sentTo } = found.parent;
  if (channel === 'email' || sentTo.startsWith('+')) return sentTo;
  return toInternationalNumber(sentTo, found.teacherCountry);
}

/**
 * Whether the caller's account proved the invited address with a pin (decision 031): a verified
 * sign-in identity, or the account's contact detail proved. A token forwarded to someone else
 * links nobody: their account never proved this address.
 */
async function provedInvitedAddress(db: Database, customerId: number, found: Found) {
  const channel = found.parent.channel === 'email' ? 'email' : 'mobile';
  const invited = invitedAddress(found);
  return (await findProvedAddresses(db, customerId)).some(
    (p) => p.channel === channel && p.address === invited,
  );
}

function childOf(c: repo.LinkedChild, rows: entries.ChildEntry[], state = c.state): SchoolChild {
  return {
    learnerId: c.learnerId,
    firstName: c.firstName,
    surname: c.surname,
    grade: c.grade,
    schoolName: c.schoolName,
    teacherName: c.teacherName,
    state: state === 'left' ? 'left' : 'linked',
    linkedAt: (c.linkedAt ?? new Date(0)).toISOString(),
    entries: rows
      .filter((e) => e.learnerId === c.learnerId)
      .map((e) => ({
        orderItemId: e.orderItemId,
        itemCode: e.itemCode,
        itemTitle: e.itemTitle,
        status: e.isCancelled
          ? 'withdrawn'
          : e.orderStatus === 'cancelled'
            ? 'withdrawn'
            : e.orderStatus,
        files: e.files,
        finalised: e.finalised,
        total: e.total,
      })),
  };
}

async function children(deps: ParentInvitationsDeps, parentId: number, only?: number[]) {
  const linked = await repo.findLinkedChildren(deps.db, parentId, only);
  const rows = await entries.findChildEntries(
    deps.db,
    linked.map((c) => c.learnerId),
  );
  return linked.map((c) => childOf(c, rows));
}

async function accept(
  deps: ParentInvitationsDeps,
  parentId: number,
  token: string,
  consents: AcceptInvitation,
  ip: string,
): Promise<SchoolChild> {
  await withinTries(deps, `parent-invitation:ip:${ip}`);
  await withinTries(deps, `parent-invitation:customer:${parentId}`);
  if (
    !consents.acceptedHonourPledge ||
    !consents.acceptedTermsAndConditions ||
    !consents.acceptedMinorData
  )
    throw badRequest('CONSENTS_MISSING', PARENT_TEXT.say('consentsMissing'));
  const hash = hashInvitationToken(token);
  const found = openInvitation(await repo.findByTokenHash(deps.db, hash), deps.now());
  const learnerId = found.parent.participantProfileId;
  const refuse = async (reason: string, error: AppError) => {
    await audit(deps.db, {
      actorCustomerId: parentId,
      action: 'parent.refused',
      entityType: 'participant_profile',
      entityId: learnerId,
      details: { reason },
    });
    throw error;
  };
  if (found.childCustomerId === parentId)
    await refuse('own-learner', new AppError(409, 'OWN_LEARNER', PARENT_TEXT.say('ownLearner')));
  if (!(await provedInvitedAddress(deps.db, parentId, found)))
    await refuse(
      'address-not-proved',
      new AppError(
        403,
        'INVITATION_NOT_YOURS',
        PARENT_TEXT.say('notYourInvitation', {
          sentTo: mask(found.parent.channel, found.parent.sentTo),
        }),
      ),
    );
  await deps.db.transaction(async (tx) => {
    // Two taps, two devices: the row's lock lets one accept; the other finds it used.
    openInvitation(await repo.findByTokenHash(tx, hash, true), deps.now());
    const at = new Date(deps.now());
    await repo.linkParent(tx, learnerId, parentId, at);
    await audit(tx, {
      actorCustomerId: parentId,
      action: 'parent.linked',
      entityType: 'participant_profile',
      entityId: learnerId,
      details: {
        channel: found.parent.channel,
        consents: ['honour-pledge', 'terms-and-conditions', 'minor-data'],
      },
    });
  });
  const [child] = await children(deps, parentId, [learnerId]);
  return child!;
}

/** The parent's side of a school child (issue 35, decision 063). */
export function createParentLinksService(deps: ParentInvitationsDeps) {
  return {
    summary: (token: string, ip: string) => summary(deps, token, ip),
    accept: (parentId: number, token: string, consents: AcceptInvitation, ip: string) =>
      accept(deps, parentId, token, consents, ip),
    children: (parentId: number) => children(deps, parentId),
    async takeOver(parentId: number, learnerId: number) {
      await takeOver(deps, parentId, learnerId);
    },
    async leave(parentId: number, learnerId: number): Promise<SchoolChild> {
      const child = await leave(deps, parentId, learnerId);
      return childOf(child, await entries.findChildEntries(deps.db, [learnerId]), 'left');
    },
  };
}
