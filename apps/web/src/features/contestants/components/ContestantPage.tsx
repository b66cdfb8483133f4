import { paths } from '@eisteddfod/shared';
import { Button, Container, Paper, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { text } from '../text.ts';

/** The page frame of the create and edit screens: wider than FormCard, for two columns. */
export function ContestantPage(props: { title: string; header?: ReactNode; children: ReactNode }) {
  return (
    <Container
      size={props.header ? 960 : 720}
      px={{ base: 'sm', sm: 'md' }}
      py={{ base: 'lg', sm: 'xl' }}
    >
      {props.header}
      <Title order={1} fz={{ base: 26, sm: 30 }} mb="md">
        {props.title}
      </Title>
      {props.children}
    </Container>
  );
}

export function Panel(props: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
      {props.children}
    </Paper>
  );
}

/** The save button and 'Cancel' (back to /participant-profiles), side by side when they fit. */
export function FormButtons(props: { label: string; saving: boolean }) {
  return (
    <SimpleGrid type="container" cols={{ base: 1, '400px': 2 }} spacing="sm" verticalSpacing="sm">
      <Button type="submit" size="md" loading={props.saving}>
        {props.label}
      </Button>
      <Button component={Link} to={paths.contestants.href()} size="md" variant="default">
        {text('cancel')}
      </Button>
    </SimpleGrid>
  );
}
