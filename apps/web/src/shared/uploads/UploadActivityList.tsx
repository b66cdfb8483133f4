import { Button, Group, Progress, Text } from '@mantine/core';
import { isRunning, pausedMessage, type UploadActivity } from './upload-activity.ts';
import classes from './UploadActivityList.module.css';
import { text } from './text.ts';

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
                {text('uploadingLine', {
                  entryLabel: upload.entryLabel,
                  fileName: upload.fileName,
                  percent: upload.percent,
                })}
              </Text>
              <Progress
                value={upload.percent}
                size="sm"
                animated={upload.phase !== 'sending'}
                aria-label={text('uploadingFile', { fileName: upload.fileName })}
              />
            </>
          ) : (
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" fw={600} c="orange.9" className={classes.line}>
                {text('pausedLine', {
                  entryLabel: upload.entryLabel,
                  paused: pausedMessage(upload),
                })}
              </Text>
              {onDismiss && (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => onDismiss(upload.entryId)}
                  aria-label={text('putAsideOf', { fileName: upload.fileName })}
                >
                  {text('putAside')}
                </Button>
              )}
            </Group>
          )}
        </li>
      ))}
    </ul>
  );
}
