import { Button, Paper, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import { supportText, text } from '../text.ts';
import classes from './contact.module.css';

/** What the contact page shows once a ticket is made; focus moves here so it is announced. */
export function TicketSent({
  ticketNumber,
  onAnother,
}: {
  ticketNumber: string;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper className={classes.sent} role="status">
      <span className={classes.sentIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <Title order={2} ref={heading} tabIndex={-1} className={classes.sentTitle}>
        {text('sent')}
      </Title>
      <Text className={classes.sentNumber}>
        <RichText
          text={text}
          id="ticketNumber"
          values={{ ticketNumber }}
          components={{ 0: <strong /> }}
        />
      </Text>
      <Text className={classes.text}>{supportText('sent')}</Text>
      <Text className={classes.text}>{text('quoteTicket')}</Text>
      <Button variant="light" onClick={onAnother} mt="md">
        {text('sendAnother')}
      </Button>
    </Paper>
  );
}
