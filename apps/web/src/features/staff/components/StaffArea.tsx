import { paths } from '@eisteddfod/shared';
import { can, rolesThatCan, type StaffAction, type StaffMe } from '@eisteddfod/shared';
import { Alert, Anchor, Container, Group, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useStaffMe } from '../api/staff-members/get-staff-me.ts';

const LINKS: { to: string; label: string; action: StaffAction }[] = [
  { to: paths.staff.href(), label: 'Overview', action: 'enter:staff-area' },
  { to: paths.staffDashboard.href(), label: 'Dashboard', action: 'read:dashboard' },
  { to: paths.staffMarking.href(), label: 'Marking', action: 'mark:entries' },
  { to: paths.staffResults.href(), label: 'Results', action: 'publish:results' },
  { to: paths.staffAdjudicators.href(), label: 'Adjudicators', action: 'manage:adjudicators' },
  { to: paths.staffEvents.href(), label: 'Events', action: 'manage:events' },
  { to: paths.staffSchools.href(), label: 'Schools', action: 'manage:schools' },
  { to: paths.staffMembers.href(), label: 'Staff', action: 'manage:staff' },
  { to: paths.staffFamilies.href(), label: 'Families', action: 'manage:families' },
  { to: paths.staffPayments.href(), label: 'Payments', action: 'manage:payments' },
  { to: paths.staffReminders.href(), label: 'Reminders', action: 'manage:reminders' },
  { to: paths.staffDataRequests.href(), label: 'Data requests', action: 'manage:data-requests' },
  { to: paths.staffSignIns.href(), label: 'Sign-ins', action: 'read:sign-ins' },
  { to: paths.staffAuditLog.href(), label: 'Audit log', action: 'read:audit-log' },
];

/**
 * The frame of every staff screen: checks the role with the server (a family gets the not
 * found page, as the API answers them), then shows the staff navigation and the screen.
 */
export function StaffArea(props: {
  title: string;
  /** What the screen does: its staff action (staff/permissions.ts), as its calls declare. */
  action: StaffAction;
  children: (me: StaffMe) => ReactNode;
}) {
  useDocumentTitle(props.title);
  const me = useStaffMe();
  if (me.isPending) {
    return (
      <Container py="xl">
        <Loader aria-label="Loading" />
      </Container>
    );
  }
  if (me.isError) {
    return (
      <Container py="xl">
        <Alert color="red" title="Error">
          The staff area could not be loaded. Please try again.
        </Alert>
      </Container>
    );
  }
  if (!me.data) return <NotFoundPage />;
  const staff = me.data;
  return (
    <Container size="lg" py="lg">
      <nav aria-label="Staff">
        <Group gap="md" mb="md" wrap="wrap">
          {LINKS.filter((l) => can(staff.role, l.action)).map((l) => (
            <Anchor key={l.to} component={NavLink} to={l.to} end fw={600}>
              {l.label}
            </Anchor>
          ))}
        </Group>
      </nav>
      <Title order={1} mb="xs">
        {props.title}
      </Title>
      <Text mb="lg" size="sm">
        Signed in as {staff.firstName} {staff.surname} ({staff.role})
      </Text>
      {can(staff.role, props.action) ? (
        props.children(staff)
      ) : (
        <Alert color="orange" title="Not for your role">
          This screen is for {rolesThatCan(props.action).join('s and ')}s.
        </Alert>
      )}
    </Container>
  );
}
