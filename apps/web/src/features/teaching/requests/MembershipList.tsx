import { type Membership, type MembershipStatus } from '@eisteddfod/shared';
import { Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formattingLocale } from '../../../lib/i18n/catalogue.ts';
import { useLeaveMembership } from '../api/teaching-api.ts';
import { text } from '../text.ts';

const STATUS: Record<MembershipStatus, { key: Parameters<typeof text>[0]; color: string }> = {
  requested: { key: 'statusRequested', color: 'yellow' },
  approved: { key: 'statusApproved', color: 'green' },
  refused: { key: 'statusRefused', color: 'red' },
  ended: { key: 'statusEnded', color: 'gray' },
};

const day = (iso: string) =>
  new Intl.DateTimeFormat(formattingLocale(), { dateStyle: 'long' }).format(new Date(iso));

/** The account's requests, each with its state and the one thing it can do (withdraw, leave). */
export function MembershipList({
  customerId,
  memberships,
}: {
  customerId: number;
  memberships: Membership[];
}) {
  const leave = useLeaveMembership(customerId);
  const [asking, setAsking] = useState<Membership>();
  if (memberships.length === 0) return <Text>{text('noRequests')}</Text>;
  return (
    <Stack gap="sm">
      {memberships.map((m) => {
        const status = STATUS[m.status];
        const open = m.status === 'requested' || m.status === 'approved';
        return (
          <Card key={m.id} withBorder padding="md" component="article">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={4}>
                <Text fw={700}>{m.schoolName}</Text>
                <Text size="sm" c="gray.7">
                  {m.role === 'coordinator' ? text('asCoordinator') : text('asTeacher')}
                  {m.kind === 'studio' ? ` · ${text('studio')}` : ''}
                  {' · '}
                  {text('askedOn', { date: day(m.requestedAt) })}
                </Text>
              </Stack>
              <Badge color={status.color} variant="light" c="black">
                {text(status.key)}
              </Badge>
            </Group>
            {m.status === 'refused' && m.refusalReason && (
              <Text size="sm" mt="xs">
                {text('refusedBecause', { reason: m.refusalReason })}
              </Text>
            )}
            {open && (
              <Group mt="sm">
                <Button variant="default" size="sm" onClick={() => setAsking(m)}>
                  {m.status === 'approved' ? text('leave') : text('withdraw')}
                </Button>
              </Group>
            )}
          </Card>
        );
      })}
      {asking && (
        <Modal
          opened
          onClose={() => setAsking(undefined)}
          title={
            asking.status === 'approved'
              ? text('leaveTitle', { school: asking.schoolName })
              : text('withdrawTitle')
          }
          closeButtonProps={{ 'aria-label': text('cancel') }}
        >
          <Stack>
            <Text>
              {asking.status === 'approved'
                ? text('leaveBody', { school: asking.schoolName })
                : text('withdrawBody', { school: asking.schoolName })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(undefined)}>
                {text('cancel')}
              </Button>
              <Button
                color="red"
                loading={leave.isPending}
                onClick={() => leave.mutate(asking, { onSettled: () => setAsking(undefined) })}
              >
                {asking.status === 'approved' ? text('leave') : text('withdraw')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
