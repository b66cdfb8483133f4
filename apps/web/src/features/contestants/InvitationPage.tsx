import { Alert, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { paths } from '@eisteddfod/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { messageOf } from '../../lib/api-client.ts';
import { readStored, removeStored, storedCustomerId, writeStored } from '../../lib/storage.ts';
import { toast } from '../../lib/toasts.ts';
import { formatDate } from '../../shared/event/format-instant.ts';
import { ConsentCheckbox, HonourPledgeText, TermsText } from './components/ConsentCheckbox.tsx';
import { useAcceptInvitation, useInvitation } from './school/school-children.ts';
import { text } from './school/text.ts';
import { text as contestantText } from './text.ts';

/**
 * /invitation/:token (decision 063): the link a learner's parent is sent. Phone first: who
 * entered the child, then signing in with the invited address, then the parent's consents.
 */
export default function InvitationPage() {
  const token = useParams().token ?? '';
  const customerId = storedCustomerId();
  const signedIn = readStored('token') !== null && customerId > 0;
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(customerId, token);
  const navigate = useNavigate();
  const [pledge, setPledge] = useState(false);
  const [terms, setTerms] = useState(false);
  const [minorData, setMinorData] = useState(false);

  // Signing in leads back here (lib/signed-in-role.ts) until the invitation is settled.
  useEffect(() => {
    if (!signedIn) writeStored('parentInvitation', token);
  }, [signedIn, token]);

  const data = invitation.data;
  const child = data?.childFirstName ?? '';
  return (
    <Container size="sm" px={{ base: 'sm', sm: 'md' }} py={{ base: 'lg', sm: 'xl' }}>
      {invitation.isError && (
        <Alert color="red" title={text('notLoaded')}>
          {messageOf(invitation.error)}
        </Alert>
      )}
      {data && (
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            {text('landingTitle', { child })}
          </Title>
          <Text>
            {text('landingLead', { child, teacher: data.teacherName, school: data.schoolName })}
          </Text>
          <Text size="sm" c="gray.7">
            {text('validUntil', { date: formatDate(data.expiresAt.slice(0, 10)) })}
          </Text>
          {!signedIn && (
            <Card withBorder padding="md">
              <Text mb="md">{text('signInFirst', { sentTo: data.sentTo })}</Text>
              <Group grow>
                <Button component={Link} to={paths.login.href()}>
                  {text('signIn')}
                </Button>
                <Button component={Link} to={paths.register.href()} variant="outline">
                  {text('register')}
                </Button>
              </Group>
            </Card>
          )}
          {signedIn && (
            <Card withBorder padding="md">
              <Title order={2} fz={{ base: 18, sm: 22 }} mb="sm">
                {text('consentsTitle', { child })}
              </Title>
              <Stack gap="sm" mb="md">
                <ConsentCheckbox
                  label={contestantText('honourPledge')}
                  checked={pledge}
                  onChange={setPledge}
                >
                  <HonourPledgeText />
                </ConsentCheckbox>
                <ConsentCheckbox
                  label={contestantText('terms')}
                  checked={terms}
                  onChange={setTerms}
                >
                  <TermsText />
                </ConsentCheckbox>
                <ConsentCheckbox
                  label={text('minorData')}
                  checked={minorData}
                  onChange={setMinorData}
                >
                  <Text>{text('minorDataText', { child })}</Text>
                </ConsentCheckbox>
              </Stack>
              <Button
                fullWidth
                disabled={!(pledge && terms && minorData)}
                loading={accept.isPending}
                onClick={() =>
                  accept.mutate(
                    {
                      acceptedHonourPledge: pledge,
                      acceptedTermsAndConditions: terms,
                      acceptedMinorData: minorData,
                    },
                    {
                      onSuccess: () => {
                        removeStored('parentInvitation');
                        toast('success', text('accepted', { child }));
                        void navigate(paths.contestants.href());
                      },
                    },
                  )
                }
              >
                {text('accept')}
              </Button>
            </Card>
          )}
        </Stack>
      )}
    </Container>
  );
}
