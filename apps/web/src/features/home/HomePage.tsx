import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { SECTIONS, formatLongDate } from '@eisteddfod/shared';
import { Link } from 'react-router';
import { useCurrentEvent } from '../event/api/client-config.ts';
import { KeyDates } from '../event/KeyDates.tsx';
import classes from './HomePage.module.css';

const CATEGORY_TITLES: Record<(typeof SECTIONS)[number], string> = {
  'Dramatic Arts': 'Languages, Speech & Drama',
  Music: 'Instrumental & Vocal Music',
  Dance: 'Dance',
  'Visual Arts & Design': 'Visual & Art Design',
};

export default function HomePage() {
  const event = useCurrentEvent();
  return (
    <>
      <section className={classes.hero}>
        <Container size="lg" py={48}>
          <Stack gap="md" maw={720}>
            <Text tt="uppercase" fw={600} c="grape.1">
              Hosted online from South Africa · open to schools worldwide
            </Text>
            <Title order={1} c="white" className={classes.title}>
              {event.data?.name ?? 'Online Eisteddfod'}
            </Title>
            <Text size="lg" c="white">
              An online arts competition for school students: perform or create at home or at
              school, upload your entry, and receive adjudicators’ scores, comments and a
              certificate.
            </Text>
            {event.data && (
              <Text c="grape.0">
                Registration is open from {formatLongDate(event.data.dates.registrationOpens)} to{' '}
                {formatLongDate(event.data.dates.registrationCloses)}.
              </Text>
            )}
            <Group>
              <Button component={Link} to="/register" size="lg" color="yellow" c="dark">
                Enter Now
              </Button>
              <Button component={Link} to="/Events/Concours" size="lg" variant="white">
                Learn More
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>

      <Container size="lg" py="xl">
        <Title order={2} mb="md">
          Key dates
        </Title>
        {event.data && <KeyDates dates={event.data.dates} />}

        <Title order={2} mt="xl" mb="md">
          Categories
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {SECTIONS.map((section) => (
            <Card key={section} withBorder padding="lg">
              <Badge variant="light" mb="sm">
                {section}
              </Badge>
              <Text fw={600}>{CATEGORY_TITLES[section]}</Text>
            </Card>
          ))}
        </SimpleGrid>

        <Title order={2} mt="xl" mb="md">
          How It Works
        </Title>
        <List type="ordered" spacing="md" size="lg">
          <List.Item>
            <Text fw={600}>Register &amp; choose categories</Text>
            <Text>
              <Link to="/register">Register</Link>, add your children as contestants and pick their
              items.
            </Text>
          </List.Item>
          <List.Item>
            <Text fw={600}>Prepare &amp; upload performance</Text>
            <Text>Upload a video or other digital media of each entry before the deadline.</Text>
          </List.Item>
          <List.Item>
            <Text fw={600}>Adjudication &amp; results</Text>
            <Text>
              Judges evaluate every entry, certificates are awarded to all participants, and winners
              are announced after final verification.
            </Text>
          </List.Item>
        </List>
      </Container>
    </>
  );
}
