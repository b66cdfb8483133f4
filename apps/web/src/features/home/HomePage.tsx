import type { EventContent, EventSummary } from '@eisteddfod/shared';
import { lazyInLanguage } from '../../lib/i18n/lazy-in-language.ts';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { usePublicSiteSuspense } from '../../shared/event/api/event-content.ts';
import { isNoEventYet } from '../../shared/event/no-event-yet.ts';
import { readSitePreview, withPreview } from '../../shared/event/site-preview.ts';
import { WithoutContentOnError } from '../../shared/event/WithoutContentOnError.tsx';
import { AdjudicatorsSection } from './components/AdjudicatorsSection.tsx';
import { CategoriesSection } from './components/CategoriesSection.tsx';
import { FaqSection } from './components/FaqSection.tsx';
import { GallerySection } from './components/GallerySection.tsx';
import { Hero } from './components/Hero.tsx';
import { HowItWorks } from './components/HowItWorks.tsx';
import { SchoolsSection } from './components/SchoolsSection.tsx';
import { text } from './text.ts';

/**
 * The home page of spec 2, built from the event's content (GET /api/content). It waits for the
 * content under the route's loading overlay and then shows complete: filling the hero in on
 * screen would push its buttons down (Lighthouse's Cumulative Layout Shift). When the content
 * cannot be loaded, the hero still offers its title and buttons.
 */
export default function HomePage() {
  return (
    <WithoutContentOnError
      fallback={(error) => (
        <HomeSections event={undefined} content={undefined} notOpen={isNoEventYet(error)} />
      )}
    >
      <LoadedHomePage />
    </WithoutContentOnError>
  );
}

function LoadedHomePage() {
  const { data } = usePublicSiteSuspense();
  const draft = readSitePreview(useLocation().search);
  if (!draft) return <HomeSections event={data.event} content={data.content} />;
  return (
    <>
      <PreviewAlert />
      <HomeSections event={data.event} content={withPreview(data.content, draft)} />
    </>
  );
}

/** Only organisers see it: its code (Mantine's Alert, 2 KB) stays off a family's first visit. */
const PreviewAlert = lazyInLanguage(() => import('./components/PreviewAlert.tsx'));

interface HomeSectionsProps {
  event: EventSummary | undefined;
  content: EventContent | undefined;
  notOpen?: boolean;
}

function HomeSections({ event, content, notOpen = false }: HomeSectionsProps) {
  useDocumentTitle(content ? text('documentTitle', { title: content.title }) : undefined);
  return (
    <>
      <Hero event={event} content={content} notOpen={notOpen} />
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
