import { BucketLinkSchema, type OrderItemUpload } from '@eisteddfod/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/BucketLinks/BucketLink: a short-lived link to one of the entry's files (spec 7). */
export function fetchBucketLink(entry: { id: number; orderId: number }, upload: OrderItemUpload) {
  const params = new URLSearchParams({
    orderItemId: String(entry.id),
    orderId: String(entry.orderId),
    fileName: upload.fileName,
  });
  return apiRequest(`/api/BucketLinks/BucketLink?${params.toString()}`, BucketLinkSchema);
}
