import { Anchor, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { EventContent } from '@eisteddfod/shared';
import { adjudicatorBioUrl, portraitSrc } from '../../../shared/event/documents.ts';
import { RichText } from '../../../lib/i18n/RichText.tsx';
import { text } from '../text.ts';
import classes from './info.module.css';

/** Each adjudicator's biography, with its PDF. */
export function AdjudicatorBios({ adjudicators }: { adjudicators: EventContent['adjudicators'] }) {
  return (
    <Stack gap="lg">
      {adjudicators.map((person) => (
        <article key={person.slug} className={classes.bio}>
          <img
            src={portraitSrc(person.portrait)}
            alt={text('monogram', { name: person.name })}
            width={88}
            height={88}
            loading="lazy"
            decoding="async"
            className={classes.bioPortrait}
          />
          <div>
            <Title order={3} className={classes.bioName}>
              {person.name}
            </Title>
            <Text className={classes.bioDiscipline}>{person.discipline}</Text>
            {person.bio.map((paragraph) => (
              <Text key={paragraph.slice(0, 40)} className={classes.text} mt="xs">
                {paragraph}
              </Text>
            ))}
            <Anchor
              href={adjudicatorBioUrl(person.slug)}
              target="_blank"
              rel="noopener"
              fw={700}
              mt="xs"
              display="inline-block"
            >
              <RichText
                text={text}
                id="biography"
                values={{ name: person.name }}
                components={{ 0: <VisuallyHidden /> }}
              />
            </Anchor>
          </div>
        </article>
      ))}
    </Stack>
  );
}
