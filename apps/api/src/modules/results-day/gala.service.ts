import {
  AUDIO_EXTENSIONS,
  EVENT_TEXT,
  extensionOf,
  MEDALS,
  medalFor,
  publicName,
  SECTIONS,
  type Gala,
  type Medal,
  type Section,
  type ShowcaseItem,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { MediaLinks } from '../entries/index.ts';
import { publishedTotals, showcaseFiles } from './gala.repository.ts';
import { releaseAtOf } from './release.service.ts';
import { confirmationIsCurrent } from './winners-compute.ts';
import { text } from './text.ts';
import * as repo from './winners.repository.ts';

export interface GalaDependencies {
  db: Database;
  mediaLinks: MediaLinks;
  currentEventId: () => Promise<number | undefined>;
  now: () => number;
}

/** How long an instance answers the gala page from memory (its links live an hour). */
export const GALA_CACHE_SECONDS = 60;

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'heic', 'heif', 'tiff', 'webp', 'gif'];

type ShowcaseFile = Awaited<ReturnType<typeof showcaseFiles>>[number];

function kindOf(upload: ShowcaseFile['upload']): ShowcaseItem['kind'] {
  const ext = upload.servedFileExtension ?? extensionOf(upload.originalFileName);
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(ext)) return 'audio';
  if (upload.isVideo || upload.videoId) return 'video';
  if (IMAGE_EXTENSIONS.includes(ext)) return 'image';
  return 'document';
}

type GalaCache = Map<number, { at: number; gala: Gala }>;

async function eventOf(deps: GalaDependencies, eventId: number) {
  const event = await repo.findEvent(deps.db, eventId);
  if (!event) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventSoFar'));
  return event;
}

/** Entries and medals per section, from the published (or, `asReleased`, releasable) marks. */
async function sectionsOf(
  deps: GalaDependencies,
  eventId: number,
  asReleased: boolean,
): Promise<Gala['sections']> {
  const counts = new Map<Section, { entries: number; medals: Record<Medal, number> }>();
  for (const row of await publishedTotals(deps.db, eventId, asReleased)) {
    const section = row.section;
    let c = counts.get(section);
    if (!c) {
      c = {
        entries: 0,
        medals: Object.fromEntries(MEDALS.map((m) => [m, 0])) as Record<Medal, number>,
      };
      counts.set(section, c);
    }
    c.entries += row.n;
    c.medals[medalFor(row.total)] += row.n;
  }
  return SECTIONS.filter((s) => counts.has(s)).map((s) => ({
    section: s,
    ...counts.get(s)!,
  }));
}

/** The consenting winners' best entries, each linked blind. */
async function showcaseOf(
  deps: GalaDependencies,
  consenting: repo.CurrentWinner[],
  nameOf: (w: repo.CurrentWinner) => string,
  asReleased: boolean,
): Promise<ShowcaseItem[]> {
  const files = await showcaseFiles(
    deps.db,
    consenting.map((w) => w.bestOrderItemId),
    asReleased,
  );
  const showcase: ShowcaseItem[] = [];
  for (const w of consenting) {
    const file = files.find((f) => f.upload.orderItemId === w.bestOrderItemId);
    if (!file) continue;
    // Our own links expire within the hour; a host's too, or the video is left out.
    const link = deps.mediaLinks.forPublic(file.upload, Math.floor(deps.now() / 1000) + 3600);
    if (!link) continue;
    const hosted = link.playerUrl !== null && link.playerUrl === link.url;
    const kind = kindOf(file.upload);
    showcase.push({
      section: w.section,
      bandLabel: w.bandLabel,
      name: nameOf(w),
      itemCode: file.itemCode,
      itemTitle: file.itemTitle,
      kind,
      url: link.url,
      embed: hosted,
      // A host's thumbnail link is not signed: its player shows its own.
      posterUrl: kind === 'video' && !hosted ? deps.mediaLinks.poster(file.upload) : null,
      medal: medalFor(file.total),
    });
  }
  return showcase;
}

/**
 * What the page shows once released: from the published marks, or (`asReleased`, the
 * release's preview) from those and the submitted marks the release would publish now.
 */
async function content(
  deps: GalaDependencies,
  event: repo.ResultsDayEvent,
  asReleased: boolean,
): Promise<Pick<Gala, 'sections' | 'winners' | 'showcase'>> {
  const { db } = deps;
  const eventId = event.id;
  const sections = await sectionsOf(deps, eventId, asReleased);

  // Winners the marks no longer give (a counted mark reopened, marks published since) are
  // not announced until an organiser confirms again.
  const winners = (await confirmationIsCurrent(db, event))
    ? await repo.findCurrentWinners(db, eventId)
    : [];
  // Without the terms' consent a winner is listed without a name, and nothing of theirs shown.
  const nameOf = (w: repo.CurrentWinner) =>
    w.acceptedTermsAt ? publicName(w.firstName, w.surname) : text('nameWithheld');
  const consenting = winners.filter((w) => w.acceptedTermsAt !== null);
  const showcase = await showcaseOf(deps, consenting, nameOf, asReleased);
  return {
    sections,
    winners: winners.map((w) => ({
      section: w.section,
      bandLabel: w.bandLabel,
      name: nameOf(w),
      score: w.score,
    })),
    showcase,
  };
}

async function build(deps: GalaDependencies, eventId: number): Promise<Gala> {
  const event = await eventOf(deps, eventId);
  const releaseAt = releaseAtOf(event);
  const base = {
    eventName: event.name,
    year: event.year,
    timeZone: event.timeZone,
    galaDate: event.galaAwards,
    releaseAt: (event.resultsReleasedAt ?? releaseAt)?.toISOString() ?? null,
    released: event.resultsReleasedAt !== null,
  };
  if (!event.resultsReleasedAt) return { ...base, sections: [], winners: [], showcase: [] };
  return { ...base, ...(await content(deps, event, false)) };
}

/** The live event's gala, from this instance's memory for up to a minute. */
async function gala(deps: GalaDependencies, cache: GalaCache): Promise<Gala> {
  const eventId = await deps.currentEventId();
  if (eventId === undefined) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventSoFar'));
  const hit = cache.get(eventId);
  const now = deps.now();
  // A cached "not yet" is not kept past the release time, nor anything past a minute.
  if (
    hit &&
    now - hit.at < GALA_CACHE_SECONDS * 1000 &&
    now >= hit.at &&
    (hit.gala.released || !hit.gala.releaseAt || now < Date.parse(hit.gala.releaseAt))
  )
    return hit.gala;
  const built = await build(deps, eventId);
  cache.set(eventId, { at: now, gala: built });
  return built;
}

/**
 * The public gala page's data (decision 026): nothing but the release time before the event's
 * results are released; then medal counts per section, the confirmed winners by first name and
 * initial, and a showcase of winners' entries whose contestant accepted the terms (spec 9's
 * publication consent). Files are linked blind (decision 008's names, not the stored ones): our
 * own signed player page or file, or Bunny's embed page.
 */
export function createGalaService(deps: GalaDependencies) {
  const cache: GalaCache = new Map();
  return {
    gala: () => gala(deps, cache),
    /**
     * What releasing the event now would put on the page (decision 033): the same sections,
     * winners and showcase, counting the submitted marks the release publishes.
     */
    async asReleased(eventId: number) {
      return content(deps, await eventOf(deps, eventId), true);
    },
    /** After a release or a confirmation on this instance: the next answer is read afresh. */
    forget(eventId: number) {
      cache.delete(eventId);
    },
  };
}
