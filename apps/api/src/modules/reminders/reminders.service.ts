import {
  REMINDER_KIND_LABELS,
  type CreateReminderCampaign,
  type ReminderAudience,
  type ReminderCampaign,
  type ReminderChannel,
  type ReminderKind,
  type ReminderPreview,
} from '@eisteddfod/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { provedAddresses } from '../accounts/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';
import { reminderEmail, reminderWhatsApp, type ReminderTemplates } from './reminders.messages.ts';
import * as campaigns from './reminder-campaigns.repository.ts';
import { toCampaign } from './campaign-view.ts';
import { outstanding } from './outstanding.ts';
import * as repo from './reminders.repository.ts';

/** Sends one campaign now (a request's "send now"); the sweep sends the scheduled ones. */
export const SEND_JOB = 'reminders.send';

export interface RemindersDependencies {
  db: Database;
  outbox: Outbox;
  jobs: Jobs;
  publicUrl: string;
  templates: ReminderTemplates;
  now: () => number;
  /** The event the site serves: the only one whose deadlines are reminded of by themselves. */
  liveEventId: () => Promise<number | undefined>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

const noCampaign = (id: number) =>
  notFound('REMINDER_NOT_FOUND', `There is no reminder campaign with id ${id}`);
const notScheduled = () =>
  new AppError(409, 'REMINDER_NOT_SCHEDULED', 'This reminder is no longer scheduled.');

const at = (deps: RemindersDependencies) => new Date(deps.now());

type PreviewQuery = {
  eventId: number;
  kind: ReminderKind;
  channels: ReminderChannel[];
  audience: ReminderAudience;
};

async function requireEvent(deps: RemindersDependencies, eventId: number) {
  const event = await repo.findEvent(deps.db, eventId);
  if (!event) throw notFound('EVENT_NOT_FOUND', `There is no event with id ${eventId}`);
  return event;
}

async function describe(deps: RemindersDependencies, id: number): Promise<ReminderCampaign> {
  const [row] = await campaigns.listCampaigns(deps.db, id);
  if (!row) throw noCampaign(id);
  return toCampaign(row);
}

/**
 * What `family` is sent on `channels`: only the channels it has a proved address for
 * (decision 031: a number or email typed and never proved may be anyone's).
 */
function messagesFor(
  deps: RemindersDependencies,
  kind: ReminderKind,
  family: repo.AudienceFamily,
  channels: readonly ReminderChannel[],
  event: { name: string; registrationCloses: string },
): (OutboxMessage & { channel: ReminderChannel })[] {
  const ctx = {
    eventName: event.name,
    registrationCloses: event.registrationCloses,
    publicUrl: deps.publicUrl,
  };
  const messages: (OutboxMessage & { channel: ReminderChannel })[] = [];
  const to = provedAddresses(family);
  if (channels.includes('email') && to.email) {
    const email = reminderEmail(kind, family, ctx);
    messages.push({ channel: 'email', recipient: to.email, ...email });
  }
  if (channels.includes('whatsapp') && to.mobile) {
    const wa = reminderWhatsApp(kind, family, ctx, { byKind: deps.templates, log: deps.log });
    messages.push({
      channel: 'whatsapp',
      recipient: to.mobile,
      body: wa.text,
      payload: { template: wa.template, parameters: wa.parameters, language: wa.language },
    });
  }
  return messages;
}

/**
 * Sends a claimed campaign: each family of its audience, in a transaction of its own, gets
 * its delivery row (once: ON CONFLICT DO NOTHING on the reminder's key) and its messages
 * together. Then the campaign is marked sent and delivery is queued, after every commit.
 */
async function send(deps: RemindersDependencies, campaign: campaigns.CampaignRow): Promise<void> {
  const { db, outbox } = deps;
  const event = await repo.findEvent(db, campaign.eventId);
  const audience = event
    ? await repo.findAudience(db, campaign.eventId, campaign.kind, at(deps), {
        dueDate: campaign.dueDate,
        audience: campaign.audience,
      })
    : [];
  let pending = 0;
  for (const family of audience) {
    const messages = messagesFor(deps, campaign.kind, family, campaign.channels, event!);
    if (messages.length === 0) continue; // No address on these channels: not reached.
    pending += await db.transaction(async (tx) => {
      const deliveryId = await repo.recordDelivery(tx, campaign, family);
      if (deliveryId === undefined) return 0;
      const written = await outbox.enqueueWithin(tx, messages);
      const ids: Partial<Record<ReminderChannel, number>> = {};
      messages.forEach((m, i) => (ids[m.channel] = written[i]!.id));
      await repo.setDeliveryMessages(tx, deliveryId, ids);
      return written.filter((w) => w.status === 'pending').length;
    });
  }
  await campaigns.markSent(db, campaign.id, at(deps));
  if (pending > 0) outbox.deliverSoon(pending);
}

async function sendClaimed(
  deps: RemindersDependencies,
  campaigns: campaigns.CampaignRow[],
): Promise<number> {
  for (const campaign of campaigns) await send(deps, campaign);
  return campaigns.length;
}

async function list(deps: RemindersDependencies): Promise<ReminderCampaign[]> {
  return (await campaigns.listCampaigns(deps.db)).map(toCampaign);
}

/** How many families it would reach now, and what the first of them would read. */
async function preview(deps: RemindersDependencies, query: PreviewQuery): Promise<ReminderPreview> {
  const event = await requireEvent(deps, query.eventId);
  const audience = await repo.findAudience(deps.db, query.eventId, query.kind, at(deps), {
    audience: query.audience,
  });
  const reached = audience
    .map((family) => messagesFor(deps, query.kind, family, query.channels, event))
    .filter((m) => m.length > 0);
  const email = reached.flat().find((m) => m.channel === 'email');
  const whatsapp = reached.flat().find((m) => m.channel === 'whatsapp');
  const template = whatsapp?.payload as { template: string; parameters: string[] } | undefined;
  return {
    audience: reached.length,
    email: email ? { to: email.recipient, subject: email.subject ?? '', body: email.body } : null,
    whatsapp:
      whatsapp && template
        ? {
            to: whatsapp.recipient,
            template: template.template,
            parameters: template.parameters,
            text: whatsapp.body,
          }
        : null,
  };
}

async function create(
  deps: RemindersDependencies,
  organiserId: number,
  input: CreateReminderCampaign,
): Promise<ReminderCampaign> {
  await requireEvent(deps, input.eventId);
  const now = input.sendAt === null;
  const created = await deps.db.transaction(async (tx) => {
    const row = await campaigns.insertCampaign(tx, {
      eventId: input.eventId,
      kind: input.kind,
      channels: [...new Set(input.channels)],
      sendAt: now ? at(deps) : new Date(input.sendAt!),
      audience: input.audience,
      createdBy: organiserId,
      createdAt: at(deps),
    });
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'reminders.created',
      entityType: 'reminder_campaign',
      entityId: row.id,
      details: {
        before: null,
        after: {
          eventId: row.eventId,
          kind: row.kind,
          label: REMINDER_KIND_LABELS[row.kind],
          channels: row.channels,
          audience: row.audience,
          sendAt: row.sendAt.toISOString(),
        },
      },
    });
    return row;
  });
  if (now) await deps.jobs.send(SEND_JOB, { campaignId: created.id });
  return describe(deps, created.id);
}

