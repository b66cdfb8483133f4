import { paths } from '@eisteddfod/shared';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicSite } from '../../../shared/event/api/event-content.ts';

/** "the contact page (or email ...)": the way to reach the organisers about personal data. */
export function ContactLine() {
  const email = usePublicSite().data?.content.contactEmail;
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
