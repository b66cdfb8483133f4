import type { StaffSchool, UnlinkedSchoolName } from '@eisteddfod/shared';
import { Alert, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLinkSchoolName, useUnlinkedSchoolNames } from './api/schools/school-records.ts';

/** One typed name: the look-alike offered first, any school on request, linked on a click. */
function UnlinkedRow(props: { row: UnlinkedSchoolName; schools: StaffSchool[] }) {
  const { row } = props;
  const [schoolId, setSchoolId] = useState<string | null>(
    row.lookAlikes[0] ? String(row.lookAlikes[0].id) : null,
  );
  const link = useLinkSchoolName();
  const alike = new Set(row.lookAlikes.map((s) => s.id));
  const data = [
    ...row.lookAlikes.map((s) => ({ value: String(s.id), label: `${s.name} (looks alike)` })),
    ...props.schools
      .filter((s) => !s.fixed && !alike.has(s.id))
      .map((s) => ({ value: String(s.id), label: s.name })),
  ];
  return (
    <Card withBorder padding="sm" component="article">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 14rem' }}>
          <Text fw={600}>“{row.name}”</Text>
          <Text size="sm">
            {row.contestants} contestant{row.contestants === 1 ? '' : 's'}
            {row.lookAlikes.length === 0 ? ' · no school of the list looks like it' : ''}
          </Text>
        </Stack>
        <Select
          label={`School for “${row.name}”`}
          placeholder="Choose the school"
          data={data}
          value={schoolId}
          onChange={setSchoolId}
          searchable
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          variant="default"
          disabled={!schoolId}
          loading={link.isPending}
          onClick={() => schoolId && link.mutate({ id: Number(schoolId), name: row.name })}
        >
          Link
        </Button>
      </Group>
    </Card>
  );
}

/**
 * Names contestants typed that no school of the list matches (decision 061): the organiser
 * confirms which school each is; nothing is linked on a guess.
 */
export function UnlinkedSchoolNames({ schools }: { schools: StaffSchool[] }) {
  const unlinked = useUnlinkedSchoolNames();
  return (
    <Stack gap="xs" component="section" aria-labelledby="unlinked-heading">
      <Title order={2} id="unlinked-heading">
        Names to match
      </Title>
      <Text size="sm">
        School names typed for contestants that are not on the list. Link each to its school once
        you are sure; the typed name stays as the family wrote it.
      </Text>
      {unlinked.isPending && <Loader aria-label="Loading the names to match" />}
      {unlinked.isError && (
        <Alert color="red" title="Error">
          The names could not be loaded. Please try again.
        </Alert>
      )}
      {unlinked.data?.length === 0 && <Text size="sm">Every typed name is matched.</Text>}
      {unlinked.data?.slice(0, 50).map((row) => (
        <UnlinkedRow key={row.name} row={row} schools={schools} />
      ))}
    </Stack>
  );
}
