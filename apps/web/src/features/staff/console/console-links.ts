import { paths, type StaffAction } from '@eisteddfod/shared';

export interface ConsoleLink {
  label: string;
  action: StaffAction;
  /** The address; per-event screens take the event being worked on. */
  to: (eventId: number | undefined) => string | undefined;
}

export interface ConsoleGroup {
  /** Null for the group at the top, which has no heading. */
  label: string | null;
  links: ConsoleLink[];
}

const fixed = (href: string) => () => href;
const ofEvent = (page: { href: (p: { id: number }) => string }) => (eventId: number | undefined) =>
  eventId === undefined ? undefined : page.href({ id: eventId });

/**
 * The console's navigation (issue 34), grouped by what organisers do over a season. Each link
 * shows to the roles whose permissions grant its screen's action (decision 056); a screen of
 * one event (its settings, catalogue, rubrics, site content, winners) opens the event chosen in
 * the header.
 */
export const CONSOLE_GROUPS: ConsoleGroup[] = [
  {
    label: null,
    links: [
      { label: 'Overview', action: 'read:entries', to: fixed(paths.staff.href()) },
      { label: 'Dashboard', action: 'read:dashboard', to: fixed(paths.staffDashboard.href()) },
    ],
  },
  {
    label: 'Set up',
    links: [
      { label: 'Events', action: 'manage:events', to: fixed(paths.staffEvents.href()) },
      { label: 'Event settings', action: 'manage:events', to: ofEvent(paths.staffEvent) },
      { label: 'Catalogue', action: 'manage:catalogue', to: ofEvent(paths.staffEventCatalogue) },
      { label: 'Rubrics', action: 'manage:rubrics', to: ofEvent(paths.staffEventRubrics) },
      {
        label: 'Site content',
        action: 'manage:site-content',
        to: ofEvent(paths.staffEventContent),
      },
      { label: 'Schools', action: 'manage:schools', to: fixed(paths.staffSchools.href()) },
      { label: 'Teachers', action: 'manage:schools', to: fixed(paths.staffTeachers.href()) },
    ],
  },
  {
    label: 'Entries and families',
    links: [
      { label: 'Families', action: 'manage:families', to: fixed(paths.staffFamilies.href()) },
      { label: 'Reminders', action: 'manage:reminders', to: fixed(paths.staffReminders.href()) },
      {
        label: 'Data requests',
        action: 'manage:data-requests',
        to: fixed(paths.staffDataRequests.href()),
      },
    ],
  },
  {
    label: 'Money',
    links: [
      { label: 'Payments', action: 'manage:payments', to: fixed(paths.staffPayments.href()) },
    ],
  },
  {
    label: 'Judging',
    links: [
      { label: 'Marking', action: 'mark:entries', to: fixed(paths.staffMarking.href()) },
      {
        label: 'Adjudicators',
        action: 'manage:adjudicators',
        to: fixed(paths.staffAdjudicators.href()),
      },
    ],
  },
  {
    label: 'Results',
    links: [
      { label: 'Results', action: 'publish:results', to: fixed(paths.staffResults.href()) },
      {
        label: 'Winners and release',
        action: 'release:results',
        to: ofEvent(paths.staffEventWinners),
      },
    ],
  },
  {
    label: 'Settings',
    links: [
      { label: 'Staff', action: 'manage:staff', to: fixed(paths.staffMembers.href()) },
      { label: 'Sign-ins', action: 'read:sign-ins', to: fixed(paths.staffSignIns.href()) },
      { label: 'Audit log', action: 'read:audit-log', to: fixed(paths.staffAuditLog.href()) },
      { label: 'Background jobs', action: 'read:jobs', to: fixed(paths.staffJobs.href()) },
    ],
  },
];
