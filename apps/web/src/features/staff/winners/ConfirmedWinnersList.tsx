import type { ConfirmedWinners } from '@eisteddfod/shared';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatInstant } from '../../../shared/event/format-instant.ts';

const NEW_TAB = { target: '_blank', rel: 'noopener' } as const;

/** The winners confirmed last, each with their certificate and its public verification page. */
export function ConfirmedWinnersList(props: { confirmed: ConfirmedWinners; timeZone: string }) {
  const { confirmed } = props;
  return (
    <Card withBorder component="section" aria-labelledby="confirmed-heading">
      <Title order={2} id="confirmed-heading" mb={4}>
        Confirmed winners
      </Title>
      {confirmed.confirmedAt === null ? (
        <Text size="sm">None yet: preview the winners and confirm them.</Text>
      ) : (
        <>
          <Text size="sm" mb="sm">
            Confirmed on {formatInstant(confirmed.confirmedAt, props.timeZone)}.{' '}
            {confirmed.winners.length === 0 && 'The rule gave no winner.'}
          </Text>
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {confirmed.winners.map((w) => (
              <li key={w.id}>
                <Text fw={700}>
                  {w.section}, {w.bandLabel}
                </Text>
                <Text size="sm">
                  {w.contestant} ({w.school}, Grade {w.grade}): score {w.score} from {w.entries}{' '}
                  entries
                </Text>
                {w.certificate ? (
                  <Group gap="md" wrap="wrap">
                    <Anchor href={w.certificate.url} {...NEW_TAB} size="sm" fw={600}>
                      {w.certificate.label} (PDF)
                    </Anchor>
                    <Anchor href={w.certificate.verificationUrl} {...NEW_TAB} size="sm" fw={600}>
                      Check {w.certificate.verificationCode}
                    </Anchor>
                  </Group>
                ) : (
                  <Text size="sm">The certificate is being made.</Text>
                )}
              </li>
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}
