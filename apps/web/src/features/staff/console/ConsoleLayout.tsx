import { can, paths, type StaffMe } from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { NotFoundPage } from '../../../components/NotFoundPage.tsx';
import { useStaffMe } from '../api/staff-members/get-staff-me.ts';
import { ConsoleNav } from './ConsoleNav.tsx';
import { EventSwitcher } from './EventSwitcher.tsx';
import { useWorkingEvent } from './working-event.ts';

/** Where a member of staff starts: organisers on the overview, adjudicators on their marking. */
const homeOf = (me: StaffMe) =>
  can(me.role, 'read:entries') ? paths.staff.href() : paths.staffMarking.href();

function Account(props: { me: StaffMe; onSignOut: () => void }) {
  return (
    <>
      <Text size="sm">
        {props.me.firstName} {props.me.surname} ({props.me.role})
      </Text>
      <Anchor component={Link} to={paths.home.href()} size="sm">
        Family site
      </Anchor>
      <Button size="xs" variant="default" onClick={props.onSignOut}>
        Sign out
      </Button>
    </>
  );
}

/** The organiser's navigation with the event being worked on (its screens follow the choice). */
function OrganiserNav(props: { me: StaffMe }) {
  const { working } = useWorkingEvent();
  return <ConsoleNav role={props.me.role} eventId={working?.id} />;
}

function Console(props: { me: StaffMe; onSignOut: () => void }) {
  const { me } = props;
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);
  const organiser = can(me.role, 'manage:events');
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? 'Close the console menu' : 'Open the console menu'}
            />
            <Anchor component={Link} to={homeOf(me)} fw={700} c="dark" underline="never">
              Eisteddfod console
            </Anchor>
          </Group>
          <Group gap="md" wrap="nowrap" visibleFrom="md">
            {organiser && <EventSwitcher />}
            <Account me={me} onSignOut={props.onSignOut} />
          </Group>
        </Group>
      </AppShell.Header>
      {/* One scrolling list: on a phone the account ends it rather than standing under it, so the
          list has the whole height and a link cut off at the bottom shows that there is more. */}
      <AppShell.Navbar p="sm" aria-label="Staff">
        <AppShell.Section
          grow
          component={ScrollArea}
          type="auto"
          scrollbars="y"
          offsetScrollbars="y"
        >
          {organiser && (
            <Box hiddenFrom="md" mb="sm">
              <EventSwitcher />
            </Box>
          )}
          {organiser ? <OrganiserNav me={me} /> : <ConsoleNav role={me.role} eventId={undefined} />}
          <Box hiddenFrom="md">
            <Divider my="sm" />
            <Stack gap="xs" align="flex-start">
              <Account me={me} onSignOut={props.onSignOut} />
            </Stack>
          </Box>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Suspense fallback={<Loader aria-label="Loading" />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * The staff console (issue 34): a shell of its own, apart from the families' site. It asks the
 * server who is signed in; a family gets the not-found page, as the API answers them, and an
 * adjudicator opening the overview is taken to their marking.
 */
export default function ConsoleLayout(props: { onSignOut: () => void }) {
  const me = useStaffMe();
  const { pathname } = useLocation();
  if (me.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading the console" />
      </Center>
    );
  }
  if (me.isError) {
    return (
      <Container py="xl">
        <Alert color="red" title="Error">
          The console could not be loaded. Please try again.
        </Alert>
      </Container>
    );
  }
  if (!me.data) return <NotFoundPage />;
  if (pathname === paths.staff.href() && !can(me.data.role, 'read:entries'))
    return <Navigate to={homeOf(me.data)} replace />;
  return <Console me={me.data} onSignOut={props.onSignOut} />;
}
