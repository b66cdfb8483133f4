import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  INSTRUMENTS,
  entryDates,
  familyDates,
  gradeProblem,
  gradeRangeMessage,
  formatRand,
  needsViewMore,
  previewDescription,
  type Item,
} from '@eisteddfod/shared';
import { sayDate } from '../../../shared/event/family-dates.ts';
import { useId, useState } from 'react';
import { useCart } from '../../../shared/cart/api/cart.ts';
import { GroupNoticeModal } from '../../../shared/cart/components/GroupNoticeModal.tsx';
import { cartText } from '../../../shared/cart/text.ts';
import { useAddToCart } from '../../../shared/cart/use-add-to-cart.ts';
import { useCurrentEvent } from '../../../shared/event/api/client-config.ts';
import { gradeWords } from '../../../shared/grades/text.ts';
import classes from './ItemCard.module.css';
import { text } from '../text.ts';

/**
 * One competition item (spec 2, "Items"): code, description, fee, the instrument when the item
 * asks for one, and Add (or the disabled 'Deadline has passed', spec 4).
 */
export function ItemCard({
  item,
  participantId,
  contestant,
}: {
  item: Item;
  participantId: number;
  /** Whose items are chosen: an item outside their grade says so, and cannot be added. */
  contestant?: { firstName: string; grade: string } | undefined;
}) {
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  const [instrument, setInstrument] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const [showNotice, setShowNotice] = useState(false);
  const { add, isAdding } = useAddToCart();
  // Issue 32: a parent browsing on sees what this contestant has entered already.
  const inCart = useCart({ reload: false }).data?.orderItems.some(
    (entry) => entry.itemId === item.id && entry.participantProfileId === participantId,
  );
  const event = useCurrentEvent().data;
  const fees = event?.fees;
  // One rule for the date (decision 046): the uploads portal and the reminders say the same day.
  const { enterBy } = entryDates(item);
  const surchargeFrom = event ? familyDates(event, item).surchargeFrom : null;
  const hasMore = needsViewMore(item.description);
  const gradeProblemOf = contestant ? gradeProblem(item, contestant) : null;
  const notForGrade = gradeProblemOf && gradeWords(gradeProblemOf);
  const reasonId = useId();

  function addToCart() {
    setAdded(false);
    add({ item, participantProfileId: participantId, instrument: instrument ?? '' }, () => {
      setAdded(true);
      if (item.isGroupItem) setShowNotice(true);
    });
  }

  return (
    <Card
      component="article"
      withBorder
      shadow="xs"
      padding="lg"
      aria-labelledby={titleId}
      className={classes.card}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Title order={3} fz="md" lh={1.35} id={titleId} style={{ overflowWrap: 'anywhere' }}>
          <span className={classes.code}>{item.code}</span> {item.shortDescription}
        </Title>
        <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
          {formatRand(item.price)}
        </Text>
      </Group>

      <Stack gap={6} mt="xs">
        {inCart && (
          <Badge
            color="teal"
            c="black"
            variant="light"
            size="lg"
            style={{ alignSelf: 'flex-start' }}
          >
            {text('inCart')}
          </Badge>
        )}
        {item.isGroupItem && (
          <Text size="sm" fw={600} c="grape.9">
            {groupSizeText(item)}
            {fees && item.maximumParticipants >= fees.groupLargeFromParticipants
              ? ` · ${text('groupLargeFee', {
                  fee: formatRand(fees.groupLargeCents),
                  count: fees.groupLargeFromParticipants,
                })}`
              : ''}
          </Text>
        )}
        <Text size="sm" className={classes.description}>
          {expanded || !hasMore ? item.description : `${previewDescription(item.description)}…`}{' '}
          {hasMore && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              aria-expanded={expanded}
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? text('viewLess') : text('viewMore')}
            </Anchor>
          )}
        </Text>
        <Text size="sm" fw={600}>
          {item.grades && item.otherGradesAllowed
            ? text('otherGradesWelcome', { grades: gradeWords(gradeRangeMessage(item.grades)) })
            : gradeWords(gradeRangeMessage(item.grades))}
        </Text>
        <Text size="sm" c="gray.8">
          {surchargeFrom && !item.deadlinePassed
            ? text('enterByWithSurcharge', {
                enterBy: sayDate(enterBy),
                surchargeFrom: sayDate(surchargeFrom),
              })
            : sayDate(enterBy)}
        </Text>
      </Stack>

      <Stack gap="sm" className={classes.actions}>
        {item.requiresAnInstrument && !item.deadlinePassed && !notForGrade && (
          <Select
            label={text('instrument')}
            placeholder={text('instrumentPlaceholder')}
            data={INSTRUMENTS}
            // Required for this item: choosing the chosen instrument again keeps it.
            allowDeselect={false}
            value={instrument}
            onChange={setInstrument}
            withAsterisk
            size="md"
          />
        )}
        {item.deadlinePassed ? (
          <Button fullWidth size="md" disabled>
            {cartText('deadlinePassedButton')}
          </Button>
        ) : notForGrade ? (
          <>
            <Button fullWidth size="md" disabled aria-describedby={reasonId}>
              {text('addToCart')}
            </Button>
            <Text size="sm" fw={600} c="red.9" id={reasonId}>
              {notForGrade}
            </Text>
          </>
        ) : (
          <Button fullWidth size="md" onClick={addToCart} loading={isAdding}>
            {text('addToCart')}
          </Button>
        )}
        <Text size="sm" fw={600} c="teal.9" role="status" mih={0}>
          {added ? text('added') : ''}
        </Text>
      </Stack>

      {/* Only a group item has one: a page of fifteen cards mounted fifteen closed dialogs. */}
      {item.isGroupItem && (
        <GroupNoticeModal opened={showNotice} onClose={() => setShowNotice(false)} />
      )}
    </Card>
  );
}

/** 'Group item: 3–8 participants', or '2 participants' for a duo. */
function groupSizeText(item: Item): string {
  const { minimumParticipants: min, maximumParticipants: max } = item;
  return min === max ? text('groupSize', { count: min }) : text('groupSizeRange', { min, max });
}
