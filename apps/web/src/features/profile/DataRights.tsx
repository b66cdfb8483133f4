import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useDownloadArchive, useErasureRequest, useRequestErasure } from './api/data-rights-api.ts';
import { text } from './text.ts';
import { formatDate } from '../../shared/event/format-instant.ts';

/**
 * My Profile's data rights (POPIA, decision 024): download everything the portal holds about the
 * family, and ask the organisers to erase it.
 */
export function DataRights({ customerId }: { customerId: number }) {
  const request = useErasureRequest(customerId);
  const ask = useRequestErasure(customerId);
  const download = useDownloadArchive(customerId);
  const [confirming, setConfirming] = useState(false);
  const pending = request.data?.request?.status === 'pending' ? request.data.request : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="data-rights-heading" mt="xl">
      <Title order={2} size="h4" id="data-rights-heading">
        {text('yourData')}
      </Title>
      <Text size="sm">{text('yourDataLead')}</Text>
      <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
        {text('download')}
      </Button>
      {pending ? (
        <Alert color="blue" title={text('erasureRequested')}>
          {text('erasureRequestedOn', { date: formatDate(pending.requestedAt.slice(0, 10)) })}
        </Alert>
      ) : (
        <Button
          variant="default"
          color="red"
          disabled={request.isPending}
          onClick={() => setConfirming(true)}
        >
          {text('askErase')}
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={text('eraseTitle')}
        closeButtonProps={{ 'aria-label': text('close') }}
      >
        <Stack gap="sm">
          <Text size="sm">{text('eraseWhat')}</Text>
          <Text size="sm">{text('eraseKept')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {text('cancel')}
            </Button>
            <Button
              color="red"
              loading={ask.isPending}
              onClick={() => ask.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              {text('confirmErase')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
