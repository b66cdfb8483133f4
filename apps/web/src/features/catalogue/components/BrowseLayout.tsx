import { Anchor, Container, Group, Text, Title } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CartDrawer } from '../../../shared/cart/components/CartDrawer.tsx';
import { useContestant } from '../api/contestant.ts';
import { text } from '../text.ts';

/**
 * The frame of the sections, categories and items screens: a back link, the title, whose items
 * are being chosen, and the cart drawer (spec 2).
 */
export function BrowseLayout(props: {
  title: string;
  back: { to: string; label: string };
  participantId: number;
  children: ReactNode;
}) {
  return (
    // Room at the bottom for the cart button once it floats.
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} pt={{ base: 'md', sm: 'xl' }} pb={112}>
      <BrowseHeading
        title={props.title}
        backTo={props.back.to}
        backLabel={props.back.label}
        participantId={props.participantId}
      />
      {props.children}
    </Container>
  );
}

// memo: a browsing screen draws again as each of its calls lands (the items, the categories,
// the contestant: issue 32); its heading draws only when what it shows changes.
const BrowseHeading = memo(function BrowseHeading(props: {
  title: string;
  backTo: string;
  backLabel: string;
  participantId: number;
}) {
  const contestant = useContestant(props.participantId).data;
  return (
    <>
      <Group justify="space-between" align="center" gap="xs">
        <Anchor component={Link} to={props.backTo} fw={600} size="md" display="inline-block" py={6}>
          <span aria-hidden>← </span>
          {props.backLabel}
        </Anchor>
        <CartDrawer />
      </Group>
      <Title order={1} fz={{ base: 26, sm: 32 }} mt="xs">
        {props.title}
      </Title>
      <Text mb="lg" mih={24}>
        {contestant
          ? text('choosingFor', { name: `${contestant.firstName} ${contestant.surname}` })
          : ''}
      </Text>
    </>
  );
});
