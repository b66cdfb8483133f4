import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { UploadActivity } from '../../../shared/uploads/upload-activity.ts';
import classes from '../uploads.module.css';
import { text, uploadText } from '../text.ts';

/** Spec 2 and 4: 'Uploading... N%', the way to cancel, and the stall warning of spec 8. */
export function UploadProgressPanel(props: {
  upload: UploadActivity;
  stallSeconds: number;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const { upload } = props;
  const status = text('uploadingPercent', { percent: upload.percent });
  return (
    <Stack gap="xs" className={classes.progress}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={700}>{status}</Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere', textAlign: 'right' }}>
          {upload.fileName}
        </Text>
      </Group>
      <Progress
        value={upload.percent}
        size="lg"
        animated={upload.phase !== 'sending'}
        aria-label={text('uploadingFile', { fileName: upload.fileName })}
      />
      {upload.stalled && (
        <Alert color="orange" variant="light">
          <Stack gap="xs">
            <Text size="sm">{uploadText('stalled', { seconds: props.stallSeconds })}</Text>
            <Button
              size="sm"
              variant="white"
              color="orange.9"
              onClick={props.onRetry}
              w="fit-content"
            >
              {text('retryUpload')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Button
        variant="subtle"
        color="red.9"
        size="md"
        onClick={props.onCancel}
        disabled={upload.phase === 'saving'}
      >
        {uploadText('cancelHint')}
      </Button>
    </Stack>
  );
}
