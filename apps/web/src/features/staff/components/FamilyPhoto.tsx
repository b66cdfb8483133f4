import type { FamilyContestant } from '@eisteddfod/shared';
import { Image, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';

/** Spec 4's rule for the profile picture, which the organiser checks against the photo. */
const UNIFORM_RULE =
  'The photo must be a head-and-shoulders shot in full school uniform; selfies and plain clothes are not accepted.';

/**
 * A contestant's photo for the organiser's check (issue 34): a thumbnail that opens larger.
 * The link is a short-lived signed one from the desk's own answer (decision 005).
 */
export function ContestantPhoto({ contestant: c }: { contestant: FamilyContestant }) {
  const [open, setOpen] = useState(false);
  const name = `${c.firstName} ${c.surname}`;
  if (!c.picture) return <Text size="sm">No photo uploaded.</Text>;
  if (!c.picture.link)
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Photo {c.picture.name} cannot be shown in the browser: ask the family for a JPEG or PNG.
      </Text>
    );
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={`Open ${name}'s photo larger`}
        style={{ borderRadius: 4, lineHeight: 0 }}
      >
        <Image
          src={c.picture.link}
          alt=""
          w={72}
          h={72}
          fit="cover"
          radius="sm"
          style={{ border: '1px solid var(--mantine-color-gray-4)' }}
        />
      </UnstyledButton>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`${name}'s photo`}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Image src={c.picture.link} alt={`${name}, as uploaded by the family`} radius="sm" />
          <Text size="sm">{UNIFORM_RULE}</Text>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            File: {c.picture.name}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
