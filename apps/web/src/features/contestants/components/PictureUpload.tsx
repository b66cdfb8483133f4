import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import {
  FILE_EXISTS,
  fileAccept,
  PICTURE_EXTENSIONS,
  type UploadResponse,
} from '@eisteddfod/shared';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useRef, useState } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { useUploadPicture } from '../api/upload-picture.ts';
import { ContestantPicture, type PictureView } from './ContestantPicture.tsx';
import { text } from '../text.ts';
import { fileText } from '../../../shared/uploads/entry-text.ts';

/** Spec 4, "Profile picture upload": the file goes up by itself this long after it is chosen. */
const UPLOAD_DELAY_MS = 1000;

const ACCEPT = fileAccept(PICTURE_EXTENSIONS);
const TYPES = PICTURE_EXTENSIONS.map((extension) => extension.toUpperCase()).join(', ');

export interface UploadedPicture extends UploadResponse {
  /** The chosen file's own name, to name a picture browsers cannot show. */
  fileName: string;
}

/**
 * The profile picture chooser (spec 2, 4 and 5): one file of the allowed types, uploaded a second
 * after it is chosen, then cleared from the picker. A duplicate ('File exists') or a refused file
 * is warned about and cleared too. Without `contestantId` the picture waits for the contestant to
 * be created; with it, the picture replaces the contestant's at once.
 */
export const PictureUpload = memo(function PictureUpload(props: {
  customerId: number;
  contestantId?: number;
  firstName: string;
  surname: string;
  picture: PictureView;
  onUploaded: (picture: UploadedPicture) => void;
  /** True from the choice until the upload has answered. */
  onBusyChange?: (busy: boolean) => void;
}) {
  const upload = useUploadPicture(props.customerId, props.contestantId);
  const resetPicker = useRef<() => void>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  function finish() {
    resetPicker.current?.();
    setChosen(null);
    props.onBusyChange?.(false);
  }

  // A file chosen again within the delay replaces the first; leaving the screen sends neither.
  const send = useDebouncedCallback((file: File) => {
    upload.mutate(file, {
      onSuccess: (answer) => {
        finish();
        if (answer.name === FILE_EXISTS) {
          toast('warning', fileText('duplicateFile'));
          return;
        }
        toast('success', fileText('uploaded'));
        props.onUploaded({ ...answer, fileName: file.name });
      },
      onError: finish,
    });
  }, UPLOAD_DELAY_MS);

  function choose(file: File | null) {
    send.cancel();
    if (!file) return;
    setChosen(file.name);
    props.onBusyChange?.(true);
    send(file);
  }

  const hasPicture = props.picture.imageUrl !== null || props.picture.documentName !== null;
  return (
    <Stack gap="sm">
      <Text>{text('pictureGuidance')}</Text>
      <Group align="center" gap="md" wrap="nowrap">
        <ContestantPicture
          firstName={props.firstName}
          surname={props.surname}
          picture={props.picture}
          size={120}
        />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <FileButton
            onChange={choose}
            accept={ACCEPT}
            resetRef={resetPicker}
            disabled={upload.isPending}
            inputProps={{ 'aria-label': text('pictureFile') }}
          >
            {(button) => (
              <Button {...button} variant="light" loading={chosen !== null}>
                {hasPicture ? text('changePicture') : text('choosePicture')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="gray.7" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
            {chosen ? text('uploading', { fileName: chosen }) : text('oneFile', { types: TYPES })}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
});
