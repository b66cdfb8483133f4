import { HOME_FAQ_COUNT, paths } from '@eisteddfod/shared';
import { Accordion, Button, Container, Text } from '@mantine/core';
import type { EventContent } from '@eisteddfod/shared';
import { Link } from 'react-router';
import { DownloadIcon, MailIcon } from '../../../components/icons.tsx';
import { FAQ_URL } from '../../../shared/event/documents.ts';
import { text } from '../text.ts';
import { SectionHeading } from './SectionHeading.tsx';
import classes from './home.module.css';

/**
 * Spec 2 and 4 (FAQ accordion): the first five questions; opening one closes the others
 * (Mantine's Accordion allows one open item by default). The full list is the FAQ PDF.
 */
export function FaqSection({ faq }: { faq: EventContent['faq'] }) {
  return (
    <section className={classes.section} aria-labelledby="faq-title">
      <Container size="lg" className={classes.faqLayout}>
        <div>
          <SectionHeading
            id="faq-title"
            eyebrow={text('faqEyebrow')}
            title={text('faqTitle')}
            align="left"
          >
            {text('faqLead')}
          </SectionHeading>
          <div className={classes.faqActions}>
            <Button
              component="a"
              href={FAQ_URL}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<DownloadIcon />}
            >
              {text('downloadFaq')}
            </Button>
            <Button
              component={Link}
              to={paths.contact.href()}
              variant="outline"
              leftSection={<MailIcon />}
            >
              {text('contact')}
            </Button>
          </div>
        </div>
        <Accordion variant="separated" radius="md" order={3} className={classes.faq}>
          {faq.slice(0, HOME_FAQ_COUNT).map((item, index) => (
            <Accordion.Item key={item.question} value={String(index)}>
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel>
                <Text className={classes.cardText}>{item.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Container>
    </section>
  );
}
