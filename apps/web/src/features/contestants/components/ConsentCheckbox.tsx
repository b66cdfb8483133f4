import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { memo, type ReactNode, type Ref } from 'react';
import { text } from '../text.ts';

/**
 * A consent of spec 2 ("Create contestant"): ticking the box opens the text in a modal, and only
 * its 'I Accept' button ticks it. Unticking needs no modal. Memoised: the form's other fields
 * changing do not draw it again (give it the same `onChange` and `children` each time).
 */
export const ConsentCheckbox = memo(function ConsentCheckbox({
  ref,
  ...props
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The box's mark when it must be ticked (lib/field-errors.ts). */
  error?: string | true;
  ref?: Ref<HTMLInputElement>;
  children: ReactNode;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Checkbox
        label={props.label}
        size="md"
        checked={props.checked}
        error={props.error}
        // Mantine's Checkbox shows its error but, unlike its TextInput, does not set this.
        aria-invalid={props.error ? true : undefined}
        ref={ref}
        onChange={(event) => {
          if (event.currentTarget.checked) open();
          else props.onChange(false);
        }}
      />
      <Modal
        opened={opened}
        onClose={close}
        title={props.label}
        centered
        closeButtonProps={{ 'aria-label': text('close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Stack gap="md">
          {props.children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {text('cancel')}
            </Button>
            <Button
              onClick={() => {
                props.onChange(true);
                close();
              }}
            >
              {text('accept')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
});

/** Spec 9, "Rules from the FAQ": what the honour pledge states. */
export function HonourPledgeText() {
  return (
    <>
      <Text>{text('pledgeIntro')}</Text>
      <Text component="ul" m={0} pl="lg">
        <li>{text('pledgeLive')}</li>
        <li>{text('pledgeOneTake')}</li>
        <li>{text('pledgeNotEdited')}</li>
        <li>{text('pledgeOwnWork')}</li>
      </Text>
      <Text>{text('pledgeDisqualified')}</Text>
    </>
  );
}

/** Spec 9, "Rules from the FAQ": what the terms state. */
export function TermsText() {
  return (
    <>
      <Text>{text('termsText')}</Text>
    </>
  );
}
