import type { ParticipantOrderItem, ParticipantProfile } from '@eisteddfod/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  forgetUpload,
  isRunning,
  useUploadActivity,
  type UploadActivity,
} from '../../shared/uploads/upload-activity.ts';
import { entriesQueryRoot } from './api/participant-order-items.ts';
import { useUploadClient } from './upload-client/upload-client.ts';
import type { UploadKind } from './upload-messages.ts';
import type { UploadSettings } from './upload-settings.ts';
import { cancelUpload, retryUpload, startUpload } from './upload-manager.ts';

/**
 * The Uploads portal's view of the app's uploads (upload-manager.ts): what each entry shows,
 * and the way to start, cancel, retry or put aside a paused one. Leaving the portal no longer
 * stops an upload (issue 32); the shell shows it on every other screen.
 */
export function useEntryUploads(settings: UploadSettings, customerId: number) {
  const client = useUploadClient();
  const queryClient = useQueryClient();
  const activity = useUploadActivity(customerId);
  const uploads = useMemo(() => {
    const byEntry: Record<number, UploadActivity> = {};
    for (const upload of activity) byEntry[upload.entryId] = upload;
    return byEntry;
  }, [activity]);

  const start = useCallback(
    (
      entry: ParticipantOrderItem,
      kind: UploadKind,
      file: File,
      contestant: ParticipantProfile | undefined,
    ) => {
      const own = contestant?.id === entry.participantProfileId ? contestant : undefined;
      startUpload({
        entry,
        kind,
        file,
        client,
        customerId,
        names: {
          firstName: own?.firstName || entry.participantFirstName,
          surname: own?.surname || entry.participantSurname,
          // Spec 5: the profile's grade, else the entry's.
          grade: own?.grade || entry.grade,
          school: own?.school || entry.school,
        },
        timeZone: settings.timeZone,
        stallSeconds: settings.stallSeconds,
        onEnded: () => void queryClient.invalidateQueries({ queryKey: entriesQueryRoot }),
      });
    },
    [client, customerId, queryClient, settings.stallSeconds, settings.timeZone],
  );

  const runningOne = activity.find(isRunning);
  return {
    uploads,
    isUploading: runningOne !== undefined,
    /** Spec 4 keeps the portal on one contestant while an upload runs: theirs. */
    uploadingFor: runningOne?.participantId,
    start,
    cancel: cancelUpload,
    retry: retryUpload,
    /** The parent puts a paused upload aside without choosing the file again. */
    dismiss: forgetUpload,
  };
}
