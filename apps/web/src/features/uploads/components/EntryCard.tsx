import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import {
  entryDates,
  type MarkingState,
  type OrderItemUpload,
  type ParticipantOrderItem,
} from '@eisteddfod/shared';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  canUploadTo,
  entryBadges,
  entryMarkingState,
  fileCountText,
  finaliseReadiness,
  isOpen,
  nextStepText,
} from '../entry-state.ts';
import type { UploadKind } from '../upload-messages.ts';
import type { UploadSettings } from '../upload-settings.ts';
import { pausedMessage, type UploadActivity } from '../../../shared/uploads/upload-activity.ts';
import classes from '../uploads.module.css';
import { EntryDetail } from './EntryDetail.tsx';
import { UploadProgressPanel } from './UploadProgressPanel.tsx';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import { text, uploadText, processingText } from '../text.ts';
import { finalisingText } from '../../../shared/uploads/entry-text.ts';

/** How the row is marked at a glance (its left edge); the words are the badge's. */
function rowState(entry: ParticipantOrderItem) {
  if (entry.isCancelled) return 'withdrawn';
  if (entry.isSubmittedForMarking) return 'finalised';
  if (entry.deadlinePassed) return 'closed';
  return finaliseReadiness(entry) === 'no-main-file' ? 'incomplete' : 'complete';
}

/**
 * Whether the entry went to the adjudicators, beside the spec's badges (decision 043): an
 * entry not sent is marked plainly, with a sign as well as a colour.
 */
function MarkingTag({ state }: { state: MarkingState }) {
  if (state === 'withdrawn' || state === 'unpaid') return null;
  return (
    <span className={classes.markingTag} data-marking={state}>
      <span aria-hidden="true">{state === 'sent' ? '✓' : '!'}</span>{' '}
      {finalisingText(`state-${state}`)}
    </span>
  );
}

