import { accountsApi, PIN_LENGTH, PIN_RESEND_SECONDS, type Contact } from '@eisteddfod/shared';
import { Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toasts.ts';
import { accountText } from '../customer/account-text.ts';
import { customerQueryKey } from '../customer/customer.ts';
import { PinCodeFields } from './PinCodeFields.tsx';
import { useCountdown } from './use-countdown.ts';
import { RichText } from '../../lib/i18n/RichText.tsx';
import { text } from './text.ts';

const SENT_BY = { email: 'sentByEmail', mobileNumber: 'sentByWhatsApp' } as const satisfies Record<
  Contact,
  string
>;

/**
 * A contact pin's six boxes, 'Verify Code' and 'Send New Code' after 90 s, as on /verify: My
 * Profile's modal (decision 031) and the checkout's new number (decision 050, which sends the
 * `mobileNumber` the pin went to). A wrong pin keeps its digits and marks the boxes (issue 32).
 */
export function ContactPinForm({
  customerId,
  contact,
  mobileNumber,
  sentTo,
  resend,
  onVerified,
}: {
  customerId: number;
  contact: Contact;
  /** The number being added, when it is not the account's own yet. */
  mobileNumber?: string;
  sentTo: string;
  resend: () => Promise<unknown>;
  onVerified: () => void;
}) {
  const queryClient = useQueryClient();
  const [pin, setPin] = useState('');
  const [wrong, setWrong] = useState(false);
  const [resending, setResending] = useState(false);
  const countdown = useCountdown(PIN_RESEND_SECONDS);
  const confirm = useMutation({
    mutationFn: (typed: string) =>
      callApi(accountsApi.verifyContactPin, {
        params: { id: customerId },
        body:
          mobileNumber === undefined
            ? { contact, pin: typed }
            : { contact, pin: typed, mobileNumber },
      }),
    meta: { handlesErrors: true },
    onError: (error) => toast('error', messageOf(error), text('errorTitle')),
  });

  function warnInvalidPin() {
    toast('warning', accountText('pinInvalid'), text('invalidPinTitle'));
    setWrong(true);
  }

  function changePin(next: string) {
    setPin(next);
    setWrong(false);
  }

  function verify(event: FormEvent) {
    event.preventDefault();
    // The form may be a portal inside another form (My Profile's): React would pass it on.
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
        toast('success', accountText('contactVerified'), text('successTitle'));
        await queryClient.invalidateQueries({ queryKey: customerQueryKey(customerId) });
        onVerified();
      },
    });
  }

  async function sendNewCode() {
    setResending(true);
    try {
      await resend();
      changePin('');
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
          <RichText
            text={text}
            id={SENT_BY[contact]}
            values={{ length: PIN_LENGTH, sentTo }}
            components={{ 0: <Text span fw={700} style={{ overflowWrap: 'anywhere' }} /> }}
          />
        </Text>
        <PinCodeFields
          pin={pin}
          onPinChange={changePin}
          error={wrong ? text('wrongPin') : undefined}
          verifying={confirm.isPending}
          resending={resending}
          secondsLeft={countdown.secondsLeft}
          onSendNewCode={() => void sendNewCode()}
        />
      </Stack>
    </form>
  );
}
