import { UPLOAD_TYPE, type CreateOrderItemUpload } from '@eisteddfod/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const CreatedUploadSchema = z.object({ id: z.number().int() });

/** Spec 7, step 4: after a video reached its slot, the entry's file record is made. */
export function recordVideoUpload(
  entry: { id: number; orderId: number },
  upload: Omit<CreateOrderItemUpload, 'orderItemId' | 'uploadType' | 'isPrimaryFile'>,
) {
  return apiRequest(
    `/api/OrderItems/${entry.id}/OrderItemUploads?orderId=${entry.orderId}`,
    CreatedUploadSchema,
    {
      method: 'POST',
      body: {
        orderItemId: entry.id,
        uploadType: UPLOAD_TYPE.main,
        isPrimaryFile: true,
        ...upload,
      },
    },
  );
}
