import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';

export interface CountrySelectProps {
  value: string;
  onChange: (country: string) => void;
  required?: boolean;
}

/**
 * Mantine's Select, with its dropdown, scroll area and focus trap, is 28 KB gzipped: it loads
 * after the form has shown (decision 029), which otherwise waited for it.
 */
const CountryPicker = lazy(() => import('./CountryPicker.tsx'));

/**
 * The country field (spec 2): until the picker has loaded, the same field showing the country
 * chosen, read-only, so nothing moves when the picker takes its place.
 */
export function CountrySelect(props: CountrySelectProps) {
  return (
    <Suspense
      fallback={
        <TextInput
          label="Country"
          size="md"
          value={props.value}
          required={props.required}
          readOnly
        />
      }
    >
      <CountryPicker {...props} />
    </Suspense>
  );
}