/** A scheduled campaign's time brought to now, and its job queued. */
async function sendNow(
  deps: RemindersDependencies,
  organiserId: number,
  id: number,
): Promise<ReminderCampaign> {
  const before = await campaigns.findCampaign(deps.db, id);
  if (!before) throw noCampaign(id);
  await deps.db.transaction(async (tx) => {
    const row = await campaigns.updateScheduled(tx, id, { sendAt: at(deps) });
    if (!row) throw notScheduled();
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'reminders.sent-now',
      entityType: 'reminder_campaign',
      entityId: id,
      details: {
        before: { sendAt: before.sendAt.toISOString() },
        after: { sendAt: row.sendAt.toISOString() },
      },
    });
  });
  await deps.jobs.send(SEND_JOB, { campaignId: id });
  return describe(deps, id);
}

async function cancel(
  deps: RemindersDependencies,
  organiserId: number,
  id: number,
): Promise<ReminderCampaign> {
  const before = await campaigns.findCampaign(deps.db, id);
  if (!before) throw noCampaign(id);
  await deps.db.transaction(async (tx) => {
    const row = await campaigns.updateScheduled(tx, id, {
      status: 'cancelled',
      finishedAt: at(deps),
    });
    if (!row) throw notScheduled();
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'reminders.cancelled',
      entityType: 'reminder_campaign',
      entityId: id,
      details: { before: { status: 'scheduled' }, after: { status: 'cancelled' } },
    });
  });
  return describe(deps, id);
}

