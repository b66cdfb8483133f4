import { Select } from '@mantine/core';
import { COUNTRIES } from '@eisteddfod/shared';
import type { CountrySelectProps } from './CountrySelect.tsx';

const COUNTRY_NAMES = COUNTRIES.map((country) => country.name);

/** The world list of about 195 countries (spec 2), searchable by typing. The value is the name. */
export default function CountryPicker(props: CountrySelectProps) {
  return (
    <Select
      label="Country"
      size="md"
      data={COUNTRY_NAMES}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No country matches"
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
