import { useDocumentTitle } from '../../lib/document-title.ts';
import { usePublicSite } from '../event/api/event-content.ts';
import { AdjudicatorsSection } from './components/AdjudicatorsSection.tsx';
import { CategoriesSection } from './components/CategoriesSection.tsx';
import { FaqSection } from './components/FaqSection.tsx';
import { GallerySection } from './components/GallerySection.tsx';
import { Hero } from './components/Hero.tsx';
import { HowItWorks } from './components/HowItWorks.tsx';
import { SchoolsSection } from './components/SchoolsSection.tsx';

/** The home page of spec 2, built from the event's content (GET /api/content). */
export default function HomePage() {
  const { data } = usePublicSite();
  const content = data?.content;
  useDocumentTitle(content ? `${content.title} – Entry Portal` : undefined);
  return (
    <>
      <Hero event={data?.event} content={content} />
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
