import { paths } from '@eisteddfod/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicSiteSuspense } from '../../../shared/event/api/event-content.ts';
import { WithoutContentOnError } from '../../../shared/event/WithoutContentOnError.tsx';

/**
 * "the contact page (or email ...)": the way to reach the organisers about personal data. The
 * page waits for the address under the route's loading overlay: filled in on screen, it pushed
 * the contents below it down (a layout shift of 0.10). Without the content, the contact page.
 */
export function ContactLine() {
  return (
    <WithoutContentOnError fallback={<Line email={undefined} />}>
      <LoadedContactLine />
    </WithoutContentOnError>
  );
}

function LoadedContactLine() {
  return <Line email={usePublicSiteSuspense().data.content.contactEmail} />;
}

function Line({ email }: { email: string | undefined }) {
  return (
    <>
      the{' '}
      <Anchor component={Link} to={paths.contact.href()} inherit underline="always">
        contact page
      </Anchor>
      {email && (
        <>
          {' '}
          or by email to{' '}
          <Anchor href={`mailto:${email}`} inherit underline="always">
            {email}
          </Anchor>
        </>
      )}
    </>
  );
}
