import { Container } from '@mantine/core';
import type { EventContent } from '@eisteddfod/shared';
import { isUploadedImage, schoolLogoSrc } from '../../../shared/event/documents.ts';
import { text } from '../text.ts';
import { SectionHeading } from './SectionHeading.tsx';
import classes from './home.module.css';

/** Spec 2, Home page: last year's participating schools, with their logos. */
export function SchoolsSection({ schools }: { schools: EventContent['participatingSchools'] }) {
  return (
    <section className={classes.section} aria-labelledby="schools-title">
      <Container size="lg">
        <SectionHeading
          id="schools-title"
          eyebrow={text('schoolsEyebrow')}
          title={text('schoolsTitle')}
        >
          {text('schoolsLead')}
        </SectionHeading>
        <ul className={classes.schools}>
          {schools.map((school, index) => (
            <li key={`${index}:${school.name}`} className={classes.school}>
              <img
                src={schoolLogoSrc(school.logo)}
                alt={text(isUploadedImage(school.logo) ? 'schoolLogo' : 'schoolCrest', {
                  name: school.name,
                })}
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
                className={classes.logo}
              />
              <span className={classes.schoolName}>{school.name}</span>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
