import { PIN_LENGTH } from '@eisteddfod/shared';
import { Button, Center, PinInput, Text } from '@mantine/core';

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
}) {
  const { secondsLeft } = props;
  const busy = props.verifying || props.resending;
  return (
    <>
      <Center>
        <PinInput
          length={PIN_LENGTH}
          type="number"
          oneTimeCode
          autoFocus
          size="md"
          gap="xs"
          aria-label="One-time pin"
          value={props.pin}
          onChange={props.onPinChange}
          getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of ${PIN_LENGTH}` })}
        />
      </Center>
      <Button type="submit" fullWidth size="md" loading={props.verifying} disabled={busy}>
        Verify Code
      </Button>
      <Button
        variant="default"
        fullWidth
        size="md"
        onClick={props.onSendNewCode}
        loading={props.resending}
        disabled={secondsLeft > 0 || busy}
      >
        Send New Code
      </Button>
      <Text ta="center" size="sm" c="gray.7" aria-live="off">
        {secondsLeft > 0
          ? `You can send a new code in ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'}.`
          : 'Did not get the code? Send a new one.'}
      </Text>
    </>
  );
}
