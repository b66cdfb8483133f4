import {
  BankingSchema,
  dateProblems,
  defaultCertificatesFolder,
  releaseInstant,
  shiftDates,
  type CopyEvent,
  type EventSettings,
  type StaffEvent,
  type StaffEvents,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { readDemoCatalogue } from '../../db/seed/demo-catalogue.ts';
import { loadCatalogue } from '../../db/seed/seed.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { toEventSummary } from '../catalogue/index.ts';
import { carryOverTexts, oldYearTexts } from './events.copy-texts.ts';
import * as repo from './events.repository.ts';

export interface EventsDependencies {
  db: Database;
  /** The event the server serves now (EVENT_ID's, or the live one). */
  currentEventId: () => Promise<number | undefined>;
  /** EVENT_ID, when the configuration fixes the event. */
  configuredEventId: number | undefined;
  /** After a change: every instance drops its catalogue and which event is live. */
  invalidate: (eventId?: number) => void;
  now: () => number;
}

const noEvent = (id: number) => notFound('EVENT_NOT_FOUND', `There is no event with id ${id}`);

/** The settings as organisers edit them, from an event's row. */
function settingsOf(row: repo.EventRow): EventSettings {
  const content = row.content as { hostLine?: unknown; banking?: unknown };
  const banking = BankingSchema.safeParse(content.banking);
  const { name, year, timeZone, dates, fees } = toEventSummary(row);
  return {
    name,
    year,
    hostLine: typeof content.hostLine === 'string' ? content.hostLine : '',
    timeZone,
    certificatesFolder: row.certificatesFolder ?? defaultCertificatesFolder(row.year),
    dates,
    fees,
    fileRetentionDays: row.fileRetentionDays,
    // Kept in the content, as the host line is (decision 066): no column, nothing to migrate.
    ...(banking.success ? { banking: banking.data } : {}),
  };
}

/** The columns that hold the settings (the host line lives in the event's content). */
function columnsOf(settings: EventSettings, content: unknown) {
  return {
    name: settings.name,
    year: settings.year,
    timeZone: settings.timeZone,
    certificatesFolder: settings.certificatesFolder,
    ...settings.dates,
    individualFeeCents: settings.fees.individualCents,
    groupSmallFeeCents: settings.fees.groupSmallCents,
    groupLargeFeeCents: settings.fees.groupLargeCents,
    groupLargeFromParticipants: settings.fees.groupLargeFromParticipants,
    changeFeeCents: settings.fees.changeFeeCents,
    amendmentFeeCents: settings.fees.amendmentFeeCents,
    lateSurchargePercent: settings.fees.lateSurchargePercent,
    content: {
      ...(content as object),
      hostLine: settings.hostLine,
      ...(settings.banking ? { banking: settings.banking } : {}),
    },
    ...(settings.fileRetentionDays === undefined
      ? {}
      : { fileRetentionDays: settings.fileRetentionDays }),
  };
}

async function present(deps: EventsDependencies, row: repo.CountedEventRow): Promise<StaffEvent> {
  return {
    id: row.id,
    isLive: row.isLive,
    isServed: (await deps.currentEventId()) === row.id,
    settings: settingsOf(row),
    categories: row.categories,
    items: row.items,
    orders: row.orders,
    unpublishedEntries: row.unpublished,
    createdAt: row.createdAt.toISOString(),
    copiedFromYear: row.copiedFromYear,
    oldYearTexts: await oldYearTexts(deps.db, row),
  };
}

async function get(deps: EventsDependencies, id: number): Promise<StaffEvent> {
  const { db } = deps;
  const row = await repo.findEvent(db, id);
  if (!row) throw noEvent(id);
  return present(deps, row);
}

async function list(deps: EventsDependencies): Promise<StaffEvents> {
  const { db } = deps;
  const rows = await repo.listEvents(db);
  return {
    events: await Promise.all(rows.map((row) => present(deps, row))),
    servedByConfiguration: deps.configuredEventId ?? null,
  };
}

/** Runs `change` on the locked event, audits it, and tells every instance. */
async function change(
  deps: EventsDependencies,
  organiserId: number,
  id: number,
  action: string,
  work: (tx: Database, before: repo.EventRow) => Promise<Record<string, unknown> | void>,
): Promise<void> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    await repo.takeTurn(tx);
    const before = await repo.lockEvent(tx, id);
    if (!before) throw noEvent(id);
    const extra = await work(tx, before);
    const after = await repo.lockEvent(tx, id);
    // A scheduled release the change puts in the past would be released by the next sweep
    // at once, with no one asked (decision 026): the organiser moves the release time first.
    if (
      after?.resultsReleaseTime &&
      !after.resultsReleasedAt &&
      releaseInstant(after.galaAwards, after.resultsReleaseTime, after.timeZone).getTime() <=
        deps.now()
    )
      throw new AppError(
        409,
        'RELEASE_TIME_PASSED',
        'This change puts the scheduled release of results in the past. Change or clear the release time on the Results page first.',
      );
    await audit(tx, {
      actorCustomerId: organiserId,
      action,
      entityType: 'event',
      entityId: id,
      details: { ...extra, before: settingsOf(before), after: after && settingsOf(after) },
    });
  });
  deps.invalidate();
}

