import { Stack, Text } from '@mantine/core';
import { paths, PIN_LENGTH, PIN_RESEND_SECONDS } from '@eisteddfod/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { FormCard } from '../../components/FormCard.tsx';
import { afterLoad } from '../../lib/after-load.ts';
import { ApiRequestError } from '../../lib/api-fetch.ts';
import { RichText } from '../../lib/i18n/RichText.tsx';
import { toast } from '../../lib/toasts.ts';
import { landingAfterSignIn } from '../../lib/signed-in-role.ts';
import {
  preloadLoginCalls,
  readPendingLogin,
  showFlowError,
  useConfirmPin,
  useResendLoginPin,
  type PendingLogin,
} from './login-flows.ts';
import { PinCodeFields } from '../../shared/pins/PinCodeFields.tsx';
import { useCountdown } from '../../shared/pins/use-countdown.ts';
import { WRONG_PIN } from '../../shared/pins/wrong-pin.ts';
import { accountText } from '../../shared/customer/account-text.ts';
import { text } from './text.ts';

/** /verify (spec 2 and 4): the pin sent on register or login; without one, back to /login. */
export default function VerifyPage() {
  const [pending] = useState(readPendingLogin);
  if (!pending) return <Navigate to={paths.login.href()} replace />;
  return <VerifyForm pending={pending} />;
}

function VerifyForm({ pending }: { pending: PendingLogin }) {
  const navigate = useNavigate();
  const confirm = useConfirmPin();
  const resend = useResendLoginPin();
  const [pin, setPin] = useState('');
  const [wrong, setWrong] = useState(false);
  const countdown = useCountdown(PIN_RESEND_SECONDS);
  // The pin's first box takes the focus at once, so the calls load when the page has, rather
  // than with it (login-flows.ts); a parent takes longer than that to type six digits.
  useEffect(() => afterLoad(preloadLoginCalls), []);

  // Spec 5's warning, and the boxes marked with what was typed kept (issue 32): a wrong pin
  // used to clear all six.
  function warnInvalidPin() {
    toast('warning', accountText('pinInvalid'), text('invalidOtp'));
    setWrong(true);
  }

  function changePin(next: string) {
    setPin(next);
    setWrong(false);
  }

  function verify(event: FormEvent) {
    event.preventDefault();
    // Spec 5: all six inputs are required; an incomplete pin is as wrong as a false one.
    if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) {
      warnInvalidPin();
      return;
    }
    confirm.mutate(
      { pending, pin },
      {
        onSuccess: (isValid) => {
          if (!isValid) {
            warnInvalidPin();
            return;
          }
          toast('success', accountText('pinValidated'), text('success'));
          void navigate(landingAfterSignIn());
        },
        onError: showFlowError,
      },
    );
  }

  function sendNewCode() {
    const sendFailed = () => toast('error', accountText('pinSendFailed'), text('error'));
    resend.mutate(pending, {
      onSuccess: (outcome) => {
        if (outcome === 'no-account') {
          sendFailed();
          return;
        }
        changePin('');
        countdown.restart();
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 404) sendFailed();
        else showFlowError(error);
      },
    });
  }

  return (
    <FormCard title={text('verifyTitle')}>
      <Text mb="lg">
        <RichText
          text={text}
          id={pending.isMobile ? 'codeSentByWhatsApp' : 'codeSent'}
          values={{ length: PIN_LENGTH, username: pending.username }}
          components={{ 0: <Text span fw={700} style={{ overflowWrap: 'anywhere' }} /> }}
        />
      </Text>
      <form onSubmit={verify} noValidate>
        <Stack gap="md">
          <PinCodeFields
            pin={pin}
            onPinChange={changePin}
            error={wrong ? WRONG_PIN : undefined}
            verifying={confirm.isPending}
            resending={resend.isPending}
            secondsLeft={countdown.secondsLeft}
            onSendNewCode={sendNewCode}
          />
        </Stack>
      </form>
    </FormCard>
  );
}
