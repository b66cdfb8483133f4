import type {
  ClassEntries,
  ClassGrid,
  ClassParents,
  SchoolChild,
  SchoolClass,
  SchoolStatement,
} from '@eisteddfod/shared';
import { CUSTOMER_ID } from './catalogue-server.ts';

/**
 * The family's class as a teacher (decision 061, 064, 065), for the pseudo-locale probe's fake
 * API (family-api.ts): its learners, the grid with an entry in the cart, a paid one, a group and
 * an item whose deadline passed, and its entries in every state.
 */

/** The approved membership of family-api.ts's memberships: the class. */
export const CLASS_ID = 11;
const SCHOOL = 'Jacaranda Primary School';

const schoolClass: SchoolClass = {
  membershipId: CLASS_ID,
  schoolId: 3,
  schoolName: SCHOOL,
  teacherName: 'Ayanda Mokoena',
  mine: true,
  learners: [
    {
      id: 301,
      membershipId: CLASS_ID,
      firstName: 'Lerato',
      surname: 'Dube',
      grade: '5',
      gender: 'female',
      school: SCHOOL,
      entries: 2,
      parentEmail: 'dube.parent@example.org',
      parentMobile: null,
    },
    {
      id: 302,
      membershipId: CLASS_ID,
      firstName: 'Thabo',
      surname: 'Khumalo',
      grade: 'R',
      gender: 'male',
      school: SCHOOL,
      entries: 0,
      parentEmail: null,
      parentMobile: '+27825550101',
    },
  ],
};

const item = (id: number, code: string, name: string, group = false) => ({
  id,
  code,
  name,
  section: 'Dramatic Arts' as const,
  categoryName: 'Poetry',
  isGroupItem: group,
  requiresAnInstrument: false,
  minimumParticipants: group ? 2 : 1,
  maximumParticipants: group ? 2 : 1,
  deadlinePassed: false,
});

const grid: ClassGrid = {
  membershipId: CLASS_ID,
  schoolName: SCHOOL,
  eventId: 1,
  learners: schoolClass.learners.map(({ id, firstName, surname, grade }) => ({
    id,
    firstName,
    surname,
    grade,
  })),
  items: [
    item(401, 'DA101', 'Poetry (Grades R to 3)'),
    item(402, 'DA102', 'Poetry (Grades 4 to 7)'),
    item(403, 'DA107', 'Poetry duo', true),
    { ...item(405, 'DA110', 'Prose reading'), categoryName: 'Prose', deadlinePassed: true },
    { ...item(404, 'MU201', 'Piano solo'), section: 'Music', categoryName: 'Piano' },
  ],
  allowedByGrade: { '5': [402, 403, 404, 405], R: [401, 404] },
  entries: [
    {
      orderItemId: 501,
      learnerId: 301,
      itemId: 402,
      instruments: '',
      groupName: null,
      paid: true,
    },
    {
      orderItemId: 502,
      learnerId: 301,
      itemId: 403,
      instruments: '',
      groupName: 'The Poets',
      paid: false,
    },
  ],
};

const entry = (orderItemId: number, state: ClassEntries['entries'][number]['state']) => ({
  orderItemId,
  learnerId: 301,
  firstName: 'Lerato',
  surname: 'Dube',
  itemCode: 'DA102',
  itemName: 'Poetry (Grades 4 to 7)',
  dueDate: '2026-12-15',
  state,
  own: true,
});

const entries: ClassEntries = {
  membershipId: CLASS_ID,
  schoolName: SCHOOL,
  wholeSchool: false,
  resultsReleased: true,
  entries: [
    entry(501, 'unpaid'),
    entry(502, 'no-main-file'),
    entry(503, 'not-sent'),
    entry(504, 'sent'),
    entry(505, 'marked'),
    entry(506, 'missed'),
    entry(507, 'withdrawn'),
  ],
  counts: {
    unpaid: 1,
    'no-main-file': 1,
    'not-sent': 1,
    sent: 1,
    marked: 1,
    missed: 1,
    withdrawn: 1,
  },
};

/** The parents of the class's learners (decision 063): one invited, one linked. */
const parents: ClassParents = [
  {
    learnerId: 301,
    firstName: 'Lerato',
    surname: 'Dube',
    state: 'invited',
    channel: 'email',
    invitedAt: '2026-11-20T08:00:00.000Z',
    changedAt: null,
  },
  {
    learnerId: 302,
    firstName: 'Sipho',
    surname: 'Ndlovu',
    state: 'linked',
    channel: 'whatsapp',
    invitedAt: '2026-11-19T08:00:00.000Z',
    changedAt: '2026-11-21T08:00:00.000Z',
  },
];

/** The class's statement (decision 066): the teacher's own order, not paid, no banking yet. */
const statement: SchoolStatement = {
  schoolName: SCHOOL,
  wholeSchool: false,
  orders: [
    {
      orderId: 71,
      orderNumber: 'ORD-71',
      reference: 'S0002B7',
      teacherName: 'Thandi Teacher',
      status: 'cart',
      own: true,
      entries: 7,
      totalCents: 112000,
      paidCents: 0,
      owedCents: 112000,
      refundedCents: 0,
    },
  ],
  totals: { entries: 7, totalCents: 112000, paidCents: 0, owedCents: 112000, refundedCents: 0 },
  banking: null,
};

/** GET answers of the class's screens, by path. */
export const teachingAnswers: Record<string, unknown> = {
  [`/api/Customers/${CUSTOMER_ID}/Classes/${CLASS_ID}`]: schoolClass,
  [`/api/Customers/${CUSTOMER_ID}/Classes/${CLASS_ID}/Grid`]: grid,
  [`/api/Customers/${CUSTOMER_ID}/Classes/${CLASS_ID}/Entries`]: entries,
  [`/api/Customers/${CUSTOMER_ID}/Classes/${CLASS_ID}/Parents`]: parents,
  [`/api/Customers/${CUSTOMER_ID}/Classes/${CLASS_ID}/Statement`]: statement,
  // No child entered by a school in this family (decision 063).
  [`/api/Customers/${CUSTOMER_ID}/SchoolChildren`]: [] satisfies SchoolChild[],
};
