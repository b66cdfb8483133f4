import { Button, Group } from '@mantine/core';
import {
  formatDuration,
  formatTimeLimit,
  hasExtensionIn,
  THUMBNAIL_EXTENSIONS,
  type MediaWarning,
  type OrderItemUpload,
} from '@eisteddfod/shared';
import classes from '../uploads.module.css';
import { text, processingText } from '../text.ts';

function Tick() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M5 12.5l4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** What a warning says to the family, with the figures it needs (decision 025). */
function warningText(warning: MediaWarning, upload: OrderItemUpload, limit: number | null) {
  switch (warning) {
    case 'too-long':
      return processingText('tooLong', {
        duration: formatDuration(upload.processing.durationSeconds ?? 0),
        limit: formatTimeLimit(limit ?? 0),
      });
    case 'no-audio':
      return processingText('noAudio');
    case 'unreadable':
      return processingText('unreadable');
  }
}

/** A file's status: processing, then complete (with its length), or that it could not be read. */
function FileStatus({ upload }: { upload: OrderItemUpload }) {
  const { state, durationSeconds } = upload.processing;
  if (state === 'pending') {
    return (
      <span className={classes.processing} title={processingText('processingHint')}>
        <span className={classes.spinner} aria-hidden="true" />
        {processingText('processing')}
      </span>
    );
  }
  if (state === 'failed')
    return <span className={classes.unreadable}>{text('couldNotBeRead')}</span>;
  return (
    <span className={classes.complete}>
      <Tick />
      {text('complete')}
      {durationSeconds !== null && (
        <span className={classes.duration}>({formatDuration(durationSeconds)})</span>
      )}
    </span>
  );
}

/** A picture frame: what an image shows in the table until it has a thumbnail. */
function PictureIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect
        x="3"
        y="4"
        width="18"
        height="16"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <circle cx="9" cy="9.5" r="1.75" fill="currentColor" />
      <path d="M4 18l5.5-5.5 4 4 2.5-2.5 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/**
 * An image's thumbnail, as a video shows its poster (decision 047). A file checked before
 * thumbnails were made, or still being checked, shows a neutral picture instead.
 */
function Thumbnail({ upload }: { upload: OrderItemUpload }) {
  const { thumbnailUrl, state } = upload.processing;
  if (thumbnailUrl) {
    return (
      <img
        className={classes.thumbnail}
        src={thumbnailUrl}
        alt={text('thumbnailOf', { fileName: upload.originalFileName })}
        loading="lazy"
      />
    );
  }
  if (state === 'failed') return null;
  return (
    <span className={classes.thumbnailPlaceholder} role="img" aria-label={text('noThumbnail')}>
      <PictureIcon />
    </span>
  );
}

/** Under a file's name: its poster or thumbnail, and what the family should know about it. */
function FileDetails({ upload, limit }: { upload: OrderItemUpload; limit: number | null }) {
  const { posterUrl, previewUrl, warnings, state } = upload.processing;
  const notes = warnings.map((w) => warningText(w, upload, limit));
  if (state === 'unchecked' && upload.videoId) notes.push(processingText('unchecked'));
  const isImage = !upload.videoId && hasExtensionIn(THUMBNAIL_EXTENSIONS, upload.originalFileName);
  if (!posterUrl && !isImage && notes.length === 0) return null;
  return (
    <div className={classes.fileDetails}>
      {isImage && <Thumbnail upload={upload} />}
      {posterUrl && previewUrl && (
        <a
          href={previewUrl}
          target="_blank"
          rel="noopener"
          className={classes.poster}
          aria-label={text('previewAsAdjudicators', { fileName: upload.originalFileName })}
        >
          <img src={posterUrl} alt="" loading="lazy" width={96} height={54} />
          <span aria-hidden="true">{text('preview')}</span>
        </a>
      )}
      {notes.map((note) => (
        <p key={note} className={classes.fileWarning} role="note">
          {note}
        </p>
      ))}
    </div>
  );
}

/** Spec 2: an entry's files (Filename, Status, Actions); each can be viewed, or deleted. */
export function FileTable(props: {
  label: string;
  /** The item's time limit in seconds, for the too-long warning. */
  timeLimitSeconds: number | null;
  files: OrderItemUpload[];
  canDelete: boolean;
  deletingId: number | null;
  onView: (upload: OrderItemUpload) => void;
  onDelete: (upload: OrderItemUpload) => void;
}) {
  return (
    <table className={classes.files} aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col">{text('filename')}</th>
          <th scope="col">{text('status')}</th>
          <th scope="col" className={classes.actions}>
            {text('actions')}
          </th>
        </tr>
      </thead>
      <tbody>
        {props.files.length === 0 && (
          <tr>
            <td colSpan={3} className={classes.empty}>
              {text('noFiles')}
            </td>
          </tr>
        )}
        {props.files.map((upload) => (
          <tr key={upload.id}>
            <td data-label={text('filename')} className={classes.name}>
              {upload.originalFileName}
              <FileDetails upload={upload} limit={props.timeLimitSeconds} />
            </td>
            <td data-label={text('status')}>
              <FileStatus upload={upload} />
            </td>
            <td data-label={text('actions')} className={classes.actions}>
              <Group gap="xs" justify="flex-end" wrap="nowrap" display="inline-flex">
                <Button
                  size="sm"
                  variant="light"
                  aria-label={text('viewFile', { fileName: upload.originalFileName })}
                  onClick={() => props.onView(upload)}
                >
                  {text('view')}
                </Button>
                {props.canDelete && (
                  <Button
                    size="sm"
                    variant="outline"
                    color="red.9"
                    aria-label={text('deleteFile', { fileName: upload.originalFileName })}
                    loading={props.deletingId === upload.id}
                    onClick={() => props.onDelete(upload)}
                  >
                    {text('delete')}
                  </Button>
                )}
              </Group>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