async function assertYearFree(tx: Database, year: number, exceptId?: number) {
  if (await repo.yearTaken(tx, year, exceptId))
    throw new AppError(
      409,
      'EVENT_YEAR_TAKEN',
      `There is an event for ${year} already: families' entries are kept by year.`,
    );
}

async function assertNoOrders(tx: Database, id: number, what: string) {
  const counted = await repo.findEvent(tx, id);
  if (counted && counted.orders > 0)
    throw new AppError(
      409,
      'EVENT_HAS_ORDERS',
      `This event has orders: ${what} would change what families were told. Change single dates instead.`,
    );
}

async function update(
  deps: EventsDependencies,
  organiserId: number,
  id: number,
  settings: EventSettings,
): Promise<StaffEvent> {
  await change(deps, organiserId, id, 'event.update', async (tx, before) => {
    if (settings.year !== before.year) {
      await assertNoOrders(tx, id, 'changing its year (in its order numbers)');
      await assertYearFree(tx, settings.year, id);
    }
    await repo.updateEvent(tx, id, columnsOf(settings, before.content));
  });
  return get(deps, id);
}

/** Every date of the event, and every item's due date, `days` later (earlier if negative). */
async function shiftEventDates(
  deps: EventsDependencies,
  organiserId: number,
  id: number,
  days: number,
): Promise<StaffEvent> {
  await change(deps, organiserId, id, 'event.shift-dates', async (tx, before) => {
    await assertNoOrders(tx, id, 'moving every deadline');
    const moved = shiftDates(settingsOf(before).dates, days);
    const [problem] = dateProblems(moved);
    if (problem) throw badRequest('VALIDATION_ERROR', problem.message);
    await repo.updateEvent(tx, id, moved);
    await repo.shiftItemDueDates(tx, id, days);
    return { days };
  });
  return get(deps, id);
}

/**
 * A new site's first event (issue 31): the demo event with this season's dates, not live,
 * for the organiser to make their own. Every later event is a copy of an earlier one.
 */
async function startFromDemo(deps: EventsDependencies, organiserId: number): Promise<StaffEvent> {
  const { db } = deps;
  const demo = readDemoCatalogue({ now: new Date(deps.now()) });
  const id = await db.transaction(async (tx) => {
    await repo.takeTurn(tx);
    if ((await repo.countEvents(tx)) > 0)
      throw new AppError(
        409,
        'EVENT_EXISTS',
        'There is an event already: copy it under Events to start another.',
      );
    const newId = await loadCatalogue(tx, demo, { live: false });
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'event.start-from-demo',
      entityType: 'event',
      entityId: newId,
      details: { name: demo.event.name, year: demo.event.year },
    });
    return newId;
  });
  deps.invalidate(id);
  return get(deps, id);
}

