import type { EventContent, EventSummary } from '@eisteddfod/shared';
import { Component, type ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { usePublicSiteSuspense } from '../../shared/event/api/event-content.ts';
import { AdjudicatorsSection } from './components/AdjudicatorsSection.tsx';
import { CategoriesSection } from './components/CategoriesSection.tsx';
import { FaqSection } from './components/FaqSection.tsx';
import { GallerySection } from './components/GallerySection.tsx';
import { Hero } from './components/Hero.tsx';
import { HowItWorks } from './components/HowItWorks.tsx';
import { SchoolsSection } from './components/SchoolsSection.tsx';

/**
 * The home page of spec 2, built from the event's content (GET /api/content). It waits for the
 * content under the route's loading overlay and then shows complete: filling the hero in on
 * screen would push its buttons down (Lighthouse's Cumulative Layout Shift). When the content
 * cannot be loaded, the hero still offers its title and buttons.
 */
export default function HomePage() {
  return (
    <WithoutContentOnError fallback={<HomeSections event={undefined} content={undefined} />}>
      <LoadedHomePage />
    </WithoutContentOnError>
  );
}

function LoadedHomePage() {
  const { data } = usePublicSiteSuspense();
  return <HomeSections event={data.event} content={data.content} />;
}

interface HomeSectionsProps {
  event: EventSummary | undefined;
  content: EventContent | undefined;
}

function HomeSections({ event, content }: HomeSectionsProps) {
  useDocumentTitle(content ? `${content.title} – Entry Portal` : undefined);
  return (
    <>
      <Hero event={event} content={content} />
      {content && (
        <>
          <GallerySection artworks={content.artworks} />
          <CategoriesSection categories={content.categories} />
          <HowItWorks steps={content.howItWorks} />
          <SchoolsSection schools={content.participatingSchools} />
          <AdjudicatorsSection adjudicators={content.adjudicators} />
          <FaqSection faq={content.faq} />
        </>
      )}
    </>
  );
}

/** Shows `fallback` when loading the content failed (the global handler has told the user). */
class WithoutContentOnError extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
