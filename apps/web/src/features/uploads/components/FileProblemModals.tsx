import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FAQ_URL } from '../../../shared/event/documents.ts';
import { extensionList, formatBytes, type UploadKind } from '../upload-messages.ts';
import { modalProps, NEW_TAB } from './modal-props.ts';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import { text } from '../text.ts';
import { fileText } from '../../../shared/uploads/entry-text.ts';

/** Spec 2: File Too Large, with a way to choose another file or drop this one. */
export function FileTooLargeModal(props: {
  file: File | null;
  maxBytes: number;
  onSelectAnother: () => void;
  onDelete: () => void;
}) {
  return (
    <Modal
      {...modalProps()}
      opened={props.file !== null}
      onClose={props.onDelete}
      title={text('tooLargeTitle')}
    >
      {props.file && (
        <Stack gap="md">
          <Text>{fileText('tooLarge')}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {text('exceedsSize', {
              file: props.file.name,
              max: formatBytes(props.maxBytes),
              size: formatBytes(props.file.size),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" onClick={props.onDelete}>
              {text('deleteUpload')}
            </Button>
            <Button size="md" onClick={props.onSelectAnother}>
              {text('selectAnother')}
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
      {...modalProps()}
      opened={props.fileName !== null}
      onClose={props.onClose}
      title={text('unsupportedTitle')}
    >
      <Stack gap="md">
        <Text style={{ overflowWrap: 'anywhere' }}>
          <RichText
            text={text}
            id="notAFormat"
            values={{ fileName: props.fileName }}
            components={{ 0: <strong /> }}
          />
        </Text>
        <Text>{text('wrongType', { types: extensionList(props.kind) })}</Text>
        <Text>
          <RichText
            text={text}
            id="faqFormats"
            components={{ 0: <Anchor href={FAQ_URL} {...NEW_TAB} fw={700} /> }}
          />
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={props.onClose}>
            {text('close')}
          </Button>
          <Button size="md" onClick={props.onSelectAnother}>
            {text('selectAnother')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
