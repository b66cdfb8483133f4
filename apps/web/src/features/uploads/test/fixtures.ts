import type {
  ClientConfig,
  OrderItemUpload,
  ParticipantOrderItem,
  ParticipantOrderItemsPage,
} from '@eisteddfod/shared';
import type { MockAnswer, MockRequest } from '../../../test/api-mock.ts';
import { contestant, CUSTOMER_ID } from '../../../test/contestant-fixtures.ts';

export { logIn } from '../../../test/contestant-fixtures.ts';
import { makeItem, makeOrderItem } from '../../../test/catalogue-server.ts';

/** The server's answer to PUT /api/OrderItems/{id} (finalising, or recording a collection). */
export const changedOrderItem = (id = 301) => makeOrderItem(makeItem(1), { id });

export const config: ClientConfig = {
  eventId: 1,
  eventName: 'Online Eisteddfod 2025',
  year: 2025,
  timeZone: 'Africa/Johannesburg',
  production: false,
};

export const COLLECTION_GUID = '11111111-1111-4111-8111-111111111111';
export const SLOT_GUID = '22222222-2222-4222-8222-222222222222';

export function upload(changes: Partial<OrderItemUpload> = {}): OrderItemUpload {
  return {
    id: 900,
    orderItemId: 301,
    fileName: 'MU101_Ayanda_Dlamini_Gr5_Jacaranda-Primary_20250420-101500.mp4',
    originalFileName: 'my-song.mp4',
    uploadType: 2,
    sizeInBytes: 1000,
    isPrimaryFile: true,
    videoId: SLOT_GUID,
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
    ...changes,
  };
}

export function entry(changes: Partial<ParticipantOrderItem> = {}): ParticipantOrderItem {
  return {
    id: 301,
    orderId: 90,
    itemId: 11,
    participantProfileId: 7,
    participantFirstName: 'Ayanda',
    participantSurname: 'Dlamini',
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
    ...changes,
  };
}

export function entriesPage(
  items: ParticipantOrderItem[],
  changes: Partial<ParticipantOrderItemsPage> = {},
): ParticipantOrderItemsPage {
  return {
    items,
    total: items.length,
    allEntries: items.length,
    withdrawnEntries: items.filter((item) => item.isCancelled).length,
    completeEntries: items.filter((item) => item.status === 1 && !item.isCancelled).length,
    years: [2025],
    ...changes,
  };
}

/**
 * A server with one contestant, the client configuration and these entries (or a function of
 * the request giving them); other calls answer `other`.
 */
export function uploadsServer(
  entries: ParticipantOrderItemsPage | ((request: MockRequest) => ParticipantOrderItemsPage),
  other: (request: MockRequest) => MockAnswer = () => [500],
) {
  return (request: MockRequest): MockAnswer => {
    if (request.method === 'GET') {
      if (request.path === `/api/Customers/${CUSTOMER_ID}/participant-profiles`) {
        return [200, [contestant()]];
      }
      if (request.path === '/api/config') return [200, config];
      if (request.path === '/api/OrderItems/ParticipantOrderItems') {
        return [200, typeof entries === 'function' ? entries(request) : entries];
      }
    }
    return other(request);
  };
}
