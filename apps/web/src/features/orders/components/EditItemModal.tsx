import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatRand, type OrderItem } from '@eisteddfod/shared';
import { useState } from 'react';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import { checkoutText } from '../../../shared/checkout/text.ts';
import { useCurrentEvent } from '../../../shared/event/api/client-config.ts';
import { useChangeItem } from '../api/change-item.ts';
import { useComparableItems } from '../api/comparable-items.ts';
import { text } from '../text.ts';

/**
 * Spec 2 and 5, View Order: 'Edit Item Selection' changes an entry to another item of the same
 * section and kind, until the entry's due date; full screen below 768 px.
 */
export function EditItemModal(props: { entry: OrderItem | null; onClose: () => void }) {
  const isNarrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Modal
      opened={props.entry !== null}
      onClose={props.onClose}
      title={text('editTitle')}
      size="lg"
      fullScreen={isNarrow}
      closeButtonProps={{ 'aria-label': text('closeDialog') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {props.entry && (
        <EditItemForm key={props.entry.id} entry={props.entry} onDone={props.onClose} />
      )}
    </Modal>
  );
}

function EditItemForm({ entry, onDone }: { entry: OrderItem; onDone: () => void }) {
  const items = useComparableItems(entry);
  const change = useChangeItem(entry.orderId);
  const changeFeeCents = useCurrentEvent().data?.fees.changeFeeCents;
  const [itemId, setItemId] = useState<string | null>(String(entry.itemId));
  const locked = entry.deadlinePassed;
  const options = (items.data ?? []).map((item) => ({
    value: String(item.id),
    label: text('item', { code: item.code, title: item.shortDescription }),
  }));
  // The current item stays listed (and chosen) even before the list has arrived.
  if (!options.some((option) => option.value === String(entry.itemId))) {
    options.unshift({
      value: String(entry.itemId),
      label: text('item', { code: entry.itemCode, title: entry.itemShortDescription }),
    });
  }
  const unchanged = itemId === null || Number(itemId) === entry.itemId;

  function update() {
    if (locked) return;
    if (itemId === null || unchanged) return;
    change.mutate({ orderItemId: entry.id, itemId: Number(itemId) }, { onSuccess: onDone });
  }

  return (
    <Stack gap="md">
      <Text>
        <RichText
          text={text}
          id="entryFor"
          values={{
            firstName: entry.participantFirstName,
            surname: entry.participantSurname,
            code: entry.itemCode,
            title: entry.itemShortDescription,
          }}
          components={{ 0: <strong /> }}
        />
      </Text>
      {locked && (
        <Alert color="orange" variant="light" title={checkoutText('editDeadlineTitle')}>
          {checkoutText('editDeadline')}
        </Alert>
      )}
      <Select
        label={text('selectItem')}
        size="md"
        data={options}
        value={itemId}
        onChange={setItemId}
        searchable
        allowDeselect={false}
        nothingFoundMessage={text('noItemMatches')}
        disabled={locked}
        maxDropdownHeight={280}
        comboboxProps={{ zIndex: 400 }}
        description={
          locked
            ? undefined
            : text(entry.isGroupItem ? 'groupItemsOnly' : 'individualItemsOnly', {
                section: entry.item.category.section,
              })
        }
      />
      {changeFeeCents !== undefined && (
        <Text size="sm">{checkoutText('changeFee', { fee: formatRand(changeFeeCents) })}</Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {text('close')}
        </Button>
        <Button onClick={update} disabled={locked || unchanged} loading={change.isPending}>
          {text('updateItem')}
        </Button>
      </Group>
    </Stack>
  );
}
