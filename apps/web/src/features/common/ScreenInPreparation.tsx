import { Button, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** A route whose screen belongs to a later release; it says so rather than pretending. */
export function ScreenInPreparation({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="sm">
        {title}
      </Title>
      <Text mb="lg">This part of the portal is being prepared and opens soon.</Text>
      <Button component={Link} to="/" variant="light">
        Back to home
      </Button>
    </Container>
  );
}
