import { Button, Text } from '@mantine/core';
import { fileAccept, type ParticipantOrderItem } from '@eisteddfod/shared';
import { useId, useRef, useState, type DragEvent } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { checkChosenFiles, maxBytesFor } from '../upload-checks.ts';
import {
  extensionList,
  formatBytes,
  KIND_EXTENSIONS,
  type UploadKind,
} from '../upload-messages.ts';
import type { UploadSettings } from '../upload-settings.ts';
import classes from '../uploads.module.css';
import { FileTooLargeModal, UnsupportedFormatModal } from './FileProblemModals.tsx';
import { text } from '../text.ts';
import { fileText } from '../../../shared/uploads/entry-text.ts';

const ACCEPT: Record<UploadKind, string> = {
  // The MIME families help phone pickers offer the camera roll; the extensions are checked anyway.
  video: fileAccept(KIND_EXTENSIONS.video, ['video/*', 'audio/*']),
  image: fileAccept(KIND_EXTENSIONS.image),
  document: fileAccept(KIND_EXTENSIONS.document),
};

/**
 * One uploader (spec 2 and 5): a button that picks one file, or a file dropped on it. Every check
 * of spec 5 and 8 runs here, before any request: one file, its type, not empty, its size, and
 * no file of the same name on the entry.
 */
export function FilePicker(props: {
  kind: UploadKind;
  label: string;
  /** Names the picker for screen readers, e.g. 'Upload video or audio for MU101'. */
  accessibleLabel: string;
  entry: ParticipantOrderItem;
  settings: UploadSettings;
  disabled: boolean;
  /** The entry's next step (no main file yet): a filled button; otherwise a quieter one. */
  prominent: boolean;
  onAccepted: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [tooLarge, setTooLarge] = useState<File | null>(null);
  const [unsupported, setUnsupported] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const maxBytes = maxBytesFor(props.kind, props.settings);

  function choose(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (files.length === 0 || props.disabled) return;
    const problem = checkChosenFiles(files, props.kind, props.entry, props.settings);
    const file = files[0];
    switch (problem) {
      case 'tooMany':
        toast('warning', text('tooMany'));
        return;
      case 'unsupported':
        setUnsupported(file?.name ?? '');
        return;
      case 'tooSmall':
        toast('warning', text('tooSmall', { size: '1 byte' }), file?.name);
        return;
      case 'tooLarge':
        setTooLarge(file ?? null);
        return;
      case 'duplicate':
        toast('warning', fileText('duplicateFile'));
        return;
      case null:
        break;
    }
    if (!file) return;
    if (!navigator.onLine) {
      toast('warning', text('noInternet'));
      return;
    }
    props.onAccepted(file);
  }

  function selectAnother() {
    setTooLarge(null);
    setUnsupported(null);
    input.current?.click();
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  }

  return (
    <div
      className={`${classes.picker} ${dragging ? classes.pickerActive : ''}`}
      onDragOver={(event) => {
        if (props.disabled) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPT[props.kind]}
        aria-label={props.accessibleLabel}
        aria-describedby={hintId}
        disabled={props.disabled}
        onChange={(event) => choose(event.currentTarget.files)}
      />
      <Button
        size="md"
        variant={props.prominent ? 'filled' : 'light'}
        fullWidth
        disabled={props.disabled}
        aria-label={props.accessibleLabel}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        h="auto"
        mih={44}
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {props.label}
      </Button>
      <Text id={hintId} className={classes.hint} mt={6}>
        {text('pickerHint', { max: formatBytes(maxBytes), extensions: extensionList(props.kind) })}
      </Text>
      <FileTooLargeModal
        file={tooLarge}
        maxBytes={maxBytes}
        onSelectAnother={selectAnother}
        onDelete={() => setTooLarge(null)}
      />
      <UnsupportedFormatModal
        kind={props.kind}
        fileName={unsupported}
        onSelectAnother={selectAnother}
        onClose={() => setUnsupported(null)}
      />
    </div>
  );
}
