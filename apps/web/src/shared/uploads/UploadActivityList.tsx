import { Button, Group, Progress, Text } from '@mantine/core';
import { isRunning, pausedMessage, type UploadActivity } from './upload-activity.ts';
import classes from './UploadActivityList.module.css';

/** One line per upload: how far a running one is, or where a paused one stopped (issue 32). */
export function UploadActivityList({
  uploads,
  onDismiss,
}: {
  uploads: readonly UploadActivity[];
  /** Offered on a paused upload where the parent cannot choose the file again right here. */
  onDismiss?: (entryId: number) => void;
}) {
  return (
    <ul className={classes.list}>
      {uploads.map((upload) => (
        <li key={upload.entryId}>
          {isRunning(upload) ? (
            <>
              <Text size="sm" fw={600} className={classes.line}>
                {upload.entryLabel}: uploading {upload.fileName}… {upload.percent}%
              </Text>
              <Progress
                value={upload.percent}
                size="sm"
                animated={upload.phase !== 'sending'}
                aria-label={`Uploading ${upload.fileName}`}
              />
            </>
          ) : (
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" fw={600} c="orange.9" className={classes.line}>
                {upload.entryLabel}: {pausedMessage(upload)}
              </Text>
              {onDismiss && (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onDismiss(upload.entryId)}
                  aria-label={`Put aside the paused upload of ${upload.fileName}`}
                >
                  Put aside
                </Button>
              )}
            </Group>
          )}
        </li>
      ))}
    </ul>
  );
}
