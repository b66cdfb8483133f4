import { Alert, createTheme, InputWrapper, type CSSVariablesResolver } from '@mantine/core';

/** Body text: near-black, 4.5:1 or better on every light tint Mantine draws. */
const DARK_TEXT = { color: 'var(--mantine-color-dark-9)' };

export const theme = createTheme({
  primaryColor: 'grape',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Mantine 9 keeps every select's options drawn (hidden) while it is closed: the country
    // picker's 195 drew 630 components on the checkout and profile screens as they loaded, 100 ms
    // of Lighthouse's phone (issue 32). A closed select draws none; opening draws them. A plain
    // object, not Combobox.extend: importing Combobox put its 13 KB in every first visit's code.
    Combobox: { defaultProps: { keepMounted: false } },
    // A heading breaks a word longer than the screen rather than run past its edge: a school's
    // name as typed, or one Afrikaans compound ("Laatinskrywingstoeslag") on a 375 px phone.
    // A plain object for the reason above.
    Title: { styles: { root: { overflowWrap: 'anywhere' } } },
    // Mantine's dimmed field descriptions fall below WCAG AA contrast (axe): every field's
    // hint is drawn in a darker grey. (Checkbox and Radio descriptions are not fields'
    // wrappers: those screens style theirs.)
    InputWrapper: InputWrapper.extend({
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    }),
    // A light alert's title and message are drawn in shade 9 of its colour on shade 1: 3.6:1 for
    // orange, 3.8:1 for green, below WCAG AA. They are drawn in dark text; the tint, the border
    // and the icon keep the colour. (A filled alert's white text is Mantine's.)
    Alert: Alert.extend({
      styles: (_theme, props) =>
        props.variant === undefined || props.variant === 'light'
          ? { title: DARK_TEXT, message: DARK_TEXT }
          : {},
    }),
  },
});

/**
 * Mantine's error red (red 6) is 3.3:1 on white, below WCAG AA: a field's error message and the
 * text of a field in error are drawn in red 9 instead, everywhere.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
