import { Anchor, Container, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { usePublicSite } from '../../shared/event/api/event-content.ts';
import { FAQ_URL } from '../../shared/event/documents.ts';
import { useCreateSupportTicket } from './api/create-support-ticket.ts';
import { ContactForm } from './components/ContactForm.tsx';
import { TicketSent } from './components/TicketSent.tsx';
import classes from './components/contact.module.css';

/** /contact (spec 2): our own support ticket form in place of the spec's external one. */
export default function ContactPage() {
  useDocumentTitle('Contact');
  const { data } = usePublicSite();
  const send = useCreateSupportTicket();
  const [ticketNumber, setTicketNumber] = useState<string | null>(null);
  const email = data?.content.contactEmail;

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <div className={classes.header}>
        <Title order={1} className={classes.title}>
          Contact us
        </Title>
        <Text className={classes.lead}>
          Questions about entries, payments, uploads or results? Send us a message and we will
          answer by email.
        </Text>
      </div>
      <div className={classes.layout}>
        {ticketNumber ? (
          <TicketSent ticketNumber={ticketNumber} onAnother={() => setTicketNumber(null)} />
        ) : (
          <Paper className={classes.card}>
            <ContactForm
              sending={send.isPending}
              onSend={(ticket) =>
                send.mutate(ticket, { onSuccess: (answer) => setTicketNumber(answer.ticketNumber) })
              }
            />
          </Paper>
        )}
        <aside className={classes.aside} aria-labelledby="contact-other-title">
          <Title order={2} id="contact-other-title" className={classes.asideTitle}>
            Before you write
          </Title>
          <Text className={classes.text}>
            Many questions about fees, deadlines, filming and file formats are answered in the{' '}
            <Anchor
              href={FAQ_URL}
              target="_blank"
              rel="noopener"
              fw={700}
              inherit
              underline="always"
            >
              FAQ (PDF)
              <VisuallyHidden>, opens in a new tab</VisuallyHidden>
            </Anchor>
            .
          </Text>
          <Title order={2} className={classes.asideTitle}>
            Other ways to reach us
          </Title>
          {email ? (
            <Text className={classes.text}>
              Email{' '}
              <Anchor href={`mailto:${email}`} fw={700} inherit underline="always">
                {email}
              </Anchor>
            </Text>
          ) : null}
          <Text className={classes.text}>
            We answer on school days, usually within two working days. Times are South African
            Standard Time (UTC+2).
          </Text>
        </aside>
      </div>
    </Container>
  );
}
