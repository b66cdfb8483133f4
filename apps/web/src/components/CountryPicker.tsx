import { Select } from '@mantine/core';
import { COUNTRIES } from '@eisteddfod/shared';
import type { CountrySelectProps } from './CountrySelect.tsx';
import { text } from './text.ts';

const COUNTRY_NAMES = COUNTRIES.map((country) => country.name);

/** The world list of about 195 countries (spec 2), searchable by typing. The value is the name. */
export default function CountryPicker(props: CountrySelectProps) {
  return (
    <Select
      label={text('country')}
      size="md"
      data={COUNTRY_NAMES}
      searchable
      allowDeselect={false}
      nothingFoundMessage={text('noCountryMatches')}
      maxDropdownHeight={280}
      autoComplete="off"
      required={props.required}
      value={props.value || null}
      onChange={(country) => {
        if (country) props.onChange(country);
      }}
    />
  );
}
