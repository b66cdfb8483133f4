import { Anchor, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import classes from './legal.module.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  updated: string;
  summary: ReactNode;
  sections: LegalSection[];
}

/** A readable legal page: summary, contents and numbered sections with anchors. */
export function LegalPage({ title, updated, summary, sections }: LegalPageProps) {
  useDocumentTitle(title);
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }} className={classes.page}>
      <Title order={1} className={classes.title}>
        {title}
      </Title>
      <Text className={classes.updated}>Last updated {updated}</Text>
      <div className={classes.summary}>{summary}</div>
      <nav aria-labelledby="contents-title" className={classes.contents}>
        <Title order={2} id="contents-title" className={classes.contentsTitle}>
          Contents
        </Title>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <Anchor href={`#${section.id}`}>{section.title}</Anchor>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <Title order={2} id={`${section.id}-title`} className={classes.sectionTitle}>
            {index + 1}. {section.title}
          </Title>
          <div className={classes.body}>{section.body}</div>
        </section>
      ))}
    </Container>
  );
}
