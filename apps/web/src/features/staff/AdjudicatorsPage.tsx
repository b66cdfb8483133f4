import {
  InviteAdjudicatorSchema,
  SECTIONS,
  type Adjudicator,
  type InviteAdjudicator,
  type Section,
} from '@eisteddfod/shared';
import {
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCategories } from '../../shared/catalogue/categories.ts';
import { useAssign } from './api/adjudicators/assign-adjudicator.ts';
import { useInviteAdjudicator } from './api/adjudicators/invite-adjudicator.ts';
import { useAdjudicators } from './api/adjudicators/list-adjudicators.ts';
import { useUnassign } from './api/adjudicators/unassign-adjudicator.ts';
import { AdjudicatorConflicts } from './components/AdjudicatorConflicts.tsx';
import { StaffArea } from './components/StaffArea.tsx';
import { issueWords } from '../../lib/i18n/issue-words.ts';

type InviteForm = Record<keyof InviteAdjudicator, string>;
const EMPTY: InviteForm = { firstName: '', surname: '', email: '' };

function InviteForm() {
  const invite = useInviteAdjudicator();
  const [form, setForm] = useState<InviteForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<InviteForm>>({});
  const field = (key: keyof InviteForm) => ({
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
    // The server checks the same schema: one set of rules and messages (packages/shared), as
    // the Staff screen's invitation does.
    const parsed = InviteAdjudicatorSchema.safeParse({ ...form, email: form.email.trim() });
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
    invite.mutate(parsed.data, { onSuccess: () => setForm(EMPTY) });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <Title order={2} id="invite-heading" mb="xs">
        Invite an adjudicator
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="First name" required {...field('firstName')} />
        <TextInput label="Surname" required {...field('surname')} />
        <TextInput label="Email" type="email" required {...field('email')} />
      </SimpleGrid>
      <Button type="submit" mt="sm" loading={invite.isPending}>
        Invite
      </Button>
    </form>
  );
}

function AdjudicatorCard({ adjudicator }: { adjudicator: Adjudicator }) {
  const categories = useCategories();
  const assign = useAssign(adjudicator.id);
  const unassign = useUnassign(adjudicator.id);
  const [choice, setChoice] = useState<string | null>(null);
  const name = `${adjudicator.firstName} ${adjudicator.surname}`;
  const options = [
    { group: 'Sections', items: SECTIONS.map((s) => ({ value: `s:${s}`, label: s })) },
    {
      group: 'Categories',
      items: (categories.data ?? []).map((c) => ({
        value: `c:${c.id}`,
        label: `${c.name} (${c.section})`,
      })),
    },
  ];
  const { assigned, submitted, drafts } = adjudicator.progress;

  function add() {
    if (!choice) return;
    const body = choice.startsWith('s:')
      ? { section: choice.slice(2) as Section }
      : { categoryId: Number(choice.slice(2)) };
    assign.mutate(body, { onSuccess: () => setChoice(null) });
  }

  return (
    <Card withBorder component="article" aria-label={name}>
      <Title order={3}>{name}</Title>
      {/* A long address wraps rather than runs out of the card on a phone. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {adjudicator.email}
      </Text>
      <Text size="sm" mt="xs">
        Marked {submitted} of {assigned} ({drafts} drafts)
      </Text>
      <Progress
        value={assigned === 0 ? 0 : Math.round((submitted / assigned) * 100)}
        aria-label={`${name}: marked ${submitted} of ${assigned}`}
        mb="sm"
      />
      <Text fw={600} size="sm">
        Marks
      </Text>
      <Group gap="xs" mb="sm" wrap="wrap">
        {adjudicator.assignments.length === 0 && <Text size="sm">Nothing assigned yet.</Text>}
        {adjudicator.assignments.map((a) => (
          <Badge
            key={a.id}
            variant="light"
            color="grape"
            c="black"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={`Remove ${a.label} from ${name}`}
                onClick={() => unassign.mutate(a.id)}
              />
            }
          >
            {a.label}
          </Badge>
        ))}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={`Assign to ${name}`}
          placeholder="A section or a category"
          data={options}
          value={choice}
          onChange={setChoice}
          searchable
          w={{ base: '100%', sm: 320 }}
        />
        <Button onClick={add} disabled={!choice} loading={assign.isPending}>
          Assign
        </Button>
      </Group>
      <AdjudicatorConflicts adjudicator={adjudicator} />
    </Card>
  );
}

/** /staff/adjudicators: invite adjudicators and assign them sections or categories. */
export default function AdjudicatorsPage() {
  const adjudicators = useAdjudicators();
  return (
    <StaffArea title="Adjudicators" action="manage:adjudicators">
      {() => (
        <Stack gap="xl">
          <InviteForm />
          <section aria-labelledby="adjudicators-heading">
            <Title order={2} id="adjudicators-heading" mb="sm">
              Adjudicators
            </Title>
            {adjudicators.isPending && <Text>Loading…</Text>}
            {adjudicators.data?.length === 0 && <Text>No adjudicators yet.</Text>}
            <Stack>
              {adjudicators.data?.map((a) => (
                <AdjudicatorCard key={a.id} adjudicator={a} />
              ))}
            </Stack>
          </section>
        </Stack>
      )}
    </StaffArea>
  );
}