/** Next year's event from `fromId`: catalogue, rubrics, content and settings; not live. */
async function copy(
  deps: EventsDependencies,
  organiserId: number,
  fromId: number,
  request: CopyEvent,
): Promise<StaffEvent> {
  const { db } = deps;
  const id = await db.transaction(async (tx) => {
    await repo.takeTurn(tx);
    const from = await repo.lockEvent(tx, fromId);
    if (!from) throw noEvent(fromId);
    await assertYearFree(tx, request.year);
    const dates = shiftDates(settingsOf(from).dates, request.shiftDays);
    const [problem] = dateProblems(dates);
    if (problem) throw badRequest('VALIDATION_ERROR', problem.message);
    const newId = await repo.copyEvent(
      tx,
      fromId,
      {
        name: request.name,
        year: request.year,
        ...dates,
        // A folder named after the year follows the new year; one the organiser chose stays.
        certificatesFolder:
          from.certificatesFolder === null ||
          from.certificatesFolder === defaultCertificatesFolder(from.year)
            ? defaultCertificatesFolder(request.year)
            : from.certificatesFolder,
        copiedFromYear: from.year,
      },
      request.shiftDays,
    );
    const copied = await repo.lockEvent(tx, newId);
    if (copied) {
      const change = { oldName: from.name, newName: request.name, oldYear: from.year };
      await carryOverTexts(tx, copied, { ...change, newYear: request.year });
    }
    const created = await repo.lockEvent(tx, newId);
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'event.copy',
      entityType: 'event',
      entityId: newId,
      details: { from: fromId, ...request, after: created && settingsOf(created) },
    });
    return newId;
  });
  return get(deps, id);
}

/** Families see this event from now on; the one before stays readable (orders, results). */
async function makeLive(
  deps: EventsDependencies,
  organiserId: number,
  id: number,
  oldYearTextsAccepted: boolean,
): Promise<StaffEvents> {
  await change(deps, organiserId, id, 'event.make-live', async (tx, before) => {
    const counted = await repo.findEvent(tx, id);
    if (!counted || counted.items === 0)
      throw new AppError(
        409,
        'EVENT_NOT_READY',
        'An event without items cannot go live: add its catalogue first.',
      );
    // A copy still naming last year's year goes live only when the organiser says so (059).
    const old = await oldYearTexts(tx, before);
    if (old.length > 0 && !oldYearTextsAccepted)
      throw new AppError(
        409,
        'OLD_YEAR_TEXTS',
        `${old.length} family-facing ${old.length === 1 ? 'text still names' : 'texts still name'} ${before.copiedFromYear}: change them on the event's page, or make it live with them as they are.`,
      );
    const wasLive = await repo.findLiveId(tx);
    await repo.makeLive(tx, id);
    return { wasLive: wasLive ?? null, nowLive: id, oldYearTextsLeft: old.length };
  });
  return list(deps);
}

/**
 * Organisers set up each year's event (issue 16): copy an earlier one, move its dates, edit its
 * settings, make it live. Every change is audited with what it was before and after.
 */
export function createEventsService(deps: EventsDependencies) {
  return {
    list: () => list(deps),
    get: (id: number) => get(deps, id),

    update: (organiserId: number, id: number, settings: EventSettings) =>
      update(deps, organiserId, id, settings),

    shiftDates: (organiserId: number, id: number, days: number) =>
      shiftEventDates(deps, organiserId, id, days),

    startFromDemo: (organiserId: number) => startFromDemo(deps, organiserId),

    copy: (organiserId: number, fromId: number, request: CopyEvent) =>
      copy(deps, organiserId, fromId, request),

    makeLive: (organiserId: number, id: number, oldYearTextsAccepted = false) =>
      makeLive(deps, organiserId, id, oldYearTextsAccepted),
  };
}
