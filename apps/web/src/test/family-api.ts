import type {
  Category,
  ClientConfig,
  Customer,
  FamilyDataRights,
  Membership,
  Order,
  OrderItemUpload,
  ParticipantOrderItem,
  ParticipantOrderItemsPage,
  ParticipantProfile,
} from '@eisteddfod/shared';
import { writeStored } from '../lib/storage.ts';
import type { MockAnswer, MockRequest } from './api-mock.ts';
import {
  browsingServer,
  CONTESTANT_ID,
  CUSTOMER_ID,
  makeItem,
  makeOrder,
  makeOrderItem,
} from './catalogue-server.ts';
import { contestant, groupItem } from './contestant-fixtures.ts';
import { gala, resultsOf } from './family-results-fixtures.ts';
import { PUBLIC_SITE } from './public-site-fixture.ts';
import { teachingAnswers } from './teaching-fixtures.ts';

/**
 * One fake API for every family screen (the pseudo-locale probe, app/family-screens.pseudo.test.tsx):
 * a family mid-entry, with two contestants, a cart holding an entry, a paid order, entries to
 * upload, released results and a gala. Built from the shared fixtures beside it; the customer,
 * the configuration and the entries follow those of features/checkout/test-server.ts and
 * features/uploads/test/fixtures.ts, which test/ may not import (apps/web/src/README.md).
 */

/** The cart (order 900) and the paid order (901) of the family. */
const CART_ID = 900;
export const PAID_ORDER_ID = 901;

const ayanda = contestant({ id: CONTESTANT_ID, orderItems: [groupItem] });
const sipho = contestant({
  id: 8,
  firstName: 'Sipho',
  surname: 'Nkosi',
  grade: 'R',
  school: 'Other School',
  gender: 'male',
});
const contestants: ParticipantProfile[] = [ayanda, sipho];

/** The catalogue items 1 to 3 are poems (category 1, Poetry); 4 is a group item. */
const items = [
  makeItem(1),
  makeItem(2, { code: 'DA102' }),
  makeItem(3, { code: 'DA103', requiresAnInstrument: true }),
  makeItem(4, { code: 'DA401', isGroupItem: true, minimumParticipants: 3, maximumParticipants: 8 }),
];

/** An entry of Ayanda's, as the orders answer it. */
const ayandasEntry = (itemIndex: number, change: Parameters<typeof makeOrderItem>[1] = {}) =>
  makeOrderItem(items[itemIndex]!, {
    participantFirstName: ayanda.firstName,
    participantSurname: ayanda.surname,
    participantProfile: {
      id: ayanda.id,
      firstName: ayanda.firstName,
      surname: ayanda.surname,
      grade: ayanda.grade,
      school: ayanda.school,
    },
    ...change,
  });

const cart: Order = makeOrder([ayandasEntry(0)]);

const paidOrder: Order = {
  ...makeOrder([ayandasEntry(0), ayandasEntry(1, { id: 602 })]),
  id: PAID_ORDER_ID,
  orderNumber: 'E2025-000901',
  status: 'paid',
  completedDateTime: '2025-04-18T09:30:00.000Z',
};

const customer: Customer = {
  customerId: CUSTOMER_ID,
  firstName: 'Thandi',
  surname: 'Nkosi',
  email: 'thandi@example.org',
  mobileNumber: '0821234567',
  country: 'South Africa',
  emailVerified: true,
  mobileNumberVerified: true,
};

const config: ClientConfig = {
  eventId: 1,
  eventName: 'Online Eisteddfod 2025',
  year: 2025,
  timeZone: 'Africa/Johannesburg',
  production: false,
};
const dataRights: FamilyDataRights = { request: null };

/** A main file uploaded to an entry, its video ready. */
function upload(id: number, orderItemId: number): OrderItemUpload {
  return {
    id,
    orderItemId,
    fileName: 'DR201_Ayanda_Dlamini_Gr5_Jacaranda-Primary_20250420-101500.mp4',
    originalFileName: 'my-poem.mp4',
    uploadType: 2,
    sizeInBytes: 1000,
    isPrimaryFile: true,
    videoId: '22222222-2222-4222-8222-222222222222',
    isVideo: true,
    isDeleted: false,
    createdAt: '2025-04-20T08:15:00.000Z',
    processing: {
      state: 'ready',
      durationSeconds: null,
      width: null,
      height: null,
      hasAudio: null,
      posterUrl: null,
      previewUrl: null,
      warnings: [],
    },
  };
}

/** An entry of Ayanda's in the uploads portal: a piano solo with nothing uploaded yet. */
function entry(change: Partial<ParticipantOrderItem> = {}): ParticipantOrderItem {
  return {
    id: 301,
    orderId: 90,
    itemId: 11,
    participantProfileId: CONTESTANT_ID,
    participantFirstName: ayanda.firstName,
    participantSurname: ayanda.surname,
    grade: '5',
    school: 'Jacaranda Primary',
    groupName: null,
    groupParticipants: [],
    instruments: '',
    itemCode: 'MU101',
    itemShortDescription: 'Piano Solo',
    itemDueDate: '2025-04-21',
    itemCategoryId: 3,
    isGroupItem: false,
    externalCollectionId: null,
    isCancelled: false,
    isSubmittedForMarking: false,
    uploadDeadline: '2025-04-22T21:59:59.999Z',
    deadlinePassed: false,
    status: 3,
    acceptsImages: false,
    resultsPublished: false,
    orderItemUploads: [],
    item: {
      code: 'MU101',
      shortDescription: 'Piano Solo',
      description: 'A piano piece of own choice.',
      dueDate: '2025-04-21',
      categoryId: 3,
      isGroupItem: false,
      category: { id: 3, name: 'Piano', section: 'Music' },
      timeLimitSeconds: null,
    },
    ...change,
  };
}

