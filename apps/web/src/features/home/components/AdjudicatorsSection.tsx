import { Anchor, Container, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import type { EventContent } from '@eisteddfod/shared';
import {
  adjudicatorBioUrl,
  isUploadedImage,
  portraitSrc,
} from '../../../shared/event/documents.ts';
import { text } from '../text.ts';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import { SectionHeading } from './SectionHeading.tsx';
import classes from './home.module.css';

/** Spec 2, Home page: the adjudicators (four in the spec), each with a bio PDF link. */
export function AdjudicatorsSection({
  adjudicators,
}: {
  adjudicators: EventContent['adjudicators'];
}) {
  return (
    <section className={classes.sectionTinted} aria-labelledby="adjudicators-title">
      <Container size="lg">
        <SectionHeading
          id="adjudicators-title"
          eyebrow={text('adjudicatorsEyebrow')}
          title={text('adjudicatorsTitle')}
        >
          {text('adjudicatorsLead')}
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {adjudicators.map((person) => (
            <article key={person.slug} className={classes.person}>
              <img
                src={portraitSrc(person.portrait)}
                alt={text(isUploadedImage(person.portrait) ? 'portrait' : 'monogram', {
                  name: person.name,
                })}
                width={104}
                height={104}
                loading="lazy"
                decoding="async"
                className={classes.portrait}
              />
              <Title order={3} className={classes.cardTitle}>
                {person.name}
              </Title>
              <Text className={classes.discipline}>{person.discipline}</Text>
              <Text className={classes.cardText}>{person.summary}</Text>
              <Anchor
                href={adjudicatorBioUrl(person.slug)}
                target="_blank"
                rel="noopener"
                fw={700}
                className={classes.bioLink}
              >
                <RichText
                  text={text}
                  id="readBio"
                  values={{ name: person.name }}
                  components={{ 0: <VisuallyHidden /> }}
                />
              </Anchor>
            </article>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
