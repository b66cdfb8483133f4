import { SegmentedControl, TextInput } from '@mantine/core';
import type { Ref } from 'react';
import { MOBILE_MAX_LENGTH, toMobileDigits } from '@eisteddfod/shared';
import { text } from '../text.ts';

/** Which identifier the customer logs in with: an email address or a mobile number. */
export type IdentifierMode = 'mobile' | 'email';

/** The Mobile/Email toggle of the register and login screens (spec 2). */
export function IdentifierModeToggle(props: {
  value: IdentifierMode;
  onChange: (mode: IdentifierMode) => void;
}) {
  return (
    <SegmentedControl
      fullWidth
      size="md"
      aria-label={text('identifierMode')}
      data={[
        { label: text('modeMobile'), value: 'mobile' },
        { label: text('modeEmail'), value: 'email' },
      ]}
      value={props.value}
      onChange={(mode) => props.onChange(mode === 'mobile' ? 'mobile' : 'email')}
    />
  );
}

/** A mobile number typed as digits only, at most 15, without the country code (spec 2, 5). */
export function MobileNumberInput({
  ref,
  ...props
}: {
  /** The field's mark when a refusal names it (lib/field-errors.ts). */
  error?: string | true;
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (digits: string) => void;
  required?: boolean;
}) {
  return (
    <TextInput
      label={text('mobileNumber')}
      size="md"
      description={text('mobileNumberHint')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={MOBILE_MAX_LENGTH}
      required={props.required}
      error={props.error}
      ref={ref}
      value={props.value}
      onChange={(event) => props.onChange(toMobileDigits(event.currentTarget.value))}
    />
  );
}

export function EmailInput({
  ref,
  ...props
}: {
  /** The field's mark when a refusal names it (lib/field-errors.ts). */
  error?: string | true;
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (email: string) => void;
  required?: boolean;
}) {
  return (
    <TextInput
      label={text('email')}
      size="md"
      type="email"
      autoComplete="email"
      required={props.required}
      error={props.error}
      ref={ref}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}
