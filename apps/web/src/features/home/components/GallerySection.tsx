import { Container } from '@mantine/core';
import type { EventContent } from '@eisteddfod/shared';
import { ArtworkCarousel } from './ArtworkCarousel.tsx';
import { text } from '../text.ts';
import { SectionHeading } from './SectionHeading.tsx';
import classes from './home.module.css';

/** Spec 2, Home page: the carousel of artworks (three in the spec). */
export function GallerySection({ artworks }: { artworks: EventContent['artworks'] }) {
  return (
    <div className={classes.sectionTinted}>
      <Container size="lg">
        <SectionHeading
          id="gallery-title"
          eyebrow={text('galleryEyebrow')}
          title={text('galleryTitle')}
        >
          {text('galleryLead')}
        </SectionHeading>
        <ArtworkCarousel artworks={artworks} labelledBy="gallery-title" />
      </Container>
    </div>
  );
}
