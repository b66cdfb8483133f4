import { paths } from '@eisteddfod/shared';
import type { StaffMe, StaffRole } from '@eisteddfod/shared';
import { Alert, Anchor, Container, Group, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useStaffMe } from '../api/staff-api.ts';

const LINKS: { to: string; label: string; roles: StaffRole[] }[] = [
  { to: paths.staff.href(), label: 'Overview', roles: ['organiser', 'adjudicator'] },
  { to: paths.staffDashboard.href(), label: 'Dashboard', roles: ['organiser'] },
  { to: paths.staffMarking.href(), label: 'Marking', roles: ['adjudicator'] },
  { to: paths.staffResults.href(), label: 'Results', roles: ['organiser'] },
  { to: paths.staffAdjudicators.href(), label: 'Adjudicators', roles: ['organiser'] },
  { to: paths.staffEvents.href(), label: 'Events', roles: ['organiser'] },
  { to: paths.staffSchools.href(), label: 'Schools', roles: ['organiser'] },
  { to: paths.staffMembers.href(), label: 'Staff', roles: ['organiser'] },
  { to: paths.staffFamilies.href(), label: 'Families', roles: ['organiser'] },
  { to: paths.staffPayments.href(), label: 'Payments', roles: ['organiser'] },
  { to: paths.staffReminders.href(), label: 'Reminders', roles: ['organiser'] },
  { to: paths.staffDataRequests.href(), label: 'Data requests', roles: ['organiser'] },
  { to: paths.staffSignIns.href(), label: 'Sign-ins', roles: ['organiser'] },
  { to: paths.staffAuditLog.href(), label: 'Audit log', roles: ['organiser'] },
];

/**
 * The frame of every staff screen: checks the role with the server (a family gets the not
 * found page, as the API answers them), then shows the staff navigation and the screen.
 */
export function StaffArea(props: {
  title: string;
  roles: StaffRole[];
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
          {LINKS.filter((l) => l.roles.includes(staff.role)).map((l) => (
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
      {props.roles.includes(staff.role) ? (
        props.children(staff)
      ) : (
        <Alert color="orange" title="Not for your role">
          This screen is for {props.roles.join(' and ')}s.
        </Alert>
      )}
    </Container>
  );
}
