import { Anchor, Button, Card, Group, Stack, Text, Title, useMatches } from '@mantine/core';
import {
  type MarkingState,
  type ParticipantProfile,
  paths,
  type ProfileOrderItem,
} from '@eisteddfod/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { ContestantPicture } from './ContestantPicture.tsx';
import { text } from '../text.ts';
import { finalisingText } from '../../../shared/uploads/entry-text.ts';

/** Colours of each state's words, dark enough on white (WCAG AA); the words carry the meaning. */
const MARKING_COLOURS: Record<MarkingState, string> = {
  unpaid: 'dark.6',
  'not-sent': '#8a3a00',
  sent: '#1e6b31',
  missed: 'red.9',
  withdrawn: 'dark.6',
};

/** Under an entered item: whether it went to the adjudicators (decision 043). */
function EntryMarking({ state, contestantId }: { state: MarkingState; contestantId: number }) {
  return (
    <Text size="sm" fw={state === 'not-sent' ? 700 : 500} c={MARKING_COLOURS[state]}>
      {finalisingText(`state-${state}`)}
      {state === 'not-sent' && (
        <>
          {' '}
          <Anchor
            component={Link}
            to={`${paths.uploads.href()}?participant=${contestantId}`}
            size="sm"
            fw={700}
            c="inherit"
            td="underline"
          >
            {text('goToUploads')}
          </Anchor>
        </>
      )}
    </Text>
  );
}

/** One contestant of the list (spec 2): picture, name, school, grade, items and actions. */
export function ContestantCard(props: {
  contestant: ParticipantProfile;
  onShowItem: (item: ProfileOrderItem) => void;
  onDelete: (contestant: ParticipantProfile) => void;
}) {
  const { contestant } = props;
  const headingId = useId();
  const name = `${contestant.firstName} ${contestant.surname}`;
  const items = contestant.orderItems;
  const isNarrow = useMatches({ base: true, xs: false });
  return (
    <Card
      component="article"
      withBorder
      shadow="sm"
      padding={isNarrow ? 'md' : 'lg'}
      aria-labelledby={headingId}
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ContestantPicture
          firstName={contestant.firstName}
          surname={contestant.surname}
          picture={{
            imageUrl: contestant.profileImageLink,
            documentName: contestant.profilePictureName,
          }}
          size={104}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={3} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          <Text style={{ overflowWrap: 'anywhere' }}>{contestant.school}</Text>
          <Text>{text('gradeOf', { grade: contestant.grade })}</Text>
        </Stack>
      </Group>

      <Stack gap={4} mt="md" style={{ flex: 1 }}>
        <Text fw={600} size="sm">
          {text('enteredItems')}
        </Text>
        {items.length === 0 ? (
          <Text size="sm" c="gray.7">
            {text('noItems')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((item) => (
              <li key={item.id}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ta="left"
                  onClick={() => props.onShowItem(item)}
                  aria-haspopup="dialog"
                >
                  <Text span fw={700} inherit>
                    {item.itemCode}
                  </Text>{' '}
                  {item.itemShortDescription}
                  {item.instruments ? ` (${item.instruments})` : ''}
                </Anchor>
                {item.markingState && (
                  <EntryMarking state={item.markingState} contestantId={contestant.id} />
                )}
              </li>
            ))}
          </Stack>
        )}
      </Stack>

      <Group gap={8} mt="lg">
        <Button
          component={Link}
          to={paths.sections.href({ id: contestant.id })}
          size="sm"
          px={10}
          aria-label={text('addItemsFor', { name })}
        >
          {text('addItems')}
        </Button>
        <Button
          component={Link}
          to={paths.editContestant.href({ id: contestant.id })}
          size="sm"
          px={10}
          variant="default"
          aria-label={text('editProfileOf', { name })}
        >
          {text('editProfile')}
        </Button>
        {items.length > 0 && (
          <Button
            component={Link}
            to={paths.contestantResults.href({ id: contestant.id })}
            size="sm"
            px={10}
            variant="default"
            aria-label={text('resultsOf', { name })}
          >
            {text('results')}
          </Button>
        )}
        {/* Spec 5, "Profile deletion": a contestant with items cannot be deleted. */}
        {items.length === 0 && (
          <Button
            size="sm"
            px={10}
            variant="outline"
            color="red.9"
            aria-label={text('deleteName', { name })}
            onClick={() => props.onDelete(contestant)}
          >
            {text('delete')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