function Chevron() {
  return (
    <svg className={classes.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

/**
 * One entry of the 'Entries List' (spec 2) as a compact row (decision 028): its title with the
 * due date, status, file count, the one next step ('Upload', then 'Finalise Entry'), and its
 * files and uploaders in a detail one tap away.
 */
export function EntryCard(props: {
  entry: ParticipantOrderItem;
  settings: UploadSettings;
  upload: UploadActivity | undefined;
  deletingId: number | null;
  finalising: boolean;
  onUpload: (kind: UploadKind, file: File) => void;
  onCancelUpload: () => void;
  onRetryUpload: () => void;
  onDismissUpload: () => void;
  onView: (upload: OrderItemUpload) => void;
  onDelete: (upload: OrderItemUpload) => void;
  onFinalise: () => void;
  onWithdraw: () => void;
  onShowResult: () => void;
}) {
  const { entry } = props;
  // A paused upload is not running: the parent chooses the file again from the uploader.
  const paused = props.upload?.phase === 'paused' ? props.upload : undefined;
  const upload = paused ? undefined : props.upload;
  const titleId = useId();
  const hintId = useId();
  const detailId = useId();
  const detail = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const code = entry.itemCode;
  const readiness = finaliseReadiness(entry);
  const open = isOpen(entry);
  const needsUpload =
    canUploadTo(entry) && (readiness === 'no-main-file' || readiness === 'unreadable');
  const hint = nextStepText(entry);
  const processing = entry.orderItemUploads.some(
    (u) => !u.isDeleted && u.processing.state === 'pending',
  );

  /**
   * 'Upload' opens the detail, puts the focus on the entry's uploader and opens its file picker
   * at once (issue 32): one tap to the files, not a second button to find.
   */
  function goToUpload() {
    flushSync(() => setExpanded(true));
    const pickers = detail.current?.querySelector('[data-main-pickers]');
    pickers?.querySelector<HTMLButtonElement>('button')?.focus();
    pickers?.querySelector<HTMLInputElement>('input[type="file"]')?.click();
  }

  return (
    <article className={classes.entry} data-state={rowState(entry)} aria-labelledby={titleId}>
      <div className={classes.summary}>
        <div className={classes.summaryText}>
          <h3 id={titleId} className={classes.entryTitle}>
            {/* Spec 2's words, 'Due:', for the one date of decision 046: the day to upload by. */}
            <RichText
              text={text}
              id="entryTitle"
              values={{
                code,
                description: entry.itemShortDescription,
                due: entryDates({ dueDate: entry.itemDueDate }).uploadBy.text,
              }}
              components={{
                0: <span className={classes.titleLabel} />,
                1: <span className={classes.titleCode} />,
                2: <span className={classes.titleDue} />,
              }}
            />
          </h3>
          <div className={classes.statusLine}>
            {entryBadges(entry).map((badge) => (
              <Badge
                key={badge.label}
                color={badge.color}
                variant="filled"
                size="md"
                radius="sm"
                tt="none"
              >
                {badge.label}
              </Badge>
            ))}
            {entry.isCancelled && (
              <span className={classes.withdrawnTag}>{uploadText('withdrawnState')}</span>
            )}
            <MarkingTag state={entryMarkingState(entry)} />
            <span className={classes.fileCount}>{fileCountText(entry)}</span>
            {processing && (
              <span className={classes.processing} title={processingText('processingHint')}>
                <span className={classes.spinner} aria-hidden="true" />
                {processingText('processing')}
              </span>
            )}
          </div>
          {entry.isGroupItem && entry.groupName && (
            <Text size="sm">{text('group', { groupName: entry.groupName })}</Text>
          )}
          {hint && (
            <Text size="sm" id={hintId} className={classes.nextStep}>
              {hint}
            </Text>
          )}
        </div>

        <div className={classes.summaryActions}>
          {(needsUpload || open) && (
            <div className={classes.steps}>
              {needsUpload && (
                <Button
                  size="md"
                  variant="filled"
                  onClick={goToUpload}
                  disabled={upload !== undefined}
                  aria-label={text('uploadFilesFor', { code })}
                  aria-controls={detailId}
                >
                  {text('upload')}
                </Button>
              )}
              {open && (
                // Secondary until the entry is ready; then the one primary step (decision 028).
                <Button
                  size="md"
                  variant={readiness === 'ready' ? 'filled' : 'default'}
                  onClick={props.onFinalise}
                  loading={props.finalising}
                  disabled={
                    upload !== undefined || readiness === 'processing' || readiness === 'unreadable'
                  }
                  aria-haspopup={readiness === 'ready' ? 'dialog' : undefined}
                  aria-describedby={hint ? hintId : undefined}
                  aria-label={text('finaliseEntryOf', { code })}
                >
                  {text('finaliseEntry')}
                </Button>
              )}
            </div>
          )}
          <div className={classes.more}>
            <Button
              size="md"
              variant="subtle"
              className={classes.detailToggle}
              aria-expanded={expanded}
              aria-controls={detailId}
              aria-label={text('detailsOf', { code })}
              leftSection={<Chevron />}
              onClick={() => setExpanded(!expanded)}
            >
              {text('details')}
            </Button>
            <Button
              size="md"
              variant="subtle"
              onClick={props.onShowResult}
              aria-haspopup="dialog"
              aria-label={text('viewResultOf', { code })}
            >
              {text('viewResult')}
            </Button>
          </div>
        </div>
      </div>

      {paused && (
        <Alert
          color="orange"
          variant="light"
          role="status"
          withCloseButton
          closeButtonLabel={text('putAsidePaused', { fileName: paused.fileName })}
          onClose={props.onDismissUpload}
          data-testid="upload-paused"
        >
          <Stack gap="xs">
            <Text size="sm" c="dark.8">
              {pausedMessage(paused)}
            </Text>
            {canUploadTo(entry) && (
              <Button size="sm" variant="default" onClick={goToUpload} w="fit-content">
                {text('chooseAgain')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      {upload && (
        <UploadProgressPanel
          upload={upload}
          stallSeconds={props.settings.stallSeconds}
          onCancel={props.onCancelUpload}
          onRetry={props.onRetryUpload}
        />
      )}

      <div id={detailId} ref={detail} hidden={!expanded} className={classes.detail}>
        {expanded && (
          <EntryDetail
            entry={entry}
            settings={props.settings}
            uploading={upload !== undefined}
            deletingId={props.deletingId}
            onUpload={props.onUpload}
            onView={props.onView}
            onDelete={props.onDelete}
            onWithdraw={props.onWithdraw}
          />
        )}
      </div>
    </article>
  );
}
