import type { OrderItem } from '@eisteddfod/shared';
import { Suspense, useEffect, useState } from 'react';
import { lazyInLanguage } from '../../../lib/i18n/lazy-in-language.ts';
import { afterLoad } from '../../../lib/after-load.ts';

/** The dialog's code (its form, checkboxes and calls) is not part of a screen's first load. */
const GroupParticipantsModal = lazyInLanguage(() =>
  import('./GroupParticipantsModal.tsx').then((module) => ({
    default: module.GroupParticipantsModal,
  })),
);

/**
 * The group participants dialog (spec 2 and 5), closed until a group's button opens it: its code
 * loads once the page has loaded (decision 029), or at once when it is opened before that
 * (decision 062: checkout's and the items screen's first load without it).
 */
export function GroupParticipantsModalLater(props: {
  orderItem: OrderItem | null;
  onClose: () => void;
}) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterLoad(() => setWanted(true)), []);
  if (!wanted && props.orderItem === null) return null;
  return (
    <Suspense fallback={null}>
      <GroupParticipantsModal orderItem={props.orderItem} onClose={props.onClose} />
    </Suspense>
  );
}
