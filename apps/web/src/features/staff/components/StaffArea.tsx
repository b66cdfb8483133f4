import { can, rolesThatCan, type StaffAction, type StaffMe } from '@eisteddfod/shared';
import { Alert, Container, Loader, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useStaffMe } from '../api/staff-members/get-staff-me.ts';

/**
 * The frame of every staff screen inside the console (console/ConsoleLayout.tsx, which has the
 * navigation): the screen's title, who is signed in, and the screen if the role may use it.
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
    <Container size="lg" px={0}>
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
