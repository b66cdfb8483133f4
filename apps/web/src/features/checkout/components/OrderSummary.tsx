import { ActionIcon, Button, Group, Text, Title } from '@mantine/core';
import { formatRand, type OrderItem } from '@eisteddfod/shared';
import { useId } from 'react';
import { useRemoveFromCart } from '../../../shared/cart/api/remove-order-item.ts';
import { PeopleIcon, TrashIcon } from '../../../shared/cart/components/icons.tsx';
import { cartText } from '../../../shared/cart/text.ts';
import { checkoutText } from '../../../shared/checkout/text.ts';
import { gradeWords } from '../../../shared/grades/text.ts';
import classes from '../checkout.module.css';
import { text } from '../text.ts';

interface ContestantItems {
  participantProfileId: number;
  name: string;
  items: OrderItem[];
}

/** The order's items per contestant, in the order they were first added. */
function byContestant(items: OrderItem[]): ContestantItems[] {
  const groups = new Map<number, ContestantItems>();
  for (const item of items) {
    const group = groups.get(item.participantProfileId) ?? {
      participantProfileId: item.participantProfileId,
      name: `${item.participantFirstName} ${item.participantSurname}`,
      items: [],
    };
    group.items.push(item);
    groups.set(item.participantProfileId, group);
  }
  return [...groups.values()];
}

/** Spec 2, checkout, 'Order Summary': per contestant, its items and the contestant's total. */
export function OrderSummary(props: { items: OrderItem[]; onManage: (id: number) => void }) {
  return (
    <div className={classes.contestants}>
      {byContestant(props.items).map((group) => (
        <ContestantItemsSection
          key={group.participantProfileId}
          group={group}
          onManage={props.onManage}
        />
      ))}
    </div>
  );
}

function ContestantItemsSection(props: { group: ContestantItems; onManage: (id: number) => void }) {
  const headingId = useId();
  const remove = useRemoveFromCart();
  const { group } = props;
  const total = group.items.reduce((sum, item) => sum + item.price, 0);
  return (
    <section aria-labelledby={headingId} className={classes.contestant}>
      <Title order={3} fz="lg" id={headingId} className={classes.wrap}>
        {text('contestant', { name: group.name })}
      </Title>
      <ul className={classes.list}>
        {group.items.map((item) => (
          <li key={item.id} className={classes.row}>
            <div className={classes.rowText}>
              <Text fw={700} component="span">
                {item.itemCode}
              </Text>{' '}
              <Text component="span">{item.itemShortDescription}</Text>
              {item.deadlinePassed && (
                <Text component="span" fw={700} c="red.9">
                  {' '}
                  {checkoutText('late')}
                </Text>
              )}
              {item.instruments && (
                <Text size="sm">{text('instrument', { instruments: item.instruments })}</Text>
              )}
              {item.groupInformationNeeded && (
                <Text size="sm" fw={600} c="red.9" mt={4}>
                  {cartText('groupInfoNeeded')}
                </Text>
              )}
              {item.gradeProblem && (
                <Text size="sm" fw={600} c="red.9" mt={4}>
                  {gradeWords(item.gradeProblem)}
                </Text>
              )}
              {item.isGroupItem && (
                <Button
                  size="sm"
                  variant="light"
                  mt="xs"
                  leftSection={<PeopleIcon />}
                  aria-haspopup="dialog"
                  aria-label={text('manageContestantsFor', { itemCode: item.itemCode })}
                  onClick={() => props.onManage(item.id)}
                >
                  {text('manageContestants')}
                </Button>
              )}
            </div>
            <div className={classes.rowEnd}>
              {!item.isGroupItem && (
                <ActionIcon
                  className={classes.trash}
                  variant="subtle"
                  color="red.9"
                  size="xl"
                  aria-label={text('removeItem', { itemCode: item.itemCode, name: group.name })}
                  loading={remove.isPending && remove.variables.id === item.id}
                  onClick={() => remove.mutate(item)}
                >
                  <TrashIcon />
                </ActionIcon>
              )}
              <Text fw={700}>{formatRand(item.price)}</Text>
            </div>
          </li>
        ))}
      </ul>
      <Group justify="space-between" className={classes.contestantTotal}>
        <Text fw={700}>{text('contestantTotal')}</Text>
        <Text fw={700}>{formatRand(total)}</Text>
      </Group>
    </section>
  );
}
