import { Alert, MantineProvider, Select } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

const DARK = 'var(--mantine-color-dark-9)';

/** The alert part (title, message) holding `text`, whose style Mantine sets from the theme. */
const part = (text: string, name: 'title' | 'message') =>
  screen.getByText(text).closest<HTMLElement>(`.mantine-Alert-${name}`)!;

describe('theme', () => {
  // Mantine draws a light alert's title in shade 9 of its colour on shade 1: orange is 3.6:1 and
  // green 3.8:1, below WCAG AA. An orange title in the "Make this event live?" dialog failed a
  // journey's axe check whenever the live event had unpublished entries.
  it.each(['orange', 'green', 'yellow', 'grape', 'blue', 'red'])(
    'draws a light %s alert’s title and message in dark text',
    (color) => {
      render(
        <MantineProvider theme={theme}>
          <Alert color={color} title="Marking is not finished">
            Adjudicators mark the live event only.
          </Alert>
        </MantineProvider>,
      );
      expect(part('Marking is not finished', 'title').style.color).toBe(DARK);
      expect(part('Adjudicators mark the live event only.', 'message').style.color).toBe(DARK);
    },
  );

  it('draws no option of a closed select, and every option once it opens', async () => {
    const countries = Array.from({ length: 50 }, (_, i) => `Country ${i}`);
    render(
      <MantineProvider theme={theme}>
        <Select label="Country" data={countries} />
      </MantineProvider>,
    );
    expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    expect(await screen.findAllByRole('option', { hidden: true })).toHaveLength(50);
  });

  it('leaves a filled alert’s text to Mantine (white on the colour)', () => {
    render(
      <MantineProvider theme={theme}>
        <Alert color="red" variant="filled" title="Failed">
          Try again
        </Alert>
      </MantineProvider>,
    );
    expect(part('Failed', 'title').style.color).not.toBe(DARK);
  });
});
