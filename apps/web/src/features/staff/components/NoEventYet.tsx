import { paths } from '@eisteddfod/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useStartFromDemo } from '../api/events/start-from-demo.ts';

/**
 * A new site has no event, and families see "Entries are not open yet" until one is live. Each
 * year's event is a copy of the last (Events), so the first starts from the demo event, with
 * this season's dates and not live; the organiser then makes it their own and makes it live.
 */
export function NoEventYet({ onEventsPage = false }: { onEventsPage?: boolean }) {
  const navigate = useNavigate();
  const start = useStartFromDemo();
  return (
    <Alert color="blue" title="There is no event yet">
      <Stack gap="sm">
        <Text size="sm">
          Families see “Entries are not open yet” until an event is live. Start from the demo event:
          its catalogue, rubrics and home page, with this season’s dates. Families do not see it
          until you make it live, after making it yours: its name, dates and fees, catalogue,
          rubrics and home page.
        </Text>
        {onEventsPage ? (
          <Button
            w="fit-content"
            loading={start.isPending}
            onClick={() =>
              start.mutate(undefined, {
                onSuccess: (created) => void navigate(paths.staffEvent.href({ id: created.id })),
              })
            }
          >
            Start from the demo event
          </Button>
        ) : (
          <Button component={Link} to={paths.staffEvents.href()} w="fit-content">
            Set up the first event
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
