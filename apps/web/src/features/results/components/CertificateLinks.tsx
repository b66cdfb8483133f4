import type { CertificateShare } from '@eisteddfod/shared';
import { Anchor, Stack } from '@mantine/core';
import { text } from '../text.ts';
import { ShareCertificate } from './ShareCertificate.tsx';

/** Each certificate: its PDF to download, and the link to share (its verification page). */
export function CertificateLinks({ certificates }: { certificates: CertificateShare[] }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {certificates.map((c) => (
        <Stack component="li" key={c.verificationCode} gap={4}>
          <Anchor href={c.url} target="_blank" rel="noopener" fw={600}>
            {text('download', { label: c.label })}
          </Anchor>
          <ShareCertificate url={c.verificationUrl} label={c.label} />
        </Stack>
      ))}
    </Stack>
  );
}
