import {
  ACCOUNT_MESSAGES,
  accountsApi,
  CONTACT_MESSAGES,
  PIN_LENGTH,
  PIN_RESEND_SECONDS,
  type Contact,
  type Customer,
} from '@eisteddfod/shared';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toasts.ts';
import { customerQueryKey } from '../../shared/customer/customer.ts';
import { PinCodeFields } from '../../shared/pins/PinCodeFields.tsx';
import { useCountdown } from '../../shared/pins/use-countdown.ts';

const LABELS: Record<Contact, { name: string; by: string }> = {
  email: { name: 'email address', by: 'by email ' },
  mobileNumber: { name: 'mobile number', by: 'by WhatsApp ' },
};

/**
 * Under a contact detail on My Profile: "Not verified yet" until the family enters the pin sent
 * to it (decision 031). Nothing personal is sent to a detail until then, so a number typed by
 * mistake, or someone else's, gets nothing. Renders nothing once verified, or with no detail.
 */
export function ContactVerification({
  customer,
  contact,
}: {
  customer: Customer;
  contact: Contact;
}) {
  const value = customer[contact];
  const verified = contact === 'email' ? customer.emailVerified : customer.mobileNumberVerified;
  const [open, setOpen] = useState(false);
  const send = useSendContactPin(customer.customerId, contact);
  if (!value || verified) return null;

  function start() {
    send.mutate(undefined, { onSuccess: () => setOpen(true) });
  }

  return (
    <>
      {/* Wraps on a phone: neither the badge nor the button may be cut short. */}
      <Group gap="xs" wrap="wrap" align="center">
        <Badge color="orange" c="black" variant="light" style={{ flexShrink: 0 }}>
          {CONTACT_MESSAGES.notVerified}
        </Badge>
        <Button
          variant="subtle"
          size="compact-sm"
          loading={send.isPending}
          onClick={start}
          style={{ flexShrink: 0 }}
        >
          Verify {LABELS[contact].name}
        </Button>
      </Group>
      <Text size="xs" c="gray.7">
        {CONTACT_MESSAGES.explanation}
      </Text>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="OTP Verification Code"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {open && (
          <ContactPinForm
            customerId={customer.customerId}
            contact={contact}
            sentTo={send.data?.sentTo ?? ''}
            resend={() => send.mutateAsync()}
            onVerified={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}

function useSendContactPin(customerId: number, contact: Contact) {
  return useMutation({
    mutationFn: () =>
      callApi(accountsApi.requestContactPin, { params: { id: customerId }, body: { contact } }),
    meta: { handlesErrors: true },
    onError: (error) => toast('error', messageOf(error), 'Error'),
  });
}

/** The pin's six boxes, 'Verify Code' and 'Send New Code' after 90 s, as on /verify. */
function ContactPinForm({
  customerId,
  contact,
  sentTo,
  resend,
  onVerified,
}: {
  customerId: number;
  contact: Contact;
  sentTo: string;
  resend: () => Promise<unknown>;
  onVerified: () => void;
}) {
  const queryClient = useQueryClient();
  const [pin, setPin] = useState('');
  const [resending, setResending] = useState(false);
  const countdown = useCountdown(PIN_RESEND_SECONDS);
  const confirm = useMutation({
    mutationFn: (typed: string) =>
      callApi(accountsApi.verifyContactPin, {
        params: { id: customerId },
        body: { contact, pin: typed },
      }),
    meta: { handlesErrors: true },
    onError: (error) => toast('error', messageOf(error), 'Error'),
  });

  function warnInvalidPin() {
    toast('warning', ACCOUNT_MESSAGES.pinInvalid, 'Invalid OTP');
    setPin('');
  }

  function verify(event: FormEvent) {
    event.preventDefault();
    // The modal is a portal inside My Profile's form: React would pass the submit on to it.
    event.stopPropagation();
    if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) {
      warnInvalidPin();
      return;
    }
    confirm.mutate(pin, {
      onSuccess: async (isValid) => {
        if (!isValid) {
          warnInvalidPin();
          return;
        }
        toast('success', CONTACT_MESSAGES.verified, 'Success');
        await queryClient.invalidateQueries({ queryKey: customerQueryKey(customerId) });
        onVerified();
      },
    });
  }

  async function sendNewCode() {
    setResending(true);
    try {
      await resend();
      setPin('');
      countdown.restart();
    } catch {
      // The send's own error handler told the family.
    } finally {
      setResending(false);
    }
  }

  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="md">
        <Text>
          We have sent a {PIN_LENGTH}-digit code {LABELS[contact].by}to{' '}
          <Text span fw={700} style={{ overflowWrap: 'anywhere' }}>
            {sentTo}
          </Text>
          . Enter it below.
        </Text>
        <PinCodeFields
          pin={pin}
          onPinChange={setPin}
          verifying={confirm.isPending}
          resending={resending}
          secondsLeft={countdown.secondsLeft}
          onSendNewCode={() => void sendNewCode()}
        />
      </Stack>
    </form>
  );
}
