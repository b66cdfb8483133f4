import { PIN_LENGTH } from '@eisteddfod/shared';
import { Button, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { text } from './text.ts';

/**
 * The pin's six boxes, 'Verify Code' (the form's submit) and 'Send New Code' with its countdown:
 * the /verify screen's and My Profile's contact pin alike (spec 2 and 5's words). Placed in the
 * caller's form, inside its Stack.
 */
export function PinCodeFields(props: {
  pin: string;
  onPinChange: (pin: string) => void;
  verifying: boolean;
  resending: boolean;
  secondsLeft: number;
  onSendNewCode: () => void;
  /**
   * Said under the boxes when the pin was wrong (issue 32): the digits stay as typed and the
   * first box takes the focus, so one wrong digit is corrected rather than six typed again.
   */
  error?: string;
}) {
  const { secondsLeft, error } = props;
  const busy = props.verifying || props.resending;
  const errorId = useId();
  const boxes = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!error) return;
    const first = boxes.current?.querySelector('input');
    first?.focus();
    first?.select();
  }, [error]);
  return (
    <>
      {/* The six boxes as one group, described by the error when there is one (Mantine's
          inputs set their own aria-describedby, so the group carries it). */}
      <Stack
        gap={6}
        align="center"
        ref={boxes}
        role="group"
        aria-label={text('oneTimePin')}
        aria-describedby={error ? errorId : undefined}
      >
        <PinInput
          length={PIN_LENGTH}
          type="number"
          oneTimeCode
          autoFocus
          size="md"
          gap="xs"
          value={props.pin}
          onChange={props.onPinChange}
          error={Boolean(error)}
          getInputProps={(index) => ({
            'aria-label': text('digitOf', { number: index + 1, length: PIN_LENGTH }),
          })}
        />
        {error && (
          <Text id={errorId} size="sm" c="red.9" ta="center">
            {error}
          </Text>
        )}
      </Stack>
      <Button type="submit" fullWidth size="md" loading={props.verifying} disabled={busy}>
        {text('verifyCode')}
      </Button>
      <Button
        variant="default"
        fullWidth
        size="md"
        onClick={props.onSendNewCode}
        loading={props.resending}
        disabled={secondsLeft > 0 || busy}
      >
        {text('sendNewCode')}
      </Button>
      <Text ta="center" size="sm" c="gray.7" aria-live="off">
        {secondsLeft > 0 ? text('sendNewCodeIn', { count: secondsLeft }) : text('didNotGetCode')}
      </Text>
    </>
  );
}
