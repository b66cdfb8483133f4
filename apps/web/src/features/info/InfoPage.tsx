import { paths } from '@eisteddfod/shared';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { RichText } from '../../lib/i18n/RichText.tsx';
import { usePublicSiteSuspense } from '../../shared/event/api/event-content.ts';
import { isNoEventYet } from '../../shared/event/no-event-yet.ts';
import { KeyDates } from '../../shared/event/KeyDates.tsx';
import { WithoutContentOnError } from '../../shared/event/WithoutContentOnError.tsx';
import { AdjudicatorBios } from './components/AdjudicatorBios.tsx';
import { DocumentLinks } from './components/DocumentLinks.tsx';
import { FeesTable } from './components/FeesTable.tsx';
import { Poster } from './components/Poster.tsx';
import classes from './components/info.module.css';
import { text } from './text.ts';

/**
 * Events/Concours (spec 2 and 9): poster, documents, dates, fees, rules and adjudicators. It waits
 * for the content under the route's loading overlay and shows complete, with the footer: drawn
 * before the content, the footer was pushed down when it came (a layout shift of 0.20).
 */
export default function InfoPage() {
  useDocumentTitle(text('title'));
  return (
    <WithoutContentOnError fallback={(error) => <InfoUnavailable notOpen={isNoEventYet(error)} />}>
      <LoadedInfoPage />
    </WithoutContentOnError>
  );
}

/** Without content: a new site's (no event yet, as the home page says), or a failure's. */
function InfoUnavailable({ notOpen }: { notOpen: boolean }) {
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="sm">
        {text('title')}
      </Title>
      <Text>{text(notOpen ? 'notOpen' : 'notLoaded')}</Text>
    </Container>
  );
}

function LoadedInfoPage() {
  const { data } = usePublicSiteSuspense();
  const { event, content } = data;
  return (
    <>
      <Poster event={event} content={content} />
      <Container size="lg" py={{ base: 'xl', sm: 48 }}>
        <DocumentLinks />

        <div className={classes.columns}>
          <section aria-labelledby="dates-title">
            <Title order={2} id="dates-title" className={classes.h2}>
              {text('dates')}
            </Title>
            <KeyDates dates={event.dates} />
            <Text className={classes.note}>{text('deadlines')}</Text>
            {/* Issue 20's gala page, linked here and not from the footer: every first visit
                downloads the footer, and the home route's budget (bench/web-bundle) had a few
                bytes left. */}
            <Text className={classes.note}>
              <RichText
                text={text}
                id="galaLink"
                components={{ 0: <Anchor component={Link} to={paths.gala.href()} fw={600} /> }}
              />
            </Text>
          </section>
          <section aria-labelledby="fees-title">
            <Title order={2} id="fees-title" className={classes.h2}>
              {text('fees')}
            </Title>
            <FeesTable fees={event.fees} />
            <Text className={classes.note}>{text('nonRefundable')}</Text>
          </section>
        </div>

        <section aria-labelledby="rules-title" className={classes.block}>
          <Title order={2} id="rules-title" className={classes.h2}>
            {text('rules')}
          </Title>
          <ol className={classes.rules}>
            {content.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
        </section>

        <section id="adjudicators" aria-labelledby="adjudicators-title" className={classes.block}>
          <Title order={2} id="adjudicators-title" className={classes.h2}>
            {text('adjudicators')}
          </Title>
          <AdjudicatorBios adjudicators={content.adjudicators} />
        </section>
      </Container>
    </>
  );
}
