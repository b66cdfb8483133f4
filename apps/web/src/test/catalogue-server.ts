import {
  mayEnterGrade,
  type Item,
  type Order,
  type OrderItem,
  type ParticipantProfile,
} from '@eisteddfod/shared';
import type { MockAnswer, MockRequest } from './api-mock.ts';

/** Fixtures and a fake API for the catalogue and cart tests (not part of the app bundle). */

export const CUSTOMER_ID = 42;
export const CONTESTANT_ID = 7;

export function makeItem(id: number, change: Partial<Item> = {}): Item {
  return {
    id,
    code: `DA${100 + id}`,
    shortDescription: `Poetry item ${id}`,
    description: 'Perform a poem of your choice from memory.',
    price: 16000,
    dueDate: '2026-12-16',
    isGroupItem: false,
    minimumParticipants: 1,
    maximumParticipants: 1,
    requiresAnInstrument: false,
    deadlinePassed: false,
    category: { id: 1, name: 'Poetry', section: 'Dramatic Arts' },
    grades: null,
    otherGradesAllowed: false,
    ...change,
  };
}

export function makeOrderItem(item: Item, change: Partial<OrderItem> = {}): OrderItem {
  return {
    id: 500 + item.id,
    orderId: 900,
    itemId: item.id,
    participantProfileId: CONTESTANT_ID,
    participantProfile: {
      id: CONTESTANT_ID,
      firstName: 'Lindiwe',
      surname: 'Zulu',
      grade: '5',
      school: 'Other School',
    },
    participantFirstName: 'Lindiwe',
    participantSurname: 'Zulu',
    groupName: null,
    instruments: '',
    groupParticipants: [],
    itemCode: item.code,
    itemShortDescription: item.shortDescription,
    price: item.price,
    itemDueDate: item.dueDate,
    itemCategoryId: item.category.id,
    isGroupItem: item.isGroupItem,
    minimumParticipants: item.minimumParticipants,
    maximumParticipants: item.maximumParticipants,
    deadlinePassed: item.deadlinePassed,
    groupInformationNeeded: false,
    gradeProblem: null,
    isCancelled: false,
    isSubmittedForMarking: false,
    item: {
      code: item.code,
      shortDescription: item.shortDescription,
      description: item.description,
      dueDate: item.dueDate,
      categoryId: item.category.id,
      isGroupItem: item.isGroupItem,
      requiresAnInstrument: item.requiresAnInstrument,
      category: item.category,
    },
    ...change,
  };
}

export function makeOrder(orderItems: OrderItem[] = []): Order {
  return {
    id: 900,
    orderNumber: 'E2025-000900',
    customerId: CUSTOMER_ID,
    eventId: 1,
    status: 'cart',
    sendWhatsAppConfirmation: false,
    isImported: false,
    totalPrice: orderItems.reduce((sum, item) => sum + item.price, 0),
    completedDateTime: null,
    orderItems,
  };
}

/** The event the fake API serves (its dates are the catalogue's). */
export const BROWSING_EVENT = {
  id: 1,
  name: 'Online Eisteddfod 2025',
  year: 2025,
  timeZone: 'Africa/Johannesburg',
  dates: {
    registrationOpens: '2026-11-15',
    registrationCloses: '2026-12-12',
    uploadsOpen: '2026-12-06',
    submissionStarts: '2026-12-13',
    submissionEnds: '2026-12-17',
    visualArtsDue: '2026-12-13',
    galaAwards: '2027-02-09',
    lateEntryFrom: null,
  },
  fees: {
    individualCents: 16000,
    groupSmallCents: 25000,
    groupLargeCents: 35000,
    groupLargeFromParticipants: 10,
    changeFeeCents: 25000,
    amendmentFeeCents: 25000,
    lateSurchargePercent: 50,
  },
};

const categories = [
  { id: 1, name: 'Poetry', section: 'Dramatic Arts' },
  { id: 2, name: 'Prose', section: 'Dramatic Arts' },
  { id: 10, name: 'Piano', section: 'Music' },
];

/** A contestant as the contestants list answers it (Lindiwe Zulu, Grade 5). */
export function makeContestant(change: Partial<ParticipantProfile> = {}): ParticipantProfile {
  return {
    id: CONTESTANT_ID,
    customerId: CUSTOMER_ID,
    firstName: 'Lindiwe',
    surname: 'Zulu',
    email: null,
    mobileNumber: null,
    school: 'Other School',
    grade: '5',
    gender: 'female',
    profileImageLink: null,
    profilePictureName: null,
    orderItems: [],
    ...change,
  };
}

/** Pages of `items` as the catalogue calls answer them (skip, take, search on code, grade). */
function pageOf(items: Item[], query: URLSearchParams) {
  const grade = query.get('grade');
  const search = (query.get('search') ?? '').toLowerCase();
  const skip = Number(query.get('skip') ?? 0);
  const take = Number(query.get('take') ?? 15);
  const found = items.filter(
    (item) =>
      (search === '' || `${item.code} ${item.shortDescription}`.toLowerCase().includes(search)) &&
      (grade === null || mayEnterGrade(item, grade)),
  );
  return { items: found.slice(skip, skip + take), total: found.length };
}

/**
 * The API as the browsing screens call it: config, event, categories, item pages, contestants,
 * reference lists and a cart holding `cart`. `answer` may handle a request first.
 */
export function browsingServer(options: {
  items?: Item[];
  cart?: Order;
  /** The family's contestants; none unless given. */
  contestants?: ParticipantProfile[];
  answer?: (request: MockRequest) => MockAnswer | undefined;
}) {
  const items = options.items ?? [];
  const cart = options.cart ?? makeOrder();
  return (request: MockRequest): MockAnswer => {
    const own = options.answer?.(request);
    if (own) return own;
    const { method, path, query } = request;
    if (path === '/api/config') {
      return [
        200,
        {
          eventId: 1,
          eventName: 'Online Eisteddfod 2025',
          year: 2025,
          timeZone: 'Africa/Johannesburg',
          production: false,
        },
      ];
    }
    if (path === '/api/Eisteddfods/1') return [200, BROWSING_EVENT];
    if (path === '/api/Eisteddfods/1/Categories') return [200, categories];
    if (
      path.endsWith('/Items') ||
      path.endsWith('/ItemsSearch') ||
      path.endsWith('/SectionItems')
    ) {
      return [200, pageOf(items, query)];
    }
    if (path === `/api/Customers/${CUSTOMER_ID}/participant-profiles`)
      return [200, options.contestants ?? []];
    if (path === '/api/reference') {
      return [
        200,
        {
          sections: [],
          grades: [],
          genders: [],
          instruments: [],
          countries: [],
          defaultCountry: 'South Africa',
          schools: ['Other School', 'Greenside High School'],
        },
      ];
    }
    if (method === 'POST' && path === '/api/Orders') return [200, cart];
    if (method === 'GET' && path === `/api/Orders/${cart.id}`) return [200, cart];
    return [404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' }];
  };
}
