import { randomBytes } from 'node:crypto';
import { Client } from './client.ts';
import { waitFor } from './instances.ts';

/**
 * The API calls of a family's journey and of marking, as the web app makes them (the same
 * sequence as apps/api's test helpers family.ts and adjudication.test-helpers.ts), each over the
 * load balancer from a client of its own.
 */

/** The newest pin emailed to an address after `seen` earlier emails, from the dev outbox. */
async function nextPin(client: Client, email: string, seen: number): Promise<string> {
  return waitFor(`a new pin for ${email}`, async () => {
    const messages = await emails(client, email);
    if (messages.length <= seen) return undefined;
    return /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  });
}

async function emails(client: Client, email: string) {
  const messages = await client.call<{ channel: string; body: string }[]>(
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(email)}`,
  );
  return messages.filter((m) => m.channel === 'email');
}

/**
 * Signs an existing account in with an emailed pin (spec 3): silent login for a pin-only token,
 * the pin sent and typed, then a silent login again with the grant cookie for a session.
 */
export async function signIn(client: Client, email: string): Promise<number> {
  const login = { username: email, password: 'none', isMobile: false };
  const first = await client.call<{ token: string; customerId: number }>(
    'POST',
    '/api/Authentication/SilentLogin',
    login,
  );
  client.token = first.token;
  const seen = (await emails(client, email)).length;
  await client.call('POST', `/api/Customers/${first.customerId}/email-one-time-pin`);
  const pin = await nextPin(client, email, seen);
  const verified = await client.call<boolean>(
    'PUT',
    `/api/Customers/${first.customerId}/email-one-time-pin?pin=${pin}`,
  );
  if (verified !== true) throw new Error(`the pin for ${email} was not accepted`);
  const session = await client.call<{ token: string; scope: string }>(
    'POST',
    '/api/Authentication/SilentLogin',
    login,
  );
  if (session.scope !== 'session') throw new Error(`no session for ${email}: ${session.scope}`);
  client.token = session.token;
  return first.customerId;
}

export type Family = Awaited<ReturnType<typeof registerFamily>>;

/** A new family: registered, signed in with its pin, on a device of its own. */
export async function registerFamily(
  origin: string,
  email: string,
  surname: string,
  firstName = 'Parent',
) {
  const client = new Client(origin);
  await client.call('POST', '/api/Customers/CustomerAndUser', {
    firstName,
    surname,
    email,
    mobileNumber: '',
    country: 'South Africa',
  });
  const customerId = await signIn(client, email);
  const { eventId } = await client.call<{ eventId: number }>('GET', '/api/config');
  const cart = await client.call<{ id: number }>('POST', '/api/Orders', {
    customerId,
    orderItems: [],
  });
  return { client, email, customerId, eventId, cartId: cart.id };
}

/**
 * A contestant of the family; its id. Grade 5 unless said: an item is for grades (decision 042),
 * and MU101, VA101 and VA201 are for Grades R–3.
 */
export async function addContestant(
  family: Family,
  firstName: string,
  surname: string,
  grade = '5',
) {
  const { id } = await family.client.call<{ id: number }>(
    'POST',
    `/api/Customers/${family.customerId}/participant-profile`,
    {
      firstName,
      surname,
      school: 'Other School',
      grade,
      gender: 'female',
      acceptedTermsAndConditions: true,
      acceptedHonourPledge: true,
    },
  );
  return id;
}

/** A group member row for UpdateGroupParticipants. */
const groupMember = (k: number) => ({
  firstName: `Member${k}`,
  surname: 'Khumalo',
  school: 'Other School',
  gender: 'male',
  grade: '6',
});

/** Puts an item in the family's cart for a contestant (with members for a group item). */
export async function addEntry(
  family: Family,
  code: string,
  contestantId: number,
  members = 0,
): Promise<number> {
  const search = await family.client.call<{ items: { id: number; code: string }[] }>(
    'GET',
    `/api/Eisteddfods/${family.eventId}/ItemsSearch?skip=0&take=15&search=${code}`,
  );
  const item = search.items.find((i) => i.code === code);
  if (!item) throw new Error(`no item ${code} in the catalogue`);
  const entry = await family.client.call<{ id: number }>(
    'POST',
    `/api/Orders/${family.cartId}/OrderItems`,
    {
      itemId: item.id,
      participantProfileId: contestantId,
      ...(members > 0 ? { groupName: `The ${code} Group` } : {}),
    },
  );
  if (members > 0) {
    await family.client.call(
      'POST',
      `/api/OrderItems/${entry.id}/UpdateGroupParticipants`,
      Array.from({ length: members }, (_, k) => groupMember(k + 1)),
    );
  }
  return entry.id;
}

/** Checks the cart out and pays on the sandbox provider's page: the page, then its Pay form. */
export async function payCart(family: Family): Promise<void> {
  const { link } = await family.client.call<{ link: string }>(
    'GET',
    `/api/Orders/${family.cartId}/PaymentLink/${encodeURIComponent(family.email)}?sendWhatsAppConfirmation=false`,
  );
  const page = await family.client.send('GET', link);
  const action = /<form method="post" action="([^"]+\/pay\?[^"]+)"/
    .exec(page.text())?.[1]
    ?.replace(/&#38;|&amp;/g, '&');
  if (page.status !== 200 || !action) {
    throw new Error(`no Pay button on the sandbox page (${page.status}): ${page.text()}`);
  }
  const paid = await family.client.send('POST', action);
  if (paid.status !== 303) throw new Error(`sandbox payment: ${paid.status} ${paid.text()}`);
}

/** An image or document of an entry, sent as the portal sends it (multipart, spec 7 headers). */
export async function uploadEntryFile(
  family: Family,
  entryId: number,
  file: { name: string; type: string; data: Buffer },
  kind: 'main' | 'supporting',
) {
  const boundary = `----cluster${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await family.client.send('POST', '/api/Uploads/UploadS3Files', {
    body,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      orderId: '0',
      orderItemId: String(entryId),
      uploadTypeId: kind === 'main' ? '2' : '3',
      updatedFilename: file.name,
    },
  });
  if (answer.status !== 200) throw new Error(`UploadS3Files: ${answer.status} ${answer.text()}`);
}

