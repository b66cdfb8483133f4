import { Progress, Text } from '@mantine/core';
import { isRunning, pausedMessage, type UploadActivity } from './upload-activity.ts';
import classes from './UploadActivityList.module.css';

/** One line per upload: how far a running one is, or where a paused one stopped (issue 32). */
export function UploadActivityList({ uploads }: { uploads: readonly UploadActivity[] }) {
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
            <Text size="sm" fw={600} c="orange.9" className={classes.line}>
              {upload.entryLabel}: {pausedMessage(upload)}
            </Text>
          )}
        </li>
      ))}
    </ul>
  );
}
