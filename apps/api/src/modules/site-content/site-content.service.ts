import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  endpointUrl,
  EventContentSchema,
  FILE_TEXT,
  SITE_IMAGE_MAX_MB,
  siteContentApi,
  UPLOADED_SITE_IMAGE,
  withAdjudicatorSlugs,
  writtenTranslations,
  type EventContent,
  type SiteContent,
  type SiteImage,
  type SiteImageKind,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isDecoderBusy, PICTURE_LIMITS, runUntrusted } from '../../lib/untrusted.ts';
import { FileNotFoundError, type FileStorage } from '../../providers/storage/file-storage.ts';
import * as repo from './site-content.repository.ts';
import { pictureKindOf } from './site-image-rendition.ts';

const noEvent = (id: number) => notFound('EVENT_NOT_FOUND', `There is no event with id ${id}`);
const noImage = () => notFound('FILE_NOT_FOUND', 'There is no such picture.');

/** Uploaded pictures live here in the storage, under names the server made (never a client's). */
const imageKey = (name: string) => `site-images/${name}`;

export const SITE_IMAGE_MAX_BYTES = SITE_IMAGE_MAX_MB * 1024 * 1024;

/** What organisers edit, from an event's content (whatever else it holds stays). */
function editableOf(content: unknown): SiteContent {
  const c = (content ?? {}) as Partial<EventContent>;
  return {
    title: c.title ?? '',
    intro: c.intro ?? '',
    translations: c.translations ?? {},
    faq: (c.faq ?? []).map(({ question, answer, translations }) => ({
      question,
      answer,
      translations: translations ?? {},
    })),
    artworks: (c.artworks ?? []).map(({ title, artist, alt, image }) => ({
      title,
      artist,
      alt,
      image,
    })),
    participatingSchools: (c.participatingSchools ?? []).map(({ name, logo }) => ({ name, logo })),
    adjudicators: (c.adjudicators ?? []).map(
      ({ slug, name, discipline, summary, bio, portrait, translations }) => ({
        slug,
        name,
        discipline,
        summary,
        bio,
        portrait,
        translations: translations ?? {},
      }),
    ),
  };
}

/**
 * The translations as kept (blanks left out, decision 070). The title's and introduction's, left
 * out by a page of the previous release, stay as they were; a question's or an adjudicator's go
 * with the list that page sends, which names no translations.
 */
function withWrittenTranslations(edit: SiteContent, current: SiteContent): SiteContent {
  return {
    ...edit,
    translations: writtenTranslations(edit.translations ?? current.translations),
    faq: edit.faq.map((q) => ({ ...q, translations: writtenTranslations(q.translations) })),
    adjudicators: edit.adjudicators.map((a) => ({
      ...a,
      translations: writtenTranslations(a.translations),
    })),
  };
}

/** Every picture the content names. */
function imagesOf(content: SiteContent): string[] {
  return [
    ...content.artworks.map((a) => a.image),
    ...content.participatingSchools.map((s) => s.logo),
    ...content.adjudicators.map((a) => a.portrait),
  ];
}

export interface SiteContentDependencies {
  db: Database;
  storage: FileStorage;
  invalidate: (eventId: number) => void;
}

type Deps = SiteContentDependencies;

/**
 * Refuses a picture that is neither uploaded (and still there) nor one the event's content
 * already names (the demo's own files): a name typed by hand shows nothing.
 */
async function requirePictures(deps: Deps, edit: SiteContent, current: SiteContent) {
  const known = new Set(imagesOf(current));
  for (const name of new Set(imagesOf(edit))) {
    const usable = UPLOADED_SITE_IMAGE.test(name)
      ? await deps.storage.exists(imageKey(name))
      : known.has(name);
    if (!usable) {
      throw badRequest(
        'PICTURE_NOT_FOUND',
        `The picture ${name} was not found. Please upload it again.`,
      );
    }
  }
}

async function get(deps: Deps, eventId: number): Promise<SiteContent> {
  const content = await repo.findContent(deps.db, eventId);
  if (content === undefined) throw noEvent(eventId);
  return editableOf(content);
}

