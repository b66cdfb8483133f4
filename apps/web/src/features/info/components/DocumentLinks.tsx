import { paths } from '@eisteddfod/shared';
import { SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { FAQ_URL, PROSPECTUS_URL } from '../../../shared/event/documents.ts';
import classes from './info.module.css';

const NEW_TAB = { target: '_blank', rel: 'noopener' } as const;

/** Spec 2, Information page: the prospectus, adjudicators and FAQ links, and where to ask. */
export function DocumentLinks() {
  return (
    <nav aria-label="Competition documents">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <UnstyledButton component="a" href={PROSPECTUS_URL} {...NEW_TAB} className={classes.doc}>
          <Text className={classes.docTitle}>Prospectus (PDF)</Text>
          <Text className={classes.docText}>Dates, fees, rules and every item</Text>
          <VisuallyHidden>Opens in a new tab</VisuallyHidden>
        </UnstyledButton>
        <UnstyledButton component="a" href={FAQ_URL} {...NEW_TAB} className={classes.doc}>
          <Text className={classes.docTitle}>FAQ (PDF)</Text>
          <Text className={classes.docText}>Every question, answered</Text>
          <VisuallyHidden>Opens in a new tab</VisuallyHidden>
        </UnstyledButton>
        <UnstyledButton component="a" href="#adjudicators" className={classes.doc}>
          <Text className={classes.docTitle}>Adjudicators</Text>
          <Text className={classes.docText}>Who marks the entries, with their biographies</Text>
        </UnstyledButton>
        <UnstyledButton component={Link} to={paths.contact.href()} className={classes.doc}>
          <Text className={classes.docTitle}>Contact us</Text>
          <Text className={classes.docText}>A question the FAQ does not answer</Text>
        </UnstyledButton>
      </SimpleGrid>
    </nav>
  );
}
