import { Anchor, List, Modal, Stack, Text } from '@mantine/core';
import { FAQ_URL } from '../../../shared/event/documents.ts';
import { UPLOAD_TEXT } from '../upload-messages.ts';
import { MODAL_PROPS, NEW_TAB } from './modal-props.ts';

/** Spec 2: check entries, upload a file, track progress, and the FAQ guide. */
export function HowItWorksModal(props: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      {...MODAL_PROPS}
      opened={props.opened}
      onClose={props.onClose}
      title={UPLOAD_TEXT.howItWorksTitle}
      size="lg"
    >
      <Stack gap="sm">
        <List type="ordered" spacing="sm">
          <List.Item>
            <strong>Check your entries.</strong> Choose a contestant to see each paid entry, its due
            date and whether it is complete. Search by item code to find one quickly.
          </List.Item>
          <List.Item>
            <strong>Upload a file.</strong> Add the performance video or audio recording as the main
            entry file (an image or PDF for Visual Arts &amp; Design), and any supporting files such
            as sheet music. Choose one file at a time.
          </List.Item>
          <List.Item>
            <strong>Track progress.</strong> The upload shows how far it has got. Keep this page
            open until it says the file was uploaded; an interrupted video upload carries on when
            you choose the same file again.
          </List.Item>
          <List.Item>
            <strong>Finalise.</strong> When the entry is complete, press Finalise Entry to submit it
            for marking. Results appear under View Result once they are published.
          </List.Item>
        </List>
        <Text>
          The{' '}
          <Anchor href={FAQ_URL} {...NEW_TAB} fw={700}>
            FAQ guide (PDF)
          </Anchor>{' '}
          explains the file types, recording rules and deadlines.
        </Text>
      </Stack>
    </Modal>
  );
}

/** The question mark that opens How It Works, beside the portal's heading. */
export function HelpIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17.2v.1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
