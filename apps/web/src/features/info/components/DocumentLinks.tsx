import { paths } from '@eisteddfod/shared';
import { SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { FAQ_URL, PROSPECTUS_URL } from '../../../shared/event/documents.ts';
import { text } from '../text.ts';
import classes from './info.module.css';

const NEW_TAB = { target: '_blank', rel: 'noopener' } as const;

/** Spec 2, Information page: the prospectus, adjudicators and FAQ links, and where to ask. */
export function DocumentLinks() {
  return (
    <nav aria-label={text('documents')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <UnstyledButton component="a" href={PROSPECTUS_URL} {...NEW_TAB} className={classes.doc}>
          <Text className={classes.docTitle}>{text('prospectus')}</Text>
          <Text className={classes.docText}>{text('prospectusText')}</Text>
          <VisuallyHidden>{text('opensInNewTab')}</VisuallyHidden>
        </UnstyledButton>
        <UnstyledButton component="a" href={FAQ_URL} {...NEW_TAB} className={classes.doc}>
          <Text className={classes.docTitle}>{text('faq')}</Text>
          <Text className={classes.docText}>{text('faqText')}</Text>
          <VisuallyHidden>{text('opensInNewTab')}</VisuallyHidden>
        </UnstyledButton>
        <UnstyledButton component="a" href="#adjudicators" className={classes.doc}>
          <Text className={classes.docTitle}>{text('adjudicators')}</Text>
          <Text className={classes.docText}>{text('adjudicatorsText')}</Text>
        </UnstyledButton>
        <UnstyledButton component={Link} to={paths.contact.href()} className={classes.doc}>
          <Text className={classes.docTitle}>{text('contact')}</Text>
          <Text className={classes.docText}>{text('contactText')}</Text>
        </UnstyledButton>
      </SimpleGrid>
    </nav>
  );
}
