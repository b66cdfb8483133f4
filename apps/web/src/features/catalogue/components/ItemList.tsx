import { Button, Group, Loader, SimpleGrid, Switch, Text, Title } from '@mantine/core';
import {
  PAGE_SIZE,
  hasNextPage,
  hasPreviousPage,
  type EventSummary,
  type Item,
  type ItemPage,
  type Order,
} from '@eisteddfod/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, useId, useMemo, useRef } from 'react';
import { useDrawnInBackground } from '../../../lib/drawn-in-background.ts';
import { useCart } from '../../../shared/cart/api/cart.ts';
import {
  useCurrentEvent,
  useCurrentEventSettled,
} from '../../../shared/event/api/client-config.ts';
import { gradeText } from '../../../shared/grades/text.ts';
import type { GradeChoice } from '../use-browse-search.ts';
import { ItemCard } from './ItemCard.tsx';
import { text } from '../text.ts';

/**
 * A page of item cards with Previous and Next (spec 9, "Paging and search"): one column on a
 * phone, more on wider screens.
 */
export function ItemList(props: {
  heading: string;
  result: UseQueryResult<ItemPage>;
  skip: number;
  onPage: (skip: number) => void;
  participantId: number;
  grades: GradeChoice;
  emptyText: string;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { isFetching, isPlaceholderData, isError } = props.result;
  // A page of cards is drawn in the background, the list's frame at once, and once the cart
  // (what is in it already) and the event (late fees) have answered too: each card reads both,
  // and either coming after the cards drew them all again (decision 053).
  // The list reads them for its cards, once (issue 32: fifteen cards each asking drew them all
  // again when an item was added).
  const cart = useCart({ reload: false });
  const event = useCurrentEvent().data;
  const entered = useEnteredItems(cart.data, props.participantId);
  const settled = useCurrentEventSettled() && (!cart.isPending || cart.fetchStatus === 'idle');
  const data = useDrawnInBackground(settled ? props.result.data : undefined);
  const total = data?.total ?? 0;
  const items = data?.items ?? NO_ITEMS;
  const first = Math.min(props.skip + 1, total);
  const last = Math.min(props.skip + items.length, total);

  function goTo(skip: number) {
    props.onPage(skip);
    // The new page starts at the top of the list, not where the old one's buttons were.
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title
          order={2}
          fz={{ base: 20, sm: 24 }}
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          style={{ scrollMarginTop: 80, outline: 'none' }}
        >
          {props.heading}
        </Title>
        <Group gap="xs" aria-live="polite">
          {isFetching && isPlaceholderData && (
            <Loader size="xs" aria-label={text('loadingItems')} />
          )}
          {data && (
            <Text size="sm" c="gray.8">
              {total === 0 ? text('noItems') : text('showing', { first, last, total })}
            </Text>
          )}
        </Group>
      </Group>

      <GradeSwitch grades={props.grades} />

      {isError && <Text mb="md">{text('notLoaded')}</Text>}
      {data && items.length === 0 && <Text mb="md">{props.emptyText}</Text>}

      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        verticalSpacing="md"
        style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <ItemCards
          items={items}
          participantId={props.participantId}
          contestant={props.grades.contestant}
          entered={entered}
          event={event}
        />
      </SimpleGrid>

      {data && (hasPreviousPage(props.skip) || hasNextPage(props.skip, total)) && (
        <Group justify="space-between" mt="lg" gap="sm">
          {hasPreviousPage(props.skip) ? (
            <Button
              variant="default"
              size="md"
              onClick={() => goTo(Math.max(0, props.skip - PAGE_SIZE))}
            >
              {text('previous')}
            </Button>
          ) : (
            <span />
          )}
          {hasNextPage(props.skip, total) && (
            <Button size="md" onClick={() => goTo(props.skip + PAGE_SIZE)}>
              {text('next')}
            </Button>
          )}
        </Group>
      )}
    </section>
  );
}

const NO_ITEMS: Item[] = [];

/** The ids of the items in the cart for this contestant, the same set until the cart changes. */
function useEnteredItems(cart: Order | undefined, participantId: number): ReadonlySet<number> {
  return useMemo(
    () =>
      new Set(
        cart?.orderItems
          .filter((entry) => entry.participantProfileId === participantId)
          .map((entry) => entry.itemId),
      ),
    [cart, participantId],
  );
}

/**
 * The cards, drawn again only for another page or contestant (not for the list's own state);
 * for a change of the cart, only the cards it changed are (each card is memoised).
 */
const ItemCards = memo(function ItemCards(props: {
  items: Item[];
  participantId: number;
  contestant: GradeChoice['contestant'];
  entered: ReadonlySet<number>;
  event: EventSummary | undefined;
}) {
  return props.items.map((item) => (
    <ItemCard
      key={item.id}
      item={item}
      participantId={props.participantId}
      contestant={props.contestant}
      inCart={props.entered.has(item.id)}
      event={props.event}
    />
  ));
});

/**
 * Issue 32: the lists show what the contestant's grade may enter; a parent who wants to see the
 * rest (an older sibling's item, a teacher's suggestion) switches to every grade.
 */
function GradeSwitch({ grades }: { grades: GradeChoice }) {
  const { contestant } = grades;
  if (!contestant) return null;
  return (
    <Switch
      mb="md"
      size="md"
      checked={grades.showAll}
      onChange={(event) => grades.setShowAll(event.currentTarget.checked)}
      label={gradeText('showAll')}
      description={
        grades.showAll
          ? text('allGradesShown', { firstName: contestant.firstName })
          : text('gradeShown', { firstName: contestant.firstName, grade: contestant.grade })
      }
    />
  );
}
