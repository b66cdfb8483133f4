import type { OrderItemUpload, ParticipantOrderItem } from '@eisteddfod/shared';
import { fetchBucketLink } from './api/bucket-link.ts';
import { showRefusal } from './api/entry-actions.ts';

/** Spec 7, Bucket links: the tab opens at once (no popup blocker), then goes to the link. */
export function openBucketLink(entry: ParticipantOrderItem, upload: OrderItemUpload) {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  fetchBucketLink(entry, upload).then(
    ({ url }) => {
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    (error: unknown) => {
      tab?.close();
      showRefusal(error);
    },
  );
}
