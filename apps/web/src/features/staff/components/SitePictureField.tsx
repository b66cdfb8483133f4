import { SITE_IMAGE_MAX_MB, type SiteImageKind } from '@eisteddfod/shared';
import { Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../../../lib/api-client.ts';
import { useUploadSiteImage } from '../api/site-content/upload-site-image.ts';

/** What the server takes; anything else (SVG included) it refuses by content. */
const ACCEPT = 'image/jpeg,image/png,image/webp';
const MAX_BYTES = SITE_IMAGE_MAX_MB * 1024 * 1024;

interface PictureFieldProps {
  eventId: number;
  kind: SiteImageKind;
  /** Names the entry: "the portrait of adjudicator 2". */
  what: string;
  image: string;
  src: (file: string) => string;
  round?: boolean;
  onUploaded: (image: string) => void;
}

/** The entry's picture as the home page shows it, and a button to upload another. */
export function PictureField({
  eventId,
  kind,
  what,
  image,
  src,
  round,
  onUploaded,
}: PictureFieldProps) {
  const upload = useUploadSiteImage(eventId, kind);
  const [problem, setProblem] = useState<string>();
  const size = kind === 'artwork' ? { w: 160, h: 100 } : { w: 88, h: 88 };

  function choose(file: File | null) {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setProblem(`Pictures must be at most ${SITE_IMAGE_MAX_MB} MB.`);
      return;
    }
    setProblem(undefined);
    upload.mutate(file, {
      onSuccess: (answer) => onUploaded(answer.image),
      onError: (error) => setProblem(messageOf(error)),
    });
  }

  return (
    <Group gap="sm" align="center">
      {image ? (
        <img
          src={src(image)}
          alt={`Current ${what}`}
          width={size.w}
          height={size.h}
          style={{
            objectFit: kind === 'portrait' ? 'cover' : 'contain',
            borderRadius: round ? '50%' : 'var(--mantine-radius-sm)',
            background: 'var(--mantine-color-gray-1)',
            flexShrink: 0,
          }}
        />
      ) : (
        <Box
          w={size.w}
          h={size.h}
          style={{
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            border: '1px dashed var(--mantine-color-gray-5)',
            borderRadius: round ? '50%' : 'var(--mantine-radius-sm)',
          }}
        >
          <Text size="xs" ta="center" c="gray.7">
            No picture yet
          </Text>
        </Box>
      )}
      <Stack gap={4}>
        <FileButton
          onChange={choose}
          accept={ACCEPT}
          disabled={upload.isPending}
          inputProps={{ 'aria-label': `File for ${what}` }}
        >
          {(button) => (
            <Button {...button} variant="light" size="sm" loading={upload.isPending}>
              {image ? 'Replace the picture' : 'Upload a picture'}
            </Button>
          )}
        </FileButton>
        {problem ? (
          <Text size="sm" c="red.9" role="alert">
            {problem}
          </Text>
        ) : (
          <Text size="xs" c="gray.7">
            JPEG, PNG or WebP, up to {SITE_IMAGE_MAX_MB} MB.
          </Text>
        )}
      </Stack>
    </Group>
  );
}