/** The sweep: every campaign due (or whose sender died), claimed and sent. */
/** The sweep: plans the reminders before each deadline, then sends what is due. */
async function sendDue(deps: RemindersDependencies): Promise<number> {
  // Planning must not keep the organisers' campaigns from going out: its failure is
  // logged, and the next minute's sweep plans again.
  try {
    const eventId = await deps.liveEventId();
    if (eventId !== undefined) await campaigns.planAutomatic(deps.db, eventId, at(deps));
  } catch (err) {
    deps.log.error({ err }, 'the reminders before the deadlines could not be planned');
  }
  return sendClaimed(deps, await campaigns.claimDue(deps.db, at(deps)));
}

/** The send-now job: this campaign, if it is still to send. */
async function sendOne(deps: RemindersDependencies, id: number): Promise<number> {
  return sendClaimed(deps, await campaigns.claimDue(deps.db, at(deps), id));
}

async function settings(
  deps: RemindersDependencies,
  customerId: number,
): Promise<{ sendReminders: boolean }> {
  const optOut = await repo.readOptOut(deps.db, customerId);
  if (optOut === undefined) throw notFound('CUSTOMER_NOT_FOUND', 'Customer not found');
  return { sendReminders: !optOut };
}

async function updateSettings(
  deps: RemindersDependencies,
  customerId: number,
  input: { sendReminders: boolean },
): Promise<{ sendReminders: boolean }> {
  const { db } = deps;
  const before = await repo.readOptOut(db, customerId);
  if (before === undefined) throw notFound('CUSTOMER_NOT_FOUND', 'Customer not found');
  if (before === input.sendReminders) {
    await repo.writeOptOut(db, customerId, !input.sendReminders, at(deps));
    await audit(db, {
      actorCustomerId: customerId,
      action: 'customer.reminders',
      entityType: 'customer',
      entityId: customerId,
      details: {
        before: { sendReminders: !before },
        after: { sendReminders: input.sendReminders },
      },
    });
  }
  return { sendReminders: input.sendReminders };
}

/**
 * Reminders (issue 17, decision 022): organisers schedule a campaign of one kind for an event;
 * a job sends it to the families its audience rules find (reminders.repository.ts), one message
 * per family and channel, never the same reminder twice to a family.
 */
export function createRemindersService(deps: RemindersDependencies) {
  return {
    list: () => list(deps),
    preview: (query: PreviewQuery) => preview(deps, query),
    outstanding: (eventId: number, kind: ReminderKind) => outstanding(deps, eventId, kind),
    create: (organiserId: number, input: CreateReminderCampaign) =>
      create(deps, organiserId, input),
    sendNow: (organiserId: number, id: number) => sendNow(deps, organiserId, id),
    cancel: (organiserId: number, id: number) => cancel(deps, organiserId, id),
    sendDue: () => sendDue(deps),
    sendOne: (id: number) => sendOne(deps, id),
    settings: (customerId: number) => settings(deps, customerId),
    updateSettings: (customerId: number, input: { sendReminders: boolean }) =>
      updateSettings(deps, customerId, input),
  };
}
