import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  ENTRY_STATUS,
  formatLongDate,
  UPLOAD_MESSAGES,
  type OrderItemUpload,
  type ParticipantOrderItem,
} from '@eisteddfod/shared';
import { useId, useState, type ReactNode } from 'react';
import { mainFiles, supportingFiles } from '../upload-checks.ts';
import type { UploadKind } from '../upload-messages.ts';
import type { UploadSettings } from '../upload-settings.ts';
import type { EntryUploadState } from '../use-entry-uploads.ts';
import classes from '../uploads.module.css';
import { EntryFooter } from './EntryFooter.tsx';
import { FilePicker } from './FilePicker.tsx';
import { FileTable } from './FileTable.tsx';
import { UploadProgressPanel } from './UploadProgressPanel.tsx';

/** Spec 2: 'Entry Title: {code} - {shortDescription} | Due: {dd MMMM yyyy}'. */
const entryTitle = (entry: ParticipantOrderItem) =>
  `Entry Title: ${entry.itemCode} - ${entry.itemShortDescription} | Due: ${formatLongDate(entry.itemDueDate)}`;

interface BadgeView {
  label: string;
  color: string;
}

/** Spec 2 and 4: the status badge (none once withdrawn), and 'Deadline Passed' on a complete entry not finalised. */
function entryBadges(entry: ParticipantOrderItem): BadgeView[] {
  const { badges } = UPLOAD_MESSAGES;
  // A withdrawn entry says so in its footer ('This entry was withdrawn'), with no status badge.
  if (entry.isCancelled) return [];
  // Colours dark enough for white text at badge size (WCAG AA, 4.5:1).
  if (entry.isSubmittedForMarking) return [{ label: badges.finalised, color: '#1e6b31' }];
  switch (entry.status) {
    case ENTRY_STATUS.complete:
      return entry.deadlinePassed
        ? [
            { label: badges.complete, color: 'teal.9' },
            { label: badges.deadlinePassed, color: 'red.9' },
          ]
        : [{ label: badges.complete, color: 'teal.9' }];
    case ENTRY_STATUS.expired:
      return [{ label: badges.deadlinePassed, color: 'red.9' }];
    case ENTRY_STATUS.incomplete:
      return [{ label: badges.incomplete, color: '#9c3a0a' }];
  }
}

/** Spec 4, Withdrawing: uploaders only for entries not withdrawn, finalised or past the deadline. */
const canUploadTo = (entry: ParticipantOrderItem) =>
  !entry.isCancelled &&
  !entry.isSubmittedForMarking &&
  !entry.deadlinePassed &&
  entry.status !== ENTRY_STATUS.expired;

/**
 * Spec 4: deleting is offered only when not withdrawn and before the deadline; nor once the
 * entry is finalised, as the server no longer changes a finalised entry either.
 */
const canDeleteFrom = (entry: ParticipantOrderItem) =>
  !entry.isCancelled && !entry.deadlinePassed && !entry.isSubmittedForMarking;

function Area(props: {
  title: string;
  hint?: string;
  count: number;
  defaultOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(props.defaultOpen);
  const id = useId();
  return (
    <section className={classes.area}>
      <h4 style={{ margin: 0 }}>
        <button
          type="button"
          className={classes.toggle}
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          <svg
            className={classes.chevron}
            viewBox="0 0 24 24"
            width="18"
            height="18"
            aria-hidden="true"
          >
            <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
          <span className={classes.toggleText}>
            <span style={{ fontWeight: 700 }}>
              {props.title} ({props.count})
            </span>
            {props.hint && <span className={classes.toggleHint}>{props.hint}</span>}
          </span>
        </button>
      </h4>
      <div id={id} hidden={!open}>
        {open && (
          <Stack gap="sm" pb="xs">
            {props.children}
          </Stack>
        )}
      </div>
    </section>
  );
}

/** One entry of the 'Entries List' (spec 2). */
export function EntryCard(props: {
  entry: ParticipantOrderItem;
  settings: UploadSettings;
  upload: EntryUploadState | undefined;
  deletingId: number | null;
  finalising: boolean;
  onUpload: (kind: UploadKind, file: File) => void;
  onCancelUpload: () => void;
  onRetryUpload: () => void;
  onView: (upload: OrderItemUpload) => void;
  onDelete: (upload: OrderItemUpload) => void;
  onFinalise: () => void;
  onWithdraw: () => void;
  onShowResult: () => void;
}) {
  const { entry, upload } = props;
  const titleId = useId();
  const main = mainFiles(entry);
  const supporting = supportingFiles(entry);
  const uploadsOpen = canUploadTo(entry);
  const deletable = canDeleteFrom(entry) && !upload;
  const code = entry.itemCode;

  const picker = (kind: UploadKind, label: string, accessible: string) => (
    <FilePicker
      kind={kind}
      label={label}
      accessibleLabel={`${accessible} for ${code}`}
      entry={entry}
      settings={props.settings}
      disabled={upload !== undefined}
      onAccepted={(file) => props.onUpload(kind, file)}
    />
  );

  return (
    <article className={classes.entry} aria-labelledby={titleId}>
      <Stack gap="sm">
        <Stack gap={6}>
          <Title
            order={3}
            id={titleId}
            fz={{ base: 'md', sm: 'lg' }}
            className={classes.entryTitle}
          >
            {entryTitle(entry)}
          </Title>
          <Group gap="xs">
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
          </Group>
          {entry.isGroupItem && entry.groupName && <Text size="sm">Group: {entry.groupName}</Text>}
        </Stack>

        <Area title="Main Entry Files" count={main.length} defaultOpen>
          <FileTable
            label={`Main entry files of ${code}`}
            files={main}
            timeLimitSeconds={entry.item.timeLimitSeconds}
            canDelete={deletable}
            deletingId={props.deletingId}
            onView={props.onView}
            onDelete={props.onDelete}
          />
          {uploadsOpen && (
            <div className={classes.pickerRow}>
              {picker('video', 'Upload Video or Audio', 'Upload video or audio')}
              {entry.acceptsImages && picker('image', 'Upload Image', 'Upload image')}
            </div>
          )}
        </Area>

        {upload && (
          <UploadProgressPanel
            upload={upload}
            stallSeconds={props.settings.stallSeconds}
            onCancel={props.onCancelUpload}
            onRetry={props.onRetryUpload}
          />
        )}

        <Area
          title="Supporting Files"
          hint={UPLOAD_MESSAGES.supportingFiles}
          count={supporting.length}
          defaultOpen={supporting.length > 0}
        >
          <FileTable
            label={`Supporting files of ${code}`}
            files={supporting}
            timeLimitSeconds={entry.item.timeLimitSeconds}
            canDelete={deletable}
            deletingId={props.deletingId}
            onView={props.onView}
            onDelete={props.onDelete}
          />
          {uploadsOpen &&
            picker('document', 'Upload Supporting Document', 'Upload supporting document')}
        </Area>

        <Group gap="sm">
          <Button
            size="md"
            variant="light"
            onClick={props.onShowResult}
            aria-haspopup="dialog"
            aria-label={`View Result of ${code}`}
          >
            View Result
          </Button>
        </Group>

        <EntryFooter
          entry={entry}
          busy={upload !== undefined}
          finalising={props.finalising}
          onFinalise={props.onFinalise}
          onWithdraw={props.onWithdraw}
        />
      </Stack>
    </article>
  );
}
