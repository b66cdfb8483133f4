import { UPLOAD_TYPE, uploadsApi, type CreateOrderItemUpload } from '@eisteddfod/shared';
import { callApi } from '../../../lib/api-client.ts';

/** Spec 7, step 4: after a video reached its slot, the entry's file record is made. */
export function recordVideoUpload(
  entry: { id: number; orderId: number },
  upload: Omit<CreateOrderItemUpload, 'orderItemId' | 'uploadType' | 'isPrimaryFile'>,
) {
  return callApi(uploadsApi.recordUpload, {
    params: { id: entry.id },
    query: { orderId: entry.orderId },
    body: {
      orderItemId: entry.id,
      uploadType: UPLOAD_TYPE.main,
      isPrimaryFile: true,
      ...upload,
    },
  });
}
