import { paths } from '@eisteddfod/shared';
import { Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FormCard } from '../../components/FormCard.tsx';
import { readStored } from '../../lib/storage.ts';
import { useMemberships } from '../../shared/teaching/memberships.ts';
import { useListedSchools } from './api/teaching-api.ts';
import { AskForm } from './requests/AskForm.tsx';
import { MembershipList } from './requests/MembershipList.tsx';
import { text } from './text.ts';

/**
 * /teaching (decision 061): a family account asks to act for a school, follows its requests,
 * and once approved opens its classes.
 */
export default function TeachingPage() {
  const customerId = Number(readStored('customerId'));
  const memberships = useMemberships(customerId);
  const schools = useListedSchools(customerId);
  const classes = (memberships.data ?? []).filter((m) => m.status === 'approved');
  return (
    <FormCard title={text('title')}>
      <Stack gap="lg">
        <Text>{text('lead')}</Text>
        {memberships.isError && <Text c="red.8">{text('notLoaded')}</Text>}
        {memberships.isPending && <Loader aria-label={text('title')} />}
        {classes.length > 0 && (
          <section aria-labelledby="classes-title">
            <Title order={2} size="h3" id="classes-title" mb="sm">
              {text('classesTitle')}
            </Title>
            <Stack gap="sm">
              {classes.map((c) => (
                <Card key={c.id} withBorder padding="md" component="article">
                  <Text fw={700}>{c.schoolName}</Text>
                  <Text size="sm" c="gray.7">
                    {c.role === 'coordinator' ? text('asCoordinator') : text('asTeacher')}
                  </Text>
                  <Group mt="sm" gap="sm">
                    <Button
                      component={Link}
                      to={paths.teachingClass.href({ membershipId: c.id })}
                      size="sm"
                    >
                      {text('openClass')}
                    </Button>
                    <Button
                      component={Link}
                      to={paths.teachingEnter.href({ membershipId: c.id })}
                      variant="default"
                      size="sm"
                    >
                      {text('enterLearners')}
                    </Button>
                    <Button
                      component={Link}
                      to={paths.teachingEntries.href({ membershipId: c.id })}
                      variant="default"
                      size="sm"
                    >
                      {text('classEntries')}
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          </section>
        )}
        {memberships.data && (
          <section aria-labelledby="requests-title">
            <Title order={2} size="h3" id="requests-title" mb="sm">
              {text('requestsTitle')}
            </Title>
            <MembershipList customerId={customerId} memberships={memberships.data} />
          </section>
        )}
        <Divider />
        <AskForm customerId={customerId} schools={schools.data ?? []} />
      </Stack>
    </FormCard>
  );
}
