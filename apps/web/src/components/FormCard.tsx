import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred card for a single form: full width on phones, at most 480 px on larger screens. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={480} px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} fz={{ base: 26, sm: 30 }} mb="md">
          {title}
        </Title>
        {children}
      </Paper>
    </Container>
  );
}
