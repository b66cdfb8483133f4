import { createTheme, InputWrapper, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'grape',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    // Mantine's dimmed field descriptions fall below WCAG AA contrast (axe): every field's
    // hint is drawn in a darker grey. (Checkbox and Radio descriptions are not fields'
    // wrappers: those screens style theirs.)
    InputWrapper: InputWrapper.extend({
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
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
