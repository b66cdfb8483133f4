import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { UPLOAD_MESSAGES } from '@eisteddfod/shared';
import { FAQ_URL } from '../../../shared/event/documents.ts';
import { extensionList, formatBytes, UPLOAD_TEXT, type UploadKind } from '../upload-messages.ts';
import { MODAL_PROPS, NEW_TAB } from './modal-props.ts';

/** Spec 2: File Too Large, with a way to choose another file or drop this one. */
export function FileTooLargeModal(props: {
  file: File | null;
  maxBytes: number;
  onSelectAnother: () => void;
  onDelete: () => void;
}) {
  return (
    <Modal
      {...MODAL_PROPS}
      opened={props.file !== null}
      onClose={props.onDelete}
      title={UPLOAD_TEXT.tooLargeTitle}
    >
      {props.file && (
        <Stack gap="md">
          <Text>{UPLOAD_MESSAGES.tooLarge}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {UPLOAD_TEXT.exceedsSize(props.file.name, formatBytes(props.maxBytes))} (this file is{' '}
            {formatBytes(props.file.size)}).
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={props.onDelete}>
              Delete Upload
            </Button>
            <Button size="md" onClick={props.onSelectAnother}>
              Select Another File
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Spec 2: Unsupported Format, pointing to the FAQ for what each category takes. */
export function UnsupportedFormatModal(props: {
  kind: UploadKind;
  fileName: string | null;
  onSelectAnother: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      {...MODAL_PROPS}
      opened={props.fileName !== null}
      onClose={props.onClose}
      title={UPLOAD_TEXT.unsupportedTitle}
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          <strong>{props.fileName}</strong> is not in a format this uploader takes.
        </Text>
        <Text>{UPLOAD_TEXT.wrongType(extensionList(props.kind))}</Text>
        <Text>
          The{' '}
          <Anchor href={FAQ_URL} {...NEW_TAB} fw={700}>
            FAQ guide (PDF)
          </Anchor>{' '}
          lists the formats each category accepts and how to convert a file.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={props.onClose}>
            Close
          </Button>
          <Button size="md" onClick={props.onSelectAnother}>
            Select Another File
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
