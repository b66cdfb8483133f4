import { describe, expect, it } from 'vitest';
import { checkEventContent, checkEventSummary } from './content.guard.ts';
import { EventContentSchema } from './content.schema.ts';
import { EventSummarySchema } from './event.schema.ts';
import demoContent from '../../../../apps/api/data/demo/content.json';

const summary = {
  id: 1,
  name: 'Online Eisteddfod',
  year: 2025,
  timeZone: 'Africa/Johannesburg',
  dates: {
    registrationOpens: '2025-01-13',
    registrationCloses: '2025-04-04',
    uploadsOpen: '2025-04-14',
    submissionStarts: '2025-04-21',
    submissionEnds: '2025-05-09',
    visualArtsDue: '2025-05-02',
    galaAwards: '2025-06-06',
    lateEntryFrom: null,
  },
  fees: {
    individualCents: 12000,
    groupSmallCents: 20000,
    groupLargeCents: 30000,
    groupLargeFromParticipants: 6,
    changeFeeCents: 5000,
    amendmentFeeCents: 5000,
    lateSurchargePercent: 20,
  },
};

// The cases below break the data on purpose, which its types would not allow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/** A deep copy of `value` with `change` applied to it. */
function changed<T>(value: T, change: (copy: Loose) => void): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Loose;
  change(copy);
  return copy;
}

const passes = (check: (value: unknown) => unknown, value: unknown) => {
  try {
    check(value);
    return true;
  } catch {
    return false;
  }
};

describe('checkEventContent', () => {
  it('accepts the demo content, as EventContentSchema does', () => {
    expect(EventContentSchema.safeParse(demoContent).success).toBe(true);
    expect(checkEventContent(demoContent)).toBe(demoContent);
  });

  it.each<[string, (c: Loose) => void]>([
    ['no title', (c) => delete c.title],
    ['a number for intro', (c) => (c.intro = 7)],
    ['no artworks', (c) => (c.artworks = [])],
    ['two artworks', (c) => c.artworks.pop()],
    ['thirteen artworks', (c) => (c.artworks = Array(13).fill(c.artworks[0]))],
    ['an artwork without alt text', (c) => delete c.artworks[0].alt],
    ['five categories', (c) => c.categories.push(c.categories[0])],
    ['eleven schools', (c) => c.participatingSchools.pop()],
    ['no schools', (c) => (c.participatingSchools = [])],
    ['no adjudicators', (c) => (c.adjudicators = [])],
    ['five adjudicators', (c) => c.adjudicators.push(c.adjudicators[0])],
    ['a slug with capitals', (c) => (c.adjudicators[0].slug = 'Anna-B')],
    ['an adjudicator without bio', (c) => (c.adjudicators[1].bio = [])],
    ['four questions', (c) => (c.faq = c.faq.slice(0, 4))],
    ['no rules', (c) => (c.rules = [])],
    ['a social link that is not a URL', (c) => (c.social = [{ label: 'x', url: 'not a url' }])],
    [
      'a social link with spaces around',
      (c) => (c.social = [{ label: 'x', url: ' https://a.b ' }]),
    ],
    ['an email without domain', (c) => (c.contactEmail = 'info@')],
    ['an email with two dots', (c) => (c.contactEmail = 'a..b@example.org')],
    ['extra fields', (c) => (c.extra = true)],
  ])('agrees with EventContentSchema on %s', (_name, change) => {
    const value = changed(demoContent, change);
    expect(passes(checkEventContent, value)).toBe(EventContentSchema.safeParse(value).success);
  });

  it.each([[[]], [null], ['content']])('refuses %j, as EventContentSchema does', (value) => {
    expect(EventContentSchema.safeParse(value).success).toBe(false);
    expect(passes(checkEventContent, value)).toBe(false);
  });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>1</script>',
    'ftp://a.b/x',
  ])('refuses a social link to %s: the footer links only to web pages (security review)', (url) => {
    const value = changed(demoContent, (c) => (c.social = [{ label: 'x', url }]));
    expect(EventContentSchema.safeParse(value).success).toBe(false);
    expect(passes(checkEventContent, value)).toBe(false);
  });

  it('names the field that breaks a rule', () => {
    expect(() => checkEventContent(changed(demoContent, (c) => (c.artworks = [])))).toThrow(
      'content.artworks is not a list of 1+',
    );
  });
});

describe('checkEventSummary', () => {
  it('accepts an event, as EventSummarySchema does', () => {
    expect(EventSummarySchema.safeParse(summary).success).toBe(true);
    expect(checkEventSummary(summary)).toBe(summary);
  });

  it.each<[string, (e: Loose) => void]>([
    ['a late-entry day', (e) => (e.dates.lateEntryFrom = '2025-03-01')],
    ['29 February of a leap year', (e) => (e.dates.galaAwards = '2024-02-29')],
    ['29 February of another year', (e) => (e.dates.galaAwards = '2025-02-29')],
    ['31 April', (e) => (e.dates.uploadsOpen = '2025-04-31')],
    ['a date and time', (e) => (e.dates.uploadsOpen = '2025-04-14T00:00:00Z')],
    ['no late-entry field', (e) => delete e.dates.lateEntryFrom],
    ['a fractional id', (e) => (e.id = 1.5)],
    ['a year as text', (e) => (e.year = '2025')],
    ['a negative fee', (e) => (e.fees.individualCents = -1)],
    ['groups from 0 participants', (e) => (e.fees.groupLargeFromParticipants = 0)],
    ['a surcharge of 101%', (e) => (e.fees.lateSurchargePercent = 101)],
    ['a surcharge of 100%', (e) => (e.fees.lateSurchargePercent = 100)],
    ['no fees', (e) => delete e.fees],
  ])('agrees with EventSummarySchema on %s', (_name, change) => {
    const value = changed(summary, change);
    expect(passes(checkEventSummary, value)).toBe(EventSummarySchema.safeParse(value).success);
  });
});
