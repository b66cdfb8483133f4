import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { ACCOUNT_TEXT, DEFAULT_COUNTRY, paths, registrationProblem } from '@eisteddfod/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CountrySelect } from '../../components/CountrySelect.tsx';
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
  useRegisterAccount,
} from './login-flows.ts';
import { wordsOf } from '../../lib/i18n/catalogue.ts';
import { accountText } from '../../shared/customer/account-text.ts';
import { text } from './text.ts';

/** /register (spec 2): create an account, then verify it with a one-time pin. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegisterAccount();
  const [mode, setMode] = useState<IdentifierMode>('email');
  const [firstName, setFirstName] = useState('');
  const [surname, setSurname] = useState('');
  const [email, setEmail] = useState('');
  const [mobileNumber, setMobileNumber] = useState('');
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const faults = useFieldErrors<'firstName' | 'surname' | 'email' | 'mobileNumber'>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const form = { firstName, surname, country, isMobile: mode === 'mobile', email, mobileNumber };
    const refused = registrationProblem(form);
    if (refused) {
      const problem = wordsOf(refused);
      toast('warning', problem);
      if (refused.id === ACCOUNT_TEXT.id('nameRequired')) {
        faults.mark({
          ...(firstName.trim() ? {} : { firstName: problem }),
          ...(surname.trim() ? {} : { surname: problem }),
        });
      } else {
        faults.mark(mode === 'mobile' ? { mobileNumber: problem } : { email: problem });
      }
      return;
    }
    register.mutate(form, {
      onSuccess: (outcome) => {
        if (outcome === 'exists') {
          toast('warning', accountText('userExists'));
          void navigate(paths.login.href());
        } else {
          void navigate(paths.verify.href());
        }
      },
      onError: (error) => {
        showFlowError(error);
        if (isPinAlreadySent(error)) void navigate(paths.verify.href());
      },
    });
  }

  return (
    <FormCard title={text('registerTitle')}>
      <Text mb="md">{text('registerLead')}</Text>
      <form onSubmit={submit} onFocus={preloadLoginCalls} noValidate>
        <Stack gap="md">
          <IdentifierModeToggle value={mode} onChange={setMode} />
          <TextInput
            label={text('firstName')}
            size="md"
            autoComplete="given-name"
            required
            {...faults.field('firstName')}
            value={firstName}
            onChange={(event) => {
              setFirstName(event.currentTarget.value);
              faults.changed('firstName');
            }}
          />
          <TextInput
            label={text('surname')}
            size="md"
            autoComplete="family-name"
            required
            {...faults.field('surname')}
            value={surname}
            onChange={(event) => {
              setSurname(event.currentTarget.value);
              faults.changed('surname');
            }}
          />
          {mode === 'email' ? (
            <EmailInput
              {...faults.field('email')}
              value={email}
              onChange={(next) => {
                setEmail(next);
                faults.changed('email');
              }}
              required
            />
          ) : (
            <MobileNumberInput
              {...faults.field('mobileNumber')}
              value={mobileNumber}
              onChange={(next) => {
                setMobileNumber(next);
                faults.changed('mobileNumber');
              }}
              required
            />
          )}
          <CountrySelect value={country} onChange={setCountry} required />
          <Button type="submit" fullWidth size="md" loading={register.isPending}>
            {text('createAccount')}
          </Button>
          <Text ta="center">
            <RichText
              text={text}
              id="haveAccount"
              components={{ 0: <Anchor component={Link} to={paths.login.href()} fw={600} /> }}
            />
          </Text>
        </Stack>
      </form>
    </FormCard>
  );
}
