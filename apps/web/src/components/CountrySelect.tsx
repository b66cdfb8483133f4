import { TextInput } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { lazyInLanguage } from '../lib/i18n/lazy-in-language.ts';
import { afterLoad } from '../lib/after-load.ts';
import { text } from './text.ts';

export interface CountrySelectProps {
  value: string;
  onChange: (country: string) => void;
  required?: boolean;
}

/**
 * Mantine's Select, with its dropdown, scroll area and focus trap, is 28 KB gzipped: it loads
 * once the page has loaded (decision 029), or at once when the field is focused before that;
 * the form otherwise waited for it.
 */
const CountryPicker = lazyInLanguage(() => import('./CountryPicker.tsx'));

/**
 * The country field (spec 2): until the picker has loaded, the same field showing the country
 * chosen, read-only, so nothing moves when the picker takes its place.
 */
export function CountrySelect(props: CountrySelectProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterLoad(() => setWanted(true)), []);
  const field = (
    <TextInput
      label={text('country')}
      size="md"
      value={props.value}
      required={props.required}
      readOnly
      onFocus={() => setWanted(true)}
    />
  );
  if (!wanted) return field;
  return (
    <Suspense fallback={field}>
      <CountryPicker {...props} />
    </Suspense>
  );
}
