import { ActionIcon, Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { formatRand, type OrderItem, paths } from '@eisteddfod/shared';
import { memo, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCart } from '../api/cart.ts';
import { useRemoveFromCart } from '../api/remove-order-item.ts';
import { GroupParticipantsModalLater } from './GroupParticipantsModalLater.tsx';
import { CartIcon, PeopleIcon, TrashIcon } from './icons.tsx';
import classes from './CartDrawer.module.css';
import { gradeWords } from '../../grades/text.ts';
import { cartText, text } from '../text.ts';

interface ContestantItems {
  participantProfileId: number;
  name: string;
  items: OrderItem[];
}

/** The cart's items per contestant, in the order they were first added. */
function groupByContestant(items: OrderItem[]): ContestantItems[] {
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

/**
 * True once `spot` has left the screen: until then the view-cart button stays in its place at
 * the top of the page, where it covers nothing (issue 19: floating from the first screen it hid
 * a section's title on a phone); scrolled past, it floats so that it is never out of reach.
 */
function useScrolledPast(spot: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = spot.current;
    if (!element) return;
    const watch = new IntersectionObserver(([seen]) => {
      if (seen) setPast(!seen.isIntersecting && seen.boundingClientRect.top < 0);
    });
    watch.observe(element);
    return () => watch.disconnect();
  }, [spot]);
  return past;
}

/**
 * Spec 2, "Cart drawer", on the sections, categories and items screens: a view-cart button,
 * floating once its place at the top of the page has scrolled away, opens the cart, listed per
 * contestant, with remove, group management and checkout.
 */
// memo: a browsing screen draws again as each of its calls lands (issue 32); the drawer, with its
// two dialogs, draws only for the cart.
export const CartDrawer = memo(function CartDrawer() {
  const cart = useCart();
  const [opened, { open, close }] = useDisclosure(false);
  const [managedId, setManagedId] = useState<number | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const items = cart.data?.orderItems ?? [];
  const count = items.length;
  const managed = items.find((item) => item.id === managedId) ?? null;
  const spot = useRef<HTMLDivElement>(null);
  const floating = useScrolledPast(spot);

  return (
    <>
      {/* The button's place keeps its height while it floats: nothing below moves. */}
      <div ref={spot} className={classes.spot}>
        <Button
          className={classes.button}
          data-floating={floating || undefined}
          size="lg"
          radius="xl"
          leftSection={<CartIcon />}
          rightSection={
            <Badge color="white" c="grape.9" size="lg" circle={count < 10} aria-hidden>
              {count}
            </Badge>
          }
          aria-label={text('viewCartCount', { count })}
          aria-haspopup="dialog"
          onClick={open}
        >
          {text('viewCart')}
        </Button>
      </div>

      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={isPhone ? '100%' : 'md'}
        title={text('yourCart')}
        closeButtonProps={{ 'aria-label': text('closeCart') }}
        styles={{
          title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' },
          body: { minHeight: 'calc(100% - 60px)', display: 'flex', flexDirection: 'column' },
        }}
      >
        <div className={classes.body}>
          {count === 0 ? (
            <Text my="md">{text('empty')}</Text>
          ) : (
            <Stack gap="lg">
              {groupByContestant(items).map((group) => (
                <ContestantSection
                  key={group.participantProfileId}
                  group={group}
                  onManage={setManagedId}
                />
              ))}
            </Stack>
          )}

          <div className={classes.footer}>
            <Group justify="space-between" mb="sm">
              <Text fw={700} size="lg">
                {text('total')}
              </Text>
              <Text fw={700} size="lg" data-testid="cart-total">
                {formatRand(cart.data?.totalPrice ?? 0)}
              </Text>
            </Group>
            <Group gap="sm" grow preventGrowOverflow={false}>
              <Button variant="default" onClick={close}>
                {text('addMore')}
              </Button>
              <Button variant="default" onClick={close}>
                {text('close')}
              </Button>
              <Button component={Link} to={paths.checkout.href()}>
                {text('checkoutNow')}
              </Button>
            </Group>
          </div>
        </div>
      </Drawer>

      <GroupParticipantsModalLater orderItem={managed} onClose={() => setManagedId(null)} />
    </>
  );
});

function ContestantSection(props: { group: ContestantItems; onManage: (id: number) => void }) {
  const headingId = useId();
  const remove = useRemoveFromCart();
  const { group } = props;
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
        {cartText('itemsFor', { name: group.name })}
      </Title>
      <ul className={classes.list}>
        {group.items.map((item) => (
          <li key={item.id} className={classes.row}>
            <div className={classes.rowText}>
              <Text fw={700}>{item.itemCode}</Text>
              <Text>{item.itemShortDescription}</Text>
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
                  onClick={() => props.onManage(item.id)}
                >
                  {text('manageContestants')}
                </Button>
              )}
            </div>
            <div className={classes.rowEnd}>
              <Text fw={700}>{formatRand(item.price)}</Text>
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="xl"
                aria-label={text('removeItem', { itemCode: item.itemCode, name: group.name })}
                loading={remove.isPending && remove.variables.id === item.id}
                onClick={() => remove.mutate(item)}
              >
                <TrashIcon />
              </ActionIcon>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
