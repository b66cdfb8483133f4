import { uploadsApi, type OrderItemUpload } from '@eisteddfod/shared';
import { callApi } from '../../../lib/api-client.ts';

/** A short-lived link to one of the entry's files (spec 7). */
export function fetchBucketLink(entry: { id: number; orderId: number }, upload: OrderItemUpload) {
  return callApi(uploadsApi.bucketLink, {
    query: { orderItemId: entry.id, orderId: entry.orderId, fileName: upload.fileName },
  });
}
