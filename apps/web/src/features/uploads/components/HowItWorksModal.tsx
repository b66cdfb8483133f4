import { Anchor, List, Modal, Stack, Text } from '@mantine/core';
import { FAQ_URL } from '../../../shared/event/documents.ts';
import { modalProps, NEW_TAB } from './modal-props.ts';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import { text } from '../text.ts';

const HOW_IT_WORKS = ['howCheck', 'howUpload', 'howTrack', 'howFinalise'] as const;

/** Spec 2: check entries, upload a file, track progress, and the FAQ guide. */
export function HowItWorksModal(props: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      {...modalProps()}
      opened={props.opened}
      onClose={props.onClose}
      title={text('howItWorksTitle')}
      size="lg"
    >
      <Stack gap="sm">
        <List type="ordered" spacing="sm">
          {HOW_IT_WORKS.map((id) => (
            <List.Item key={id}>
              <RichText text={text} id={id} components={{ 0: <strong /> }} />
            </List.Item>
          ))}
        </List>
        <Text>
          <RichText
            text={text}
            id="faqExplains"
            components={{ 0: <Anchor href={FAQ_URL} {...NEW_TAB} fw={700} /> }}
          />
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