/** The uploads portal's entries: one to upload, one complete, one complete and finalised. */
const entries: ParticipantOrderItemsPage = {
  items: [
    entry(),
    entry({
      id: 302,
      itemCode: 'DR201',
      itemShortDescription: 'Solo Poem',
      itemDueDate: '2025-04-22',
      status: 1,
      orderItemUploads: [upload(900, 302)],
    }),
    entry({
      id: 304,
      itemCode: 'VA401',
      itemShortDescription: 'Painting',
      status: 1,
      acceptsImages: true,
      isSubmittedForMarking: true,
      orderItemUploads: [upload(901, 304)],
    }),
  ],
  total: 3,
  allEntries: 3,
  withdrawnEntries: 0,
  completeEntries: 2,
  years: [2025],
};

/** The catalogue's categories, in all four sections as the live event has them. */
const categories: Category[] = [
  { id: 1, name: 'Poetry', section: 'Dramatic Arts' },
  { id: 2, name: 'Prose', section: 'Dramatic Arts' },
  { id: 10, name: 'Piano', section: 'Music' },
  { id: 20, name: 'Painting', section: 'Visual Arts & Design' },
  { id: 30, name: 'Ballet', section: 'Dance' },
];

const memberships: Membership[] = [
  {
    id: 11,
    schoolId: 3,
    schoolName: 'Jacaranda Primary School',
    kind: 'school',
    role: 'teacher',
    status: 'approved',
    refusalReason: null,
    requestedAt: '2025-02-03T08:00:00.000Z',
    decidedAt: '2025-02-04T08:00:00.000Z',
  },
  {
    id: 12,
    schoolId: null,
    schoolName: 'Nomvula Dance Studio',
    kind: 'studio',
    role: 'coordinator',
    status: 'refused',
    refusalReason: 'We could not reach the studio.',
    requestedAt: '2025-02-03T09:00:00.000Z',
    decidedAt: '2025-02-05T08:00:00.000Z',
  },
];

/** GET answers by path, beyond the catalogue's (browsingServer). */
const answers: Record<string, unknown> = {
  '/api/Eisteddfods/1/Categories': categories,
  '/api/config': config,
  '/api/content': PUBLIC_SITE,
  '/api/Gala': gala,
  [`/api/Customers/${CUSTOMER_ID}`]: customer,
  [`/api/Customers/${CUSTOMER_ID}/Orders`]: [paidOrder],
  [`/api/Customers/${CUSTOMER_ID}/ReminderSettings`]: { sendReminders: true },
  [`/api/Customers/${CUSTOMER_ID}/ErasureRequest`]: dataRights,
  [`/api/Orders/${PAID_ORDER_ID}`]: paidOrder,
  '/api/OrderItems/ParticipantOrderItems': entries,
  [`/api/ParticipantProfiles/${CONTESTANT_ID}/Results`]: resultsOf(ayanda),
  // A teacher too (decision 061): a class, a request refused with its reason.
  [`/api/Customers/${CUSTOMER_ID}/school-memberships`]: memberships,
  [`/api/Customers/${CUSTOMER_ID}/teaching/schools`]: [
    { id: 3, name: 'Jacaranda Primary School', kind: 'school' },
  ],
  // Its class: learners, the grid and the entries by state.
  ...teachingAnswers,
};

/**
 * The fake API of the family screens, for mockApi. `served` collects every JSON body it
 * answered (the probe's data); `unanswered` every call it had no answer for, and any call other
 * than a GET (opening a screen should change nothing).
 */
export function familyApi() {
  const served: unknown[] = [];
  const unanswered: string[] = [];
  const catalogue = browsingServer({ items, cart, contestants });
  const answer = (request: MockRequest): MockAnswer => {
    const known = request.method === 'GET' && request.path in answers;
    const [status, body] = known ? [200, answers[request.path]] : catalogue(request);
    if (status >= 400 || request.method !== 'GET') {
      unanswered.push(`${request.method} ${request.path}`);
    } else served.push(body);
    return [status, body];
  };
  return { answer, served, unanswered };
}

/**
 * Stores a signed-in family with its cart, as login and adding an entry leave them, that chose
 * Dramatic Arts and then Poetry on the way to the items.
 */
export function signIn(): void {
  writeStored('token', 'session-token');
  writeStored('customerId', String(CUSTOMER_ID));
  writeStored('username', customer.email ?? '');
  writeStored('cart', String(CART_ID));
  writeStored('currentCategory', 'Dramatic Arts');
  writeStored('currentSubCategory', 'Poetry');
}

/** Stores a login waiting for its one-time pin, as /login leaves it for /verify. */
export function awaitPin(): void {
  writeStored('username', customer.email ?? '');
  writeStored('customerId', String(CUSTOMER_ID));
  writeStored('mobileMode', 'false');
}
