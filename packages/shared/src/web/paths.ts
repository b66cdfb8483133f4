/**
 * Every page address of the site (spec 2, "Route table"), in one place: the web router
 * registers `pattern`, links and redirects call `href`, and the server builds the links it sends
 * (emails, redirects after payment) from the same entries. A renamed page is renamed here only.
 */

/** The `:name` parameters of a route pattern, as a union of their names. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type HrefArgs<P extends string> = [ParamNames<P>] extends [never]
  ? []
  : [params: Record<ParamNames<P>, string | number>];

export interface PagePath<P extends string> {
  /** The router's pattern, e.g. '/view-order/:id'. */
  pattern: P;
  /** The address of one page, its parameters filled in and encoded. */
  href: (...args: HrefArgs<P>) => string;
}

function page<P extends string>(pattern: P): PagePath<P> {
  return {
    pattern,
    href: (...args) => {
      const params = (args[0] ?? {}) as Record<string, string | number>;
      return pattern.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent(String(params[name])),
      );
    },
  };
}

export const paths = {
  home: page('/'),
  homeAlias: page('/home'),
  register: page('/register'),
  verify: page('/verify'),
  login: page('/login'),
  contact: page('/contact'),
  info: page('/Events/Concours'),
  privacyPolicy: page('/privacy-policy'),
  termsOfService: page('/terms-of-service'),
  contestants: page('/participant-profiles'),
  createContestant: page('/:id/create-participant-profile'),
  editContestant: page('/edit-profile/:id'),
  sections: page('/:id/sections'),
  categories: page('/:id/categories'),
  items: page('/:participantId/categories/:categoryId/items'),
  checkout: page('/checkout'),
  confirmation: page('/confirmation/:id'),
  myProfile: page('/my-profile'),
  myOrders: page('/my-orders'),
  viewOrder: page('/view-order/:id'),
  uploads: page('/uploads'),
  /** A family account's Teaching area: asking to act for a school, its classes (decision 061). */
  teaching: page('/teaching'),
  teachingClass: page('/teaching/class/:membershipId'),
  /** A teacher's grid and the class's entries by state (issue 35, decision 065). */
  teachingEnter: page('/teaching/class/:membershipId/enter'),
  teachingEntries: page('/teaching/class/:membershipId/entries'),
  /** The link a learner's parent is sent (issue 35, decision 063). */
  parentInvitation: page('/invitation/:token'),
  staff: page('/staff'),
  staffDashboard: page('/staff/dashboard'),
  staffMarking: page('/staff/marking'),
  markEntry: page('/staff/marking/:orderItemId'),
  staffResults: page('/staff/results'),
  staffAdjudicators: page('/staff/adjudicators'),
  staffEvents: page('/staff/events'),
  staffEvent: page('/staff/events/:id'),
  staffEventCatalogue: page('/staff/events/:id/catalogue'),
  staffEventRubrics: page('/staff/events/:id/rubrics'),
  staffAuditLog: page('/staff/audit-log'),
  staffSignIns: page('/staff/sign-ins'),
  staffSchools: page('/staff/schools'),
  /** A school's page: its teachers and their learners (decision 061). */
  staffSchool: page('/staff/schools/:id'),
  /** Teachers' requests to act for a school, and the approved teachers (decision 061). */
  staffTeachers: page('/staff/teachers'),
  staffMembers: page('/staff/members'),
  staffFamilies: page('/staff/families'),
  staffFamily: page('/staff/families/:id'),
  staffPayments: page('/staff/payments'),
  staffDataRequests: page('/staff/data-requests'),
  staffJobs: page('/staff/jobs'),
  staffReminders: page('/staff/reminders'),
  staffEventContent: page('/staff/events/:id/content'),
  /** Section winners' rule, preview and confirmation, and the release (decision 026). */
  staffEventWinners: page('/staff/events/:id/winners'),
  /** The public gala page of the live event's results. */
  gala: page('/gala'),
  /** A family's results page for one contestant. */
  contestantResults: page('/participant-profiles/:id/results'),
  /** Served by the API (a page of its own, linked from certificates' QR codes). */
  verifyCertificate: page('/certificates/verify/:code'),
} as const;
