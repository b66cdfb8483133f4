import { Anchor, Button, CopyButton, Group, Text } from '@mantine/core';

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
            aria-label={`Copy the link to share ${label}`}
          >
            {copied ? 'Link copied' : 'Share'}
          </Button>
        )}
      </CopyButton>
      {canShare && (
        <Button
          size="compact-md"
          variant="default"
          onClick={() => void navigator.share({ title: label, url }).catch(() => undefined)}
          aria-label={`Send the link to ${label}`}
        >
          Send…
        </Button>
      )}
      <Anchor
        href={url}
        target="_blank"
        rel="noopener"
        size="sm"
        fw={600}
        aria-label={`Open the public page of ${label}`}
      >
        Public page
      </Anchor>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }} w="100%">
        {url}
      </Text>
    </Group>
  );
}
