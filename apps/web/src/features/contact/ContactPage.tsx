import { Anchor, Container, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { RichText } from '../../lib/i18n/RichText.tsx';
import { usePublicSite } from '../../shared/event/api/event-content.ts';
import { FAQ_URL } from '../../shared/event/documents.ts';
import { useCreateSupportTicket } from './api/create-support-ticket.ts';
import { ContactForm } from './components/ContactForm.tsx';
import { TicketSent } from './components/TicketSent.tsx';
import classes from './components/contact.module.css';
import { text } from './text.ts';

/** /contact (spec 2): our own support ticket form in place of the spec's external one. */
export default function ContactPage() {
  useDocumentTitle(text('title'));
  const { data } = usePublicSite();
  const send = useCreateSupportTicket();
  const [ticketNumber, setTicketNumber] = useState<string | null>(null);
  const email = data?.content.contactEmail;

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <div className={classes.header}>
        <Title order={1} className={classes.title}>
          {text('heading')}
        </Title>
        <Text className={classes.lead}>{text('lead')}</Text>
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
            {text('beforeYouWrite')}
          </Title>
          <Text className={classes.text}>
            <RichText
              text={text}
              id="faq"
              components={{
                0: (
                  <Anchor
                    href={FAQ_URL}
                    target="_blank"
                    rel="noopener"
                    fw={700}
                    inherit
                    underline="always"
                  />
                ),
                1: <VisuallyHidden />,
              }}
            />
          </Text>
          <Title order={2} className={classes.asideTitle}>
            {text('otherWays')}
          </Title>
          {email ? (
            <Text className={classes.text}>
              <RichText
                text={text}
                id="email"
                values={{ email }}
                components={{
                  0: <Anchor href={`mailto:${email}`} fw={700} inherit underline="always" />,
                }}
              />
            </Text>
          ) : null}
          <Text className={classes.text}>{text('hours')}</Text>
        </aside>
      </div>
    </Container>
  );
}
