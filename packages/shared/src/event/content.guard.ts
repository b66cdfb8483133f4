import type { EventContent } from './content.schema.ts';
import type { EventSummary } from './event.schema.ts';
import { SITE_LIST_LIMITS } from './site-content.rules.ts';

// Hand-written checks with the same rules as EventSummarySchema and EventContentSchema, for the
// web app's public pages: they run on a first visit, where zod (about 25 KB gzipped) would delay
// the home page. Each returns its argument typed, or throws a TypeError naming the first field
// that breaks a rule. content.guard.test.ts keeps them in step with the schemas.

type Check = (value: unknown, path: string) => void;

function fail(path: string, expected: string): never {
  throw new TypeError(`Unexpected answer: ${path || 'the answer'} is not ${expected}`);
}

const string: Check = (value, path) => {
  if (typeof value !== 'string') fail(path, 'a string');
};

const matching =
  (pattern: RegExp, what: string): Check =>
  (value, path) => {
    if (typeof value !== 'string' || !pattern.test(value)) fail(path, what);
  };

const integer =
  (min = -Infinity, max = Infinity): Check =>
  (value, path) => {
    if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
      fail(path, `an integer from ${min} to ${max}`);
    }
  };

/** A calendar day 'yyyy-mm-dd' that exists: zod's own pattern (z.iso.date()). */
const isoDate = matching(
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/,
  'a date (yyyy-mm-dd)',
);

const nullable =
  (check: Check): Check =>
  (value, path) => {
    if (value !== null) check(value, path);
  };

// The shared package is typed without the DOM or Node; both have the WHATWG URL parser.
const { URL: UrlParser } = globalThis as unknown as {
  URL: new (url: string) => { protocol: string };
};

/**
 * What the URL parser accepts, spaces at either end aside, with an http or https scheme
 * (z.url({ protocol: /^https?$/ })).
 */
const url: Check = (value, path) => {
  string(value, path);
  let protocol: string;
  try {
    protocol = new UrlParser((value as string).trim()).protocol;
  } catch {
    return fail(path, 'a URL');
  }
  if (protocol !== 'http:' && protocol !== 'https:') fail(path, 'an http(s) URL');
};

/** zod's own email pattern (z.email()). */
const email = matching(
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/,
  'an email address',
);

const object =
  (shape: Record<string, Check>): Check =>
  (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      fail(path, 'an object');
    }
    const record = value as Record<string, unknown>;
    for (const [key, check] of Object.entries(shape)) check(record[key], `${path}.${key}`);
  };

const array =
  (item: Check, size: { exactly?: number; min?: number; max?: number } = {}): Check =>
  (value, path) => {
    if (!Array.isArray(value)) fail(path, 'a list');
    if (size.exactly !== undefined && value.length !== size.exactly) {
      fail(path, `a list of ${size.exactly}`);
    }
    if (size.min !== undefined && value.length < size.min) fail(path, `a list of ${size.min}+`);
    if (size.max !== undefined && value.length > size.max) {
      fail(path, `a list of at most ${size.max}`);
    }
    value.forEach((element, i) => item(element, `${path}[${i}]`));
  };

const eventSummary = object({
  id: integer(),
  name: string,
  year: integer(),
  timeZone: string,
  dates: object({
    registrationOpens: isoDate,
    registrationCloses: isoDate,
    uploadsOpen: isoDate,
    submissionStarts: isoDate,
    submissionEnds: isoDate,
    visualArtsDue: isoDate,
    galaAwards: isoDate,
    lateEntryFrom: nullable(isoDate),
  }),
  fees: object({
    individualCents: integer(0),
    groupSmallCents: integer(0),
    groupLargeCents: integer(0),
    groupLargeFromParticipants: integer(1),
    changeFeeCents: integer(0),
    amendmentFeeCents: integer(0),
    lateSurchargePercent: integer(0, 100),
  }),
});

const eventContent = object({
  hostLine: string,
  title: string,
  intro: string,
  artworks: array(
    object({ title: string, artist: string, image: string, alt: string }),
    SITE_LIST_LIMITS.artworks,
  ),
  categories: array(object({ section: string, title: string, summary: string }), { exactly: 4 }),
  howItWorks: array(object({ title: string, text: string }), { exactly: 3 }),
  participatingSchools: array(
    object({ name: string, logo: string }),
    SITE_LIST_LIMITS.participatingSchools,
  ),
  adjudicators: array(
    object({
      slug: matching(/^[a-z0-9-]+$/, 'a slug'),
      name: string,
      discipline: string,
      portrait: string,
      summary: string,
      bio: array(string, { min: 1 }),
    }),
    SITE_LIST_LIMITS.adjudicators,
  ),
  faq: array(object({ question: string, answer: string }), { min: 5 }),
  rules: array(string, { min: 1 }),
  social: array(object({ label: string, url })),
  contactEmail: email,
});

/** `value` when it is what EventSummarySchema accepts; throws a TypeError otherwise. */
export function checkEventSummary(value: unknown, path = 'event'): EventSummary {
  eventSummary(value, path);
  return value as EventSummary;
}

/** `value` when it is what EventContentSchema accepts; throws a TypeError otherwise. */
export function checkEventContent(value: unknown, path = 'content'): EventContent {
  eventContent(value, path);
  return value as EventContent;
}