async function publish(
  deps: Deps,
  organiserId: number,
  eventId: number,
  edit: SiteContent,
): Promise<SiteContent> {
  const current = await repo.findContent(deps.db, eventId);
  if (current === undefined) throw noEvent(eventId);
  await requirePictures(deps, edit, editableOf(current));
  const written = withWrittenTranslations(edit, editableOf(current));
  // A new adjudicator is given the address of their bio PDF; the others keep theirs.
  const published: SiteContent = {
    ...written,
    adjudicators: withAdjudicatorSlugs(written.adjudicators),
  };
  await deps.db.transaction(async (tx) => {
    const before = await repo.lockContent(tx, eventId);
    if (before === undefined) throw noEvent(eventId);
    const next = { ...(before as object), ...published };
    // An event copied from one without a site yet has nothing else to show.
    if (!EventContentSchema.safeParse(next).success && EventContentSchema.safeParse(before).success)
      throw badRequest('VALIDATION_ERROR', 'This content cannot be shown on the site.');
    await repo.saveContent(tx, eventId, next);
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'content.publish',
      entityType: 'event',
      entityId: eventId,
      details: { before: editableOf(before), after: published },
    });
  });
  deps.invalidate(eventId);
  return published;
}

/** The picture decoded and written anew as WebP, or a refusal of the file. */
async function rewrittenPicture(kind: SiteImageKind, data: Buffer): Promise<Buffer> {
  if (data.length === 0) throw badRequest('FILE_EMPTY', 'The selected file is empty.');
  if (data.length > SITE_IMAGE_MAX_BYTES) {
    throw new AppError(413, 'FILE_TOO_LARGE', `Pictures must be at most ${SITE_IMAGE_MAX_MB} MB.`);
  }
  const fileKind = pictureKindOf(data);
  if (!fileKind) {
    throw new AppError(
      415,
      'UNSUPPORTED_FILE_TYPE',
      'Please choose a JPEG, PNG or WebP picture. Other files, SVG and HEIC included, cannot be used.',
    );
  }
  try {
    return await runUntrusted('siteImage', { data, kind }, PICTURE_LIMITS);
  } catch (err) {
    // Every decoder busy (503 DECODER_BUSY): not the picture's fault, try again shortly.
    if (isDecoderBusy(err)) throw err;
    throw new AppError(415, 'UNREADABLE_PICTURE', FILE_TEXT.say('unreadablePicture'));
  }
}

/**
 * Keeps a picture for the site: a JPEG, PNG or WebP file by its content (never by its
 * name: an SVG can carry script), decoded and written anew as WebP at the size its place
 * needs. It is shown once content naming it is published.
 */
async function storeImage(
  deps: Deps,
  organiserId: number,
  eventId: number,
  kind: SiteImageKind,
  data: Buffer,
): Promise<SiteImage> {
  if ((await repo.findContent(deps.db, eventId)) === undefined) throw noEvent(eventId);
  const picture = await rewrittenPicture(kind, data);
  const name = `${randomUUID()}.webp`;
  await deps.storage.put(imageKey(name), picture, 'image/webp');
  // Served to anyone holding its name from now on, published or not: who put it there is
  // kept (a stolen organiser session must not host pictures unseen).
  await audit(deps.db, {
    actorCustomerId: organiserId,
    action: 'content.image_upload',
    entityType: 'event',
    entityId: eventId,
    details: { image: name, kind, bytes: picture.length, uploadedBytes: data.length },
  });
  return { image: name, url: endpointUrl(siteContentApi.image, { name }) };
}

/** An uploaded picture, by the name the server gave it; 404 for any other name. */
async function openImage(deps: Deps, name: string): Promise<{ stream: Readable; size: number }> {
  if (!UPLOADED_SITE_IMAGE.test(name)) throw noImage();
  try {
    return await deps.storage.read(imageKey(name));
  } catch (err) {
    if (err instanceof FileNotFoundError) throw noImage();
    throw err;
  }
}

/**
 * Organisers publish the public site (issue 16): the home page's words, the FAQ, the gallery,
 * the schools' logos and the adjudicators' profiles, in one step, and upload the pictures for
 * them. The content keeps its other parts (categories, how it works, rules); the whole must
 * still be a site the public pages can show, and every instance drops its copy at once.
 */
export function createSiteContentService(deps: SiteContentDependencies) {
  return {
    get: (eventId: number) => get(deps, eventId),
    publish: (organiserId: number, eventId: number, edit: SiteContent) =>
      publish(deps, organiserId, eventId, edit),
    storeImage: (organiserId: number, eventId: number, kind: SiteImageKind, data: Buffer) =>
      storeImage(deps, organiserId, eventId, kind, data),
    openImage: (name: string) => openImage(deps, name),
  };
}
