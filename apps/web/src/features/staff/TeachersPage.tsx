import { paths, type StaffMembership } from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSchools } from './api/schools/list-schools.ts';
import { useEndTeacher, useTeacherRole, useTeachers } from './api/teachers/teachers.ts';
import { StaffArea } from './components/StaffArea.tsx';
import { ApproveDialog, RefuseDialog } from './TeacherDialogs.tsx';

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(iso));

function Contacts({ m }: { m: StaffMembership }) {
  return (
    <Text size="sm" c="gray.7">
      {[m.email, m.mobileNumber].filter(Boolean).join(' · ')}
    </Text>
  );
}

/** A request waiting: who, for which school (a new name says so), and the two answers. */
function WaitingCard(props: { m: StaffMembership; onApprove: () => void; onRefuse: () => void }) {
  const { m } = props;
  return (
    <Card withBorder padding="md" component="article">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Text fw={700}>{m.teacherName}</Text>
          <Contacts m={m} />
          <Text size="sm">
            {m.role === 'coordinator' ? 'Coordinator' : 'Teacher'} at <b>{m.schoolName}</b>
            {m.kind === 'studio' ? ' (private studio)' : ''} · asked {day(m.requestedAt)}
          </Text>
          {m.proposedSchoolName && (
            <Text size="sm">
              Not on the list.
              {m.lookAlikes.length > 0
                ? ` Looks like: ${m.lookAlikes.map((s) => s.name).join(', ')}.`
                : ' No school of the list looks like it.'}
            </Text>
          )}
        </Stack>
        <Badge color="yellow" variant="light" c="black">
          Waiting
        </Badge>
      </Group>
      <Group mt="sm" gap="xs">
        <Button size="sm" onClick={props.onApprove} aria-label={`Approve ${m.teacherName}`}>
          Approve…
        </Button>
        <Button
          size="sm"
          variant="default"
          onClick={props.onRefuse}
          aria-label={`Refuse ${m.teacherName}`}
        >
          Refuse…
        </Button>
      </Group>
    </Card>
  );
}

/** An approved teacher: their learners, their role, and the organiser's two changes. */
function ApprovedRow(props: { m: StaffMembership; onEnd: () => void }) {
  const { m } = props;
  const role = useTeacherRole();
  const other = m.role === 'coordinator' ? 'teacher' : 'coordinator';
  return (
    <Group justify="space-between" align="flex-start" gap="xs" py="xs">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>{m.teacherName}</Text>
          {m.role === 'coordinator' && (
            <Badge color="blue" variant="light" c="black">
              Coordinator
            </Badge>
          )}
        </Group>
        <Contacts m={m} />
        <Text size="sm">{m.learners} learners</Text>
      </Stack>
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="default"
          loading={role.isPending}
          onClick={() => role.mutate({ id: m.id, role: other })}
        >
          {other === 'coordinator' ? 'Make coordinator' : 'Make teacher'}
        </Button>
        <Button size="compact-sm" variant="default" color="red" onClick={props.onEnd}>
          End…
        </Button>
      </Group>
    </Group>
  );
}

function EndDialog(props: { m: StaffMembership; onClose: () => void }) {
  const end = useEndTeacher();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`End ${props.m.teacherName} at ${props.m.schoolName}?`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">
          Their class ends. Its {props.m.learners} learners and their entries stay with the
          teacher’s account but no longer count as the school’s.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={end.isPending}
            onClick={() => end.mutate(props.m.id, { onSuccess: props.onClose })}
          >
            End membership
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Dialog = { kind: 'approve' | 'refuse' | 'end'; m: StaffMembership };

function TeachersScreen() {
  const teachers = useTeachers();
  const schools = useSchools();
  const [dialog, setDialog] = useState<Dialog>();
  if (teachers.isPending) return <Loader aria-label="Loading the teachers" />;
  if (teachers.isError)
    return (
      <Alert color="red" title="Error">
        The teachers could not be loaded. Please try again.
      </Alert>
    );
  const { waiting, approved } = teachers.data;
  const bySchool = new Map<number, StaffMembership[]>();
  for (const m of approved)
    bySchool.set(m.schoolId ?? 0, [...(bySchool.get(m.schoolId ?? 0) ?? []), m]);
  return (
    <Stack gap="lg">
      <section aria-labelledby="waiting-heading">
        <Title order={2} id="waiting-heading" mb="sm">
          Requests waiting ({waiting.length})
        </Title>
        {waiting.length === 0 && <Text size="sm">No teacher is waiting.</Text>}
        <Stack gap="sm">
          {waiting.map((m) => (
            <WaitingCard
              key={m.id}
              m={m}
              onApprove={() => setDialog({ kind: 'approve', m })}
              onRefuse={() => setDialog({ kind: 'refuse', m })}
            />
          ))}
        </Stack>
      </section>
      <section aria-labelledby="approved-heading">
        <Title order={2} id="approved-heading" mb="sm">
          Teachers by school
        </Title>
        {approved.length === 0 && <Text size="sm">No teacher is approved yet.</Text>}
        <Stack gap="sm">
          {[...bySchool.values()].map((members) => (
            <Card key={members[0]!.schoolId} withBorder padding="md" component="article">
              <Anchor
                component={Link}
                to={paths.staffSchool.href({ id: members[0]!.schoolId ?? 0 })}
                fw={700}
              >
                {members[0]!.schoolName}
              </Anchor>
              {members.map((m) => (
                <ApprovedRow key={m.id} m={m} onEnd={() => setDialog({ kind: 'end', m })} />
              ))}
            </Card>
          ))}
        </Stack>
      </section>
      {dialog?.kind === 'approve' && (
        <ApproveDialog
          request={dialog.m}
          schools={schools.data ?? []}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'refuse' && (
        <RefuseDialog request={dialog.m} onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'end' && <EndDialog m={dialog.m} onClose={() => setDialog(undefined)} />}
    </Stack>
  );
}

/** /staff/teachers: who acts for a school, on an organiser's word (decision 061). */
export default function TeachersPage() {
  return (
    <StaffArea title="Teachers" action="manage:schools">
      {() => <TeachersScreen />}
    </StaffArea>
  );
}