/**
 * Finalises an entry for marking (spec 4), once its files are processed: until then the server
 * answers 409 MEDIA_PROCESSING (decision 025), and the portal keeps the button disabled.
 */
export async function finalise(family: Family, entryId: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await family.client.send('PUT', `/api/OrderItems/${entryId}`, {
      json: { submittedForMarking: true },
    });
    if (answer.status === 200) return;
    if (!answer.text().includes('MEDIA_PROCESSING') || Date.now() > deadline) {
      throw new Error(`finalise ${entryId}: ${answer.status} ${answer.text()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** What a tus request needs to carry: the slot's signed permission (Bunny's header names). */
export interface VideoSlot {
  guid: string;
  upload: { libraryId: string; videoId: string; expires: number; signature: string };
}

/**
 * The entry's video slot, as the portal opens one (spec 7 steps 1 and 2): the entry's collection,
 * named after its id and remembered on the entry, then a blank slot in it.
 */
export async function openVideoSlot(family: Family, entryId: number): Promise<VideoSlot> {
  const collection = await family.client.call<{ guid: string }>('POST', '/api/Uploads/Collection', {
    name: String(entryId),
  });
  await family.client.call('PUT', `/api/OrderItems/${entryId}`, {
    externalCollectionId: collection.guid,
  });
  return family.client.call<VideoSlot>('POST', `/api/Uploads/Collection/${collection.guid}/Video`, {
    collectionId: collection.guid,
    title: 'New video',
  });
}

/** The tus headers of every request to a slot: protocol version and the signed permission. */
export function tusHeaders(slot: VideoSlot) {
  return {
    'tus-resumable': '1.0.0',
    AuthorizationSignature: slot.upload.signature,
    AuthorizationExpire: String(slot.upload.expires),
    VideoId: slot.upload.videoId,
    LibraryId: slot.upload.libraryId,
  };
}

/** A whole recording sent to a new slot of the entry over tus, in one PATCH (a fast line). */
export async function uploadRecording(
  family: Family,
  entryId: number,
  fileName: string,
  data: Buffer,
): Promise<void> {
  const slot = await openVideoSlot(family, entryId);
  const headers = tusHeaders(slot);
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await family.client.send('POST', '/api/tus', {
    headers: {
      ...headers,
      'upload-length': String(data.length),
      'upload-metadata': `filename ${b64(fileName)},filetype ${b64('video/quicktime')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus POST: ${created.status} ${created.text()}`);
  const sent = await family.client.send('PATCH', created.headers.location!, {
    body: data,
    headers: {
      ...headers,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
  });
  if (sent.status !== 204) throw new Error(`tus PATCH: ${sent.status} ${sent.text()}`);
}

/** An organiser invites an adjudicator (Pieter Marais) and assigns them these sections. */
export async function inviteAdjudicator(organiser: Client, email: string, sections: string[]) {
  const invited = await organiser.call<{ id: number }>('POST', '/api/Staff/Adjudicators', {
    firstName: 'Pieter',
    surname: 'Marais',
    email,
  });
  for (const section of sections) {
    await organiser.call('POST', `/api/Staff/Adjudicators/${invited.id}/Assignments`, { section });
  }
}

/** Submits a mark for every entry on the adjudicator's list: each criterion near its maximum. */
export async function markEverything(adjudicator: Client): Promise<number[]> {
  const list = await adjudicator.call<{ orderItemId: number }[]>('GET', '/api/Staff/Marking');
  for (const [n, { orderItemId }] of list.entries()) {
    const entry = await adjudicator.call<{ rubric: { name: string; maxValue: number }[] }>(
      'GET',
      `/api/Staff/Marking/${orderItemId}`,
    );
    await adjudicator.call('PUT', `/api/Staff/Marking/${orderItemId}`, {
      scores: entry.rubric.map((c, k) => ({ name: c.name, value: c.maxValue - ((n + k) % 4) })),
      comment: `Entry ${orderItemId}: confident and well prepared.`,
      submit: true,
    });
  }
  return list.map((e) => e.orderItemId);
}
