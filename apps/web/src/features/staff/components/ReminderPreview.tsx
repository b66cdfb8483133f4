import type { ReminderAudience, ReminderChannel, ReminderKind } from '@eisteddfod/shared';
import { Alert, Card, Code, Loader, Stack, Text } from '@mantine/core';
import { useReminderPreview } from '../api/reminders/preview-reminder.ts';

/** What one family would read, shown before the organiser confirms. */
export function ReminderPreview(props: {
  eventId: number;
  kind: ReminderKind;
  channels: ReminderChannel[];
  audience: ReminderAudience;
}) {
  const preview = useReminderPreview(props);
  if (preview.isPending) return <Loader size="sm" aria-label="Loading the preview" />;
  if (preview.isError)
    return (
      <Alert color="red" title="Error">
        The preview could not be loaded. Please try again.
      </Alert>
    );
  const { audience, email, whatsapp } = preview.data;
  return (
    <Stack gap="xs" aria-label="Preview" role="region">
      <Text fw={600}>
        {audience === 1
          ? '1 family would get this reminder now.'
          : `${audience} families would get this reminder now.`}
      </Text>
      {audience > 0 && (
        <Text size="sm">
          Families who turned reminders off, and those who had this same reminder already, are left
          out. Below, one of them.
        </Text>
      )}
      {email && (
        <Card withBorder padding="sm">
          <Text size="sm" fw={600}>
            Email to {email.to}: {email.subject}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {email.body}
          </Code>
        </Card>
      )}
      {whatsapp && (
        <Card withBorder padding="sm">
          <Text size="sm" fw={600}>
            WhatsApp to {whatsapp.to}: template {whatsapp.template}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {whatsapp.text}
          </Code>
        </Card>
      )}
    </Stack>
  );
}
