import { Box, Stepper, useMatches, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { text } from './text.ts';

const LATER_STEPS = ['selectItems', 'reviewEntries', 'makePayment'] as const;

const NARROW_STYLES = {
  step: { flex: '1 1 0', minWidth: 0, maxWidth: 'none' },
  separator: { flex: '0 0 8px', marginInline: 0 },
  stepBody: { marginTop: 4, marginInlineStart: 0 },
  stepLabel: { fontSize: 12, lineHeight: 1.25, textAlign: 'center' as const, whiteSpace: 'normal' },
};

/**
 * The 4-step progress bar of the entry wizard (spec 2 and 4, "Wizard"). The steps are not links,
 * so the drawing is hidden from screen readers, which hear one sentence instead. Memoised: the
 * screens above it draw again as each of their calls lands, and its steps do not change.
 */
export const EntryProgress = memo(function EntryProgress(props: {
  /** 'Create profile' or 'Edit profile'. */
  firstStep: 'createProfile' | 'editProfile';
  active: number;
}) {
  const steps = [props.firstStep, ...LATER_STEPS].map((key) => text(key));
  const isNarrow = useMatches({ base: true, sm: false });
  return (
    // Kept clear of toasts (decision 027): at checkout its last step is 'Make Payment'.
    <Box mb="lg" data-toast-keep-clear>
      <VisuallyHidden>
        {text('stepOf', {
          step: props.active + 1,
          steps: steps.length,
          label: steps[props.active],
        })}
      </VisuallyHidden>
      <Stepper
        active={props.active}
        size={isNarrow ? 'xs' : 'sm'}
        labelPosition={isNarrow ? 'bottom' : 'right'}
        wrap={false}
        aria-hidden
        allowNextStepsSelect={false}
        // On a phone the four labels sit under their numbers, two lines at most.
        styles={isNarrow ? NARROW_STYLES : undefined}
      >
        {steps.map((label) => (
          <Stepper.Step key={label} label={label} allowStepClick={false} />
        ))}
      </Stepper>
    </Box>
  );
});
