import { formatLongDate } from '@eisteddfod/shared';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useDownloadArchive, useErasureRequest, useRequestErasure } from './api/data-rights-api.ts';

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
        Your data
      </Title>
      <Text size="sm">
        Download one file (ZIP) with everything we hold about you and your contestants: your
        details, entries, payments, results, messages and uploaded files.
      </Text>
      <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
        Download my data
      </Button>
      {pending ? (
        <Alert color="blue" title="Erasure requested">
          You asked us on {formatLongDate(pending.requestedAt.slice(0, 10))} to erase your data. An
          organiser will carry it out within 30 days; you will then no longer be able to sign in.
        </Alert>
      ) : (
        <Button
          variant="default"
          color="red"
          disabled={request.isPending}
          onClick={() => setConfirming(true)}
        >
          Ask us to erase my data
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Erase your data?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            An organiser will erase your account, your contestants, their pictures and uploaded
            files, results and certificates, and the messages we sent you. You will no longer be
            able to sign in, and entries in progress will be lost.
          </Text>
          <Text size="sm">
            Your orders and payments are kept without any names for five years, as South African tax
            law requires. You may want to download your data first.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={ask.isPending}
              onClick={() => ask.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              Ask to erase my data
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
