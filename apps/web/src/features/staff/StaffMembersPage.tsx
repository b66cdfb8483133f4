import {
  DEACTIVATION_MESSAGES,
  deactivationProblem,
  InviteStaffMemberSchema,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type InviteStaffMember,
  type StaffMe,
  type StaffMember,
} from '@eisteddfod/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toasts.ts';
import { useDeactivateStaffMember } from './api/staff-members/deactivate-staff-member.ts';
import { useInviteStaffMember } from './api/staff-members/invite-staff-member.ts';
import { useStaffMembers } from './api/staff-members/list-staff-members.ts';
import { useReactivateStaffMember } from './api/staff-members/reactivate-staff-member.ts';
import { DataTable, type Column } from './components/DataTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import { issueWords } from '../../lib/i18n/issue-words.ts';

type InviteForm = Record<keyof InviteStaffMember, string>;
const EMPTY: InviteForm = { firstName: '', surname: '', email: '', role: '' };
const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }));
const fullName = (m: Pick<StaffMember, 'firstName' | 'surname'>) => `${m.firstName} ${m.surname}`;

function InviteStaffForm() {
  const invite = useInviteStaffMember();
  const [form, setForm] = useState<InviteForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<InviteForm>>({});
  const field = (key: Exclude<keyof InviteForm, 'role'>) => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      // Read the value now: React clears currentTarget before a state updater runs.
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [key]: value }));
    },
    error: errors[key],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server checks the same schema: one set of rules and messages (packages/shared).
    const parsed = InviteStaffMemberSchema.safeParse({ ...form, email: form.email.trim() });
    if (!parsed.success) {
      const found: Partial<InviteForm> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof InviteForm;
        found[key] ??= issueWords(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: () => {
        toast(
          'success',
          `${fullName(parsed.data)} was invited by email as ${STAFF_ROLE_LABELS[parsed.data.role].toLowerCase()}.`,
          'Invited',
        );
        setForm(EMPTY);
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-staff-heading">
      <Title order={2} id="invite-staff-heading" mb="xs">
        Invite a member of staff
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <TextInput label="First name" required {...field('firstName')} />
        <TextInput label="Surname" required {...field('surname')} />
        <TextInput label="Email" type="email" required {...field('email')} />
        <Select
          label="Role"
          required
          placeholder="Choose a role"
          data={ROLE_OPTIONS}
          value={form.role || null}
          onChange={(role) => setForm((f) => ({ ...f, role: role ?? '' }))}
          error={errors.role}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Button type="submit" mt="sm" loading={invite.isPending}>
        Invite
      </Button>
    </form>
  );
}

/** Deactivation ends sessions at once: the organiser confirms it first. */
function DeactivateDialog(props: { member: StaffMember; onClose: () => void }) {
  const deactivate = useDeactivateStaffMember();
  const name = fullName(props.member);
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Deactivate ${name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {name} is signed out at once and can no longer sign in. Their submitted marks and their
          changes stay; entries they had only started marking go back to the other adjudicators. You
          can reactivate them later.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={deactivate.isPending}
            onClick={() =>
              deactivate.mutate(props.member.id, {
                onSuccess: () => {
                  toast('success', `${name} was deactivated.`, 'Deactivated');
                  props.onClose();
                },
              })
            }
          >
            Deactivate
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function StaffMembersScreen({ me }: { me: StaffMe }) {
  const members = useStaffMembers();
  const reactivate = useReactivateStaffMember();
  const [deactivating, setDeactivating] = useState<StaffMember>();
  if (members.isPending) return <Loader aria-label="Loading the staff" />;
  if (members.isError)
    return (
      <Alert color="red" title="Error">
        The staff could not be loaded. Please try again.
      </Alert>
    );
  const staff = members.data;
  const columns: Column<StaffMember>[] = [
    {
      key: 'member',
      header: 'Member',
      cell: (member) => (
        <>
          <Text size="sm" fw={600}>
            {fullName(member)}{' '}
            {member.id === me.customerId && (
              <Badge color="gray" c="black" variant="light">
                You
              </Badge>
            )}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
        </>
      ),
    },
    { key: 'role', header: 'Role', cell: (member) => STAFF_ROLE_LABELS[member.role] },
    {
      key: 'status',
      header: 'Status',
      cell: (member) => (
        <Badge color={member.active ? 'green' : 'red'} c="black" variant="light">
          {member.active ? 'Active' : 'Deactivated'}
        </Badge>
      ),
    },
    {
      key: 'changes',
      header: 'Changes',
      cell: (member) => {
        const name = fullName(member);
        const problem = member.active
          ? deactivationProblem(me.customerId, member, staff)
          : undefined;
        return !member.active ? (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Reactivate ${name}`}
            loading={reactivate.isPending && reactivate.variables === member.id}
            onClick={() =>
              reactivate.mutate(member.id, {
                onSuccess: () => toast('success', `${name} may sign in again.`, 'Reactivated'),
              })
            }
          >
            Reactivate
          </Button>
        ) : problem ? (
          // Why there is no button, rather than a button that does nothing.
          <Text size="xs">{DEACTIVATION_MESSAGES[problem]}</Text>
        ) : (
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            aria-label={`Deactivate ${name}`}
            onClick={() => setDeactivating(member)}
          >
            Deactivate…
          </Button>
        );
      },
    },
  ];
  return (
    <Stack gap="lg">
      <Text size="sm">
        Who may sign in as staff. Organisers run the whole console; adjudicators mark the entries
        assigned to them (Adjudicators). A deactivated member is signed out at once.
      </Text>
      <Card withBorder component="section">
        <InviteStaffForm />
      </Card>
      <DataTable
        label="Staff members"
        minWidth={560}
        columns={columns}
        rows={staff}
        rowKey={(member) => member.id}
        empty="No staff yet."
      />
      {deactivating && (
        <DeactivateDialog member={deactivating} onClose={() => setDeactivating(undefined)} />
      )}
    </Stack>
  );
}

export default function StaffMembersPage() {
  return (
    <StaffArea title="Staff" action="manage:staff">
      {(me) => <StaffMembersScreen me={me} />}
    </StaffArea>
  );
}
