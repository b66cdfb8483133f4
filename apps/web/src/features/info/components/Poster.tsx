import { Container, Text, Title } from '@mantine/core';
import type { EventContent, EventSummary } from '@eisteddfod/shared';
import { artworkSrc } from '../../../shared/event/documents.ts';
import { text } from '../text.ts';
import classes from './info.module.css';
import { formatDate } from '../../../shared/event/format-instant.ts';

/** The competition poster: the first gallery artwork as a banner behind the event's name. */
export function Poster({ event, content }: { event: EventSummary; content: EventContent }) {
  const artwork = content.artworks[0];
  return (
    <section className={classes.poster} aria-labelledby="info-title">
      {artwork && (
        <img
          src={artworkSrc(artwork.image)}
          alt=""
          width={960}
          height={600}
          className={classes.posterImage}
        />
      )}
      <Container size="lg" className={classes.posterInner}>
        <Text className={classes.posterEyebrow}>{text('title')}</Text>
        <Title order={1} id="info-title" className={classes.posterTitle}>
          {event.name}
        </Title>
        <Text className={classes.posterLine}>{content.hostLine}</Text>
        <Text className={classes.posterDates}>
          {text('posterDates', {
            opens: formatDate(event.dates.registrationOpens),
            closes: formatDate(event.dates.registrationCloses),
            gala: formatDate(event.dates.galaAwards),
          })}
        </Text>
        {artwork && (
          <Text className={classes.posterCredit}>
            {text('posterCredit', { title: artwork.title, artist: artwork.artist })}
          </Text>
        )}
      </Container>
    </section>
  );
}
