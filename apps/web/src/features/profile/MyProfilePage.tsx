import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { UpdateCustomerSchema, paths, toMobileDigits, type Customer } from '@eisteddfod/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CountrySelect } from '../../components/CountrySelect.tsx';
import { FormCard } from '../../components/FormCard.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { readStored } from '../../lib/storage.ts';
import { toast } from '../../lib/toasts.ts';
import { useCustomer } from '../../shared/customer/customer.ts';
import { useUpdateCustomer } from '../../shared/customer/update-customer.ts';
import { ContactVerification } from './ContactVerification.tsx';
import { DataRights } from './DataRights.tsx';
import { ReminderSettings } from './ReminderSettings.tsx';
import { issueWords } from '../../lib/i18n/issue-words.ts';
import { accountText } from '../../shared/customer/account-text.ts';
import { text } from './text.ts';

/** /my-profile (spec 2): the customer's names and country; email and mobile are read-only. */
export default function MyProfilePage() {
  const customerId = Number(readStored('customerId'));
  const customer = useCustomer(customerId);
  if (customer.data) return <ProfileForm key={customer.data.customerId} customer={customer.data} />;
  return (
    <FormCard title={text('title')}>
      {customer.isError && <Text>{text('notLoaded')}</Text>}
    </FormCard>
  );
}

function ProfileForm({ customer }: { customer: Customer }) {
  const update = useUpdateCustomer(customer.customerId);
  const [firstName, setFirstName] = useState(customer.firstName);
  const [surname, setSurname] = useState(customer.surname);
  const [country, setCountry] = useState(customer.country);
  const faults = useFieldErrors<'firstName' | 'surname'>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = UpdateCustomerSchema.safeParse({
      firstName,
      surname,
      country,
      email: customer.email,
      mobileNumber: customer.mobileNumber,
    });
    if (!parsed.success) {
      // The shared schema's messages are catalogue ids (decision 057).
      const top = parsed.error.issues[0];
      toast('warning', top ? issueWords(top.message) : accountText('nameRequired'));
      // Each name the schema refused, in the form's order (issue 32).
      const refused = (field: 'firstName' | 'surname') => {
        const issue = parsed.error.issues.find((i) => i.path[0] === field);
        return issue && issueWords(issue.message);
      };
      const first = refused('firstName');
      const last = refused('surname');
      faults.mark({
        ...(first ? { firstName: first } : {}),
        ...(last ? { surname: last } : {}),
      });
      return;
    }
    update.mutate(parsed.data, {
      onSuccess: () => toast('success', accountText('profileUpdated')),
    });
  }

  return (
    <FormCard title={text('title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
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
          <CountrySelect value={country} onChange={setCountry} required />
          <TextInput
            label={text('mobileNumber')}
            size="md"
            variant="filled"
            readOnly
            inputMode="numeric"
            value={toMobileDigits(customer.mobileNumber ?? '')}
          />
          <ContactVerification customer={customer} contact="mobileNumber" />
          <TextInput
            label={text('email')}
            size="md"
            variant="filled"
            readOnly
            value={customer.email ?? ''}
          />
          <ContactVerification customer={customer} contact="email" />
          <Text size="sm" c="gray.7">
            {text('contactsFixed')}
          </Text>
          <Button type="submit" fullWidth size="md" loading={update.isPending}>
            {text('update')}
          </Button>
        </Stack>
      </form>
      <ReminderSettings customerId={customer.customerId} />
      <DataRights customerId={customer.customerId} />
      <Teaching />
    </FormCard>
  );
}

/** The way into the Teaching area (decision 061): a teacher is a family account too. */
function Teaching() {
  return (
    <Stack gap="xs" mt="xl" component="section" aria-labelledby="teaching-title">
      <Title order={2} size="h4" id="teaching-title">
        {text('teachingTitle')}
      </Title>
      <Text size="sm">{text('teachingLead')}</Text>
      <Button component={Link} to={paths.teaching.href()} variant="default" fullWidth size="md">
        {text('teaching')}
      </Button>
    </Stack>
  );
}
