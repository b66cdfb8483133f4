import type { Adjudicator } from '@eisteddfod/shared';
import { Button, Group, List, Select, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useRecordTeacherConflict } from '../api/adjudicators/record-teacher-conflict.ts';
import { useTeachers } from '../api/teachers/teachers.ts';

const KIND_WORDS: Record<Adjudicator['conflicts'][number]['kind'], string> = {
  school: 'School',
  contestant: 'Contestant',
  teacher: 'Teacher',
};

/**
 * An adjudicator's conflicts as organisers see them, and the teacher choice (issue 35, decision
 * 068): an adjudicator who knows a teacher says so, and the organiser records it here.
 */
export function AdjudicatorConflicts({ adjudicator }: { adjudicator: Adjudicator }) {
  const name = `${adjudicator.firstName} ${adjudicator.surname}`;
  const teachers = useTeachers();
  const record = useRecordTeacherConflict(adjudicator.id);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const options = useMemo(() => {
    const seen = new Map<number, string>();
    for (const m of teachers.data?.approved ?? []) {
      const label = `${m.teacherName}${m.email ? ` (${m.email})` : ''}`;
      seen.set(m.customerId, seen.has(m.customerId) ? seen.get(m.customerId)! : label);
    }
    return [...seen].map(([value, label]) => ({ value: String(value), label }));
  }, [teachers.data]);
  function add() {
    if (!teacherId) return;
    record.mutate(Number(teacherId), { onSuccess: () => setTeacherId(null) });
  }
  return (
    <>
      <Text fw={600} size="sm" mt="sm">
        Conflicts of interest
      </Text>
      {adjudicator.conflicts.length === 0 ? (
        <Text size="sm">None declared.</Text>
      ) : (
        <List size="sm">
          {adjudicator.conflicts.map((c) => (
            <List.Item key={`${c.kind}-${c.id}`}>
              {KIND_WORDS[c.kind]}: {c.label}
            </List.Item>
          ))}
        </List>
      )}
      <Group align="flex-end" wrap="wrap" mt="xs">
        <Select
          label={`A teacher ${name} knows`}
          placeholder="Search a teacher by name or email"
          data={options}
          value={teacherId}
          onChange={setTeacherId}
          searchable
          nothingFoundMessage="No approved teacher of that name"
          w={{ base: '100%', sm: 320 }}
        />
        <Button onClick={add} disabled={!teacherId} loading={record.isPending}>
          Record conflict
        </Button>
      </Group>
    </>
  );
}
