import { Button, Group, TextInput } from '@mantine/core';
import { memo } from 'react';
import { text } from '../text.ts';

/**
 * A browsing screen's search box with 'Clear Search' (spec 2). Memoised: the screen draws again
 * as each of its calls lands, the box only as it is typed in (give it stable functions).
 */
export const SearchBox = memo(function SearchBox(props: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onClear: () => void;
}) {
  return (
    <Group align="flex-end" gap="sm" role="search">
      <TextInput
        label={props.label}
        placeholder={text('searchPlaceholder')}
        type="search"
        size="md"
        autoComplete="off"
        style={{ flex: '1 1 240px' }}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') props.onClear();
        }}
      />
      <Button variant="default" size="md" onClick={props.onClear} disabled={props.value === ''}>
        {text('clearSearch')}
      </Button>
    </Group>
  );
});
