import { paths } from '@eisteddfod/shared';
import { Button, Container, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import type { EventContent, EventSummary } from '@eisteddfod/shared';
import { Link } from 'react-router';
import { PROSPECTUS_URL } from '../../../shared/event/documents.ts';
import { KeyDates } from '../../../shared/event/KeyDates.tsx';
import { text } from '../text.ts';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import classes from './Hero.module.css';

interface HeroProps {
  event: EventSummary | undefined;
  content: EventContent | undefined;
  /** No event has been set up yet: nothing to enter, and no prospectus to read. */
  notOpen?: boolean;
}

/** Spec 2, Home page: host line, title, intro, key dates, Enter Now and Learn More. */
export function Hero({ event, content, notOpen = false }: HeroProps) {
  return (
    <section className={classes.hero} aria-labelledby="home-title">
      <Container size="lg" className={classes.inner}>
        <div className={classes.copy}>
          {content && <Text className={classes.host}>{content.hostLine}</Text>}
          <Title order={1} id="home-title" className={classes.title}>
            {content?.title ?? event?.name ?? text('siteName')}
          </Title>
          {content && <Text className={classes.intro}>{content.intro}</Text>}
          {notOpen ? (
            <Text className={classes.intro}>{text('notOpen')}</Text>
          ) : (
            <div className={classes.actions}>
              <Button
                component={Link}
                to={paths.register.href()}
                size="lg"
                className={classes.enter}
              >
                {text('enterNow')}
              </Button>
              <Button
                component="a"
                href={PROSPECTUS_URL}
                target="_blank"
                rel="noopener"
                size="lg"
                variant="white"
                className={classes.learn}
              >
                <RichText text={text} id="learnMore" components={{ 0: <VisuallyHidden /> }} />
              </Button>
            </div>
          )}
        </div>
        {event && (
          <Paper className={classes.dates} shadow="xl" radius="lg">
            <Title order={2} className={classes.datesTitle}>
              {text('keyDates')}
            </Title>
            <KeyDates dates={event.dates} />
          </Paper>
        )}
      </Container>
    </section>
  );
}
