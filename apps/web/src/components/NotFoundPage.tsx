import { paths } from '@eisteddfod/shared';
import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { text } from './text.ts';

export function NotFoundPage() {
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="sm">
        {text('notFoundTitle')}
      </Title>
      <Text mb="lg">{text('notFound')}</Text>
      <Button component={Link} to={paths.home.href()}>
        {text('backToHome')}
      </Button>
    </Container>
  );
}
