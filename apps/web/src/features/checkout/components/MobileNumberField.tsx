import { isValidMobile, MOBILE_MAX_LENGTH, toMobileDigits } from '@eisteddfod/shared';
import { Box, Button, Stack, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import { toast } from '../../../lib/toasts.ts';
import { checkoutText } from '../../../shared/checkout/text.ts';
import { useSendContactPin } from '../../../shared/pins/contact-pin.ts';
import { ContactPinForm } from '../../../shared/pins/ContactPinForm.tsx';
import type { DetailsField } from '../checkout-rules.ts';
import { text } from '../text.ts';

// Mantine's dimmed description grey is below WCAG AA contrast on white.
const descriptionStyles = { description: { color: 'var(--mantine-color-gray-8)' } };

/**
 * Checkout's 'Mobile Number' (spec 2). A proved number is the account's and stays read-only. A
 * family without one (registered by email, or a number typed and never proved) types it, sends
 * a code by WhatsApp and enters it here: the account takes the number only once the code comes
 * back (decision 050), and a WhatsApp confirmation can then be chosen.
 */
export function MobileNumberField(props: {
  customerId: number;
  /** The account holds a number it proved: nothing to add. */
  verified: boolean;
  /** The account holds a number, not proved. */
  onAccount: boolean;
  value: string;
  onChange: (digits: string) => void;
  faults: FieldErrors<DetailsField>;
}) {
  const { customerId, verified, value, faults } = props;
  const pinHeadingId = useId();
  const send = useSendContactPin(customerId, 'mobileNumber');
  // The number the open code went to: typing another closes it, as that code is not for it.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const pinOpen = !verified && sentFor !== null && sentFor === value;

  if (verified) {
    return (
      <TextInput
        label={text('mobileNumber')}
        {...faults.field('mobileNumber')}
        size="md"
        variant="filled"
        readOnly
        inputMode="numeric"
        maxLength={MOBILE_MAX_LENGTH}
        value={value}
        description={text('mobileConfirmed')}
        styles={descriptionStyles}
      />
    );
  }

  function sendCode() {
    // Nothing typed is cleared: the field is marked, as a checkout warning marks it.
    if (!isValidMobile(value)) {
      toast('warning', checkoutText('mobile'));
      faults.mark({ mobileNumber: true });
      return;
    }
    send.mutate(value, { onSuccess: () => setSentFor(value) });
  }

  return (
    <Stack gap="xs">
      <TextInput
        label={text('mobileNumber')}
        {...faults.field('mobileNumber')}
        size="md"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={MOBILE_MAX_LENGTH}
        value={value}
        description={props.onAccount ? text('mobileNotVerified') : text('mobileNone')}
        styles={descriptionStyles}
        onChange={(event) => props.onChange(toMobileDigits(event.currentTarget.value))}
      />
      {!pinOpen && (
        <Button variant="light" size="md" loading={send.isPending} onClick={sendCode}>
          {text('sendCode')}
        </Button>
      )}
      {pinOpen && (
        // No box of its own: on a 375 px phone a padded box left the six pin boxes too
        // little room, and they ran past its edge.
        <Box
          component="section"
          aria-labelledby={pinHeadingId}
          pt="sm"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Title order={3} fz="md" mb="sm" id={pinHeadingId}>
            {text('confirmMobile')}
          </Title>
          <ContactPinForm
            customerId={customerId}
            contact="mobileNumber"
            mobileNumber={value}
            sentTo={send.data?.sentTo ?? ''}
            resend={() => send.mutateAsync(value)}
            onVerified={() => setSentFor(null)}
          />
        </Box>
      )}
    </Stack>
  );
}
