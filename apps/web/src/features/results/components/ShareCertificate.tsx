import { Anchor, Button, CopyButton, Group, Text } from '@mantine/core';
import { text } from '../text.ts';

/**
 * The link a family shares for a certificate: its public verification page (the QR code's
 * address), which names the contestant, item and medal and nothing else about the family.
 * Copying works on every browser; a phone's share sheet is offered where there is one.
 */
export function ShareCertificate(props: { url: string; label: string }) {
  const { url, label } = props;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  return (
    <Group gap="xs" wrap="wrap">
      <CopyButton value={url} timeout={4000}>
        {({ copied, copy }) => (
          <Button
            size="compact-md"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'green.9' : undefined}
            onClick={copy}
            aria-label={text('copyLink', { label })}
          >
            {text(copied ? 'linkCopied' : 'share')}
          </Button>
        )}
      </CopyButton>
      {canShare && (
        <Button
          size="compact-md"
          variant="default"
          onClick={() => void navigator.share({ title: label, url }).catch(() => undefined)}
          aria-label={text('sendLink', { label })}
        >
          {text('send')}
        </Button>
      )}
      <Anchor
        href={url}
        target="_blank"
        rel="noopener"
        size="sm"
        fw={600}
        aria-label={text('openPublicPage', { label })}
      >
        {text('publicPage')}
      </Anchor>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} w="100%">
        {url}
      </Text>
    </Group>
  );
}
