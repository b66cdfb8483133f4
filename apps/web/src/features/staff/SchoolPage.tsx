import { paths } from '@eisteddfod/shared';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useSchoolPage } from './api/schools/school-records.ts';
import { SchoolClasses } from './components/SchoolClasses.tsx';
import { SchoolStatementTable } from './components/SchoolStatementTable.tsx';
import { StaffArea } from './components/StaffArea.tsx';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function SchoolScreen({ id }: { id: number }) {
  const page = useSchoolPage(id);
  if (page.isPending) return <Loader aria-label="Loading the school" />;
  if (page.isError)
    return (
      <Alert color="red" title="Error">
        The school could not be loaded. Please try again.
      </Alert>
    );
  const { school, teachers, linkedContestants } = page.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.staffSchools.href()} size="sm">
        All schools
      </Anchor>
      <Card withBorder>
        <Group gap="xs">
          <Title order={2}>{school.name}</Title>
          <Badge color="gray" variant="light" c="black">
            {school.kind === 'studio' ? 'Private studio' : 'School'}
          </Badge>
        </Group>
        <Text size="sm" mt="xs">
          {count(linkedContestants, 'contestant attends', 'contestants attend')} it ·{' '}
          {count(
            school.contestants,
            'contestant or group member names',
            'contestants and group members name',
          )}{' '}
          it · {count(teachers.length, 'teacher', 'teachers')}
        </Text>
      </Card>
      <section aria-labelledby="school-teachers-heading">
        <Title order={2} id="school-teachers-heading" mb="sm">
          Teachers
        </Title>
        {teachers.length === 0 ? (
          <Text size="sm">
            No teacher acts for it. Teachers ask from their account; see{' '}
            <Anchor component={Link} to={paths.staffTeachers.href()}>
              Teachers
            </Anchor>
            .
          </Text>
        ) : (
          <div
            role="region"
            aria-label="Teachers of the school, scrolls sideways"
            tabIndex={0}
            style={{ overflowX: 'auto' }}
          >
            <Table striped miw={520} aria-label="Teachers of the school">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Teacher</Table.Th>
                  <Table.Th>Contact</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Learners</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {teachers.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.staffFamily.href({ id: m.customerId })}>
                        {m.teacherName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{[m.email, m.mobileNumber].filter(Boolean).join(' · ')}</Table.Td>
                    <Table.Td>{m.role === 'coordinator' ? 'Coordinator' : 'Teacher'}</Table.Td>
                    <Table.Td>{m.learners}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </section>
      <SchoolClasses schoolId={school.id} />
      <SchoolStatementTable schoolId={school.id} />
    </Stack>
  );
}

/** /staff/schools/:id: a school with its teachers and the learners each holds (decision 061). */
export default function SchoolPage() {
  const id = Number(useParams().id);
  return (
    <StaffArea title="School" action="manage:schools">
      {() => <SchoolScreen id={id} />}
    </StaffArea>
  );
}
