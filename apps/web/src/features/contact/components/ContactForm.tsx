import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { toMobileDigits, type SupportTicket } from '@eisteddfod/shared';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toasts.ts';
import { preloadSupportTicketCall } from '../api/create-support-ticket.ts';
import { text } from '../text.ts';
import classes from './contact.module.css';

type Fields = Record<keyof SupportTicket, string>;
/** Mantine's input descriptions are a dimmed grey below 4.5:1 on white; these are darker. */
const INPUT_CLASSES = { description: classes.description };
const EMPTY: Fields = {
  name: '',
  email: '',
  mobileNumber: '',
  subject: '',
  message: '',
  website: '',
};

interface ContactFormProps {
  sending: boolean;
  onSend: (ticket: SupportTicket) => void;
}

/**
 * The support ticket form. It checks the fields with the shared schema, in the schema's order,
 * and shows the first problem as a warning before anything is sent.
 */
export function ContactForm({ sending, onSend }: ContactFormProps) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const set = (key: keyof Fields) => (value: string) =>
    setFields((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    // The schema comes with the call (zod, 26 KB), loaded when the form was first touched.
    void import('../api/support-ticket-call.ts').then(({ readTicket }) => {
      const read = readTicket(fields);
      if ('problem' in read) toast('warning', read.problem);
      else onSend(read.ticket);
    });
  }

  return (
    <form
      onSubmit={submit}
      onFocus={preloadSupportTicketCall}
      noValidate
      aria-label={text('formLabel')}
    >
      <Stack gap="md">
        <TextInput
          label={text('name')}
          size="md"
          classNames={INPUT_CLASSES}
          autoComplete="name"
          required
          maxLength={100}
          value={fields.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
        />
        <TextInput
          label={text('emailAddress')}
          description={text('emailHint')}
          type="email"
          size="md"
          classNames={INPUT_CLASSES}
          autoComplete="email"
          required
          maxLength={254}
          value={fields.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
        />
        <TextInput
          label={text('mobile')}
          description={text('mobileHint')}
          type="tel"
          inputMode="numeric"
          size="md"
          classNames={INPUT_CLASSES}
          autoComplete="tel-national"
          value={fields.mobileNumber}
          onChange={(e) => set('mobileNumber')(toMobileDigits(e.currentTarget.value))}
        />
        <TextInput
          label={text('subject')}
          size="md"
          classNames={INPUT_CLASSES}
          required
          maxLength={150}
          value={fields.subject}
          onChange={(e) => set('subject')(e.currentTarget.value)}
        />
        <Textarea
          label={text('message')}
          description={text('messageHint')}
          size="md"
          classNames={INPUT_CLASSES}
          required
          rows={6}
          resize="vertical"
          maxLength={5000}
          value={fields.message}
          onChange={(e) => set('message')(e.currentTarget.value)}
        />
        {/* A honeypot for bots: people never see it, screen readers skip it, Tab passes it by. */}
        <div className={classes.honeypot} aria-hidden="true">
          <label htmlFor="contact-website">{text('honeypot')}</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={fields.website}
            onChange={(e) => set('website')(e.currentTarget.value)}
          />
        </div>
        <Button type="submit" size="md" loading={sending} className={classes.send}>
          {text('send')}
        </Button>
      </Stack>
    </form>
  );
}
