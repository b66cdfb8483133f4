import { Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { groupCountMessage, type OrderItem } from '@eisteddfod/shared';
import type { ReactNode } from 'react';
import { wordsOf } from '../../../lib/i18n/catalogue.ts';
import { useUpdateGroupParticipants } from '../api/update-group-participants.ts';
import { GroupMembersForm } from './GroupMembersForm.tsx';
import { text } from '../text.ts';

/** Spec 2 and 5, "Group participants": the members of a group entry, saved all at once. */
export function GroupParticipantsModal(props: {
  orderItem: OrderItem | null;
  onClose: () => void;
}) {
  const { orderItem } = props;
  return (
    <GroupParticipantsDialog opened={orderItem !== null} onClose={props.onClose}>
      {orderItem && <GroupForm key={orderItem.id} orderItem={orderItem} onDone={props.onClose} />}
    </GroupParticipantsDialog>
  );
}

/** The dialog around a group's members: the whole screen on a phone. */
export function GroupParticipantsDialog(props: {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={text('groupParticipants')}
      size={1040}
      fullScreen={isPhone}
      // Above the cart drawer it opens from; its own dropdowns (300) stay above it.
      zIndex={250}
      closeButtonProps={{ 'aria-label': text('close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {props.children}
    </Modal>
  );
}

function GroupForm({ orderItem, onDone }: { orderItem: OrderItem; onDone: () => void }) {
  const update = useUpdateGroupParticipants();
  const min = orderItem.minimumParticipants;
  const max = orderItem.maximumParticipants;
  return (
    <GroupMembersForm
      heading={
        <div>
          <Text fw={700}>
            {orderItem.itemCode} {orderItem.itemShortDescription}
          </Text>
          <Text size="sm">
            {text('enteredBy', {
              name: `${orderItem.participantFirstName} ${orderItem.participantSurname}`,
            })}{' '}
            {wordsOf(groupCountMessage(min, max))}
          </Text>
        </div>
      }
      initial={orderItem.groupParticipants}
      min={min}
      max={max}
      price={orderItem.price}
      saving={update.isPending}
      onSave={(members) =>
        update.mutate({ orderItemId: orderItem.id, members }, { onSuccess: onDone })
      }
      onCancel={onDone}
    />
  );
}
