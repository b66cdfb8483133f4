import {
  countOfTexts,
  languageName,
  paths,
  TRANSLATED_LOCALES,
  untranslatedCatalogueTexts,
  untranslatedSiteTexts,
  type SeasonTask,
  type SiteContent,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { findOrganisersWords } from './season-tasks.repository.ts';

/** The site's words as the untranslated list reads them; missing parts read as none. */
function siteWordsOf(content: unknown): SiteContent {
  const c = (content ?? {}) as Partial<SiteContent>;
  return {
    title: c.title ?? '',
    intro: c.intro ?? '',
    translations: c.translations ?? {},
    faq: c.faq ?? [],
    artworks: [],
    participatingSchools: [],
    adjudicators: c.adjudicators ?? [],
  };
}

/**
 * "N texts not translated" (decision 070): the organisers' words (site content, category names,
 * items' descriptions) still missing in each language but English. Worth a look, never a block:
 * families reading that language see the English meanwhile. Done while English is the only one.
 */
export async function translationsTask(
  db: Database,
  eventId: number,
): Promise<Omit<SeasonTask, 'id'>> {
  const words = await findOrganisersWords(db, eventId);
  const site = siteWordsOf(words.content);
  const found = TRANSLATED_LOCALES.flatMap((locale) => {
    const onSite = untranslatedSiteTexts(locale, site).map((t) => ({ ...t, locale, onSite: true }));
    const catalogue = untranslatedCatalogueTexts(locale, words).map((t) => ({
      ...t,
      locale,
      onSite: false,
    }));
    return [...onSite, ...catalogue];
  });
  const count = countOfTexts(found);
  return {
    status: count > 0 ? 'info' : 'done',
    count,
    examples: found.slice(0, 5).map((t) => ({
      label: `${languageName(t.locale)} · ${t.where}`,
      href: t.onSite
        ? paths.staffEventContent.href({ id: eventId })
        : paths.staffEventCatalogue.href({ id: eventId }),
    })),
  };
}
