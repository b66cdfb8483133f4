import { paths } from '@eisteddfod/shared';
import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="sm">
        Page not found
      </Title>
      <Text mb="lg">The page you asked for does not exist. It may have moved.</Text>
      <Button component={Link} to={paths.home.href()}>
        Back to home
      </Button>
    </Container>
  );
}
