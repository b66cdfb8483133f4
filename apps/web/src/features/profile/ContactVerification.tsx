import { type Contact, type Customer } from '@eisteddfod/shared';
import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useSendContactPin } from '../../shared/pins/contact-pin.ts';
import { ContactPinForm } from '../../shared/pins/ContactPinForm.tsx';
import { accountText } from '../../shared/customer/account-text.ts';
import { text } from './text.ts';

const VERIFY = { email: 'verifyEmail', mobileNumber: 'verifyMobileNumber' } as const;

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
          {accountText('contactNotVerified')}
        </Badge>
        <Button
          variant="subtle"
          size="compact-sm"
          loading={send.isPending}
          onClick={start}
          style={{ flexShrink: 0 }}
        >
          {text(VERIFY[contact])}
        </Button>
      </Group>
      <Text size="xs" c="gray.7">
        {accountText('contactExplanation')}
      </Text>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={text('verifyTitle')}
        centered
        closeButtonProps={{ 'aria-label': text('close') }}
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
