import { Anchor, Button, Stack, Text } from '@mantine/core';
import { paths } from '@eisteddfod/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '../../components/FormCard.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { RichText } from '../../lib/i18n/RichText.tsx';
import { toast } from '../../lib/toasts.ts';
import {
  EmailInput,
  IdentifierModeToggle,
  MobileNumberInput,
  type IdentifierMode,
} from './components/IdentifierFields.tsx';
import {
  isPinAlreadySent,
  preloadLoginCalls,
  showFlowError,
  useRequestLoginPin,
} from './login-flows.ts';
import { accountText } from '../../shared/customer/account-text.ts';
import { text } from './text.ts';

/**
 * /login (spec 2): ask for a one-time pin by email or WhatsApp. The spec's text mentions a Google
 * login that does not exist, so it is left out.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const requestPin = useRequestLoginPin();
  const [mode, setMode] = useState<IdentifierMode>('email');
  const [email, setEmail] = useState('');
  const [mobileNumber, setMobileNumber] = useState('');
  const faults = useFieldErrors<'email' | 'mobileNumber'>();
  const identifier = mode === 'mobile' ? 'mobileNumber' : 'email';

  function submit(event: FormEvent) {
    event.preventDefault();
    const isMobile = mode === 'mobile';
    const username = isMobile ? mobileNumber : email.trim();
    if (!username) {
      toast('warning', accountText('emptyLogin'), text('invalidInput'));
      faults.mark({ [identifier]: accountText('emptyLogin') });
      return;
    }
    requestPin.mutate(
      { username, isMobile },
      {
        onSuccess: (outcome) => {
          if (outcome === 'no-account') {
            const noAccount = accountText('noAccount', { username });
            toast('error', noAccount, text('userNotFound'));
            faults.mark({ [identifier]: noAccount });
          } else {
            void navigate(paths.verify.href());
          }
        },
        onError: (error) => {
          showFlowError(error);
          if (isPinAlreadySent(error)) void navigate(paths.verify.href());
        },
      },
    );
  }

  return (
    <FormCard title={text('loginTitle')}>
      <Text mb="md">{text('loginLead')}</Text>
      <form onSubmit={submit} onFocus={preloadLoginCalls} noValidate>
        <Stack gap="md">
          <IdentifierModeToggle value={mode} onChange={setMode} />
          {mode === 'email' ? (
            <EmailInput
              {...faults.field('email')}
              value={email}
              onChange={(next) => {
                setEmail(next);
                faults.changed('email');
              }}
            />
          ) : (
            <MobileNumberInput
              {...faults.field('mobileNumber')}
              value={mobileNumber}
              onChange={(next) => {
                setMobileNumber(next);
                faults.changed('mobileNumber');
              }}
            />
          )}
          <Button type="submit" fullWidth size="md" loading={requestPin.isPending}>
            {text('requestOtp')}
          </Button>
          <Text ta="center">
            <RichText
              text={text}
              id="noAccountYet"
              components={{ 0: <Anchor component={Link} to={paths.register.href()} fw={600} /> }}
            />
          </Text>
        </Stack>
      </form>
    </FormCard>
  );
}
