import { Button, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { type ParticipantProfile, paths, type ProfileOrderItem } from '@eisteddfod/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { readStored } from '../../lib/storage.ts';
import { storedCustomerId } from '../../lib/storage.ts';
import { useContestants } from '../../shared/contestants/contestants.ts';
import { useDeleteContestant } from './api/delete-contestant.ts';
import { ContestantCard } from './components/ContestantCard.tsx';
import { DeleteContestantModal } from './components/DeleteContestantModal.tsx';
import { EntryProgress } from '../../shared/contestants/EntryProgress.tsx';
import { ItemDescriptionModal } from './components/ItemDescriptionModal.tsx';
import { SchoolChildren } from './school/SchoolChildren.tsx';
import { useDrawnInBackground } from '../../lib/drawn-in-background.ts';
import { text } from './text.ts';

/** /participant-profiles (spec 2): the customer's contestants and the way on to items. */
export default function ContestantsPage() {
  const customerId = storedCustomerId();
  const contestants = useContestants(customerId);
  const remove = useDeleteContestant(customerId);
  const [shownItem, setShownItem] = useState<ProfileOrderItem | null>(null);
  const [toDelete, setToDelete] = useState<ParticipantProfile | null>(null);
  // Carts arrive with a later issue; until then a stored cart id is all there is to know.
  const hasCart = readStored('cart') !== null;
  // The cards are drawn in the background, the page's frame at once (decision 053).
  const list = useDrawnInBackground(contestants.data);
  const isEmpty = list?.length === 0;

  function confirmDelete(contestant: ParticipantProfile) {
    remove.mutate(contestant.id, { onSettled: () => setToDelete(null) });
  }

  return (
    <Container size="lg" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      {/* Spec 4, "Wizard": with contestants made, choosing items is the step in progress. */}
      {hasCart && <EntryProgress firstStep="createProfile" active={list?.length ? 1 : 0} />}
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {isEmpty ? text('emptyTitle') : text('listTitle')}
      </Title>
      {isEmpty && <Text mb="md">{text('emptyLead')}</Text>}
      {contestants.isError && <Text mb="md">{text('listNotLoaded')}</Text>}

      <Group justify={isEmpty ? 'flex-start' : 'space-between'} align="center" gap="sm" mb="md">
        {list && list.length > 0 ? (
          <Title order={2} fz={{ base: 20, sm: 24 }}>
            {text('listHeading')}
          </Title>
        ) : (
          <span />
        )}
        <Group gap="sm" w={{ base: '100%', xs: 'auto' }} grow preventGrowOverflow={false}>
          <Button component={Link} to={paths.createContestant.href({ id: customerId })}>
            {text('addNew')}
          </Button>
          {hasCart && (
            <Button component={Link} to={paths.checkout.href()} variant="outline">
              {text('continueToCheckout')}
            </Button>
          )}
        </Group>
      </Group>

      {list && list.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
          {list.map((contestant) => (
            <ContestantCard
              key={contestant.id}
              contestant={contestant}
              onShowItem={setShownItem}
              onDelete={setToDelete}
            />
          ))}
        </SimpleGrid>
      )}

      <SchoolChildren customerId={customerId} />

      <ItemDescriptionModal item={shownItem} onClose={() => setShownItem(null)} />
      <DeleteContestantModal
        contestant={toDelete}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Container>
  );
}
