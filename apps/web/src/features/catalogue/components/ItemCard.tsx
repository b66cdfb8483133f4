import { Button, Select } from '@mantine/core';
import {
  INSTRUMENTS,
  entryDates,
  familyDates,
  gradeProblem,
  gradeRangeMessage,
  formatRand,
  needsViewMore,
  previewDescription,
  type EventSummary,
  type Item,
} from '@eisteddfod/shared';
import { sayDate } from '../../../shared/event/family-dates.ts';
import { memo, useId, useState } from 'react';
import { GroupNoticeModal } from '../../../shared/cart/components/GroupNoticeModal.tsx';
import { cartText } from '../../../shared/cart/text.ts';
import { useAddToCart } from '../../../shared/cart/use-add-to-cart.ts';
import { gradeWords } from '../../../shared/grades/text.ts';
import classes from './ItemCard.module.css';
import { text } from '../text.ts';

/**
 * One competition item (spec 2, "Items"): code, description, fee, the instrument when the item
 * asks for one, and Add (or the disabled 'Deadline has passed', spec 4).
 *
 * A page draws fifteen of these while a phone loads the screen (issue 32): the card is plain
 * elements styled by its module (as Mantine's Card, Text and Badge drew it, without their
 * components), reads the cart and the event from its list rather than asking for them itself,
 * and is memoised, so an item added draws its own card again and not the page.
 */
export const ItemCard = memo(function ItemCard({
  item,
  participantId,
  contestant,
  inCart,
  event,
}: {
  item: Item;
  participantId: number;
  /** Whose items are chosen: an item outside their grade says so, and cannot be added. */
  contestant?: { firstName: string; grade: string } | undefined;
  /** Issue 32: a parent browsing on sees what this contestant has entered already. */
  inCart: boolean;
  /** The current event (late fees, the large group fee); undefined when there is none. */
  event: EventSummary | undefined;
}) {
  const titleId = useId();
  const reasonId = useId();
  const [instrument, setInstrument] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const [showNotice, setShowNotice] = useState(false);
  const { add, isAdding } = useAddToCart();
  const gradeProblemOf = contestant ? gradeProblem(item, contestant) : null;
  const notForGrade = gradeProblemOf && gradeWords(gradeProblemOf);

  function addToCart() {
    setAdded(false);
    add({ item, participantProfileId: participantId, instrument: instrument ?? '' }, () => {
      setAdded(true);
      if (item.isGroupItem) setShowNotice(true);
    });
  }

  return (
    <article aria-labelledby={titleId} className={classes.card}>
      <div className={classes.head}>
        <h3 id={titleId} className={classes.title}>
          <span className={classes.code}>{item.code}</span> {item.shortDescription}
        </h3>
        <p className={classes.price}>{formatRand(item.price)}</p>
      </div>

      <div className={classes.details}>
        {inCart && (
          <div className={classes.badge}>
            <span className={classes.badgeLabel}>{text('inCart')}</span>
          </div>
        )}
        {item.isGroupItem && <p className={classes.group}>{groupText(item, event)}</p>}
        <Description text={item.description} />
        <p className={classes.grades}>
          {item.grades && item.otherGradesAllowed
            ? text('otherGradesWelcome', { grades: gradeWords(gradeRangeMessage(item.grades)) })
            : gradeWords(gradeRangeMessage(item.grades))}
        </p>
        <p className={classes.dates}>{datesText(item, event)}</p>
      </div>

      <div className={classes.actions}>
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
            <p className={classes.reason} id={reasonId}>
              {notForGrade}
            </p>
          </>
        ) : (
          <Button fullWidth size="md" onClick={addToCart} loading={isAdding}>
            {text('addToCart')}
          </Button>
        )}
        <p className={classes.added} role="status">
          {added ? text('added') : ''}
        </p>
      </div>

      {/* Only a group item has one: a page of fifteen cards mounted fifteen closed dialogs. */}
      {item.isGroupItem && (
        <GroupNoticeModal opened={showNotice} onClose={() => setShowNotice(false)} />
      )}
    </article>
  );
});

/** The description, its first lines with View More when it is long. */
function Description(props: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const hasMore = needsViewMore(props.text);
  return (
    <p className={classes.description}>
      {expanded || !hasMore ? props.text : `${previewDescription(props.text)}…`}{' '}
      {hasMore && (
        <button
          type="button"
          className={classes.more}
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? text('viewLess') : text('viewMore')}
        </button>
      )}
    </p>
  );
}

/** 'Group item: 3–8 participants', and the large group's fee when the group may reach it. */
function groupText(item: Item, event: EventSummary | undefined): string {
  const { minimumParticipants: min, maximumParticipants: max } = item;
  const size =
    min === max ? text('groupSize', { count: min }) : text('groupSizeRange', { min, max });
  const fees = event?.fees;
  if (!fees || max < fees.groupLargeFromParticipants) return size;
  const fee = formatRand(fees.groupLargeCents);
  return `${size} · ${text('groupLargeFee', { fee, count: fees.groupLargeFromParticipants })}`;
}

/**
 * The day to enter by, with the surcharge's first day while it is still ahead. One rule for the
 * date (decision 046): the uploads portal and the reminders say the same day.
 */
function datesText(item: Item, event: EventSummary | undefined): string {
  const { enterBy } = entryDates(item);
  const surchargeFrom = event ? familyDates(event, item).surchargeFrom : null;
  return surchargeFrom && !item.deadlinePassed
    ? text('enterByWithSurcharge', {
        enterBy: sayDate(enterBy),
        surchargeFrom: sayDate(surchargeFrom),
      })
    : sayDate(enterBy);
}
