import { Button, Container, SimpleGrid, Text, Title } from '@mantine/core';
import type { EventContent } from '@eisteddfod/shared';
import { PROSPECTUS_URL } from '../../../shared/event/documents.ts';
import { text } from '../text.ts';
import { SectionHeading } from './SectionHeading.tsx';
import { SectionIcon } from './SectionIcon.tsx';
import { DownloadIcon } from '../../../components/icons.tsx';
import classes from './home.module.css';

const ACCENTS: Record<string, string> = {
  'Dramatic Arts': 'grape',
  Music: 'indigo',
  'Visual Arts & Design': 'orange',
  Dance: 'teal',
};

/** Spec 2, Home page: the four categories and the download-prospectus link. */
export function CategoriesSection({ categories }: { categories: EventContent['categories'] }) {
  return (
    <section className={classes.section} aria-labelledby="categories-title">
      <Container size="lg">
        <SectionHeading
          id="categories-title"
          eyebrow={text('categoriesEyebrow')}
          title={text('categoriesTitle')}
        >
          {text('categoriesLead')}
        </SectionHeading>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {categories.map((category) => (
            <article
              key={category.section}
              className={classes.categoryCard}
              data-accent={ACCENTS[category.section] ?? 'grape'}
            >
              <span className={classes.categoryIcon}>
                <SectionIcon section={category.section} />
              </span>
              <Title order={3} className={classes.cardTitle}>
                {category.title}
              </Title>
              {category.section !== category.title && (
                <Text className={classes.categorySection}>{category.section}</Text>
              )}
              <Text className={classes.cardText}>{category.summary}</Text>
            </article>
          ))}
        </SimpleGrid>
        <div className={classes.sectionAction}>
          <Button
            component="a"
            href={PROSPECTUS_URL}
            target="_blank"
            rel="noopener"
            variant="light"
            size="md"
            leftSection={<DownloadIcon />}
            // The label wraps on a narrow phone rather than being cut off (issue 32).
            h="auto"
            mih={44}
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          >
            {text('downloadProspectus')}
          </Button>
          <Text className={classes.actionNote}>{text('prospectusNote')}</Text>
        </div>
      </Container>
    </section>
  );
}
