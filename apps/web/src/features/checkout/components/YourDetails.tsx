import { Checkbox, Stack, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import type { FieldErrors } from '../../../lib/field-errors.ts';
import type { DetailsField, DetailsForm } from '../checkout-rules.ts';
import { MobileNumberField } from './MobileNumberField.tsx';
import { text } from '../text.ts';

// Mantine's dimmed description grey is below WCAG AA contrast on white.
const descriptionStyles = { description: { color: 'var(--mantine-color-gray-8)' } };

/**
 * Spec 2, checkout, 'Your Details'. Names and country are saved to the account before paying;
 * a proved mobile number belongs to the account and cannot change here (as on My Profile), and
 * one is added only with a code sent to it (decision 050); the email is where the payment
 * confirmation goes.
 */
export function YourDetails(props: {
  customerId: number;
  /** The account's mobile number is proved: only then can a WhatsApp confirmation go to it. */
  mobileVerified: boolean;
  /** The account holds a mobile number, proved or not. */
  mobileOnAccount: boolean;
  form: DetailsForm;
  onChange: (change: Partial<DetailsForm>) => void;
  /** The fields a warning is about: marked and focused (issue 32). */
  faults: FieldErrors<DetailsField>;
}) {
  const headingId = useId();
  const { form, faults } = props;
  const canWhatsApp = props.mobileVerified;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} fz={{ base: 20, sm: 24 }} mb="md" id={headingId}>
        {text('yourDetails')}
      </Title>
      <Stack gap="md">
        <TextInput
          label={text('firstName')}
          {...faults.field('firstName')}
          size="md"
          required
          autoComplete="given-name"
          value={form.firstName}
          onChange={(event) => props.onChange({ firstName: event.currentTarget.value })}
        />
        <TextInput
          label={text('surname')}
          {...faults.field('surname')}
          size="md"
          required
          autoComplete="family-name"
          value={form.surname}
          onChange={(event) => props.onChange({ surname: event.currentTarget.value })}
        />
        <CountrySelect
          value={form.country}
          onChange={(country) => props.onChange({ country })}
          required
        />
        <MobileNumberField
          customerId={props.customerId}
          verified={props.mobileVerified}
          onAccount={props.mobileOnAccount}
          value={form.mobileNumber}
          onChange={(mobileNumber) => props.onChange({ mobileNumber })}
          faults={faults}
        />
        <TextInput
          label={text('email')}
          {...faults.field('email')}
          size="md"
          type="email"
          required
          autoComplete="email"
          value={form.email}
          description={text('emailHint')}
          styles={descriptionStyles}
          onChange={(event) => props.onChange({ email: event.currentTarget.value })}
        />
        <Checkbox
          label={text('whatsAppConfirmation')}
          description={canWhatsApp ? text('whatsAppToMobile') : text('whatsAppNeedsMobile')}
          disabled={!canWhatsApp}
          checked={canWhatsApp && form.whatsApp}
          styles={descriptionStyles}
          onChange={(event) => props.onChange({ whatsApp: event.currentTarget.checked })}
        />
      </Stack>
    </section>
  );
}
