import { Badge, Button, Group } from '@mantine/core';
import type { ParentLink } from '@eisteddfod/shared';
import { formatDate } from '../../../../shared/event/format-instant.ts';
import { text } from '../text.ts';

const COLOURS: Record<ParentLink['state'], string> = {
  'no-contact': 'gray',
  'not-invited': 'gray',
  invited: 'blue',
  linked: 'green',
  'taken-over': 'violet',
  left: 'orange',
};

/** What the teacher sees of a learner's parent, in words. */
function parentStateWords(link: ParentLink): string {
  switch (link.state) {
    case 'no-contact':
      return text('parentNoContact');
    case 'not-invited':
      return text('parentNotInvited');
    case 'invited':
      return text('parentInvited', { date: formatDate((link.invitedAt ?? '').slice(0, 10)) });
    case 'linked':
      return text('parentLinked');
    case 'taken-over':
      return text('parentTookOver');
    case 'left':
      return text('parentLeft');
  }
}

/** A learner's parent state, with the button that invites (or invites again). */
export function ParentCell({
  link,
  mine,
  inviting,
  onInvite,
}: {
  link: ParentLink | undefined;
  mine: boolean;
  inviting: boolean;
  onInvite: (learnerId: number) => void;
}) {
  if (!link) return null;
  const may = mine && (link.state === 'not-invited' || link.state === 'invited');
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={COLOURS[link.state]} variant="light" tt="none">
        {parentStateWords(link)}
      </Badge>
      {may && (
        <Button
          size="compact-sm"
          variant="outline"
          loading={inviting}
          aria-label={text(link.state === 'invited' ? 'inviteAgainNamed' : 'inviteNamed', {
            name: `${link.firstName} ${link.surname}`,
          })}
          onClick={() => onInvite(link.learnerId)}
        >
          {text(link.state === 'invited' ? 'inviteAgain' : 'invite')}
        </Button>
      )}
    </Group>
  );
}
