import { Button, Group, List, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useDeclareConflict } from '../api/marking/declare-conflict.ts';
import { useConflicts } from '../api/marking/list-conflicts.ts';

/** An adjudicator declares the schools and contestants they must not mark. */
export function ConflictsPanel() {
  const conflicts = useConflicts();
  const declare = useDeclareConflict();
  const [kind, setKind] = useState<'school' | 'contestant'>('school');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim().length < 2) {
      setError('Please enter a name');
      return;
    }
    setError(null);
    declare.mutate({ kind, name }, { onSuccess: () => setName('') });
  }

  return (
    <section aria-labelledby="conflicts-heading">
      <Title order={2} id="conflicts-heading" mb="xs">
        Conflicts of interest
      </Title>
      <Text size="sm" mb="sm">
        Declare a school or a contestant you know. Their entries are taken out of your list. A
        declaration stays: if you made a mistake, ask an organiser.
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Kind"
            data={[
              { value: 'school', label: 'School' },
              { value: 'contestant', label: 'Contestant (first name and surname)' },
            ]}
            value={kind}
            onChange={(v) => setKind(v === 'contestant' ? 'contestant' : 'school')}
            allowDeselect={false}
            w={{ base: '100%', sm: 260 }}
          />
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            w={{ base: '100%', sm: 280 }}
          />
          <Button type="submit" loading={declare.isPending}>
            Declare
          </Button>
        </Group>
      </form>
      <Stack mt="sm" gap="xs">
        {(conflicts.data ?? []).length === 0 ? (
          <Text size="sm">You have declared no conflicts.</Text>
        ) : (
          <List>
            {(conflicts.data ?? []).map((c) => (
              <List.Item key={`${c.kind}-${c.id}`}>
                <Text span>
                  {c.kind === 'school' ? 'School' : c.kind === 'teacher' ? 'Teacher' : 'Contestant'}
                  : {c.label}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </section>
  );
}
