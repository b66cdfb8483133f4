import { paths, type FamilyDetails, type FamilySearchPage } from '@eisteddfod/shared';
import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

// Schools on the family desk (issue 35, decision 068): schools the search finds, and what an
// account that teaches holds.

const teachersSaid = (n: number) => (n === 1 ? '1 teacher' : `${n} teachers`);

/** The schools a desk search found by name, each leading to its School page. */
export function DeskSchoolResults({ schools }: { schools: FamilySearchPage['schools'] }) {
  if (schools.length === 0) return null;
  return (
    <section aria-labelledby="desk-schools-heading">
      <Title order={2} size="h4" id="desk-schools-heading" mb="xs">
        {schools.length === 1 ? '1 school' : `${schools.length} schools`}
      </Title>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {schools.map((school) => (
          <Card key={school.id} withBorder component="li" padding="sm">
            <Anchor component={Link} to={paths.staffSchool.href({ id: school.id })} fw={700}>
              {school.name}
            </Anchor>
            <Text size="sm">
              {school.kind === 'studio' ? 'Private studio' : 'School'} ·{' '}
              {teachersSaid(school.teachers)}
            </Text>
          </Card>
        ))}
      </Stack>
    </section>
  );
}

const STATUS_WORDS: Record<FamilyDetails['teaching'][number]['status'], string> = {
  requested: 'Waiting for an organiser',
  approved: 'Approved',
  refused: 'Refused',
  ended: 'Ended',
};

/** An account's school memberships: school, role, state and the learners each class holds. */
export function FamilyTeaching({ teaching }: { teaching: FamilyDetails['teaching'] }) {
  if (teaching.length === 0) return null;
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="family-teaching-heading">
      <Title order={2} size="h4" id="family-teaching-heading" mb="xs">
        Teaches
      </Title>
      <div
        role="region"
        aria-label="Memberships, scrolls sideways"
        tabIndex={0}
        style={{ overflowX: 'auto' }}
      >
        <Table striped miw={480} aria-labelledby="family-teaching-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>School</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Learners in the class</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {teaching.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  {m.schoolId === null ? (
                    `${m.schoolName} (not on the list)`
                  ) : (
                    <Anchor component={Link} to={paths.staffSchool.href({ id: m.schoolId })}>
                      {m.schoolName}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{m.role === 'coordinator' ? 'Coordinator' : 'Teacher'}</Table.Td>
                <Table.Td>{STATUS_WORDS[m.status]}</Table.Td>
                <Table.Td>{m.learners}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Card>
  );
}
