import { CLASS_ENTRY_STATES, type ClassEntryState } from '@eisteddfod/shared';
import { Alert, Loader, Table, Text, Title } from '@mantine/core';
import { useSchoolClasses } from '../api/schools/school-records.ts';

// A school's classes on its console page (issue 35, decision 068): kept apart from the page's
// other parts, so that the school's statement and balances sit beside it without touching it.

const STATE_WORDS: Record<ClassEntryState, string> = {
  unpaid: 'Not paid',
  'no-main-file': 'No main file',
  'not-sent': 'Not finalised',
  sent: 'Finalised',
  marked: 'Marked',
  missed: 'Missed',
  withdrawn: 'Withdrawn',
};

/** Each approved class with its learners and its entries in the live event by state. */
export function SchoolClasses({ schoolId }: { schoolId: number }) {
  const classes = useSchoolClasses(schoolId);
  const heading = (
    <Title order={2} id="school-classes-heading" mb="sm">
      Classes and entries
    </Title>
  );
  if (classes.isPending) return <Loader aria-label="Loading the classes" />;
  if (classes.isError) {
    return (
      <section aria-labelledby="school-classes-heading">
        {heading}
        <Alert color="red" title="Error">
          The classes could not be loaded. Please try again.
        </Alert>
      </section>
    );
  }
  const { classes: rows, counts } = classes.data;
  return (
    <section aria-labelledby="school-classes-heading">
      {heading}
      {rows.length === 0 ? (
        <Text size="sm">No approved class yet.</Text>
      ) : (
        <div
          role="region"
          aria-label="Classes and entries, scrolls sideways"
          tabIndex={0}
          style={{ overflowX: 'auto' }}
        >
          <Table striped miw={760} aria-labelledby="school-classes-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Class of</Table.Th>
                <Table.Th>Learners</Table.Th>
                {CLASS_ENTRY_STATES.map((s) => (
                  <Table.Th key={s}>{STATE_WORDS[s]}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.membershipId}>
                  <Table.Td>{c.teacherName}</Table.Td>
                  <Table.Td>{c.learners}</Table.Td>
                  {CLASS_ENTRY_STATES.map((s) => (
                    <Table.Td key={s}>{c.counts[s]}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">The school</Table.Th>
                <Table.Td>{rows.reduce((n, c) => n + c.learners, 0)}</Table.Td>
                {CLASS_ENTRY_STATES.map((s) => (
                  <Table.Td key={s} fw={700}>
                    {counts[s]}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
