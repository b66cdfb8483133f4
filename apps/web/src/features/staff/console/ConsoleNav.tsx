import { can, type StaffRole } from '@eisteddfod/shared';
import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { CONSOLE_GROUPS } from './console-links.ts';

/** The console's links a role may follow, in their groups; a group with none is left out. */
export function ConsoleNav(props: { role: StaffRole; eventId: number | undefined }) {
  const { pathname } = useLocation();
  const groups = CONSOLE_GROUPS.map((group) => ({
    ...group,
    links: group.links
      .filter((link) => can(props.role, link.action))
      .map((link) => ({ label: link.label, href: link.to(props.eventId) }))
      .filter((link): link is { label: string; href: string } => link.href !== undefined),
  })).filter((group) => group.links.length > 0);
  return (
    <Stack gap="sm">
      {groups.map((group) => (
        <div key={group.label ?? 'top'} role="group" aria-label={group.label ?? 'Start'}>
          {group.label && (
            <Text size="xs" fw={700} tt="uppercase" c="gray.7" px="sm" mb={2}>
              {group.label}
            </Text>
          )}
          {group.links.map((link) => (
            <NavLink
              key={link.label}
              component={Link}
              to={link.href}
              label={link.label}
              active={pathname === link.href}
              aria-current={pathname === link.href ? 'page' : undefined}
              py={6}
            />
          ))}
        </div>
      ))}
    </Stack>
  );
}
